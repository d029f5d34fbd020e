import { ERROR_MESSAGES } from '@directory/domain';
import express from 'express';
import { fetchApi } from '../lib/fetch-api.js';

/**
 * Sessions for server-rendered pages. The site server relays the API's login and code-check calls and keeps the
 * refresh token in an httpOnly cookie that scripts never see; the short-lived access token goes to the page (which
 * keeps it under access_token in local storage for API calls) and into a second httpOnly cookie so that server
 * rendering knows who is signed in. An expired access cookie is renewed from the refresh cookie on the next request.
 * Only the API's 401 ends a session: while the API fails or cannot be reached, the cookies are kept.
 */
const ACCESS = 'dir_at';
const REFRESH = 'dir_rt';
const USER_CACHE_MS = 30_000;
/** How long a renewed pair is also handed to requests that still carry the refresh cookie it replaced. */
const RENEWAL_GRACE_MS = 10_000;
/** What the API issues (a JWT; 32 random bytes in base64url). Any other cookie value is treated as absent. */
const TOKEN_SHAPES = { [ACCESS]: /^[\w-]+\.[\w-]+\.[\w-]+$/, [REFRESH]: /^[\w-]{20,100}$/ };
const ENDED = { statusCode: 401, code: 'session_ended', message: ERROR_MESSAGES.session_ended };
const UNAVAILABLE = { statusCode: 503, code: 'api_unavailable', message: ERROR_MESSAGES.api_unavailable };

const cookieBase = (config) => ({ httpOnly: true, secure: config.site.siteOrigin.startsWith('https:'), path: '/' });
// Strict: a link from another site never carries the refresh token.
const sameSite = { [ACCESS]: 'lax', [REFRESH]: 'strict' };

function setSession(config, res, body) {
  res.cookie(ACCESS, body.access, { ...cookieBase(config), sameSite: sameSite[ACCESS], maxAge: body.access_expires_in * 1000 });
  res.cookie(REFRESH, body.refresh, { ...cookieBase(config), sameSite: sameSite[REFRESH], maxAge: 30 * 86_400_000 });
}

const clearCookie = (config, res, name) => res.clearCookie(name, { ...cookieBase(config), sameSite: sameSite[name] });

function clearSession(config, res) {
  clearCookie(config, res, ACCESS);
  clearCookie(config, res, REFRESH);
}

/** The API's answer as it is, or 503 when the API failed (5xx) or could not be reached (null): the visitor may retry. */
function passOn(res, answer) {
  if (!answer || answer.status >= 500) return res.status(503).json(UNAVAILABLE);
  res.status(answer.status).json(answer.body);
}

export function sessionRoutes(config) {
  const router = express.Router();
  const api = config.apiInternalOrigin;
  /** Calls from other sites are refused: these endpoints set and use the session cookies. */
  const sameOrigin = (req, res, next) => {
    const origin = req.get('origin');
    if (origin && origin !== config.site.siteOrigin) return res.status(403).json({ statusCode: 403, message: 'Cross-site request refused' });
    next();
  };
  const relay = (path) => async (req, res) => {
    const answer = await callApi(api, 'POST', path, req.body, req).catch(() => null);
    if (answer?.status !== 200) return passOn(res, answer);
    setSession(config, res, answer.body);
    res.json({ access: answer.body.access, access_expires_in: answer.body.access_expires_in, user: answer.body.user });
  };

  router.use((_req, res, next) => {
    // Answers here carry tokens.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(express.json({ limit: '10kb' }), sameOrigin);
  router.post('/login', relay('/login/'));
  router.post('/sign-up-code', relay('/sign-up/code/'));
  router.post('/refresh', async (req, res) => {
    const { refresh } = sessionCookies(config, req, res);
    if (!refresh) return res.status(401).json(ENDED);
    const answer = await renew(config, refresh, req);
    if (answer?.status === 401) clearSession(config, res);
    if (answer?.status !== 200) return passOn(res, answer);
    setSession(config, res, answer.body);
    res.json({ access: answer.body.access, access_expires_in: answer.body.access_expires_in });
  });
  router.post('/logout', async (req, res) => {
    const { refresh } = sessionCookies(config, req, res);
    const answer = refresh ? await callApi(api, 'POST', '/logout/', { refresh }, req).catch(() => null) : { status: 204 };
    // Signed out in this browser in any case; a 503 tells the page the API could not end the session itself.
    clearSession(config, res);
    if (!answer || answer.status >= 500) return res.status(503).json(UNAVAILABLE);
    res.status(204).end();
  });
  // A body that is not JSON, too large or in an unknown charset: express.json's 4xx, as JSON.
  router.use((err, _req, res, next) => {
    if (!(err.status >= 400 && err.status < 500)) return next(err);
    res.status(err.status).json({ statusCode: err.status, message: err.expose ? err.message : 'Bad request' });
  });
  return router;
}

const renewals = new Map();

/**
 * Renews a session from its refresh token: the API's answer, or null when the API could not be reached in time.
 * One renewal per token at a time: requests carrying the same refresh cookie (two tabs, a page render racing the
 * page's own retry) share one call and its new pair, as do requests that arrive with that cookie within
 * RENEWAL_GRACE_MS after it. Otherwise the API would see the token used twice and end the session as stolen.
 */
function renew(config, refresh, req) {
  const pending = renewals.get(refresh);
  if (pending) return pending;
  const answer = callApi(config.apiInternalOrigin, 'POST', '/token/refresh/', { refresh }, req).catch(() => null);
  renewals.set(refresh, answer);
  answer.then((a) => {
    if (a?.status !== 200) return renewals.delete(refresh);
    setTimeout(() => renewals.delete(refresh), RENEWAL_GRACE_MS).unref();
  });
  return answer;
}

const users = new Map();

/**
 * Who is signed in (and their access token), for server rendering: from the access cookie (checked with the API, briefly cached); when it
 * has expired, the refresh cookie renews the session and both cookies are replaced on this response.
 */
export async function currentSession(config, req, res) {
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
  const hit = users.get(access);
  if (hit && hit.expires > Date.now()) return { user: hit.user, accessToken: access };
  const answer = await callApi(config.apiInternalOrigin, 'GET', '/api/me/', undefined, req, access).catch(() => null);
  if (answer?.status === 401) clearCookie(config, res, ACCESS);
  if (answer?.status !== 200) return none;
  const user = { id: answer.body.id, firstName: answer.body.first_name, role: answer.body.role };
  users.set(access, { user, expires: Date.now() + USER_CACHE_MS });
  if (users.size > 1000) users.delete(users.keys().next().value);
  return { user, accessToken: access };
}

async function callApi(origin, method, path, body, req, bearer) {
  const res = await fetchApi(`${origin}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      // The API limits failed logins per visitor address (req.ip: see TRUST_PROXY), not per site server.
      'X-Forwarded-For': req.ip ?? '',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * The two session cookies. One that cannot be decoded or does not have the shape of a token the API issues is
 * treated as absent and cleared on this response.
 */
function sessionCookies(config, req, res) {
  const found = { [ACCESS]: undefined, [REFRESH]: undefined };
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    // The first of a name counts, as in cookie parsers.
    if (at < 0 || !Object.hasOwn(found, name) || found[name] !== undefined) continue;
    const value = decode(part.slice(at + 1).trim());
    found[name] = value !== null && TOKEN_SHAPES[name].test(value) ? value : null;
    if (found[name] === null) clearCookie(config, res, name);
  }
  return { access: found[ACCESS] ?? null, refresh: found[REFRESH] ?? null };
}

function decode(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
