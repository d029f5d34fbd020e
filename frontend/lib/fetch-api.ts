// One definition for the site server (sessions, sitemap) and the pages.

/** How long any call to the API may take: an API that hangs must not hang the pages and session routes with it. */
export const API_TIMEOUT_MS = 10_000;

/** fetch() for calls to the API, given up after API_TIMEOUT_MS (it then rejects like a network error). */
export const fetchApi = (url: string, init: RequestInit = {}): Promise<Response> => fetch(url, { ...init, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
