import { resetDatabase, startApp, TestApp } from './app';
import { TestSmtp } from './smtp';

export const PASSWORD = 'harp2025x';

/** A time as both engines store it (UTC), and a stored time read back (SQLite answers text). */
export const sqlTime = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString().replace('T', ' ').replace('Z', '');
export const readTime = (v: Date | string) => (v instanceof Date ? v : new Date(`${v.replace(' ', 'T')}Z`)).getTime();

/** Signing up through the API with a real SMTP server: fresh emails, the spec's payloads and the mailed code. */
function accountHelpers(app: () => TestApp, smtp: TestSmtp) {
  let n = 0;
  const newEmail = () => `lister${++n}.${process.pid}.${Date.now()}@example.ie`;
  const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    password: PASSWORD,
    first_name: 'Aoife',
    last_name: 'Ní Bhriain',
    username: email,
    terms: true,
    ...extra,
  });
  /** The newest code mailed to this address. */
  const codeFrom = async (email: string) => /code for .* is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
  /** The code step sends the same user data as the sign-up plus the code. */
  const confirm = (email: string, signUpCode: string | number, extra: Record<string, unknown> = {}) =>
    app().http().post('/sign-up/code/').send({ ...signUpBody(email, extra), signUpCode });

  /** Signs up and confirms; returns the session. */
  async function member(email = newEmail(), password = PASSWORD) {
    await app().http().post('/sign-up/').send(signUpBody(email, { password })).expect(201);
    const res = await confirm(email, await codeFrom(email), { password }).expect(200);
    return { email, password, ...res.body } as { email: string; password: string; access: string; refresh: string; user: { id: number } };
  }

  return { newEmail, signUpBody, codeFrom, confirm, member };
}

/**
 * For a describe block: the church API delivering to a real SMTP server, on a cleared database, with the rate limits
 * and the inbox emptied before each test (and spies restored after it). Read `ctx.t` inside the tests (set by the hooks).
 */
export function accountsApp(env: Record<string, string> = {}) {
  const ctx = { smtp: new TestSmtp() } as { t: TestApp; smtp: TestSmtp };
  beforeAll(async () => {
    await ctx.smtp.start();
    ctx.t = await startApp('church', { SMTP_URL: ctx.smtp.url, ...env });
    await resetDatabase(ctx.t.ds);
  });
  beforeEach(async () => {
    ctx.smtp.clear();
    await ctx.t.ds.query('DELETE FROM rate_events');
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.smtp.stop();
  });
  return { ctx, smtp: ctx.smtp, ...accountHelpers(() => ctx.t, ctx.smtp) };
}
