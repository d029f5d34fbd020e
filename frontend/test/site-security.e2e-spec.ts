import * as argon2 from 'argon2';
import type { Post } from '../lib/types';
import { ApiRelay } from './support/api-relay';
import { cspViolations, hydrated, launchBrowser } from './support/browser';
import { API_PORT, startStack, type Stack } from './support/stack';

/** A set-cookie line per cookie name: its value, and whether it deletes the cookie. */
function setCookies(res: Response): Map<string, { value: string; cleared: boolean }> {
  const found = new Map<string, { value: string; cleared: boolean }>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1);
    found.set(pair.slice(0, at), { value, cleared: value === '' || /Expires=Thu, 01 Jan 1970/.test(line) });
  }
  return found;
}

/** The signed-in user a server-rendered page was given (passed to the browser in Vike's page context). */
function userOf(html: string): { firstName: string } | null {
  const json = /<script id="vike_pageContext" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json).user ?? null) : null;
}

/**
 * The site server's sessions, limits and headers against the real stack, with a relay between the site and the
 * API that can make the API's token refresh fail, and the site trusting a private proxy network (TRUST_PROXY).
 */
describe("the site server's sessions and headers", () => {
  const relay = new ApiRelay(`http://localhost:${API_PORT}`);
  let s: Stack;
  const password = 'fiddler2025';
  let seq = 0;

  /** A confirmed account, created straight in the database. */
  async function account(): Promise<string> {
    const email = `player.${Date.now()}.${++seq}@example.ie`;
    const hash = await argon2.hash(password, { type: argon2.argon2id });
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Niamh', 'Player', 'member', 1)", [email, email, hash]);
    return email;
  }

  const post = (path: string, init: RequestInit = {}) => s.page(path, { method: 'POST', ...init });
  const login = (body: object, headers: Record<string, string> = {}) =>
    post('/session/login', { headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** Logs in through the site; returns its two cookies. */
  async function session(): Promise<{ access: string; refresh: string }> {
    const res = await login({ email: await account(), password });
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    return { access: cookies.get('dir_at')!.value, refresh: cookies.get('dir_rt')!.value };
  }

  const withCookie = (cookie: string, init: RequestInit = {}) => ({ ...init, headers: { ...init.headers, Cookie: cookie } });

  beforeAll(async () => {
    await relay.start();
    s = await startStack('church', { API_INTERNAL_ORIGIN: relay.url, TRUST_PROXY: 'loopback, 10.0.0.0/8' });
  });
  afterAll(async () => {
    await s?.stop();
    await relay.stop();
  });
  afterEach(() => {
    relay.refresh = 'pass';
  });

  describe('trust proxy (TRUST_PROXY)', () => {
    it('gives two visitors forwarded by a trusted proxy separate login limits at the API', async () => {
      const via = (visitor: string) => ({ 'X-Forwarded-For': `${visitor}, 10.1.2.3` });
      const statuses: number[] = [];
      while (!statuses.includes(429) && statuses.length < 60) {
        statuses.push((await login({ email: `nobody.${statuses.length}@example.ie`, password: 'wrong-one-1' }, via('203.0.113.7'))).status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
      // The first visitor's failures are theirs alone: the second, behind the same proxy, may still try.
      expect((await login({ email: 'someone.else@example.ie', password: 'wrong-one-1' }, via('203.0.113.8'))).status).toBe(401);
      expect((await login({ email: 'nobody.again@example.ie', password: 'wrong-one-1' }, via('203.0.113.7'))).status).toBe(429);
    });

    it('believes X-Forwarded-Proto from a trusted proxy: HSTS over https only', async () => {
      expect((await s.page('/counties')).headers.get('strict-transport-security')).toBeNull();
      const https = await s.page('/counties', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('refresh failures that are not a 401', () => {
    it.each([500, 502, 429, 'down', 'hang'] as const)('keep the session when the API answers the refresh with %s, and it works once the API is back', async (mode) => {
      const { refresh } = await session();
      relay.refresh = mode;
      const started = Date.now();
      const renewed = await post('/session/refresh', withCookie(`dir_rt=${refresh}`));
      expect(renewed.status).toBe(mode === 429 ? 429 : 503);
      expect(setCookies(renewed).size).toBe(0);
      const page = await s.page('/counties', withCookie(`dir_rt=${refresh}`));
      expect(page.status).toBe(200);
      expect(userOf(await page.text())).toBeNull();
      expect(setCookies(page).size).toBe(0);
      // A hung API is given up on (AbortSignal.timeout), not waited for.
      if (mode === 'hang') expect(Date.now() - started).toBeLessThan(25_000);

      relay.refresh = 'pass';
      const back = await s.page('/counties', withCookie(`dir_rt=${refresh}`));
      expect(userOf(await back.text())).toEqual(expect.objectContaining({ firstName: 'Niamh' }));
      const next = setCookies(back).get('dir_rt')!;
      expect(next.cleared).toBe(false);
      expect((await post('/session/refresh', withCookie(`dir_rt=${next.value}`))).status).toBe(200);
    });

    it('end the session on a 401: both cookies are cleared', async () => {
      const { refresh } = await session();
      await post('/session/logout', withCookie(`dir_rt=${refresh}`));
      const renewed = await post('/session/refresh', withCookie(`dir_rt=${refresh}`));
      expect(renewed.status).toBe(401);
      expect([...setCookies(renewed)].map(([name, c]) => [name, c.cleared])).toEqual([
        ['dir_at', true],
        ['dir_rt', true],
      ]);
    });
  });

  describe('one refresh per refresh cookie at a time', () => {
    it('gives parallel pages and refreshes carrying the same refresh cookie one new pair, and the session goes on', async () => {
      const { refresh } = await session();
      const calls = relay.refreshCalls;
      const cookie = withCookie(`dir_rt=${refresh}`);
      const answers = await Promise.all([
        ...['/', '/counties', '/categories', '/articles', '/about', '/counties'].map((path) => s.page(path, cookie)),
        post('/session/refresh', cookie),
        post('/session/refresh', cookie),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
      const pairs = new Set(answers.map((r) => `${setCookies(r).get('dir_at')?.value} ${setCookies(r).get('dir_rt')?.value}`));
      expect(pairs.size).toBe(1);
      expect(relay.refreshCalls - calls).toBe(1);
      for (const r of answers.slice(0, 6)) expect(userOf(await r.text())).toEqual(expect.objectContaining({ firstName: 'Niamh' }));

      // A request still carrying the old cookie just after (a tab that sent it a moment late) gets the same pair.
      const late = await s.page('/counties', cookie);
      expect(`${setCookies(late).get('dir_at')?.value} ${setCookies(late).get('dir_rt')?.value}`).toBe([...pairs][0]);
      const next = [...pairs][0].split(' ')[1];
      expect((await post('/session/refresh', withCookie(`dir_rt=${next}`))).status).toBe(200);
    });
  });

  describe('badly encoded session cookies', () => {
    const cases = ['%', '%zz', '%E0%A4%A'].flatMap((value) => ['dir_at', 'dir_rt'].map((name) => [name, value] as const));

    it.each(cases)('treats %s=%s as absent and clears it on pages, /session/refresh and /session/logout', async (name, value) => {
      const cookie = withCookie(`${name}=${value}`);
      const page = await s.page('/', cookie);
      expect(page.status).toBe(200);
      expect(userOf(await page.text())).toBeNull();
      expect(setCookies(page).get(name)?.cleared).toBe(true);
      const renewed = await post('/session/refresh', cookie);
      expect(renewed.status).toBe(401);
      expect(setCookies(renewed).get(name)?.cleared).toBe(true);
      const out = await post('/session/logout', cookie);
      expect(out.status).toBe(204);
      expect(setCookies(out).get(name)?.cleared).toBe(true);
    });

    it('treats a cookie that is not a token the API issues as absent', async () => {
      const page = await s.page('/counties', withCookie('dir_at=not-a-token; dir_rt=short'));
      expect(page.status).toBe(200);
      expect(setCookies(page).get('dir_at')?.cleared).toBe(true);
      expect(setCookies(page).get('dir_rt')?.cleared).toBe(true);
    });
  });

  describe('page data the API refuses', () => {
    it.each([
      ['an article slug over 200 characters', `/articles/${'a'.repeat(201)}`],
      ['a profile slug over 200 characters', `/profile/${'b'.repeat(300)}`],
    ])('shows the 404 page for %s', async (_, path) => {
      const res = await s.page(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('That page does not exist.');
    });
  });

  describe('Content-Security-Policy', () => {
    const policyOf = (res: Response) =>
      new Map(
        res.headers
          .get('content-security-policy')!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );

    it('sends a nonce policy with every page whose scripts all carry that nonce, a new one each time', async () => {
      const nonces = [];
      for (const path of ['/', '/categories/female-singers', '/no-such-page']) {
        const res = await s.page(path);
        const policy = policyOf(res);
        const nonce = /^'nonce-([\w-]{16,})'$/.exec(policy.get('script-src')!.find((v) => v.startsWith("'nonce-"))!)![1];
        nonces.push(nonce);
        expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
        expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://w.soundcloud.com']);
        expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org', s.apiUrl]);
        expect(policy.get('connect-src')).toEqual(["'self'", s.apiUrl]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
        const scripts = (await res.text()).match(/<script\b[^>]*>/g)!;
        expect(scripts.length).toBeGreaterThan(1);
        for (const tag of scripts) if (!tag.includes('application/ld+json')) expect(tag).toContain(`nonce="${nonce}"`);
      }
      expect(new Set(nonces).size).toBe(3);
    });

    it('sends the other protective headers with pages and assets', async () => {
      for (const path of ['/', '/robots.txt', '/images/login-background.svg']) {
        const res = await s.page(path);
        expect(res.status).toBe(200);
        expect(Object.fromEntries(['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'].map((h) => [h, res.headers.get(h)]))).toEqual({
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'x-frame-options': 'SAMEORIGIN',
          'cross-origin-opener-policy': 'same-origin',
          'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
        });
      }
      // A file of public/ is that file, not a page.
      expect((await s.page('/images/login-background.svg')).headers.get('content-type')).toBe('image/svg+xml');
    });

    it('reports no violation in chromium on home, a listing, a profile playing its video and the map', async () => {
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const reported = await cspViolations(page);
        for (const path of ['/', '/categories/female-singers']) {
          await page.goto(`${s.siteUrl}${path}`);
          await hydrated(page);
        }
        const withVideo = (await s.api<Post[]>('/api/posts/?catSlug=female-singers')).body.find((p) => p.youtube1_id)!;
        await page.goto(`${s.siteUrl}/profile/${withVideo.slug}`);
        await hydrated(page);
        await page.getByRole('button', { name: `Play video: ${withVideo.title} video` }).click();
        await page.locator('.media-frame iframe').waitFor();
        await page.goto(`${s.siteUrl}/map`);
        await page.waitForFunction(() => document.querySelectorAll('.leaflet-marker-icon').length > 0 && document.querySelectorAll('.leaflet-tile').length > 0);
        await page.waitForTimeout(300);
        expect(reported).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});
