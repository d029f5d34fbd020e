import type { ErrorBody } from '@directory/domain';
import { type ApiAnswer, type ApiClient, createApiClient, fetchTransport, type SessionHolder } from './api-client';

/*
 * The API client in the browser: lib/api-client.ts over fetch, as whoever is signed in. The site server holds the
 * refresh token in an httpOnly cookie; the page keeps the short-lived access token under access_token in local
 * storage and sends it as a Bearer header. The session's own calls (/session/...) go to the site server.
 */
export const ACCESS_KEY = 'access_token';

/** The body of a form's or a session route's answer: the success body's fields, or the error body's. */
export type Reply<T = Record<string, unknown>> = T & Partial<ErrorBody>;

/** The site server's session routes, same-origin (the cookies go along). */
const siteServer = createApiClient(fetchTransport, '');

function keep(answer: ApiAnswer<Reply<{ access?: string }>>): ApiAnswer<Reply<{ access?: string }>> {
  if (answer.status === 200 && answer.body.access) localStorage.setItem(ACCESS_KEY, answer.body.access);
  return answer;
}

export const logIn = async (body: { email: string; password: string; username: string }) => keep(await siteServer.call<Reply<{ access?: string }>>('POST', '/session/login', body));
export const confirmSignUp = async (body: Record<string, unknown>) => keep(await siteServer.call<Reply<{ access?: string }>>('POST', '/session/sign-up-code', body));

export async function logOut(): Promise<void> {
  localStorage.removeItem(ACCESS_KEY);
  await siteServer.call('POST', '/session/logout', {});
}

/**
 * Renews the access token through the refresh cookie after a 401: 'renewed', 'ended' (the session is over: its
 * token is dropped, so later calls go as a visitor's, without a renewal each), or 'failed' (the site server could
 * not renew it: keep what is held).
 */
export async function renewSession(): Promise<'renewed' | 'ended' | 'failed'> {
  const renewed = keep(await siteServer.call<Reply<{ access?: string }>>('POST', '/session/refresh', {}));
  if (renewed.status === 200) return 'renewed';
  if (renewed.status !== 401) return 'failed';
  localStorage.removeItem(ACCESS_KEY);
  return 'ended';
}

/** The session this browser holds; without a token nothing is sent, and the API answers as to a visitor (or 401). */
export const session: SessionHolder = { token: () => localStorage.getItem(ACCESS_KEY), renew: renewSession };

/**
 * The API as whoever is signed in: the control panel, the forms (on stage the API answers nobody else), and what the
 * API answers per viewer (an admin's load-more and map include hidden listings).
 */
export const siteApi = (apiOrigin: string): ApiClient => createApiClient(fetchTransport, apiOrigin, session);
