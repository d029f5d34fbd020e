// One definition for the site server (sessions, sitemap) and the pages.

/** How long any call to the API may take: an API that hangs must not hang the pages and session routes with it. */
export const API_TIMEOUT_MS = 10_000;

/**
 * Where the site server (server/request-log.ts) puts a function answering the id of the request it is serving. A
 * global, because the pages' data hooks run from Vike's bundle, a copy of this module; in the browser nothing is set.
 */
export const REQUEST_ID_SOURCE = Symbol.for('directory.requestId');

/** A GET's status, X-Total-Count and body text, as the site server's own API client (server/api-client.ts) answers. */
export interface ApiGetAnswer {
  status: number;
  totalCount: string | null;
  text: string;
}

/**
 * Where the site server puts its API client for the pages' GETs (lib/api.ts apiGet), a global for the same reason as
 * REQUEST_ID_SOURCE; without one (the browser, a script) apiGet uses fetchApi.
 */
export const API_GET_SOURCE = Symbol.for('directory.apiGet');

/**
 * Where the site server puts headers of its own for every call it makes to the API (on stage its STAGE_KEY, which the
 * API asks of calls that carry no signed-in user's token); nothing is set in the browser.
 */
export const API_HEADERS_SOURCE = Symbol.for('directory.apiHeaders');

/** The site server's own headers for the API (API_HEADERS_SOURCE); none in the browser. */
export function serverApiHeaders(): Record<string, string> {
  return ((globalThis as Record<symbol, unknown>)[API_HEADERS_SOURCE] as Record<string, string> | undefined) ?? {};
}

/** The id of the request the site server is serving (REQUEST_ID_SOURCE); undefined in the browser. */
export function currentRequestId(): string | undefined {
  return ((globalThis as Record<symbol, unknown>)[REQUEST_ID_SOURCE] as (() => string | undefined) | undefined)?.();
}

/** On the server, the request's X-Request-Id goes on to the API: one id ties nginx's, the site's and the API's log lines together. */
function withRequestId(headers: RequestInit['headers']): RequestInit['headers'] {
  const id = currentRequestId();
  const own = Object.entries(serverApiHeaders());
  if (!id && !own.length) return headers;
  const merged = new Headers(headers);
  if (id && !merged.has('X-Request-Id')) merged.set('X-Request-Id', id);
  for (const [name, value] of own) if (!merged.has(name)) merged.set(name, value);
  return merged;
}

/**
 * fetch() for calls to the API, given up when no answer came within API_TIMEOUT_MS (it then rejects like a network
 * error). A timer of its own, cleared on the answer, not AbortSignal.timeout(): Node keeps a timeout signal that has
 * an abort listener (fetch adds one) alive until it fires, and with it the call's request and answer, so a busy site
 * process held every answer of the last 10 s and more (nodejs/node#48951; RSS grew past 700 MB in the benchmark).
 */
export async function fetchApi(url: string, init: RequestInit = {}): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`API call gave no answer within ${API_TIMEOUT_MS} ms`, 'TimeoutError')), API_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, headers: withRequestId(init.headers), signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
