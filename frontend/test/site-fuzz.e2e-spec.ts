import { request } from 'node:http';
import { connect } from 'node:net';
import { startStack, type Stack } from './support/stack';

/** mulberry32: the same requests on every run, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const PAGES = ['/', '/categories', '/categories/female-singers', '/categories/female-singers/cork', '/counties', '/counties/dublin', '/profile', '/articles', '/map', '/drafts', '/cp', '/cp/dashboard', '/cp/listings', '/cp/listings/new', '/cp/enquiries', '/cp/statistics', '/cp/account', '/log-in', '/log-in-stage', '/sign-up', '/sign-up-start', '/password-reset-step1', '/password-reset-step2', '/crosfhocal', '/contact', '/robots.txt', '/sitemap.xml', '/assets', '/session', '/__vite_ping', '/@vite/client', '/@fs', '/@id', '/@react-refresh'];
const SEGMENTS = ['%', '%zz', '%E0%A4%A', '%00', '%2F', '%2e%2e', '..', '.', '', 'female-singers', 'cork', 'index.pageContext.json', '%C3%BC', '%F0%9F%8E%BB', '-', 'a--b', '0', '-1', '99999999999', "'", '"', '<script>', '{}', '[]', 'null', ';', ','];
const QUERY = ['price', 'postSlug', 'catSlug', 'limit', 'offset', 'email', 'token', 'q', 'a[]', 'price[]', '%', '__proto__', 'constructor'];
const VALUES = ['', '%', '%zz', 'charge', 'nominal_charge', '-1', '1e9', 'x'.repeat(400), '%00', 'true', '[object%20Object]', '../..', '%E0%A4%A'];
const COOKIE_VALUES = ['%', '%zz', '%E0%A4%A', '', 'a.b.c', 'x'.repeat(30), 'x'.repeat(5000), '"quoted"', 'a=b', '%20', 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln'];
const SESSION_ROUTES = ['/session/login', '/session/sign-up-code', '/session/refresh', '/session/logout', '/session/nothing-here'];
const TYPES = ['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=nonsense', ''];

/** A few hundred malformed requests for the site server: paths, queries, cookies, headers and /session/* bodies. */
function probes(seed: number, count: number): Probe[] {
  const g = generator(seed);
  const segment = () => (g.next() < 0.15 ? 'z'.repeat(150 + g.int(300)) : g.pick(SEGMENTS));
  const nested = (depth: number): string => (depth ? `{"a":${nested(depth - 1)}}` : '{}');
  const bodies = [
    () => '{',
    () => '[]',
    () => '"text"',
    () => 'null',
    () => '{"email":123,"password":[],"signUpCode":{}}',
    () => JSON.stringify({ email: `fuzz${g.int(1e6)}@example.ie`, password: 'x'.repeat(g.int(300)), username: g.pick(VALUES) }),
    () => JSON.stringify({ email: g.pick(VALUES), signUpCode: g.pick(VALUES), password: g.pick(VALUES) }),
    () => nested(1 + g.int(40)),
    () => nested(5000),
    () => `${'['.repeat(5000)}${']'.repeat(5000)}`,
    () => `{"email":"${'e'.repeat(20_000)}"}`,
    () => '\u0000\u0001',
    () => '',
  ];
  const list: Probe[] = [];
  for (let i = 0; i < count; i++) {
    const headers: Record<string, string> = {};
    if (g.next() < 0.5) {
      const cookies = Array.from({ length: 1 + g.int(3) }, () => `${g.pick(['dir_at', 'dir_rt', 'other'])}=${g.pick(COOKIE_VALUES)}`);
      headers.Cookie = cookies.join(g.pick(['; ', ';', ' ; ']));
    }
    if (g.next() < 0.2) headers['X-Forwarded-For'] = g.pick(['203.0.113.9', 'not-an-address', '::1, 10.0.0.1', '', '1.2.3.4, garbage']);
    if (g.next() < 0.1) headers['X-Forwarded-Proto'] = g.pick(['https', 'gopher', '']);
    if (g.next() < 0.4) {
      const type = g.pick(TYPES);
      if (type) headers['Content-Type'] = type;
      if (g.next() < 0.2) headers.Origin = g.pick(['https://elsewhere.example', 'null']);
      list.push({ method: g.pick(['POST', 'POST', 'POST', 'GET', 'PUT']), path: g.pick(SESSION_ROUTES), headers, body: g.pick(bodies)() });
      continue;
    }
    const segments = Array.from({ length: g.int(4) }, segment);
    let path = g.pick(PAGES) + (segments.length ? `/${segments.join('/')}` : '') + (g.next() < 0.2 ? '/' : '');
    if (g.next() < 0.5) path += `?${Array.from({ length: 1 + g.int(3) }, () => `${g.pick(QUERY)}=${g.pick(VALUES)}`).join('&')}`;
    list.push({ method: g.pick(['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS']), path, headers });
  }
  return list;
}

/**
 * Sends a request exactly as written (fetch would normalise the path), answering the status and the start of the body.
 * A body goes with its Content-Length, as browsers, curl and nginx send one: node:http writes a GET's body without any
 * length, so the server rightly reads those bytes as a next request on the connection, refuses it as garbage and
 * closes a connection the agent has already taken back for reuse (a reset for whichever probe it lends it to next).
 */
function send(siteUrl: string, probe: Probe): Promise<{ status: number; body: string }> {
  const url = new URL(siteUrl);
  const headers = probe.body === undefined ? probe.headers : { ...probe.headers, 'Content-Length': String(Buffer.byteLength(probe.body)) };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: probe.method, path: probe.path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => body.length < 500 && (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: body.slice(0, 300) }));
    });
    req.on('error', reject);
    req.end(probe.body);
  });
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * Writes requests (raw HTTP/1.1, all in one write: pipelined) on one connection and reads their answers in order, then
 * asks `followUp` on the same connection (after `idleMs`). Answers what came back and how the connection ended if it did: a server that
 * closed it after any of these answers leaves answers missing and `ended` set.
 */
function pipelined(siteUrl: string, requests: { method: string; raw: string }[], followUp: string, idleMs = 0): Promise<{ answers: RawAnswer[]; ended: string | null }> {
  const url = new URL(siteUrl);
  const methods = [...requests.map((r) => r.method), 'GET'];
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const answers: RawAnswer[] = [];
    let buffer = Buffer.alloc(0);
    let done = false;
    const finish = (ended: string | null) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answers, ended });
    };
    socket.on('connect', () => socket.write(requests.map((r) => r.raw).join('')));
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        const status = Number(statusLine.split(' ')[1]);
        // Answers here carry Content-Length (no Accept-Encoding was sent, so nothing is compressed on the fly).
        const length = methods[answers.length] === 'HEAD' || status === 204 || status === 304 ? 0 : Number(headers['content-length']);
        if (Number.isNaN(length)) return finish(`answer ${answers.length + 1} without Content-Length`);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.subarray(end + 4 + length);
        answers.push({ status, headers });
        if (answers.length === requests.length) setTimeout(() => done || socket.write(followUp), idleMs);
        if (answers.length === methods.length) return finish(null);
      }
    });
    socket.on('end', () => finish('closed by the server'));
    socket.on('error', (err) => finish(err.message));
    socket.setTimeout(20_000, () => finish('timed out'));
  });
}

const rawRequest = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries({ ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body ?? ''}`;

describe('the site server under malformed requests and on reused connections (seeded fuzzing, loopback only)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('church');
  });
  afterAll(() => s?.stop());

  it('never answers a server error (5xx) to 400 malformed requests', async () => {
    const queue = probes(20_259, 400);
    const failures: string[] = [];
    const worker = async () => {
      for (let probe = queue.shift(); probe; probe = queue.shift()) {
        const answer = await send(s.siteUrl, probe);
        if (answer.status >= 500) failures.push(`${probe.method} ${probe.path} ${JSON.stringify(probe.headers)} ${probe.body?.slice(0, 80) ?? ''} -> ${answer.status} ${answer.body}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(failures).toEqual([]);
  }, 180_000);

  // Vite's development server answers these; in production nothing does, and the page renderer must not see them.
  it('answers 404 to the paths of Vite development server in production', async () => {
    const paths = ['/__vite_ping', '/@vite/client', '/@vite/env', '/@fs/etc/passwd', `/@fs${process.cwd()}/package.json`, '/@id/react', '/@id/__x00__virtual:x', '/@react-refresh', '/__vite_ping?t=1', '/@fs/', '/@vite'];
    const answers = [];
    for (const path of paths) for (const method of ['GET', 'HEAD']) answers.push({ method, path, status: (await send(s.siteUrl, { method, path, headers: {} })).status });
    expect(answers).toEqual(answers.map((a) => ({ ...a, status: 404 })));
  });

  // The site server parses these bodies itself before relaying them: nesting is counted as the API counts it.
  it('answers 400 body_too_deep to a JSON body nested deeper than the API takes, on every /session/ route', async () => {
    // Within the 10 KB a /session/ body may have (a larger one is a 413).
    const deep = [`${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(1500)}{}${'}'.repeat(1500)}`, `{"email":${'['.repeat(33)}${']'.repeat(33)}}`];
    for (const path of ['/session/login', '/session/sign-up-code', '/session/refresh', '/session/logout']) {
      for (const body of deep) {
        const answer = await send(s.siteUrl, { method: 'POST', path, headers: { 'Content-Type': 'application/json' }, body });
        expect({ path, body: body.slice(0, 12), status: answer.status, code: JSON.parse(answer.body).code }).toEqual({ path, body: body.slice(0, 12), status: 400, code: 'body_too_deep' });
      }
    }
    // 32 levels still reach the API (which refuses the wrong password, not the nesting).
    const ok = await send(s.siteUrl, { method: 'POST', path: '/session/login', headers: { 'Content-Type': 'application/json' }, body: `{"email":"a@example.ie","password":"x1234567","username":${'['.repeat(31)}${']'.repeat(31)}}` });
    expect(ok.status).toBe(400);
    expect(JSON.parse(ok.body).code).not.toBe('body_too_deep');
  });

  // A proxy or browser reuses its connection once an answer has come whole: the server must not close it behind that
  // answer. These answers go out at once (nothing to render), most with their request's body left unread.
  it('keeps a connection open after quick answers to requests whose bodies it did not read', async () => {
    const json = { 'Content-Type': 'application/json' };
    const cases = [
      { method: 'GET', raw: rawRequest('GET', '/session/refresh', { ...json, Origin: 'https://elsewhere.example' }, '{"a":1}') },
      { method: 'GET', raw: rawRequest('GET', '/session/login', { Origin: 'https://elsewhere.example' }, 'null') },
      { method: 'DELETE', raw: rawRequest('DELETE', '/cp/listings/new/x', {}, 'null') },
      { method: 'OPTIONS', raw: rawRequest('OPTIONS', '/assets/;/..?constructor=%00', {}, '[]') },
      { method: 'POST', raw: rawRequest('POST', '/robots.txt', {}, 'x'.repeat(20_000)) },
      { method: 'POST', raw: rawRequest('POST', '/session/login', json, `{"email":"${'e'.repeat(20_000)}"}`) },
      { method: 'POST', raw: rawRequest('POST', '/session/logout', { ...json, Origin: 'null' }, '{') },
      { method: 'HEAD', raw: rawRequest('HEAD', '/robots.txt', {}, 'x') },
      { method: 'GET', raw: rawRequest('GET', '/images/media-placeholder.svg', {}, 'x') },
      { method: 'GET', raw: rawRequest('GET', '/session/nothing-here', json, '{}') },
    ];
    const { answers, ended } = await pipelined(s.siteUrl, cases, rawRequest('GET', '/robots.txt'));
    expect(ended).toBeNull();
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 404, 200, 404, 413, 400, 200, 200, 404, 200]);
    expect(answers.filter((answer) => /close/i.test(answer.headers.connection ?? ''))).toEqual([]);
  }, 30_000);

  // nginx keeps idle upstream connections for 60 s: the server must keep them longer (Node's default closes them
  // after 5 s and a second of grace).
  it('keeps an idle keep-alive connection past 7 s (72 s, longer than nginx keeps it) and says so', async () => {
    const { answers, ended } = await pipelined(s.siteUrl, [{ method: 'GET', raw: rawRequest('GET', '/robots.txt') }], rawRequest('GET', '/robots.txt'), 7_000);
    expect(ended).toBeNull();
    expect(answers.map((answer) => [answer.status, answer.headers['keep-alive']])).toEqual([
      [200, 'timeout=72'],
      [200, 'timeout=72'],
    ]);
  }, 30_000);
});
