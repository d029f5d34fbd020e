import { TestSmtp } from './support/smtp';
import { resetDatabase, startApp, TestApp } from './support/app';

/** The caller's address behind the proxies TRUST_PROXY names, as the per-address limits count it. */
describe('the address per-address limits count', () => {
  const smtp = new TestSmtp();
  const body = { firstName: 'Seán', lastName: 'Kelly', email: 'sean@example.ie', message: 'Do you list uilleann pipers in Mayo?' };

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  /** Sends one contact message with this X-Forwarded-For and returns the address its limit was counted under. */
  async function countedAs(t: TestApp, forwardedFor: string): Promise<string> {
    await t.ds.query('DELETE FROM rate_events');
    await t.http().post('/contact/').set('X-Forwarded-For', forwardedFor).send(body).expect(201);
    const [row] = await t.ds.query("SELECT subject FROM rate_events WHERE scope = 'contact-ip'");
    return row.subject;
  }

  async function withTrustProxy(trustProxy: string | undefined, check: (t: TestApp) => Promise<void>) {
    const t = await startApp('church', { SMTP_URL: smtp.url, ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) });
    try {
      await resetDatabase(t.ds);
      await check(t);
    } finally {
      await t.close();
    }
  }

  it('is the forwarded address behind the default trusted proxy (loopback), an IPv6 one counted by its /64', () =>
    withTrustProxy(undefined, async (t) => {
      expect(await countedAs(t, '198.51.100.7')).toBe('198.51.100.7');
      expect(await countedAs(t, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
      expect(await countedAs(t, '2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    }));

  it('looks past every proxy of a comma-separated TRUST_PROXY list', () =>
    withTrustProxy('loopback, 10.0.0.0/8', async (t) => {
      expect(await countedAs(t, '198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
    }));

  it('is the connecting address when TRUST_PROXY does not name it', () =>
    withTrustProxy('10.0.0.0/8', async (t) => {
      expect(await countedAs(t, '198.51.100.7')).toBe('127.0.0.1');
    }));
});
