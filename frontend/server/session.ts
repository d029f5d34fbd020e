import { ERROR_MESSAGES, REQUEST_ERRORS, type SessionDto, type SessionUser } from '@directory/domain';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH, TtlCache } from '@directory/server-kit';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { SignedInUser } from '../lib/types.js';
import { serverApi } from './api-transport.js';
import type { SiteConfig } from './config.js';

/**
 * Sessions for server-rendered pages. The site server relays the API's login and code-check calls and keeps the
 * refresh token in an httpOnly cookie that scripts never see; the short-lived access token goes to the page (which
 * keeps it under access_token in local storage for API calls) and into a second httpOnly cookie so that server
 * rendering knows who is signed in. An expired access cookie is renewed from the refresh cookie on the next request.
 * Only the API's 401 ends a session: while the API fails or cannot be reached, the cookies are kept.
 */
const ACCESS = 'access';
const REFRESH = 'refresh';
type CookieName = typeof ACCESS | typeof REFRESH;
/**
 * The cookies' names. Over https they carry the `__Host-` prefix, so the browser keeps them only as set here (Secure,
 * Path=/, no Domain): no subdomain or plain-http page can plant or overwrite a session. Over http (local development
 * and tests) the prefix cannot hold, as Secure cookies need https: Chromium accepts them from http://localhost, other
 * browsers and other hosts do not, so there the plain names serve.
 */
const PLAIN_NAMES: Record<CookieName, string> = { [ACCESS]: 'dir_at', [REFRESH]: 'dir_rt' };
const HOST_NAMES: Record<CookieName, string> = { [ACCESS]: '__Host-dir_at', [REFRESH]: '__Host-dir_rt' };
const isHttps = (config: SiteConfig) => config.site.siteOrigin.startsWith('https:');
const namesOf = (config: SiteConfig) => (isHttps(config) ? HOST_NAMES : PLAIN_NAMES);
const USER_CACHE_MS = 30_000;
/** How long a renewed pair is also handed to requests that still carry the refresh cookie it replaced. */
const RENEWAL_GRACE_MS = 10_000;
/** What the API issues (a JWT; 32 random bytes in base64url). Any other cookie value is treated as absent. */
const TOKEN_SHAPES: Record<CookieName, RegExp> = { [ACCESS]: /^[\w-]+\.[\w-]+\.[\w-]+$/, [REFRESH]: /^[\w-]{20,100}$/ };
const ENDED = { statusCode: 401, code: 'session_ended', message: ERROR_MESSAGES.session_ended };
const UNAVAILABLE = { statusCode: 503, code: 'api_unavailable', message: ERROR_MESSAGES.api_unavailable };

/** An answer of the API: its status and parsed body; null when the API could not be reached. */
type ApiAnswer<T = unknown> = { status: number; body: T };

const cookieBase = (config: SiteConfig) => ({ httpOnly: true, secure: isHttps(config), path: '/' });
// Strict: a link from another site never carries the refresh token.
const sameSite: Record<CookieName, 'lax' | 'strict'> = { [ACCESS]: 'lax', [REFRESH]: 'strict' };

function setSession(config: SiteConfig, res: Response, body: SessionDto): void {
  const names = namesOf(config);
  res.cookie(names[ACCESS], body.access, { ...cookieBase(config), sameSite: sameSite[ACCESS], maxAge: body.access_expires_in * 1000 });
  res.cookie(names[REFRESH], body.refresh, { ...cookieBase(config), sameSite: sameSite[REFRESH], maxAge: 30 * 86_400_000 });
}

const clearCookie = (config: SiteConfig, res: Response, name: CookieName, names = namesOf(config)) =>
  res.clearCookie(names[name], { ...cookieBase(config), sameSite: sameSite[name] });

function clearSession(config: SiteConfig, res: Response): void {
  clearCookie(config, res, ACCESS);
  clearCookie(config, res, REFRESH);
}

/** The API's answer as it is, or 503 when the API failed (5xx) or could not be reached (null): the visitor may retry. */
function passOn(res: Response, answer: ApiAnswer | null): void {
  if (!answer || answer.status >= 500) res.status(503).json(UNAVAILABLE);
  else res.status(answer.status).json(answer.body);
}

export function sessionRoutes(config: SiteConfig): express.Router {
  const router = express.Router();
  const api = config.apiInternalOrigin;
  /** Calls from other sites are refused: these endpoints set and use the session cookies. */
  const sameOrigin: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    if (origin && origin !== config.site.siteOrigin) res.status(403).json({ statusCode: 403, message: 'Cross-site request refused' });
    else next();
  };
  const relay =
    (path: string): RequestHandler =>
    async (req, res) => {
      const answer = await callApi<SessionDto>(api, 'POST', path, req.body, req);
      if (answer?.status !== 200) return passOn(res, answer);
      setSession(config, res, answer.body);
      res.json({ access: answer.body.access, access_expires_in: answer.body.access_expires_in, user: answer.body.user });
    };

  router.use((_req, res, next) => {
    // Answers here carry tokens.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(express.json({ limit: '10kb', verify: refuseDeepJson }), sameOrigin);
  router.post('/login', relay('/login/'));
  router.post('/sign-up-code', relay('/sign-up/code/'));
  router.post('/refresh', async (req, res) => {
    const { refresh } = sessionCookies(config, req, res);
    if (!refresh) return void res.status(401).json(ENDED);
    const answer = await renew(config, refresh, req);
    if (answer?.status === 401) clearSession(config, res);
    if (answer?.status !== 200) return passOn(res, answer);
    setSession(config, res, answer.body);
    res.json({ access: answer.body.access, access_expires_in: answer.body.access_expires_in });
  });
  router.post('/logout', async (req, res) => {
    const { refresh } = sessionCookies(config, req, res);
    const answer = refresh ? await callApi(api, 'POST', '/logout/', { refresh }, req) : { status: 204 };
    // Signed out in this browser in any case; a 503 tells the page the API could not end the session itself.
    clearSession(config, res);
    if (!answer || answer.status >= 500) return void res.status(503).json(UNAVAILABLE);
    res.status(204).end();
  });
  // A body that is not JSON, too large, too deep or in an unknown charset: express.json's 4xx, as JSON.
  const badBody: ErrorRequestHandler = (err: { status?: number; expose?: boolean; message?: string; code?: string }, _req, res, next) => {
    const status = err.status ?? 0;
    if (!(status >= 400 && status < 500)) return next(err);
    res.status(status).json({ statusCode: status, ...(err.code === 'body_too_deep' && { code: err.code }), message: err.expose ? err.message : 'Bad request' });
  };
  router.use(badBody);
  return router;
}

/**
 * express.json's check of the raw bytes before it parses them: a body nested deeper than the API takes is refused
 * here as the API would refuse it (400 body_too_deep), not relayed (the API's refusal of the relayed body, or the
 * parse itself, used to end as a 503 api_unavailable).
 */
function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (!jsonNestedDeeperThan(body, MAX_JSON_DEPTH)) return;
  throw Object.assign(new Error(REQUEST_ERRORS.body_too_deep(MAX_JSON_DEPTH)), { status: 400, expose: true, code: 'body_too_deep' });
}

/**
 * Renewals in progress and just done, by refresh token: a renewed pair is also handed to requests that arrive with the
 * refresh cookie it replaced within RENEWAL_GRACE_MS. A failed renewal is not kept. Room for many at once, since a
 * renewal dropped while it runs would be repeated, and the API would end that session as stolen.
 */
const renewals = new TtlCache<ApiAnswer<SessionDto> | null>(RENEWAL_GRACE_MS, { maxEntries: 10_000, keep: (a) => a?.status === 200 });

/**
 * Renews a session from its refresh token: the API's answer, or null when the API could not be reached in time.
 * One renewal per token at a time: requests carrying the same refresh cookie (two tabs, a page render racing the
 * page's own retry) share one call and its new pair, as do requests that arrive with that cookie within
 * RENEWAL_GRACE_MS after it. Otherwise the API would see the token used twice and end the session as stolen.
 */
const renew = (config: SiteConfig, refresh: string, req: Request) =>
  renewals.get(refresh, () => callApi<SessionDto>(config.apiInternalOrigin, 'POST', '/token/refresh/', { refresh }, req));

/** Who holds an access token, as GET /api/me/ answered (status 0: the API could not be reached); kept only when known. */
const users = new TtlCache<{ status: number; user: SignedInUser | null }>(USER_CACHE_MS, { maxEntries: 1000, keep: (me) => me.user !== null });

/**
 * Who is signed in (and their access token), for server rendering: from the access cookie (checked with the API, briefly cached); when it
 * has expired, the refresh cookie renews the session and both cookies are replaced on this response.
 */
export async function currentSession(config: SiteConfig, req: Request, res: Response): Promise<{ user: SignedInUser | null; accessToken: string | null }> {
  const none = { user: null, accessToken: null };
  let { access, refresh } = sessionCookies(config, req, res);
  if (!access) {
    if (!refresh) return none;
    const renewed = await renew(config, refresh, req);
    if (renewed?.status === 401) clearSession(config, res);
    if (renewed?.status !== 200) return none;
    setSession(config, res, renewed.body);
    access = renewed.body.access;
  }
  const token = access;
  const me = await users.get(token, async () => {
    const answer = await callApi<SessionUser>(config.apiInternalOrigin, 'GET', '/api/me/', undefined, req, token);
    const body = answer?.status === 200 ? answer.body : null;
    return { status: answer?.status ?? 0, user: body && { id: body.id, firstName: body.first_name, role: body.role } };
  });
  if (me.status === 401) clearCookie(config, res, ACCESS);
  return me.user ? { user: me.user, accessToken: token } : none;
}

/**
 * A call to the API for the visitor of req: the API's answer, or null when it could not be reached in time (the
 * client's status 0). The body is null when the answer had none.
 */
async function callApi<T = unknown>(origin: string, method: 'GET' | 'POST', path: string, body: unknown, req: Request, bearer?: string): Promise<ApiAnswer<T> | null> {
  const answer = await serverApi(origin).call<T>(method, path, body || undefined, {
    headers: {
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      // The API limits failed logins per visitor address (req.ip: see TRUST_PROXY), not per site server.
      'X-Forwarded-For': req.ip ?? '',
    },
  });
  return answer.status === 0 ? null : answer;
}

/**
 * The two session cookies. One that cannot be decoded or does not have the shape of a token the API issues is
 * treated as absent and cleared on this response. Over https a cookie still under its plain name (set before the
 * `__Host-` names) is read when the prefixed one is missing, and cleared: the renewal it leads to sets the new names.
 */
function sessionCookies(config: SiteConfig, req: Request, res: Response): { access: string | null; refresh: string | null } {
  const names = namesOf(config);
  const kinds = new Map<string, { kind: CookieName; current: boolean }>();
  for (const kind of [ACCESS, REFRESH] as const) {
    kinds.set(names[kind], { kind, current: true });
    if (names !== PLAIN_NAMES) kinds.set(PLAIN_NAMES[kind], { kind, current: false });
  }
  const found = new Map<string, string | null>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const kind = kinds.get(name)?.kind;
    // The first of a name counts, as in cookie parsers.
    if (at < 0 || !kind || found.has(name)) continue;
    const value = decode(part.slice(at + 1).trim());
    found.set(name, value !== null && TOKEN_SHAPES[kind].test(value) ? value : null);
    if (found.get(name) === null || !kinds.get(name)!.current) clearCookie(config, res, kind, kinds.get(name)!.current ? names : PLAIN_NAMES);
  }
  const current = (kind: CookieName) => found.get(names[kind]) ?? null;
  const legacy = (kind: CookieName) => (names !== PLAIN_NAMES ? (found.get(PLAIN_NAMES[kind]) ?? null) : null);
  const refresh = current(REFRESH) ?? legacy(REFRESH);
  // A session still under the plain names is renewed at once, so that its cookies come back under the new ones.
  const access = current(ACCESS) ?? (refresh && !current(REFRESH) ? null : legacy(ACCESS));
  return { access, refresh };
}

/**
 * Whether a request carries a session cookie (valid or not) or an Authorization header: its page may be rendered for
 * someone, or may clear their cookies, so no shared cache serves or keeps it.
 */
const SESSION_COOKIE_NAMES = new Set([...Object.values(PLAIN_NAMES), ...Object.values(HOST_NAMES)]);

export function mayBeSignedIn(req: Request): boolean {
  if (req.headers.authorization !== undefined) return true;
  return (req.headers.cookie ?? '').split(';').some((part) => {
    const name = part.slice(0, part.indexOf('=')).trim();
    return SESSION_COOKIE_NAMES.has(name);
  });
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
