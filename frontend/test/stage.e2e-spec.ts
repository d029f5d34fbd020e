import { TestSmtp } from '../../backend/test/support/smtp';
import { startStack, type Stack } from './support/stack';

const STAGE_KEY = 'stage-key-of-the-stage-tests-0123456789ab';
const TESTER = `tester.${Date.now()}@example.ie`;
const SECOND = `second.${Date.now()}@example.ie`;
const PASSWORD = 'stage-harp-2026';

/**
 * Stage, site and API together: nothing answers a visitor who is not signed in (pages, /sitemap.xml, the API),
 * self-registration is closed, an account that is not invited gets nothing, and an invited one sees the site.
 */
describe('stage, closed at the site and the API', () => {
  const smtp = new TestSmtp();
  let s: Stack;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${s.apiUrl}${path}`, { ...init, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...init.headers } });
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  const signUpBody = (email: string) => ({ email, password: PASSWORD, first_name: 'Úna', last_name: 'Kelly', username: email, terms: true });
  /** Signs up an invited address through the API and its emailed code. */
  async function invited(email: string) {
    expect((await api('/sign-up/', json(signUpBody(email)))).status).toBe(201);
    const code = /is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
    expect((await api('/sign-up/code/', json({ ...signUpBody(email), signUpCode: code }))).status).toBe(200);
  }
  /** Logs in through the site (as the stage login page does): the session cookies, or null when refused. */
  async function siteLogin(email: string): Promise<string | null> {
    const res = await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: s.siteUrl }, body: JSON.stringify({ email, password: PASSWORD, username: email }) });
    if (res.status !== 200) return null;
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  beforeAll(async () => {
    await smtp.start();
    s = await startStack('church', { STAGE: 'true', STAGE_KEY }, { smtpUrl: smtp.url, apiEnv: { STAGE: 'true', STAGE_KEY, STAGE_MEMBERS: `${TESTER},${SECOND}` } });
  });
  afterAll(async () => {
    await s?.stop();
    await smtp.stop();
  });

  it('answers an anonymous visitor nothing: pages go to the stage login, /sitemap.xml is missing, the API says 401', async () => {
    for (const path of ['/', '/categories/harpists', '/counties', '/articles', '/cp/dashboard']) {
      const res = await s.page(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^\/log-in-stage$/);
    }
    const sitemap = await s.page('/sitemap.xml');
    expect(sitemap.status).toBe(404);
    expect(await sitemap.text()).not.toContain('<urlset');
    for (const path of ['/api/posts/', '/active-cats-tags/', '/api/categories/', '/api/profiles/', '/api/data-version/']) expect((await api(path)).status).toBe(401);
    // The stage login page itself renders, with the site's data fetched under the site server's key.
    const login = await s.page('/log-in-stage');
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('Log into the STAGE Env.');
  });

  it('closes self-registration', async () => {
    const res = await api('/sign-up/', json(signUpBody(`stranger.${Date.now()}@example.ie`)));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'stage_only', field: 'email' });
  });

  it('shows an invited account the site', async () => {
    await invited(TESTER);
    const cookies = await siteLogin(TESTER);
    expect(cookies).toBeTruthy();
    const home = await s.page('/', { headers: { Cookie: cookies! } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('data-testid="profile-count"');
  });

  it('gives an account that is not invited nothing, its session included', async () => {
    await invited(SECOND);
    const cookies = await siteLogin(SECOND);
    expect(cookies).toBeTruthy();
    // No longer on the list: as if STAGE_MEMBERS had changed, or the account was made before the stage was closed.
    const outsider = `outsider.${Date.now()}@example.ie`;
    await s.sql('UPDATE users SET email = ?, username = ? WHERE email = ?', [outsider, outsider, SECOND]);
    expect(await siteLogin(outsider)).toBeNull();
    // Its access token, from before, opens nothing.
    // The access cookie is the one holding a JWT.
    const token = /=([\w-]+\.[\w-]+\.[\w-]+)(;|$)/.exec(cookies!)![1];
    const me = await api('/api/me/', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(403);
    expect((await api('/api/posts/', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(403);
  });
});
