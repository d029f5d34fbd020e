import { startStack, type Stack } from './support/stack';

type Line = Record<string, unknown>;

/**
 * One id through the site server and the API: the X-Request-Id nginx sends (or one the site makes) is in the site's
 * log line, answered back, and sent on every call the site makes to the API, whose own line carries it too.
 */
describe('the request id from the site to the API', () => {
  let s: Stack;
  const password = 'Wrong-Harp-2025';

  beforeAll(async () => {
    s = await startStack('church', {}, { captureLogs: true });
  });
  afterAll(() => s?.stop());

  /** Every line of a server's log, parsed: each must be JSON. */
  const lines = (which: 'api' | 'site'): Line[] =>
    s.logs[which]
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  /** The request lines with this id, once the API's has arrived (stdout reaches the test a little after the answer). */
  async function linesOf(reqId: string, apiPath: RegExp): Promise<{ site: Line[]; api: Line[] }> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mine = (which: 'api' | 'site') => lines(which).filter((l) => l.reqId === reqId && l.msg === 'request');
      const found = { site: mine('site'), api: mine('api') };
      if ((found.site.length && found.api.some((l) => apiPath.test(String(l.url)))) || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("passes nginx's id from a login through the session route to the API, and logs no password on either side", async () => {
    const reqId = `0123456789abcdef${Date.now().toString(16).padStart(16, '0')}`;
    const res = await s.page('/session/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': reqId },
      body: JSON.stringify({ email: 'nobody@example.ie', password, username: 'nobody@example.ie' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe(reqId);
    const { site, api } = await linesOf(reqId, /^\/login\/$/);
    expect(site).toEqual([expect.objectContaining({ method: 'POST', url: '/session/login', status: 401, responseTime: expect.any(Number) })]);
    expect(api).toEqual([expect.objectContaining({ method: 'POST', url: '/login/', status: 401 })]);
    expect(s.logs.site.join('') + s.logs.api.join('')).not.toContain(password);
  });

  it("sends a page's id on the API calls that render it, and makes an id when none came, answering with it", async () => {
    const res = await s.page(`/pricing?probe=${Date.now()}`);
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(/^[0-9a-f]{32}$/);
    const { site, api } = await linesOf(reqId, /^\/api\/plans\/$/);
    expect(site).toEqual([expect.objectContaining({ method: 'GET', url: expect.stringMatching(/^\/pricing\?probe=\d+$/), status: 200 })]);
    expect(api).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'GET', url: '/api/plans/', status: 200 })]));
  });

  it('redacts secrets in the query of a page address (a password-reset link) from the site log', async () => {
    const token = `reset-${Date.now()}-token-value`;
    const res = await s.page(`/password-reset-step2?email=aoife%40example.ie&token=${token}`, { headers: { 'X-Request-Id': 'has spaces, refused' } });
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(/^[0-9a-f]{32}$/);
    const deadline = Date.now() + 5000;
    while (!lines('site').some((l) => l.reqId === reqId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(lines('site').find((l) => l.reqId === reqId)).toMatchObject({ url: '/password-reset-step2?email=[REDACTED]&token=[REDACTED]' });
    expect(s.logs.site.join('')).not.toContain(token);
  });

  it('writes nothing but JSON lines; every request line has its reqId', () => {
    for (const which of ['api', 'site'] as const) {
      const all = lines(which);
      expect(all.length).toBeGreaterThan(0);
      for (const line of all.filter((l) => l.msg === 'request')) expect(line.reqId).toEqual(expect.any(String));
    }
  });
});
