import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { resetDatabase, startApp, type TestApp } from './support/app';
import { TestSmtp } from './support/smtp';

/**
 * The API's log through a whole account's life (sign-up, code, login, refresh, reset): JSON lines, one per request
 * with the X-Request-Id it was sent and answered with, and not one password, code, token or reset link in it, even at
 * the most talkative level.
 */
describe('the API log', () => {
  const smtp = new TestSmtp();
  const lines: string[] = [];
  let t: TestApp;
  let n = 0;
  const email = `logged.${process.pid}.${Date.now()}@example.ie`;
  const password = 'Harp-Logs-2025';
  const newPassword = 'Fiddle-Logs-2026';

  beforeAll(async () => {
    await smtp.start();
    // A version believed for a minute, so that repeated public reads are answered before Fastify (the answer cache's
    // fast path), which writes their lines itself.
    t = await startApp('church', { SMTP_URL: smtp.url, SITE_ORIGIN: 'http://localhost:8080', LOG_LEVEL: 'trace', DATA_VERSION_CHECK_MS: '60000' }, { logDestination: { write: (line: string) => void lines.push(line) } });
    await resetDatabase(t.ds);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  /** Each call with an id of its own, so its line can be found. */
  const sent: { id: string; status: number; answered: string | undefined }[] = [];
  const call = async (method: 'get' | 'post', path: string, body?: object, bearer?: string) => {
    const id = `logs-test-${process.pid}-${++n}`;
    let req = t.http()[method](path).set('X-Request-Id', id);
    if (bearer) req = req.set('Authorization', `Bearer ${bearer}`);
    const res = await (body ? req.send(body) : req);
    sent.push({ id, status: res.status, answered: res.headers['x-request-id'] });
    return res;
  };
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('logs a sign-up, login, refresh and password reset without their secrets', async () => {
    expect((await call('post', '/sign-up/', { email, password, first_name: 'Aoife', last_name: 'Ní Bhriain', username: email, terms: true })).status).toBe(201);
    const code = /code for .* is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
    const confirmed = await call('post', '/sign-up/code/', { email, password, signUpCode: code });
    expect(confirmed.status).toBe(200);
    const login = await call('post', '/login/', { email, password, username: email });
    expect(login.status).toBe(200);
    const refreshed = await call('post', '/token/refresh/', { refresh: login.body.refresh });
    expect(refreshed.status).toBe(200);
    expect((await call('get', '/api/me/', undefined, refreshed.body.access)).status).toBe(200);
    expect((await call('get', `/password-reset-step1/?email=${encodeURIComponent(email)}`)).status).toBe(200);
    const link = new URL(/(http:\/\/localhost:8080\/password-reset-step2\?\S+)/.exec((await smtp.waitFor(email, /password/i)).text!)![1]);
    const resetToken = link.searchParams.get('token')!;
    expect((await call('post', '/password-reset/check/', { email, token: resetToken })).status).toBe(200);
    expect((await call('post', '/password-reset/', { email, token: resetToken, password: newPassword })).status).toBe(200);
    const after = await call('post', '/login/', { email, password: newPassword });
    expect(after.status).toBe(200);
    // A secret in a query string: its value never reaches the log, the path does.
    expect((await call('get', `/api/nothing-here/?token=${resetToken}&code=${code}&page=2`)).status).toBe(404);

    const log = lines.join('');
    const secrets = { password, newPassword, resetToken, encodedResetToken: encodeURIComponent(resetToken) } as Record<string, string>;
    for (const [i, session] of [confirmed.body, login.body, refreshed.body, after.body].entries()) {
      secrets[`access${i}`] = session.access;
      secrets[`refresh${i}`] = session.refresh;
    }
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length).toBeGreaterThan(8);
      if (log.includes(secret)) throw new Error(`the log holds the ${name}`);
    }
    // The 4-digit code, anywhere but in the times and numbers every line has.
    for (const entry of parsed()) {
      const { time: _time, pid: _pid, responseTime: _responseTime, ...rest } = entry;
      expect(JSON.stringify(rest)).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    }
    expect(log).not.toMatch(/authorization|bearer|cookie/i);

    const miss = parsed().find((e) => e.reqId === sent[sent.length - 1].id)!;
    expect(miss.url).toBe('/api/nothing-here/?token=[REDACTED]&code=[REDACTED]&page=2');
  });

  it('writes every line as JSON, one line per request with its id, method, path, status and time; the id is echoed', () => {
    const entries = parsed();
    expect(entries.length).toBe(lines.length);
    for (const line of lines) expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
    for (const { id, status, answered } of sent) {
      expect(answered).toBe(id);
      const mine = entries.filter((e) => e.reqId === id && e.msg === 'request');
      expect(mine).toEqual([expect.objectContaining({ level: 30, method: expect.stringMatching(/^(GET|POST)$/), url: expect.stringMatching(/^\//), status, responseTime: expect.any(Number), time: expect.any(String) })]);
    }
    // Every request line, and nothing but requests, has a reqId here: the start-up lines of Nest came through the same pino.
    expect(entries.filter((e) => e.msg === 'request').every((e) => typeof e.reqId === 'string')).toBe(true);
    expect(entries.some((e) => e.context === 'NestApplication' && e.msg === 'Nest application successfully started')).toBe(true);
  });

  it('answers a request without an id, or with one it cannot log as it is, with a new id of its own, and logs that', async () => {
    const before = lines.length;
    const none = await t.http().get('/api/counties/').expect(200);
    const bad = await t.http().get('/api/counties/').set('X-Request-Id', 'two words "quoted"').expect(200);
    const long = await t.http().get('/api/counties/').set('X-Request-Id', 'x'.repeat(200)).expect(200);
    const ids = [none, bad, long].map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
    const logged = lines.slice(before).map((l) => JSON.parse(l)).filter((e) => e.msg === 'request').map((e) => e.reqId);
    expect(logged).toEqual(ids);
  });

  it('writes the line of an answer sent before Fastify (a repeated cached read) as the hook writes its own', async () => {
    const fastHits = () => (t.app.getHttpAdapter().getInstance() as { answerStore: { fastHits: number } }).answerStore.fastHits;
    const before = fastHits();
    const start = sent.length;
    for (let i = 0; i < 3; i++) expect((await call('get', '/api/counties')).status).toBe(200);
    // A miss or a hit through Fastify first (a new spelling of the line), then answered before it.
    expect(fastHits()).toBeGreaterThanOrEqual(before + 1);
    const mine = sent.slice(start).map(({ id }) => lines.find((l) => JSON.parse(l).reqId === id)!);
    // The same fields in the same order.
    const [viaFastify, , fast] = mine.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(fast)).toEqual(Object.keys(viaFastify));
    expect(fast).toEqual({ ...viaFastify, reqId: sent[start + 2].id, time: expect.any(String), responseTime: expect.any(Number) });
    expect(fast.url).toBe('/api/counties');
    expect(mine[2].endsWith('}\n')).toBe(true);
  });
});

/**
 * Stdout's lines are written together a few milliseconds late (infra/logging.ts batchedStdout): none may be lost when
 * the process exits as it does after SIGTERM or on a fatal error (process.exit), nor past a batch's 64 KB. The built
 * logger in a process of its own, as production runs it.
 */
describe('the API log on stdout', () => {
  const LOGGING = join(__dirname, '..', 'dist', 'infra', 'logging.js');

  it('holds every line, in order, when the process exits at once after writing them', async () => {
    const script = `const log = require(${JSON.stringify(LOGGING)}).createLogger('info');
      for (let i = 0; i < 3000; i++) log.info({ i, pad: 'x'.repeat(40) }, 'line');
      process.exit(0);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { maxBuffer: 16 * 1024 * 1024 });
    const seen = stdout.trim().split('\n').map((l) => (JSON.parse(l) as { i: number }).i);
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });
});
