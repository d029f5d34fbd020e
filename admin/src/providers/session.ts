import { getConfig } from '../config';

/**
 * The admin's session: the API's access and refresh tokens (POST /login/, POST /token/refresh/), kept in this tab's
 * sessionStorage. Per tab, because a refresh token works once: two tabs renewing the same one would end the session.
 */
const ACCESS = 'admin_access';
const REFRESH = 'admin_refresh';

export interface SessionAnswer {
  access: string;
  refresh: string;
  user: { id: number; email: string; first_name: string; last_name: string; role: string };
}

export const accessToken = () => sessionStorage.getItem(ACCESS);

export function keep(session: SessionAnswer): void {
  sessionStorage.setItem(ACCESS, session.access);
  sessionStorage.setItem(REFRESH, session.refresh);
}

export function forget(): void {
  sessionStorage.removeItem(ACCESS);
  sessionStorage.removeItem(REFRESH);
}

export async function postJson(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${getConfig().apiOrigin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

let renewing: Promise<boolean> | null = null;

/** Renews the access token with the refresh token, once at a time however many calls met a 401 together. */
export function renew(): Promise<boolean> {
  renewing ??= (async () => {
    const refresh = sessionStorage.getItem(REFRESH);
    if (!refresh) return false;
    const answer = await postJson('/token/refresh/', { refresh });
    if (answer.status !== 200) {
      forget();
      return false;
    }
    keep(answer.body as unknown as SessionAnswer);
    return true;
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

/** fetch() with the bearer token; a 401 renews the session once and tries again. */
export async function authFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const headers = new Headers(init.headers);
    headers.set('Accept', headers.get('Accept') ?? 'application/json');
    const token = accessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
  const first = await send();
  if (first.status !== 401 || !(await renew())) return first;
  return send();
}
