import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as argon2 from 'argon2';
import type { Post } from '../lib/types';
import { startStack, type Stack } from './support/stack';

const PASSWORD = 'organist2025';
/** The header's link for a signed-in user: never in a page a visitor gets. */
const SIGNED_IN_LINK = '<a href="/cp/dashboard">Control panel</a>';
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

/** Asks until check() holds, every 100 ms for at most ms: the page cache's version check runs every 500 ms. */
async function eventually<T>(ms: number, ask: () => Promise<T>, check: (value: T) => boolean): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await ask();
    seen.push(value);
    if (check(value) || Date.now() > deadline) return seen;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The site server's anonymous page cache (server/page-cache.ts) against the real stack (church): pages kept per URL
 * and data version, refreshed when the version moves, never for signed-in requests; PAGE_CACHE=off renders every time.
 */
let s: Stack;
beforeAll(async () => {
  // The API's own answer cache off: what these tests see is the site's page cache alone.
  s = await startStack('church', {}, { apiEnv: { ANSWER_CACHE: 'off' } });
});
afterAll(() => s?.stop());

describe('the anonymous page cache', () => {
  let cookies: string;

  beforeAll(async () => {
    const email = 'member.page-cache@example.ie';
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Úna', 'Tester', 'member', 1)", [email, email, hash]);
    const res = await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, username: email }) });
    expect(res.status).toBe(200);
    cookies = res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await s.page(path, { headers });
    const html = await res.text();
    return { status: res.status, state: res.headers.get('x-page-cache'), html, res };
  };

  it('renders an anonymous page once and answers the next request from memory, with a fresh nonce and the same headers', async () => {
    const first = await get('/counties/cork');
    const second = await get('/counties/cork');
    expect([first.status, first.state]).toEqual([200, 'miss']);
    expect([second.status, second.state]).toEqual([200, 'hit']);
    const [n1, n2] = [nonceOf(first.res.headers.get('content-security-policy')), nonceOf(second.res.headers.get('content-security-policy'))];
    expect(n1).toBeTruthy();
    expect(n2).not.toBe(n1);
    // The same page, its scripts carrying this answer's nonce only.
    expect(second.html.replaceAll(n2!, 'NONCE')).toBe(first.html.replaceAll(n1!, 'NONCE'));
    expect(second.html).toContain(`nonce="${n2}"`);
    expect(second.html).not.toContain(n1!);
    for (const name of ['content-type', 'cache-control', 'x-frame-options', 'content-length']) {
      expect(second.res.headers.get(name)).toBe(first.res.headers.get(name));
    }
    // Written part by part around the nonce, uncompressed: the length sent is the UTF-8 length of the whole (the page
    // has '™').
    const plain = await get('/counties/cork', { 'Accept-Encoding': 'identity' });
    expect(plain.state).toBe('hit');
    expect(Number(plain.res.headers.get('content-length'))).toBe(Buffer.byteLength(plain.html));
    // The query's order does not make another page.
    expect((await get('/counties/cork?price=free&x=1')).state).toBe('miss');
    expect((await get('/counties/cork?x=1&price=free')).state).toBe('hit');
  });

  it('keeps a missing page with its 404', async () => {
    const first = await get('/profile/no-such-profile-here');
    const second = await get('/profile/no-such-profile-here');
    expect([first.status, first.state]).toEqual([404, 'miss']);
    expect([second.status, second.state]).toEqual([404, 'hit']);
  });

  it('shows changed data once the data version moves: the kept page until then, then a page rendered again', async () => {
    const path = '/counties/kerry';
    const [post] = (await s.api<Post[]>('/api/posts/?tagSlug=kerry&limit=1')).body;
    const before = await get(path);
    expect(before.html).toContain(post.title);
    const renamed = `Renamed For The Page Cache ${Date.now()}`;
    await s.sql('UPDATE posts SET title = ? WHERE id = ?', [renamed, post.id]);
    // The data version has not moved: the kept page is answered.
    await new Promise((r) => setTimeout(r, 600));
    const unchanged = await get(path);
    expect(unchanged.state).toBe('hit');
    expect(unchanged.html).not.toContain(renamed);

    await s.sql('UPDATE data_version SET version = version + 1 WHERE id = 1');
    const seen = await eventually(5_000, () => get(path), (a) => a.html.includes(renamed));
    expect(seen.at(-1)!.html).toContain(renamed);
    // Never the old page once the site has seen the new version: the first answer with the change is a new render.
    expect(seen.map((a) => a.state)).not.toContain('stale');
    expect(seen.find((a) => a.html.includes(renamed))!.state).toBe('miss');
    expect((await get(path)).state).toBe('hit');
  });

  it('never serves or keeps a page for a signed-in request', async () => {
    // Asked first signed in: had it been kept, the visitor after would get it.
    for (const path of ['/categories', '/about']) {
      const member = await get(path, { Cookie: cookies });
      expect(member.state).toBe('bypass');
      expect(member.html).toContain(SIGNED_IN_LINK);
      expect(member.res.headers.get('cache-control')).toMatch(/\bprivate\b.*\bno-store\b/);
      const visitor = await get(path);
      expect(visitor.state).toBe('miss');
      expect(visitor.html).not.toContain(SIGNED_IN_LINK);
      expect(visitor.html).toContain('<a href="/log-in">Sign in</a>');
      // Signed in again after the visitor's page was kept: still their own page.
      const again = await get(path, { Cookie: `consent=1; ${cookies}` });
      expect(again.state).toBe('bypass');
      expect(again.html).toContain(SIGNED_IN_LINK);
      expect((await get(path)).html).not.toContain(SIGNED_IN_LINK);
    }
    // An Authorization header, or a session cookie the server cannot read (which it clears), is not served from memory.
    expect((await get('/categories', { Authorization: 'Bearer a.b.c' })).state).toBe('bypass');
    const broken = await get('/categories', { Cookie: 'dir_at=not-a-token' });
    expect(broken.state).toBe('bypass');
    expect(broken.res.headers.getSetCookie().join()).toMatch(/^dir_at=;/);
    // Other cookies (a visitor's analytics) do not stop the cache.
    expect((await get('/categories', { Cookie: '_ga=GA1.1.1' })).state).toBe('hit');
  });

  it('renders every request with PAGE_CACHE=off', async () => {
    const off = await s.startSite({ PAGE_CACHE: 'off' });
    try {
      const [post] = (await s.api<Post[]>('/api/posts/?tagSlug=galway&limit=1')).body;
      const first = await fetch(`${off.url}/counties/galway`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(first.headers.get('x-page-cache')).toBe('bypass');
      const html = await first.text();
      expect(html).toContain(post.title);
      // Answered as rendered: its scripts carry the nonce the policy names, and the length is the UTF-8 length.
      const nonce = nonceOf(first.headers.get('content-security-policy'));
      expect(nonce).toBeTruthy();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html.match(/nonce="[^"]*"/g)!.every((attr) => attr === `nonce="${nonce}"`)).toBe(true);
      expect(Number(first.headers.get('content-length'))).toBe(Buffer.byteLength(html));
      const renamed = `Renamed Without A Cache ${Date.now()}`;
      // No data version bump: only a fresh render can show it.
      await s.sql('UPDATE posts SET title = ? WHERE id = ?', [renamed, post.id]);
      const second = await fetch(`${off.url}/counties/galway`);
      expect(second.headers.get('x-page-cache')).toBe('bypass');
      expect(await second.text()).toContain(renamed);
    } finally {
      await off.stop();
    }
  });
});

/** Worker processes of a cluster primary, from /proc. */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));

/**
 * Several site processes (SITE_WORKERS) and the site's graceful stop, against a stack's API through a relay that
 * holds one listing call back, so that a page is in flight when SIGTERM comes.
 */
describe('the site server as several processes', () => {
  let relay: Server;
  let relayOrigin: string;
  /** Calls to the API that asked for Limerick's listings are held until release() (set while one is held). */
  let held: (() => void) | null = null;
  let onHeld: (() => void) | null = null;

  beforeAll(async () => {
    relay = createServer(async (req, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/api/posts/') && url.includes('limerick')) {
        await new Promise<void>((release) => {
          held = release;
          onHeld?.();
        });
      }
      const answer = await fetch(`${s.apiUrl}${url}`, { headers: { Accept: 'application/json', ...(req.headers.authorization ? { Authorization: req.headers.authorization } : {}) } });
      const body = Buffer.from(await answer.arrayBuffer());
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name) && (headers[name] = value));
      res.writeHead(answer.status, headers).end(body);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    relayOrigin = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    held?.();
    await new Promise((r) => relay?.close(r));
  });

  it('finishes a page in flight on SIGTERM, stops taking connections and exits 0 within 10 s', async () => {
    const site = await s.startSite({ SITE_WORKERS: '2', PAGE_CACHE: 'off', API_INTERNAL_ORIGIN: relayOrigin });
    const workers = childrenOf(site.child.pid!);
    expect(workers).toHaveLength(2);
    const isHeld = new Promise<void>((r) => (onHeld = r));
    const inFlight = fetch(`${site.url}/counties/limerick`);
    await isHeld;
    const exited = exitOf(site.child);
    const signalledAt = Date.now();
    site.child.kill('SIGTERM');
    // Workers stop listening: a new connection is refused while the held page is still being rendered.
    await eventually(3_000, () => fetch(`${site.url}/about`).then(() => 'answered', () => 'refused'), (a) => a === 'refused');
    expect(await fetch(`${site.url}/about`).then(() => 'answered', () => 'refused')).toBe('refused');
    held!();
    const page = await inFlight;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('starts a new worker when one dies, and keeps serving', async () => {
    const site = await s.startSite({ SITE_WORKERS: '2' });
    try {
      const [first] = childrenOf(site.child.pid!);
      process.kill(first, 'SIGKILL');
      const seen = await eventually(5_000, async () => childrenOf(site.child.pid!), (pids) => pids.length === 2 && !pids.includes(first));
      expect(seen.at(-1)).toHaveLength(2);
      expect(seen.at(-1)).not.toContain(first);
      expect((await fetch(`${site.url}/counties`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });
});
