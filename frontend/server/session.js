import { ERROR_MESSAGES } from '@directory/domain';
import express from 'express';

/**
 * Sessions for server-rendered pages. The site server relays the API's login and code-check calls and keeps the
 * refresh token in an httpOnly cookie that scripts never see; the short-lived access token goes to the page (which
 * keeps it under access_token in local storage for API calls) and into a second httpOnly cookie so that server
 * rendering knows who is signed in. An expired access cookie is renewed from the refresh cookie on the next request.
 */
const ACCESS = 'dir_at';
const REFRESH = 'dir_rt';
const USER_CACHE_MS = 30_000;

const cookieBase = (config) => ({ httpOnly: true, secure: config.site.siteOrigin.startsWith('https:'), path: '/' });

function setSession(config, res, body) {
  res.cookie(ACCESS, body.access, { ...cookieBase(config), sameSite: 'lax', maxAge: body.access_expires_in * 1000 });
  // Strict: a link from another site never carries the refresh token.
  res.cookie(REFRESH, body.refresh, { ...cookieBase(config), sameSite: 'strict', maxAge: 30 * 86_400_000 });
}

function clearSession(config, res) {
  res.clearCookie(ACCESS, { ...cookieBase(config), sameSite: 'lax' });
  res.clearCookie(REFRESH, { ...cookieBase(config), sameSite: 'strict' });
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
  const relay = (path) => async (req, res, next) => {
    try {
      const answer = await callApi(api, 'POST', path, req.body, req);
      if (answer.status === 200) {
        setSession(config, res, answer.body);
        return res.json({ access: answer.body.access, access_expires_in: answer.body.access_expires_in, user: answer.body.user });
      }
      res.status(answer.status).json(answer.body);
    } catch (err) {
      next(err);
    }
  };

  router.use(express.json({ limit: '10kb' }), sameOrigin);
  router.post('/login', relay('/login/'));
  router.post('/sign-up-code', relay('/sign-up/code/'));
  router.post('/refresh', async (req, res, next) => {
    try {
      const refresh = cookie(req, REFRESH);
      if (!refresh) return res.status(401).json({ statusCode: 401, code: 'session_ended', message: ERROR_MESSAGES.session_ended });
      const answer = await callApi(api, 'POST', '/token/refresh/', { refresh }, req);
      if (answer.status !== 200) {
        clearSession(config, res);
        return res.status(answer.status).json(answer.body);
      }
      setSession(config, res, answer.body);
      res.json({ access: answer.body.access, access_expires_in: answer.body.access_expires_in });
    } catch (err) {
      next(err);
    }
  });
  router.post('/logout', async (req, res, next) => {
    try {
      const refresh = cookie(req, REFRESH);
      if (refresh) await callApi(api, 'POST', '/logout/', { refresh }, req);
      clearSession(config, res);
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  });
  return router;
}

const users = new Map();

/**
 * Who is signed in (and their access token), for server rendering: from the access cookie (checked with the API, briefly cached); when it
 * has expired, the refresh cookie renews the session and both cookies are replaced on this response.
 */
export async function currentSession(config, req, res) {
  const none = { user: null, accessToken: null };
  let access = cookie(req, ACCESS);
  if (!access) {
    const refresh = cookie(req, REFRESH);
    if (!refresh) return none;
    const renewed = await callApi(config.apiInternalOrigin, 'POST', '/token/refresh/', { refresh }, req).catch(() => null);
    if (!renewed || renewed.status !== 200) {
      clearSession(config, res);
      return none;
    }
    setSession(config, res, renewed.body);
    access = renewed.body.access;
  }
  const hit = users.get(access);
  if (hit && hit.expires > Date.now()) return { user: hit.user, accessToken: access };
  const answer = await callApi(config.apiInternalOrigin, 'GET', '/api/me/', undefined, req, access).catch(() => null);
  if (!answer || answer.status !== 200) {
    res.clearCookie(ACCESS, { ...cookieBase(config), sameSite: 'lax' });
    return none;
  }
  const user = { id: answer.body.id, firstName: answer.body.first_name, role: answer.body.role };
  users.set(access, { user, expires: Date.now() + USER_CACHE_MS });
  if (users.size > 1000) users.delete(users.keys().next().value);
  return { user, accessToken: access };
}

async function callApi(origin, method, path, body, req, bearer) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      // The API limits failed logins per visitor address, not per site server.
      'X-Forwarded-For': req.ip ?? '',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function cookie(req, name) {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}
