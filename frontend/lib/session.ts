import type { ErrorBody } from '@directory/domain';
import { fetchApi } from './fetch-api.js';

/**
 * The browser side of a session. The site server holds the refresh token in an httpOnly cookie; the page keeps
 * the short-lived access token under access_token in local storage and sends it as a Bearer header.
 */
export const ACCESS_KEY = 'access_token';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & Partial<ErrorBody>;
}

/** POST JSON and read the answer, whatever its status. Same-origin calls carry the session cookies. */
async function post<T>(url: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
    credentials: 'same-origin',
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/**
 * POST to the API itself (sign-up, reset, enquiry, contact calls: nothing to keep from them), as whoever is signed in
 * (authFetch): on stage the API answers nobody else.
 */
export async function apiPost<T>(apiOrigin: string, path: string, body: unknown): Promise<Answer<T>> {
  const res = await authFetch(`${apiOrigin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

function keep(answer: Answer<{ access?: string }>) {
  if (answer.status === 200 && answer.body.access) localStorage.setItem(ACCESS_KEY, answer.body.access);
  return answer;
}

export const logIn = async (body: { email: string; password: string; username: string }) => keep(await post('/session/login', body));
export const confirmSignUp = async (body: Record<string, unknown>) => keep(await post('/session/sign-up-code', body));

export async function logOut(): Promise<void> {
  localStorage.removeItem(ACCESS_KEY);
  await post('/session/logout');
}

/**
 * fetch() with the Bearer token when one is held; a 401 renews the session once through the refresh
 * cookie and tries again, or, when the session has ended, drops the token and tries again without it. Without a token
 * nothing is sent: the API answers as to a visitor, or 401 where it needs one.
 */
export async function authFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const token = localStorage.getItem(ACCESS_KEY);
    return fetchApi(url, { ...init, headers: { ...init.headers, Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  };
  const first = await send();
  if (first.status !== 401) return first;
  return (await renewSession()) === 'failed' ? first : send();
}

/**
 * Renews the access token through the refresh cookie after a 401: 'renewed', 'ended' (the session is over: its
 * token is dropped, so later calls go as a visitor's, without a renewal each), or 'failed' (the API could not be
 * reached: keep what is held).
 */
export async function renewSession(): Promise<'renewed' | 'ended' | 'failed'> {
  const renewed = keep(await post<{ access?: string }>('/session/refresh'));
  if (renewed.status === 200) return 'renewed';
  if (renewed.status !== 401) return 'failed';
  localStorage.removeItem(ACCESS_KEY);
  return 'ended';
}

/**
 * GET JSON from the API as whoever is signed in, for what the API answers per viewer (an admin's load-more and map
 * include hidden listings); once a session has ended, as a visitor (authFetch drops its token).
 */
export async function viewerGet<T>(url: string): Promise<T> {
  const res = await authFetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Session-storage keys: the email typed on /sign-up-start. */
export const START_EMAIL_KEY = 'signup_email';
/** The plan picked on /pricing: after sign-up the lister lands on /cp/subscription with it. */
export const START_PLAN_KEY = 'signup_plan';
/**
 * Where a new lister lands after sign-up: the dashboard, told by its address that this is the first visit, so the
 * server renders the greeting for a newcomer ('Welcome', not 'Welcome back') from the start.
 */
export const WELCOME_PARAM = 'welcome';
export const FIRST_DASHBOARD = `/cp/dashboard?${WELCOME_PARAM}`;
/** Set after a stage login: staging navigation is allowed in this tab. */
export const STAGE_OK_KEY = 'stage_ok';
