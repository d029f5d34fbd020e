import * as argon2 from 'argon2';
import { SITE_PORT, startStack, type Stack } from './support/stack';

/** Each Set-Cookie line of a response by cookie name: its value and attributes, and whether it deletes the cookie. */
function setCookies(res: Response): Map<string, { value: string; line: string; cleared: boolean }> {
  const found = new Map<string, { value: string; line: string; cleared: boolean }>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1);
    found.set(pair.slice(0, at), { value, line, cleared: value === '' || /Expires=Thu, 01 Jan 1970/.test(line) });
  }
  return found;
}

/** The signed-in user a server-rendered page was given (in Vike's page context). */
function userOf(html: string): { firstName: string } | null {
  const json = /<script id="vike_pageContext" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json).user ?? null) : null;
}

/** A site whose SITE_ORIGIN is https (behind the TLS terminator): the session cookies carry the `__Host-` prefix. */
describe('session cookies of a site served over https', () => {
  let s: Stack;
  const password = 'fiddler2025';
  let seq = 0;

  beforeAll(async () => {
    s = await startStack('church', {}, { siteOrigin: `https://localhost:${SITE_PORT}` });
  });
  afterAll(() => s?.stop());

  async function account(): Promise<string> {
    const email = `host.${Date.now()}.${++seq}@example.ie`;
    const hash = await argon2.hash(password, { type: argon2.argon2id });
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Niamh', 'Player', 'member', 1)", [email, email, hash]);
    return email;
  }
  const post = (path: string, init: RequestInit = {}) => s.page(path, { method: 'POST', ...init });

  it('sets __Host-dir_at and __Host-dir_rt, Secure, Path=/, without Domain, at login, and clears them at logout', async () => {
    const login = await post('/session/login', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: await account(), password }) });
    expect(login.status).toBe(200);
    const cookies = setCookies(login);
    expect([...cookies.keys()].sort()).toEqual(['__Host-dir_at', '__Host-dir_rt']);
    for (const { line } of cookies.values()) {
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\//);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).not.toMatch(/Domain=/i);
    }
    const page = await s.page('/counties', { headers: { Cookie: `__Host-dir_at=${cookies.get('__Host-dir_at')!.value}` } });
    expect(userOf(await page.text())).toEqual(expect.objectContaining({ firstName: 'Niamh' }));
    const out = await post('/session/logout', { headers: { Cookie: `__Host-dir_rt=${cookies.get('__Host-dir_rt')!.value}` } });
    expect(out.status).toBe(204);
    const cleared = setCookies(out);
    expect(cleared.get('__Host-dir_at')?.cleared).toBe(true);
    expect(cleared.get('__Host-dir_rt')?.cleared).toBe(true);
  });

  it('keeps a session begun under the plain cookie names: renews it once under the __Host- names and clears the old ones', async () => {
    const api = await fetch(`${s.apiUrl}/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: await account(), password }) });
    const { access, refresh } = await api.json();
    const page = await s.page('/counties', { headers: { Cookie: `dir_at=${access}; dir_rt=${refresh}` } });
    expect(page.status).toBe(200);
    expect(userOf(await page.text())).toEqual(expect.objectContaining({ firstName: 'Niamh' }));
    const cookies = setCookies(page);
    expect(cookies.get('dir_at')?.cleared).toBe(true);
    expect(cookies.get('dir_rt')?.cleared).toBe(true);
    expect(cookies.get('__Host-dir_rt')?.cleared).toBe(false);
    expect(cookies.get('__Host-dir_rt')?.value).not.toBe(refresh);
    // The new cookies carry the session on.
    const next = await post('/session/refresh', { headers: { Cookie: `__Host-dir_rt=${cookies.get('__Host-dir_rt')!.value}` } });
    expect(next.status).toBe(200);
  });
});
