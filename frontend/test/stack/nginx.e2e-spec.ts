import * as argon2 from 'argon2';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { TestSmtp } from '../../../backend/test/support/smtp';
import { BROTLI, startNginx, startTerminator, type Nginx, type Terminator } from '../support/nginx';
import { makePng } from '../support/png';
import { freePorts, startStack, type Stack } from '../support/stack';

/**
 * The production shape on one machine: the project's nginx templates run by a real nginx on a loopback port, in front
 * of two API processes and two site processes on one MariaDB (one shared storage directory, one SMTP server).
 * Visitors are told apart by their own loopback addresses (127.0.0.2, 127.0.0.3, ...), as nginx sees them, or as the
 * TLS terminator in front of nginx (from 127.0.0.9, REAL_IP_FROM) tells nginx.
 */
const API_HOST = 'api.test';
const SITE_HOST = 'site.test';
const PASSWORD = 'replicas-2026';
const ADMIN = 'admin.replicas@example.ie';
const TERMINATOR = '127.0.0.9';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every header line as sent, lower-case names: to see that none is doubled. */
  raw: [string, string][];
  body: Buffer;
  text: string;
  json: () => any;
}

let s: Stack;
let nginx: Nginx;
let terminator: Terminator;
const smtp = new TestSmtp();

/**
 * One request with its own connection: to nginx (by host name) or straight to one replica (by port), from `from`;
 * to nginx through the TLS terminator when `terminated`.
 */
function call(target: 'api' | 'site' | number, path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string; terminated?: boolean } = {}): Promise<Answer> {
  const port = typeof target === 'number' ? target : init.terminated ? terminator.port : nginx.port;
  const host = target === 'api' ? API_HOST : target === 'site' ? SITE_HOST : `localhost:${port}`;
  const body = typeof init.body === 'string' ? Buffer.from(init.body) : init.body;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', localAddress: init.from ?? '127.0.0.1', agent: false, headers: { Host: host, ...(body ? { 'Content-Length': String(body.length) } : {}), ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          const raw: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) raw.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
          resolve({ status: res.statusCode!, headers: res.headers, raw, body: all, text: all.toString('utf8'), json: () => JSON.parse(all.toString('utf8')) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
const count = (a: Answer, name: string) => a.raw.filter(([n]) => n === name).length;

beforeAll(async () => {
  await smtp.start();
  const [port] = await freePorts(1);
  s = await startStack('church', {}, { apiReplicas: 2, siteReplicas: 2, apiOrigin: `http://${API_HOST}:${port}`, siteOrigin: `http://${SITE_HOST}:${port}`,
    smtpUrl: smtp.url,
    // Every 2 seconds: both replicas start the trial reminder job in the same second, all through the test.
    apiEnv: { TRIAL_REMINDERS_CRON: '*/2 * * * * *' },
  });
  nginx = await startNginx({ port, apiHost: API_HOST, siteHost: SITE_HOST, apiPorts: s.apis.map((a) => a.port), sitePorts: s.sites.map((r) => r.port), storageDir: s.storage, realIpFrom: TERMINATOR });
  terminator = await startTerminator({ nginxPort: nginx.port, from: TERMINATOR });
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Áine', 'Replica', 'admin', 1)", [ADMIN, ADMIN, hash]);
}, 90_000);

afterAll(async () => {
  await terminator?.stop();
  await nginx?.stop();
  await s?.stop();
  await smtp.stop();
});

describe('nginx in front of the API and the site', () => {
  it('routes each host and path: site pages, /admin/ and /session/ to the site, the API host to the API, /storage/ from disk', async () => {
    const page = await call('site', '/counties');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html');

    const admin = await call('site', '/admin/');
    expect(admin.status).toBe(200);
    expect(admin.headers['x-robots-tag']).toBe('noindex, nofollow');

    const config = await call('site', '/admin/config.json');
    expect(config.json()).toEqual({ apiOrigin: `http://${API_HOST}:${nginx.port}`, siteOrigin: `http://${SITE_HOST}:${nginx.port}` });

    const counties = await call('api', '/api/counties/');
    expect(counties.status).toBe(200);
    expect(Array.isArray(counties.json())).toBe(true);

    // The site server's own session calls, not the API's.
    const session = await call('site', '/session/refresh', { method: 'POST', ...json({}) });
    expect(session.status).toBe(401);
    expect(session.json().code).toBe('session_ended');

    // A file on disk is nginx's; a missing one goes to the API, which answers 404 in its own shape.
    mkdirSync(join(s.storage, 'library'), { recursive: true });
    writeFileSync(join(s.storage, 'library/on-disk-one-680x588.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    const file = await call('api', '/storage/library/on-disk-one-680x588.webp');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.text).toBe('RIFF0000WEBPVP8 ');
    // Neither host: the connection is closed without an answer.
    await expect(call(nginx.port, '/api/counties/')).rejects.toThrow(/socket hang up|ECONNRESET/);
    const missing = await call('api', '/storage/library/nobody-here-one-680x588.webp');
    expect(missing.status).toBe(404);
    expect(missing.json().statusCode).toBe(404);
  });

  it('compresses with gzip, and with brotli when the module is loaded', async () => {
    const page = await call('site', '/counties', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<html');
    const api = await call('api', '/api/counties/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(api.body).toString()))).toBe(true);
    // Without Accept-Encoding: plain.
    expect((await call('site', '/counties')).headers['content-encoding']).toBeUndefined();
    const br = await call('site', '/counties', { headers: { 'Accept-Encoding': 'br, gzip' } });
    if (BROTLI) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toContain('<html');
    } else {
      expect(br.headers['content-encoding']).toBe('gzip');
    }
  });

  it('passes the servers’ security headers once each, hides its version, and adds its own where it answers itself', async () => {
    const page = await call('site', '/counties');
    const api = await call('api', '/api/counties/');
    for (const answer of [page, api]) {
      for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'content-security-policy', 'cross-origin-resource-policy', 'cache-control']) {
        expect([name, count(answer, name)]).toEqual([name, name === 'cache-control' && !answer.headers[name] ? 0 : 1]);
      }
      expect(answer.headers.server).toBe('nginx');
    }
    // One Vary: Accept-Encoding, though both the site server and nginx's gzip would say it.
    expect(String(page.headers.vary).split(/,\s*/).filter((v) => v === 'Accept-Encoding')).toHaveLength(1);
    // Over plain http the site sends no HSTS (X-Forwarded-Proto is http); the API's helmet always does.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(count(api, 'strict-transport-security')).toBe(1);

    const file = await call('api', '/storage/library/on-disk-one-680x588.webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(file.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps hashed assets a year (one Cache-Control), /storage/ images a week, and versioned ones a year', async () => {
    const asset = readdirSync(join(process.cwd(), 'dist/client/assets/chunks')).find((f) => f.endsWith('.js'))!;
    const js = await call('site', `/assets/chunks/${asset}`);
    expect(js.status).toBe(200);
    expect(js.raw.filter(([n]) => n === 'cache-control').map(([, v]) => v)).toEqual(['public, max-age=31536000, immutable']);
    const adminAsset = readdirSync(join(process.cwd(), '../admin/dist/assets')).find((f) => f.endsWith('.js'))!;
    const adminJs = await call('site', `/admin/assets/${adminAsset}`);
    expect(adminJs.status).toBe(200);
    expect(adminJs.raw.filter(([n]) => n === 'cache-control').map(([, v]) => v)).toEqual(['public, max-age=31536000, immutable']);

    const image = await call('api', '/storage/library/on-disk-one-680x588.webp');
    expect(image.raw.filter(([n]) => n === 'cache-control').map(([, v]) => v)).toEqual(['public, max-age=604800']);
    const versioned = await call('api', '/storage/library/on-disk-one-680x588.webp?v=1700000000');
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses a body over the upload limit with 413 before it reaches the API', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 1);
    const answer = await call('api', '/api/posts/anything/photo', { method: 'POST', body: big, headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual({ statusCode: 413, code: 'body_too_large', message: 'Request body is too large' });
    // The site's limit is smaller (its session calls read 10 KB).
    expect((await call('site', '/session/login', { method: 'POST', body: Buffer.alloc(2 * 1024 * 1024, 32), headers: { 'Content-Type': 'application/json' } })).status).toBe(413);
    // Under the limit, the API judges the body itself (no such listing).
    const small = await call('api', '/api/posts/anything/photo', { method: 'POST', body: Buffer.alloc(1024, 1), headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(small.status).not.toBe(413);
  });

  it('answers 429 from its own limit on a flood of log-ins from one address, not to another address', async () => {
    const flood = await Promise.all(Array.from({ length: 30 }, () => call('api', '/login/', { method: 'POST', from: '127.0.0.4', ...json({}) })));
    const limited = flood.filter((a) => a.status === 429);
    // 20 at once (the burst) and then one a second at most: the API saw the first ones and refused their empty bodies.
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(flood.filter((a) => a.status === 400).length).toBeGreaterThanOrEqual(20);
    expect(limited[0].json()).toEqual({ statusCode: 429, code: 'too_many_attempts', message: 'Too many requests. Please wait a minute and try again.' });
    expect(limited[0].headers['retry-after']).toBe('60');
    // The site's relayed log-in shares the zone; another visitor is not held back.
    expect((await call('site', '/session/login', { method: 'POST', from: '127.0.0.4', ...json({}) })).status).toBe(429);
    expect((await call('api', '/login/', { method: 'POST', from: '127.0.0.5', ...json({}) })).status).toBe(400);
    // Enquiries and the contact form have their own, smaller allowance.
    const forms = await Promise.all(Array.from({ length: 15 }, () => call('api', '/api/enquiries/', { method: 'POST', from: '127.0.0.6', ...json({}) })));
    expect(forms.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the API each visitor’s own address: the per-address log-in limit holds one address back, not another, and a made-up X-Forwarded-For changes nothing', async () => {
    const login = (from: string, headers: Record<string, string> = {}) =>
      call('api', '/login/', { method: 'POST', from, body: JSON.stringify({ email: 'someone.else@example.ie', password: 'not-the-password' }), headers: { 'Content-Type': 'application/json', ...headers } });
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.2')).status).toBe(401);
    const refused = await login('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect((await login('127.0.0.2', { 'X-Forwarded-For': '198.51.100.23' })).status).toBe(429);
    expect((await login('127.0.0.3')).status).toBe(401);
  });

  it('serves anonymous reads from a short microcache, and never a signed-in request', async () => {
    const url = `/counties?microcache=${Date.now()}`;
    const first = await call('site', url);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect((await call('site', url)).headers['x-cache-status']).toBe('HIT');
    // Another cookie is no session: still served from the cache.
    expect((await call('site', url, { headers: { Cookie: 'consent=1' } })).headers['x-cache-status']).toBe('HIT');
    expect((await call('site', url, { headers: { Cookie: 'consent=1; dir_at=a.b.c' } })).headers['x-cache-status']).toBe('BYPASS');
    expect((await call('site', url, { headers: { Cookie: 'consent=1; __Host-dir_at=a.b.c' } })).headers['x-cache-status']).toBe('BYPASS');
    expect((await call('site', url, { headers: { Cookie: '__Host-dir_rt=abcdefghijklmnopqrstuvwxyz' } })).headers['x-cache-status']).toBe('BYPASS');

    // A signed-in request is not stored either: the next visitor still misses.
    const fresh = `/counties?signed-in=${Date.now()}`;
    expect((await call('site', fresh, { headers: { Cookie: 'dir_rt=abcdefghijklmnopqrstuvwxyz' } })).headers['x-cache-status']).toBe('BYPASS');
    expect((await call('site', fresh)).headers['x-cache-status']).toBe('MISS');

    // The API likewise, with an Authorization header.
    await call('api', '/api/categories/');
    expect((await call('api', '/api/categories/')).headers['x-cache-status']).toBe('HIT');
    expect((await call('api', '/api/categories/', { headers: { Authorization: 'Bearer x.y.z' } })).headers['x-cache-status']).toBe('BYPASS');
    // An answer marked no-store is never kept.
    await call('api', '/readyz');
    expect((await call('api', '/readyz')).headers['x-cache-status']).toBe('MISS');
  });
});

describe('nginx behind the TLS terminator', () => {
  const login = (from: string, init: { terminated?: boolean; headers?: Record<string, string> } = {}) =>
    call('api', '/login/', { method: 'POST', from, terminated: init.terminated, body: JSON.stringify({ email: 'behind.terminator@example.ie', password: 'not-the-password' }), headers: { 'Content-Type': 'application/json', ...init.headers } });

  it('counts each visitor who comes through the terminator on their own, and believes no X-Forwarded-For from any other client', async () => {
    // The API's per-address log-in limit: five wrong passwords, then 429 for that visitor only.
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.20', { terminated: true })).status).toBe(401);
    expect((await login('127.0.0.20', { terminated: true })).status).toBe(429);
    expect((await login('127.0.0.21', { terminated: true })).status).toBe(401);
    // What the visitor wrote into X-Forwarded-For comes before the address the terminator saw: the visitor is still
    // themselves.
    expect((await login('127.0.0.20', { terminated: true, headers: { 'X-Forwarded-For': '127.0.0.22' } })).status).toBe(429);
    // A client reaching nginx directly is not the terminator: naming the held-back visitor's address gains it nothing,
    // its own address counts.
    expect((await login('127.0.0.23', { headers: { 'X-Forwarded-For': '127.0.0.20' } })).status).toBe(401);

    // nginx's own flood guard likewise holds back the one visitor who floods, not the next one through the terminator.
    const flood = await Promise.all(Array.from({ length: 30 }, () => call('api', '/login/', { method: 'POST', from: '127.0.0.24', terminated: true, ...json({}) })));
    expect(flood.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(5);
    expect((await call('api', '/login/', { method: 'POST', from: '127.0.0.25', terminated: true, ...json({}) })).status).toBe(400);
  });

  it("passes on the terminator's https, so pages and /storage/ files carry HSTS (cached apart from plain http), and no other client can claim https", async () => {
    mkdirSync(join(s.storage, 'library'), { recursive: true });
    writeFileSync(join(s.storage, 'library/terminated-one-680x588.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    const hsts = 'max-age=31536000; includeSubDomains';
    // Over plain http first: that answer is now in the microcache, and is not the one an https visitor gets.
    const url = `/counties?scheme=${Date.now()}`;
    expect((await call('site', url)).headers['strict-transport-security']).toBeUndefined();
    const secure = await call('site', url, { terminated: true });
    expect([secure.status, secure.headers['x-cache-status'], secure.raw.filter(([n]) => n === 'strict-transport-security').map(([, v]) => v)]).toEqual([200, 'MISS', [hsts]]);
    const again = await call('site', url, { terminated: true });
    expect([again.headers['x-cache-status'], again.headers['strict-transport-security']]).toEqual(['HIT', hsts]);
    const file = await call('api', '/storage/library/terminated-one-680x588.webp', { terminated: true });
    expect([file.status, file.raw.filter(([n]) => n === 'strict-transport-security').map(([, v]) => v)]).toEqual([200, [hsts]]);

    const claimed = { headers: { 'X-Forwarded-Proto': 'https' } };
    expect((await call('site', `/counties?claimed=${Date.now()}`, claimed)).headers['strict-transport-security']).toBeUndefined();
    expect((await call('api', '/storage/library/terminated-one-680x588.webp', claimed)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('two API and two site processes on one database', () => {
  let access: string;

  it('accepts a session made through one replica on the other', async () => {
    const [a, b] = s.apis;
    const login = await call(a.port, '/login/', { method: 'POST', ...json({ email: ADMIN, password: PASSWORD, username: ADMIN }) });
    expect(login.status).toBe(200);
    const { refresh } = login.json();
    access = login.json().access;
    expect((await call(b.port, '/api/me/', { headers: { Authorization: `Bearer ${access}` } })).json().email).toBe(ADMIN);
    const renewed = await call(b.port, '/token/refresh/', { method: 'POST', ...json({ refresh }) });
    expect(renewed.status).toBe(200);
    // The old refresh token was used up on B, and A knows it: repeated at once (a second tab) it answers the same
    // successor; once that successor is used, a reuse ends the session as stolen.
    const repeated = await call(a.port, '/token/refresh/', { method: 'POST', ...json({ refresh }) });
    expect([repeated.status, repeated.json().refresh]).toEqual([200, renewed.json().refresh]);
    expect((await call(a.port, '/token/refresh/', { method: 'POST', ...json({ refresh: renewed.json().refresh }) })).status).toBe(200);
    expect((await call(a.port, '/token/refresh/', { method: 'POST', ...json({ refresh }) })).status).toBe(401);
    // That ended the session's access tokens too (at once on A, which saw the reuse; on B within its 3 s check), so
    // the tests below sign in afresh.
    expect((await call(a.port, '/api/me/', { headers: { Authorization: `Bearer ${access}` } })).status).toBe(401);
    access = (await call(b.port, '/login/', { method: 'POST', ...json({ email: ADMIN, password: PASSWORD, username: ADMIN }) })).json().access;

    // The site's session cookies from one site process, a signed-in page from the other.
    const [siteA, siteB] = s.sites;
    const siteLogin = await call(siteA.port, '/session/login', { method: 'POST', ...json({ email: ADMIN, password: PASSWORD, username: ADMIN }) });
    expect(siteLogin.status).toBe(200);
    const cookies = (siteLogin.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    const page = await call(siteB.port, '/counties', { headers: { Cookie: cookies } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('shares the rate limits: log-ins spread over both replicas are counted together', async () => {
    const [a, b] = s.apis;
    // Straight to the replicas, as nginx would reach them, for one visitor address.
    const login = (port: number) => call(port, '/login/', { method: 'POST', body: JSON.stringify({ email: 'shared.limit@example.ie', password: 'not-the-password' }), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' } });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? b.port : a.port)).status).toBe(401);
    expect((await login(a.port)).status).toBe(429);
    expect((await login(b.port)).status).toBe(429);
  });

  it('sends each outbox mail once whichever replica queued it', async () => {
    const emails = Array.from({ length: 4 }, (_, i) => `replica.signup${i}@example.ie`);
    const answers = await Promise.all(
      emails.map((email, i) => call(s.apis[i % 2].port, '/sign-up/', { method: 'POST', ...json({ email, password: PASSWORD, username: email, first_name: 'Nóra', last_name: 'Replica', terms: true }) })),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => answers[0].status));
    expect(answers[0].status).toBeLessThan(300);
    for (const email of emails) await smtp.waitFor(email, /sign-up code/);
    // Both replicas' outbox sweeps may look at these rows; none is sent twice.
    await new Promise((r) => setTimeout(r, 1000));
    for (const email of emails) {
      expect([email, smtp.messages.filter((m) => JSON.stringify(m.to).includes(email)).length]).toEqual([email, 1]);
    }
    const rows = await s.sql(`SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient IN (${emails.map(() => '?').join(',')}) AND sent_at IS NOT NULL`, emails);
    expect(Number(rows[0].n)).toBe(emails.length);
  });

  it('runs a scheduled job once between them: one trial reminder, however often both replicas start the job', async () => {
    const email = 'trial.reminder@example.ie';
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, 'x', 'Ciara', 'Trial', 'member', 1)", [email, email]);
    const [user] = await s.sql('SELECT id FROM users WHERE email = ?', [email]);
    // In UTC, as the API stores dates. The trial ends tomorrow: the reminder is due.
    const utc = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString().slice(0, 23).replace('T', ' ');
    await s.sql(
      "INSERT INTO subscriptions (user_id, stripe_customer_id, stripe_subscription_id, plan, amount_cents, status, trial_end, started_at) VALUES (?, 'cus_replicas', 'sub_replicas', 'monthly', 2000, 'trialing', ?, ?)",
      [user.id, utc(86_400_000), utc(-59 * 86_400_000)],
    );
    await smtp.waitFor(email, /free trial ends on/);
    // Three more rounds of both replicas' ticks.
    await new Promise((r) => setTimeout(r, 6000));
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
    const [sub] = await s.sql("SELECT reminder_sent_at FROM subscriptions WHERE stripe_subscription_id = 'sub_replicas'");
    expect(sub.reminder_sent_at).not.toBeNull();
  });

  it('serves a photo uploaded through one replica from both (one storage directory)', async () => {
    const [post] = await s.sql("SELECT slug, slug_extract FROM posts WHERE status = 'publish' ORDER BY id LIMIT 1");
    const boundary = 'replica-photo-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="harp.png"\r\nContent-Type: image/png\r\n\r\n`),
      makePng(900, 600),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await call('api', `/api/posts/${post.slug}/photo`, { method: 'PUT', body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${access}` } });
    expect(upload.status).toBe(200);
    const path = `/storage/library/${post.slug_extract}-one-680x588.webp`;
    const [fromA, fromB, fromNginx] = [await call(s.apis[0].port, path), await call(s.apis[1].port, path), await call('api', path)];
    expect([fromA.status, fromB.status, fromNginx.status]).toEqual([200, 200, 200]);
    expect(fromA.body.subarray(0, 4).toString()).toBe('RIFF');
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(fromNginx.body.equals(fromA.body)).toBe(true);
  });
});

describe('an API replica stopped under load', () => {
  it('finishes what it was doing and exits 0 within 10 s on SIGTERM, while nginx sends every GET to the other: none fails', async () => {
    const victim = s.apis[0];
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) => victim.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
    let stopping = false;
    const statuses: number[] = [];
    const failures: string[] = [];
    // Signed in (a session cookie): past the microcache, so every request reaches a replica.
    const worker = async () => {
      while (!stopping) {
        try {
          const a = await call('api', '/api/counties/', { headers: { Cookie: 'dir_at=load.test.only' } });
          statuses.push(a.status);
          if (a.status !== 200) failures.push(`${a.status} ${a.text.slice(0, 200)}`);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 500));
    const before = statuses.length;
    const sentAt = Date.now();
    victim.child.kill('SIGTERM');
    const { code, signal, at } = await exited;
    // Load goes on a little after it is gone.
    await new Promise((r) => setTimeout(r, 500));
    stopping = true;
    await Promise.all(workers);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at - sentAt).toBeLessThan(10_000);
    expect(failures).toEqual([]);
    expect(before).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(before);
  });
});
