import { render } from 'vike/abort';
import { API_GET_SOURCE, type ApiGetAnswer, fetchApi } from './fetch-api.js';

/** A non-2xx answer from the API. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`API ${path} answered ${status}`);
  }
}

/**
 * The signed-in viewer's Authorization header for page data the API answers per viewer (an admin's listings include
 * hidden posts); none for a visitor. Answers fetched with it are never put in a cache shared between visitors.
 */
export const bearer = (accessToken: string | null | undefined): Record<string, string> | undefined =>
  accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined;

/** A body as JSON; an error's body that is not JSON (a proxy's error page) as an empty object. */
function parseBody(status: number, text: string): unknown {
  if (status >= 200 && status < 300) return text ? JSON.parse(text) : {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** A GET's answer whatever its status: the status, the parsed body (an error body when not 2xx) and X-Total-Count. */
export async function apiAnswer<T>(origin: string, path: string, headers?: Record<string, string>): Promise<{ status: number; body: T; total: number | null }> {
  const serverGet = (globalThis as Record<symbol, unknown>)[API_GET_SOURCE] as ((url: string, headers: Record<string, string>) => Promise<ApiGetAnswer>) | undefined;
  if (serverGet) {
    const answer = await serverGet(`${origin}${path}`, { Accept: 'application/json', ...headers });
    return { status: answer.status, body: parseBody(answer.status, answer.text) as T, total: answer.totalCount === null ? null : Number(answer.totalCount) };
  }
  const res = await fetchApi(`${origin}${path}`, { headers: { Accept: 'application/json', ...headers } });
  const text = await res.text();
  const total = res.headers.get('X-Total-Count');
  return { status: res.status, body: parseBody(res.status, text) as T, total: total === null ? null : Number(total) };
}

/** GET JSON from the API with its X-Total-Count, when sent. */
export async function apiGet<T>(origin: string, path: string, headers?: Record<string, string>): Promise<{ body: T; total: number | null }> {
  const answer = await apiAnswer<T>(origin, path, headers);
  if (answer.status < 200 || answer.status > 299) throw new ApiError(answer.status, path);
  return answer;
}

/**
 * Page data: the API's answer to what the address asked for. A 400 (a slug or id the API refuses, such as one
 * over 200 characters) or 404 means there is no such page: the 404 page, never a server error.
 */
export async function orNotFound<T>(load: Promise<T>, statuses: number[] = [400, 404]): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof ApiError && statuses.includes(err.status)) throw render(404);
    throw err;
  }
}

export function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
