import { createHmac, hkdfSync } from 'node:crypto';
import { PasswordHasher } from '../src/infra/password-hasher';
import { AuthRepository, FAMILY_CHECK_MS } from '../src/modules/auth/auth.repository';
import { accountsApp, PASSWORD, readTime, sqlTime } from './support/accounts';
import { startApp, TEST_JWT_SECRET, type TestApp } from './support/app';

const HOUR = 60 * 60_000;

/** Account hardening: sign-up takeover, code caps, session ends, lockouts and keys. Real database, real SMTP. */
describe('account hardening', () => {
  let t: TestApp;
  const { ctx, smtp, newEmail, signUpBody, codeFrom, confirm, member } = accountsApp();
  const login = (email: string, password: string, address = '192.0.2.1') => t.http().post('/login/').set('X-Forwarded-For', address).send({ email, password });
  const signUpFrom = (address: string, email: string, extra: Record<string, unknown> = {}) =>
    t.http().post('/sign-up/').set('X-Forwarded-For', address).send(signUpBody(email, extra));
  const me = (access: string) => t.http().get('/api/me/').set('Authorization', `Bearer ${access}`);
  const refresh = (token: string) => t.http().post('/token/refresh/').send({ refresh: token });
  const resetLink = async (email: string) => {
    smtp.clear();
    await t.http().get(`/password-reset-step1/?email=${encodeURIComponent(email)}`).expect(200);
    return new URL(/(http:\/\/\S+password-reset-step2\?\S+)/.exec((await smtp.waitFor(email, /^Reset your/)).text!)![1]).searchParams.get('token')!;
  };

  beforeAll(() => (t = ctx.t));

  describe('a pending sign-up', () => {
    it("activates the owner's password when someone else signs up with the same email before the owner confirms", async () => {
      const email = newEmail();
      await signUpFrom('192.0.2.10', email, { password: 'owner2025x' }).expect(201);
      await codeFrom(email);
      smtp.clear();
      await signUpFrom('192.0.2.66', email, { password: 'taker2025x', first_name: 'Mallory' }).expect(201);
      await confirm(email, await codeFrom(email), { password: 'owner2025x' }).expect(200);
      await login(email, 'owner2025x').expect(200);
      await login(email, 'taker2025x', '192.0.2.67').expect(401);
    });

    it("activates the owner's password when someone else signed up with the email first", async () => {
      const email = newEmail();
      await signUpFrom('192.0.2.66', email, { password: 'taker2025x' }).expect(201);
      await codeFrom(email);
      smtp.clear();
      await signUpFrom('192.0.2.10', email, { password: 'owner2025x' }).expect(201);
      await confirm(email, await codeFrom(email), { password: 'owner2025x' }).expect(200);
      await login(email, 'owner2025x').expect(200);
      await login(email, 'taker2025x', '192.0.2.67').expect(401);
    });

    it('refuses a code step without a valid password, naming the field', async () => {
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const code = await codeFrom(email);
      const res = await t.http().post('/sign-up/code/').send({ email, signUpCode: code }).expect(400);
      expect(res.body).toMatchObject({ field: 'password', message: 'password must have 8 characters with a letter and a number' });
      await confirm(email, code).expect(200);
    });

    it('mails at most 3 codes an hour and 10 a day to one email', async () => {
      const email = newEmail();
      const ago = async (ms: number) => t.ds.query("UPDATE rate_events SET created_at = ? WHERE scope = 'signup-email'", [sqlTime(-ms)]);
      for (let i = 0; i < 3; i++) await signUpFrom(`192.0.2.${20 + i}`, email).expect(201);
      const res = await signUpFrom('192.0.2.30', email).expect(429);
      expect(res.body).toMatchObject({ code: 'too_many_codes', field: 'email' });
      await ago(2 * HOUR);
      for (let i = 0; i < 3; i++) await signUpFrom(`192.0.2.${40 + i}`, email).expect(201);
      await ago(3 * HOUR);
      for (let i = 0; i < 3; i++) await signUpFrom(`192.0.2.${50 + i}`, email).expect(201);
      await ago(4 * HOUR);
      await signUpFrom('192.0.2.60', email).expect(201);
      await signUpFrom('192.0.2.61', email).expect(429);
      expect(await t.ds.query("SELECT id FROM signup_codes WHERE user_id = (SELECT id FROM users WHERE email = ?)", [email])).toHaveLength(10);
    });

    it('allows 10 failed code tries a day per pending account, however many codes it is sent', async () => {
      const email = newEmail();
      const wrongTries = async (n: number) => {
        smtp.clear();
        await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
        const code = await codeFrom(email);
        for (let i = 0; i < n; i++) await confirm(email, code === '1111' ? '2222' : '1111').expect(400);
        return code;
      };
      await wrongTries(4);
      await wrongTries(4);
      const code = await wrongTries(2);
      expect((await confirm(email, code).expect(429)).body.code).toBe('too_many_attempts');
    });
  });

  describe('sessions', () => {
    it('ends the access tokens of every session and the other reset links when a password is reset', async () => {
      const m = await member();
      const other = (await login(m.email, m.password).expect(200)).body;
      const older = await resetLink(m.email);
      const token = await resetLink(m.email);
      await t.http().post('/password-reset/').send({ email: m.email, token, password: 'newharp2026' }).expect(200);
      await me(m.access).expect(401);
      await me(other.access).expect(401);
      await t.http().post('/password-reset/check/').send({ email: m.email, token: older }).expect(400);
      const fresh = (await login(m.email, 'newharp2026').expect(200)).body;
      await me(fresh.access).expect(200);
    });

    it('ends a login that was racing a password reset, though its family was stored after the reset', async () => {
      const m = await member();
      const hasher = t.app.get(PasswordHasher);
      const verify = hasher.verify.bind(hasher);
      const token = await resetLink(m.email);
      // The old password is checked, then the owner resets it before the login stores its session.
      jest.spyOn(hasher, 'verify').mockImplementationOnce(async (hash, password) => {
        const ok = await verify(hash, password);
        await t.http().post('/password-reset/').send({ email: m.email, token, password: 'newharp2026' }).expect(200);
        return ok;
      });
      const racing = (await login(m.email, m.password).expect(200)).body;
      await me(racing.access).expect(401);
      await refresh(racing.refresh).expect(401);
    });

    it('logs out of every session, ending their access tokens and open reset links, when asked to', async () => {
      const m = await member();
      const other = (await login(m.email, m.password).expect(200)).body;
      const link = await resetLink(m.email);
      await t.http().post('/logout/').send({ refresh: m.refresh, everywhere: true }).expect(204);
      await refresh(other.refresh).expect(401);
      await me(other.access).expect(401);
      await me(m.access).expect(401);
      await t.http().post('/password-reset/check/').send({ email: m.email, token: link }).expect(400);
    });

    it('logs out of one session only, by default', async () => {
      const m = await member();
      const other = (await login(m.email, m.password).expect(200)).body;
      await t.http().post('/logout/').send({ refresh: m.refresh }).expect(204);
      await refresh(m.refresh).expect(401);
      await refresh(other.refresh).expect(200);
    });

    it("ends a logged-out session's access token at once in this API process, and its other logins' not at all", async () => {
      const m = await member();
      const other = (await login(m.email, m.password).expect(200)).body;
      await me(m.access).expect(200);
      await t.http().post('/logout/').send({ refresh: m.refresh }).expect(204);
      expect((await me(m.access).expect(401)).body.code).toBe('invalid_access_token');
      await me(other.access).expect(200);
    });

    it('ends the access token in another API process within FAMILY_CHECK_MS of a logout', async () => {
      const second = await startApp('church', { SMTP_URL: smtp.url });
      try {
        const m = await member();
        const meThere = () => second.http().get('/api/me/').set('Authorization', `Bearer ${m.access}`);
        // The other process has just seen the session live and keeps that answer a short while.
        await meThere().expect(200);
        await t.http().post('/logout/').send({ refresh: m.refresh }).expect(204);
        await new Promise((r) => setTimeout(r, FAMILY_CHECK_MS + 200));
        await meThere().expect(401);
      } finally {
        await second.close();
      }
    });

    it('ends a session 90 days after its login however often it is refreshed', async () => {
      const m = await member();
      const [family] = await t.ds.query('SELECT * FROM refresh_families WHERE user_id = ?', [m.user.id]);
      expect(Math.abs(readTime(family.expires_at) - (Date.now() + 90 * 24 * HOUR))).toBeLessThan(HOUR);
      const next = (await refresh(m.refresh).expect(200)).body;
      await t.ds.query('UPDATE refresh_families SET expires_at = ? WHERE id = ?', [sqlTime(60_000), family.id]);
      const last = (await refresh(next.refresh).expect(200)).body;
      const [row] = await t.ds.query('SELECT expires_at FROM refresh_tokens WHERE family_id = ? ORDER BY id DESC LIMIT 1', [family.id]);
      expect(readTime(row.expires_at)).toBeLessThanOrEqual(Date.now() + 2 * 60_000);
      await t.ds.query('UPDATE refresh_families SET expires_at = ? WHERE id = ?', [sqlTime(-1000), family.id]);
      expect((await refresh(last.refresh).expect(401)).body.code).toBe('session_ended');
    });

    it('refuses to refresh the session of a user flagged for a password change', async () => {
      const m = await member();
      await t.ds.query('UPDATE users SET password_change_needed = ? WHERE email = ?', [true, m.email]);
      const res = await refresh(m.refresh).expect(401);
      expect(res.body).toMatchObject({ code: 'password_change_needed', message: 'Password change needed!' });
    });

    it('marks answers carrying tokens as not to be stored by caches', async () => {
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const confirmed = await confirm(email, await codeFrom(email)).expect(200);
      expect(confirmed.headers['cache-control']).toBe('no-store');
      const logged = await login(email, PASSWORD).expect(200);
      expect(logged.headers['cache-control']).toBe('no-store');
      expect((await refresh(logged.body.refresh).expect(200)).headers['cache-control']).toBe('no-store');
    });
  });

  describe('failed logins', () => {
    it('refuses the address that hammers an account while another address still logs in', async () => {
      const m = await member();
      for (let i = 0; i < 5; i++) await login(m.email, 'wrong-pass1', '203.0.113.50').expect(401);
      for (let i = 0; i < 5; i++) await login(m.email, 'wrong-pass1', '203.0.113.50').expect(429);
      await login(m.email, m.password, '203.0.113.50').expect(429);
      await login(m.email, m.password, '203.0.113.51').expect(200);
    });

    it('refuses an account guessed at from many addresses after 25 failures in 15 minutes', async () => {
      const m = await member();
      for (let a = 0; a < 5; a++) for (let i = 0; i < 5; i++) await login(m.email, 'wrong-pass1', `203.0.113.${60 + a}`).expect(401);
      await login(m.email, m.password, '203.0.113.70').expect(429);
    });

    it('counts the addresses of one IPv6 /64 as one address', async () => {
      const m = await member();
      for (let i = 0; i < 20; i++) await login(newEmail(), 'wrong-pass1', `2001:db8:7:1::${(i + 1).toString(16)}`).expect(401);
      await login(m.email, m.password, '2001:db8:7:1:ffff:ffff:ffff:ffff').expect(429);
      await login(m.email, m.password, '2001:db8:7:2::1').expect(200);
    });
  });

  describe('stored secrets', () => {
    it('keys sign-up code HMACs with a key derived from the JWT secret, not the secret itself', async () => {
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const code = await codeFrom(email);
      const [row] = await t.ds.query('SELECT s.code_hash, s.user_id FROM signup_codes s JOIN users u ON u.id = s.user_id WHERE u.email = ?', [email]);
      const key = Buffer.from(hkdfSync('sha256', TEST_JWT_SECRET, '', 'directory signup-code', 32));
      expect(row.code_hash).not.toBe(createHmac('sha256', TEST_JWT_SECRET).update(`${row.user_id}:${code}`).digest('base64url'));
      expect(row.code_hash).toBe(createHmac('sha256', key).update(`${row.user_id}:${code}`).digest('base64url'));
    });

    it('keeps no sign-up code or reset link in the outbox once they are sent', async () => {
      const m = await member();
      await resetLink(m.email);
      const sent = async () => (await t.ds.query('SELECT subject, text_body, sent_at FROM mail_outbox WHERE recipient = ?', [m.email])) as { subject: string; text_body: string; sent_at: unknown }[];
      for (let i = 0; i < 50 && (await sent()).some((r) => !r.sent_at); i++) await new Promise((r) => setTimeout(r, 100));
      const subjects = (await sent()).map((r) => r.subject);
      expect(subjects).toEqual(expect.arrayContaining([expect.stringMatching(/sign-up code$/), expect.stringMatching(/^Reset your/)]));
      expect(subjects.join()).not.toMatch(/\d/);
      expect((await sent()).map((r) => r.text_body)).toEqual(subjects.map(() => ''));
    });

    it('prunes expired sign-up codes, reset links and sessions, keeping live ones', async () => {
      const m = await member();
      await resetLink(m.email);
      const live = (await login(m.email, m.password).expect(200)).body;
      const pending = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(pending)).expect(201);
      await t.ds.query('UPDATE password_resets SET expires_at = ? WHERE user_id = ?', [sqlTime(-1000), m.user.id]);
      await t.ds.query('UPDATE signup_codes SET expires_at = ? WHERE user_id = ?', [sqlTime(-25 * HOUR), m.user.id]);
      const [first] = await t.ds.query('SELECT family_id FROM refresh_tokens WHERE user_id = ? ORDER BY id ASC LIMIT 1', [m.user.id]);
      await t.ds.query('UPDATE refresh_tokens SET expires_at = ? WHERE family_id = ?', [sqlTime(-1000), first.family_id]);
      await t.ds.query('UPDATE refresh_families SET expires_at = ? WHERE id = ?', [sqlTime(-1000), first.family_id]);
      const rows = async (table: string) => (await t.ds.query(`SELECT user_id FROM ${table}`)).map((r: { user_id: number }) => Number(r.user_id));

      await t.app.get(AuthRepository).pruneExpired();
      expect(await rows('password_resets')).not.toContain(m.user.id);
      expect(await rows('signup_codes')).not.toContain(m.user.id);
      expect((await rows('signup_codes')).length).toBeGreaterThan(0);
      expect(await t.ds.query('SELECT id FROM refresh_tokens WHERE family_id = ?', [first.family_id])).toEqual([]);
      expect(await t.ds.query('SELECT id FROM refresh_families WHERE id = ?', [first.family_id])).toEqual([]);
      await refresh(live.refresh).expect(200);
      await confirm(pending, await codeFrom(pending)).expect(200);
    });
  });
});
