import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import * as fc from 'fast-check';
import { seedDatabase } from '../tools/seed/seed';
import { startStripeStandIn, type StandIn } from '../tools/dev/stripe-stand-in/server';
import { FuzzContext, FuzzRequest, fuzzRequests, knownShapes } from './support/fuzz-requests';
import { ApiRoute, apiRoutes } from './support/routes';
import { TestSmtp } from './support/smtp';
import { resetDatabase, signIn, startApp, TestApp, TEST_JWT_SECRET } from './support/app';

/** Change it to explore other requests; a failure prints the requests, so the seed is only needed to replay a run. */
const SEED = Number(process.env.FUZZ_SEED ?? 20260920);
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 150);

/** How every error answer of the API begins: its status, then its stable code. */
const CODED_ERROR = /^\{"statusCode":\d{3},"code":"[a-z_]+"/;
/** An error the API answered without its code (a HEAD answer has no body to read). */
const uncoded = (request: FuzzRequest, answer: Answer) =>
  answer.status >= 400 && answer.type !== undefined && request.method !== 'HEAD' && !CODED_ERROR.test(answer.body);

interface Answer {
  status: number;
  body: string;
  /** Unset on Node's own refusals of a request it cannot parse (400, 431), which never reach the API. */
  type?: string;
}

/**
 * Sends exactly these bytes over loopback, each on its own connection, so one broken request cannot spoil the next.
 * Node 24 resets the connection right after its own refusal of a request it cannot parse (431 for a 70 KB URL): the
 * answer's status has arrived by then, and it is the answer.
 */
function send(port: number, r: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered: Answer | undefined;
    const chunks: Buffer[] = [];
    const req = httpRequest({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent: false, timeout: 20_000 }, (res) => {
      answered = { status: res.statusCode!, body: '', type: res.headers['content-type'] };
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ ...answered!, body: Buffer.concat(chunks).toString('utf8', 0, 300) }));
      res.on('error', (err) => (answered?.type === undefined ? resolve(answered!) : reject(err)));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    // Only Node's own refusals (no content type: they never reached the API) may end in a reset after their status.
    req.on('error', (err) => (answered && answered.type === undefined ? resolve(answered) : reject(err)));
    req.end(r.body);
  });
}

const shorten = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text);

/** The request as a curl command line, to replay it against `make start`. */
function asCurl(r: FuzzRequest): string {
  const headers = Object.entries(r.headers).map(([k, v]) => ` -H ${JSON.stringify(`${k}: ${shorten(v, 120)}`)}`).join('');
  const body = r.body?.length ? ` --data-binary ${JSON.stringify(shorten(r.body.toString('latin1')))}` : '';
  return `curl -X ${r.method} ${JSON.stringify(`http://localhost:3000${shorten(r.path, 200)}`)}${headers}${body}`;
}

describe('every API route under fuzzing', () => {
  let t: TestApp;
  let port: number;
  let storage: string;
  /** Billing's routes talk to the Stripe stand-in, as under `make start` (without it checkout would answer 503). */
  let standIn: StandIn;
  const smtp = new TestSmtp();
  const logged: string[] = [];

  beforeAll(async () => {
    await smtp.start();
    storage = mkdtempSync(join(tmpdir(), 'directory-fuzz-'));
    standIn = await startStripeStandIn({ port: 0, webhookUrl: null, webhookSecret: 'whsec_fuzz' });
    t = await startApp('cliste', { SMTP_URL: smtp.url, STORAGE_DIR: storage, STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_fuzz', STRIPE_API_URL: standIn.url });
    await resetDatabase(t.ds);
    await seedDatabase(t.ds, { site: 'cliste', posts: 60, hiddenSlugExtract: t.config.hiddenSlugExtract });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    // The exception filter logs the stack of every unexpected error; keep them to print beside the request.
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void logged.push(String(message)));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
    await standIn.close();
    await smtp.stop();
    rmSync(storage, { recursive: true, force: true });
  });

  /** Made once: both tests use the same accounts. */
  let made: Promise<FuzzContext> | undefined;
  const context = () => (made ??= makeContext());

  async function makeContext(): Promise<FuzzContext> {
    const member = await signIn(t, 'member', 'fuzz-member@example.ie');
    const admin = await signIn(t, 'admin', 'fuzz-admin@example.ie');
    await t.ds.query('UPDATE posts SET owner_id = ? WHERE id IN (SELECT id FROM (SELECT id FROM posts ORDER BY id LIMIT 5) AS firsts)', [member.user.id]);
    const column = async (sql: string): Promise<string[]> => (await t.ds.query(sql)).map((row: Record<string, unknown>) => String(Object.values(row)[0]));
    const slugExtracts = await column('SELECT slug_extract FROM posts');
    const known = [
      ...(await column('SELECT slug FROM posts')),
      ...(await column('SELECT slug FROM categories')),
      ...(await column('SELECT slug FROM counties')),
      ...(await column('SELECT slug FROM articles')),
      ...(await column('SELECT image FROM articles')),
      ...(await column('SELECT id FROM posts')),
      ...slugExtracts.slice(0, 10).map((s) => `${s}-one-680x588.webp`),
      member.user.email,
      admin.user.email,
      'all-categories',
      'all-counties',
      'artistic-activities',
    ];
    const sign = (payload: object, options: { expiresIn?: number; secret?: string; algorithm?: 'HS256' | 'HS512' } = {}) =>
      new JwtService({ secret: options.secret ?? TEST_JWT_SECRET }).sign(payload, { expiresIn: options.expiresIn ?? 300, algorithm: options.algorithm ?? 'HS256' });
    const first = async (sql: string, params: unknown[] = []) => String(Object.values((await t.ds.query(sql, params))[0] ?? { id: 1 })[0]);
    const memberPost = await first('SELECT slug FROM posts WHERE owner_id = ? ORDER BY id', [member.user.id]);
    const paths = {
      '/api/users/:id': `/api/users/${member.user.id}`,
      '/api/users/:id/email': `/api/users/${member.user.id}/email`,
      '/api/posts/:slug': `/api/posts/${memberPost}`,
      '/api/posts/:slug/photo': `/api/posts/${memberPost}/photo`,
      '/api/admin/users/:id': `/api/admin/users/${member.user.id}`,
      '/api/admin/listings/:id': `/api/admin/listings/${await first('SELECT id FROM posts WHERE slug = ?', [memberPost])}`,
      '/api/admin/categories/:id': `/api/admin/categories/${await first('SELECT id FROM categories ORDER BY id')}`,
      '/api/admin/articles/:id': `/api/admin/articles/${await first('SELECT id FROM articles ORDER BY id')}`,
    };
    const bearer = (token: string) => `Bearer ${token}`;
    const access = { sub: member.user.id, typ: 'access' };
    return {
      known,
      paths,
      authorizations: {
        valid: [bearer(member.token), bearer(admin.token)],
        invalid: [
          '', 'Bearer', 'Bearer ', 'Bearer x', 'Bearer a.b.c', 'Bearer ...', `bearer ${member.token}`, `Bearer ${member.token}x`, `Bearer  ${member.token}`,
          'Basic Zm9vOmJhcg==', `Bearer ${'a'.repeat(6000)}`, 'Bearer \xff\xfe\xfd', `Bearer ${member.token}, Bearer ${admin.token}`,
          bearer(sign(access, { secret: 'another-secret-that-is-long-enough-0123456789' })),
          bearer(sign(access, { expiresIn: -10 })),
          bearer(sign(access, { algorithm: 'HS512' })),
          bearer(`${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(access)).toString('base64url')}.`),
          ...[{ sub: 'abc' }, { sub: 1e20 }, { sub: -1 }, { sub: 0 }, { sub: 2 ** 31 }, { sub: 999_999 }, { sub: String(member.user.id) }, { sub: [1] }, {}].map((p) =>
            bearer(sign({ typ: 'access', ...p })),
          ),
          bearer(sign({ ...access, typ: 'refresh' })),
        ],
      },
    };
  }

  it('answers every request, however malformed, with a status below 500, and every refusal with its code', async () => {
    const routes = apiRoutes(t.app);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /login', 'GET /api/posts/:id', 'GET /storage/library/:file']));
    const ctx = await context();
    const failures = new Map<string, { count: number; example: string }>();
    let sent = 0;
    for (const [i, route] of routes.entries()) {
      for (const request of fc.sample(fuzzRequests(route, ctx), { seed: SEED + i, numRuns: REQUESTS_PER_ROUTE })) {
        logged.length = 0;
        const answer = await send(port, request).catch((err: Error) => ({ status: 0, body: `no answer: ${err.message}` }));
        sent += 1;
        if (answer.status >= 500 || answer.status === 0 || uncoded(request, answer)) record(failures, route, request, answer, logged);
        // Rate limits would soon turn every account call into a 429; forgetting them keeps the fuzz reaching the services.
        if (sent % 50 === 0) await t.ds.query('DELETE FROM rate_events');
      }
    }
    expect([...failures.values()].map((f) => `${f.count} x ${f.example}`)).toEqual([]);
    expect(sent).toBe(routes.length * REQUESTS_PER_ROUTE);
  }, 600_000);

  it('answers the shapes that once reached the database or a string method (null fields, built-in keys, list filters) below 500', async () => {
    const routes = apiRoutes(t.app);
    const ctx = await context();
    const failures = new Map<string, { count: number; example: string }>();
    let sent = 0;
    for (const [i, route] of routes.entries()) {
      for (const request of knownShapes(route, ctx, SEED + i)) {
        logged.length = 0;
        const answer = await send(port, request).catch((err: Error) => ({ status: 0, body: `no answer: ${err.message}` }));
        sent += 1;
        if (answer.status >= 500 || answer.status === 0 || uncoded(request, answer)) record(failures, route, request, answer, logged);
        if (sent % 50 === 0) await t.ds.query('DELETE FROM rate_events');
      }
    }
    expect([...failures.values()].map((f) => `${f.count} x ${f.example}`)).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
  }, 600_000);
});

function record(failures: Map<string, { count: number; example: string }>, route: ApiRoute, request: FuzzRequest, answer: Answer, logged: string[]) {
  const stack = logged.join('\n').split('\n').slice(0, 8).join('\n      ');
  const key = `${request.method} ${route.path} ${answer.status} ${logged[0]?.split('\n')[0] ?? answer.body}`;
  const known = failures.get(key);
  if (known) known.count += 1;
  else failures.set(key, { count: 1, example: `${route.method} ${route.path} answered ${answer.status} ${answer.body}\n    ${asCurl(request)}\n      ${stack}` });
}
