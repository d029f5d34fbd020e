import type { ErrorBody } from '@directory/domain';

/*
 * The site's one client of the API (docs/architecture.md, "The site's API client"). Every call goes through
 * `createApiClient` over a transport: `fetchTransport` in the browser (lib/browser-api.ts adds the session), the site
 * server's node:http transport (server/api-transport.ts: kept-alive connections, the request id and the stage key) on
 * the server. Answers are read here once: JSON, X-Total-Count, the error body, a network failure as status 0, and a
 * 401 renewed once when the caller holds a session.
 */

/** How long any call to the API may take: an API that hangs must not hang the pages and session routes with it. */
export const API_TIMEOUT_MS = 10_000;

/** One request as a transport sends it: the full URL, and a body already encoded (JSON text, or a form). */
export interface ApiRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** What a transport hands back: the status, X-Total-Count and the body's text. It rejects when no answer came. */
export interface RawAnswer {
  status: number;
  totalCount: string | null;
  text: string;
}

export type Transport = (request: ApiRequest) => Promise<RawAnswer>;

/**
 * Every call's answer, whatever its status: `ok`, the status (0: the API could not be reached), the parsed body,
 * the error body when not ok, X-Total-Count and the text.
 */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T;
  error: Partial<ErrorBody>;
  total: number | null;
  /** The body as sent (a file to save as it came). */
  text: string;
}

/** A non-2xx answer, thrown by `get` (the pages' data), never by `call`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`API ${path} answered ${status}`);
  }
}

/** A held session: its access token, and how to renew it after a 401 ('failed': the renewal could not be done). */
export interface SessionHolder {
  token(): string | null;
  renew(): Promise<'renewed' | 'ended' | 'failed'>;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** A form (a photo) rather than JSON. */
  form?: FormData;
}

/**
 * fetch() as a transport, given up when no answer came within API_TIMEOUT_MS (it then rejects like a network error).
 * A timer of its own, cleared on the answer, not AbortSignal.timeout(): Node keeps a timeout signal that has an abort
 * listener (fetch adds one) alive until it fires, and with it the call's request and answer (nodejs/node#48951).
 */
export const fetchTransport: Transport = async ({ method, url, headers, body }) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`API call gave no answer within ${API_TIMEOUT_MS} ms`, 'TimeoutError')), API_TIMEOUT_MS);
  try {
    const res = await fetch(url, { method, headers, body, signal: controller.signal });
    return { status: res.status, totalCount: res.headers.get('X-Total-Count'), text: await res.text() };
  } finally {
    clearTimeout(timer);
  }
};

/** A raw answer read: an empty or unreadable body is {} (an HTML error page of a proxy is not the API's error body). */
function read<T>(raw: RawAnswer): ApiAnswer<T> {
  let parsed: unknown = {};
  try {
    parsed = raw.text ? JSON.parse(raw.text) : {};
  } catch {
    parsed = {};
  }
  const ok = raw.status >= 200 && raw.status < 300;
  return { ok, status: raw.status, body: parsed as T, error: ok ? {} : (parsed as Partial<ErrorBody>), total: raw.totalCount === null ? null : Number(raw.totalCount), text: raw.text };
}

const UNREACHED: RawAnswer = { status: 0, totalCount: null, text: '' };

/**
 * The API at `origin` through `transport`. With a session, calls carry its Bearer token, and a 401 renews the session
 * once and sends again (without a token when the session has ended, so the API answers as to a visitor).
 */
export function createApiClient(transport: Transport, origin: string, session?: SessionHolder) {
  const send = (method: string, path: string, body: unknown, options: CallOptions): Promise<RawAnswer> => {
    const token = session?.token();
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined && !options.form) headers['Content-Type'] = 'application/json';
    return transport({ method, url: `${origin}${path}`, headers, body: options.form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  };
  const raw = async (method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<RawAnswer> => {
    const first = await send(method, path, body, options);
    if (first.status !== 401 || !session) return first;
    return (await session.renew()) === 'failed' ? first : send(method, path, body, options);
  };
  return {
    /** Any call; never throws: a network failure or timeout is status 0. */
    call: <T>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<ApiAnswer<T>> =>
      raw(method, path, body, options).then(read<T>, () => read<T>(UNREACHED)),
    /** A GET of page data: the body and X-Total-Count, or an ApiError for any other status (a network failure rejects). */
    get: async <T>(path: string, headers?: Record<string, string>): Promise<{ body: T; total: number | null }> => {
      const answer = read<T>(await raw('GET', path, undefined, { headers }));
      if (!answer.ok) throw new ApiError(answer.status, path);
      return { body: answer.body, total: answer.total };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Where the site server puts its transport (server/api-transport.ts) for the pages' data hooks. A global, because the
 * pages run from Vike's bundle, which has a copy of this module; without one (a script, a unit test) fetch serves.
 */
export const API_TRANSPORT_SOURCE = Symbol.for('directory.apiTransport');

/** The API as the pages' data hooks (+data, server-side) call it: through the site server's transport when installed. */
export function pageApi(origin: string): ApiClient {
  const installed = (globalThis as Record<symbol, unknown>)[API_TRANSPORT_SOURCE] as Transport | undefined;
  return createApiClient(installed ?? fetchTransport, origin);
}

/** GET page data from the API with its X-Total-Count (pages' +data hooks). */
export const apiGet = <T>(origin: string, path: string, headers?: Record<string, string>) => pageApi(origin).get<T>(path, headers);

/**
 * The signed-in viewer's Authorization header for page data the API answers per viewer (an admin's listings include
 * hidden posts); none for a visitor. Answers fetched with it are never put in a cache shared between visitors.
 */
export const bearer = (accessToken: string | null | undefined): Record<string, string> | undefined =>
  accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined;

/** A query string of the given parameters, the empty ones left out. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Field -> message from a refusal: every field of `errors`, else the one `field` with the message. */
export function fieldErrors(error: Partial<ErrorBody>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const e of error.errors ?? []) found[e.field] ??= e.message;
  if (!error.errors?.length && error.field && error.message) found[error.field] = error.message;
  return found;
}
