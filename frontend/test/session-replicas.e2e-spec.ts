import * as argon2 from 'argon2';
import { startStack, type Stack } from './support/stack';

/** The session cookies a response sets, by name. */
function setCookies(res: Response): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    found.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return found;
}

/**
 * Two site processes, each with its own API process, on one database: renewals of one session racing across them
 * (two tabs served by different workers) all succeed, and the session goes on.
 */
describe('renewing one session through two site processes and two API processes', () => {
  let s: Stack;
  const password = 'fiddler2025';

  beforeAll(async () => {
    s = await startStack('church', {}, { apiReplicas: 2, siteReplicas: 2 });
  });
  afterAll(() => s?.stop());

  const refreshAt = (url: string, refresh: string) => fetch(`${url}/session/refresh`, { method: 'POST', headers: { Cookie: `dir_rt=${refresh}` } });

  it('answers parallel renewals of one refresh cookie on both site processes 200, and the next renewal works', async () => {
    const email = `tabs.${Date.now()}@example.ie`;
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Niamh', 'Player', 'member', 1)", [
      email,
      email,
      await argon2.hash(password, { type: argon2.argon2id }),
    ]);
    const login = await fetch(`${s.sites[0].url}/session/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(login.status).toBe(200);
    const refresh = setCookies(login).get('dir_rt')!;

    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refreshAt(s.sites[i % 2].url, refresh)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const next = new Set(answers.map((r) => setCookies(r).get('dir_rt')));
    expect(next.size).toBe(1);
    const [successor] = [...next];
    const second = await refreshAt(s.sites[1].url, successor!);
    expect(second.status).toBe(200);
    const third = await refreshAt(s.sites[0].url, setCookies(second).get('dir_rt')!);
    expect(third.status).toBe(200);
  });
});
