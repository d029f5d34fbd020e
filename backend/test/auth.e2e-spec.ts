import { MailOutboxEntity } from '../src/infra/mail/mail-outbox.entity';
import { MailService } from '../src/infra/mail/mail.service';
import { accountsApp } from './support/accounts';
import type { TestApp } from './support/app';

/** Sign-up with an emailed code, log in, refresh, log out and reset a password: real database, real SMTP. */
describe('accounts', () => {
  let t: TestApp;
  const { ctx, smtp, newEmail, signUpBody, codeFrom, confirm, member } = accountsApp({ SITE_ORIGIN: 'http://localhost:8080' });

  beforeAll(() => (t = ctx.t));

  describe('sign-up', () => {
    it('stores an inactive member without a password and emails a 4-digit code without zeros', async () => {
      const email = newEmail();
      const res = await t.http().post('/sign-up/').send(signUpBody(email.toUpperCase(), { marketing: true })).expect(201);
      expect(res.body).toEqual({ message: 'success' });
      const [user] = await t.ds.query('SELECT * FROM users WHERE email = ?', [email]);
      expect(user).toMatchObject({ username: email, first_name: 'Aoife', last_name: 'Ní Bhriain', role: 'member', password_hash: null });
      expect(Boolean(Number(user.is_active))).toBe(false);
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe('Your Church Musicians Ireland sign-up code');
      expect(await codeFrom(email)).toMatch(/^[1-9]{4}$/);
    });

    it("leaves the sign-up's free-text names out of the code mail to the unconfirmed address", async () => {
      const email = newEmail();
      const names = { first_name: 'Visit evil.example', last_name: 'Claim your prize' };
      await t.http().post('/sign-up/').send(signUpBody(email, names)).expect(201);
      const mail = await smtp.waitFor(email, /sign-up code/);
      for (const text of [mail.text!, String(mail.html ?? ''), mail.subject!]) {
        expect(text).not.toContain('evil.example');
        expect(text).not.toContain('Claim your prize');
      }
      expect(mail.text).toMatch(/^Hello,\n\nYour sign-up code for Church Musicians Ireland is [1-9]{4}\./);
    });

    it('activates the account with the password, names and marketing choice sent with the right code, once', async () => {
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const code = await codeFrom(email);
      const res = await confirm(email, Number(code), { first_name: 'Aoibheann', marketing: true }).expect(200);
      expect(res.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String), access_expires_in: 900, user: { email, first_name: 'Aoibheann', role: 'member' } });
      const me = await t.http().get('/api/me/').set('Authorization', `Bearer ${res.body.access}`).expect(200);
      expect(me.body.email).toBe(email);
      const [user] = await t.ds.query('SELECT * FROM users WHERE email = ?', [email]);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(Boolean(Number(user.is_active))).toBe(true);
      expect(Boolean(Number(user.marketing_consent))).toBe(true);
      const again = await confirm(email, code).expect(400);
      expect(again.body).toMatchObject({ code: 'wrong_code', message: 'That code is wrong!' });
    });

    it("reports 'email_exists' for an active account", async () => {
      const { email } = await member();
      const res = await t.http().post('/sign-up/').send(signUpBody(email)).expect(409);
      expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', code: 'email_exists', message: 'That email already exists!', field: 'email' });
    });

    it('replaces the code when an unconfirmed member signs up again', async () => {
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const first = await codeFrom(email);
      smtp.clear();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const second = await codeFrom(email);
      if (first !== second) await confirm(email, first).expect(400);
      await confirm(email, second).expect(200);
    });

    it('refuses a wrong code, an expired code, and a code after 5 wrong tries', async () => {
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const code = await codeFrom(email);
      const wrong = code === '1111' ? '2222' : '1111';
      expect((await confirm(email, wrong).expect(400)).body.code).toBe('wrong_code');
      for (let i = 0; i < 3; i++) await confirm(email, wrong).expect(400);
      expect((await confirm(email, wrong).expect(429)).body.code).toBe('too_many_attempts');
      await confirm(email, code).expect(429);

      const late = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(late)).expect(201);
      const lateCode = await codeFrom(late);
      await t.ds.query("UPDATE signup_codes SET expires_at = '2020-01-01 00:00:00'");
      expect((await confirm(late, lateCode).expect(400)).body.code).toBe('code_expired');
    });

    it.each([
      [{ email: 'not-an-email' }, 'email', 'email must be an email address'],
      [{ password: 'short1' }, 'password', 'password must have 8 characters with a letter and a number'],
      [{ password: 'longbutnonumber' }, 'password', 'password must have 8 characters with a letter and a number'],
      [{ first_name: '  ' }, 'first_name', 'first_name must not be empty'],
      [{ terms: false }, 'terms', 'terms must be accepted'],
      [{ admin: true }, 'admin', 'property admin should not exist'],
    ])('answers 400 naming the field for %o', async (change, field, message) => {
      const res = await t.http().post('/sign-up/').send(signUpBody(newEmail(), change)).expect(400);
      expect(res.body).toMatchObject({ field, message });
    });

    it('refuses codes with a zero or of the wrong length', async () => {
      for (const signUpCode of ['1203', '123', 'abcd', 12345]) {
        const res = await confirm(newEmail(), signUpCode).expect(400);
        expect(res.body.field).toBe('signUpCode');
      }
    });
  });

  describe('POST /login/', () => {
    it('answers with access and refresh tokens', async () => {
      const m = await member();
      const res = await t.http().post('/login/').send({ email: m.email, password: m.password, username: m.email }).expect(200);
      expect(res.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String), user: { email: m.email } });
    });

    it("answers 'Those details are wrong!' alike for a wrong password, an unknown email and an unconfirmed account", async () => {
      const m = await member();
      const unconfirmed = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(unconfirmed)).expect(201);
      for (const body of [{ email: m.email, password: 'wrong-pass1' }, { email: newEmail(), password: 'harp2025x' }, { email: unconfirmed, password: 'harp2025x' }]) {
        const res = await t.http().post('/login/').send(body).expect(401);
        expect(res.body).toMatchObject({ code: 'invalid_credentials', message: 'Those details are wrong!' });
      }
    });

    it("answers 'Password change needed!' for an account an admin flagged", async () => {
      const m = await member();
      await t.ds.query('UPDATE users SET password_change_needed = ? WHERE email = ?', [true, m.email]);
      const res = await t.http().post('/login/').send({ email: m.email, password: m.password }).expect(403);
      expect(res.body).toMatchObject({ code: 'password_change_needed', message: 'Password change needed!' });
    });

    it('refuses an account to an address for 15 minutes after 5 failed logins from it, even with the right password', async () => {
      const m = await member();
      for (let i = 0; i < 5; i++) await t.http().post('/login/').send({ email: m.email, password: 'wrong-pass1' }).expect(401);
      const res = await t.http().post('/login/').send({ email: m.email, password: m.password }).expect(429);
      expect(res.body).toMatchObject({ statusCode: 429, code: 'too_many_attempts', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    });

    it('limits failed logins per address across accounts', async () => {
      const m = await member();
      for (let i = 0; i < 20; i++) {
        await t.http().post('/login/').set('X-Forwarded-For', '203.0.113.7').send({ email: newEmail(), password: 'wrong-pass1' }).expect(401);
      }
      await t.http().post('/login/').set('X-Forwarded-For', '203.0.113.7').send({ email: m.email, password: m.password }).expect(429);
      await t.http().post('/login/').set('X-Forwarded-For', '203.0.113.8').send({ email: m.email, password: m.password }).expect(200);
    });
  });

  describe('refresh and logout', () => {
    it('rotates the refresh token and revokes the family when an old one is used again', async () => {
      const m = await member();
      const first = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
      expect(first.body.refresh).not.toBe(m.refresh);
      const second = await t.http().post('/token/refresh/').send({ refresh: first.body.refresh }).expect(200);
      const reused = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(401);
      expect(reused.body).toMatchObject({ code: 'session_ended' });
      await t.http().post('/token/refresh/').send({ refresh: second.body.refresh }).expect(401);
    });

    it('ends the session on logout', async () => {
      const m = await member();
      await t.http().post('/logout/').send({ refresh: m.refresh }).expect(204);
      await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(401);
    });

    it('answers 401 for /api/me without a token or with a bad one', async () => {
      await t.http().get('/api/me/').expect(401);
      await t.http().get('/api/me/').set('Authorization', 'Bearer nope').expect(401);
    });
  });

  describe('password reset', () => {
    const linkFrom = async (email: string) => {
      const text = (await smtp.waitFor(email, /^Reset your/)).text!;
      const url = new URL(/(http:\/\/localhost:8080\/password-reset-step2\?\S+)/.exec(text)![1]);
      return { url, token: url.searchParams.get('token')! };
    };

    it("answers 'We've no record of that email!' for an unknown email", async () => {
      const res = await t.http().get(`/password-reset-step1/?email=${newEmail()}`).expect(404);
      expect(res.body).toMatchObject({ code: 'no_record', message: "We've no record of that email!" });
    });

    it('emails a single-use link that sets a new password, ends every session and clears the change request', async () => {
      const m = await member();
      await t.ds.query('UPDATE users SET password_change_needed = ? WHERE email = ?', [true, m.email]);
      expect((await t.http().get(`/password-reset-step1/?email=${encodeURIComponent(m.email)}`).expect(200)).body).toEqual({ message: 'success' });
      const { url, token } = await linkFrom(m.email);
      expect(url.pathname).toBe('/password-reset-step2');
      expect(url.searchParams.get('email')).toBe(m.email);
      await t.http().post('/password-reset/check/').send({ email: m.email, token }).expect(200, { message: 'success' });
      const weak = await t.http().post('/password-reset/').send({ email: m.email, token, password: 'weak' }).expect(400);
      expect(weak.body.field).toBe('password');
      await t.http().post('/password-reset/').send({ email: m.email, token, password: 'newharp2026' }).expect(200, { message: 'success' });

      await t.http().post('/login/').send({ email: m.email, password: m.password }).expect(401);
      await t.http().post('/login/').send({ email: m.email, password: 'newharp2026' }).expect(200);
      await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(401);
      const reused = await t.http().post('/password-reset/').send({ email: m.email, token, password: 'other2026x' }).expect(400);
      expect(reused.body).toMatchObject({ code: 'invalid_token', message: 'The link is out of date.' });
    });

    it('refuses an expired, a forged or another account\'s token', async () => {
      const m = await member();
      await t.http().get(`/password-reset-step1/?email=${encodeURIComponent(m.email)}`).expect(200);
      const { token } = await linkFrom(m.email);
      await t.http().post('/password-reset/check/').send({ email: newEmail(), token }).expect(400);
      await t.http().post('/password-reset/check/').send({ email: m.email, token: 'x'.repeat(43) }).expect(400);
      await t.ds.query("UPDATE password_resets SET expires_at = '2020-01-01 00:00:00'");
      await t.http().post('/password-reset/check/').send({ email: m.email, token }).expect(400);
    });

    it('limits reset requests to 3 an hour per account', async () => {
      const m = await member();
      for (let i = 0; i < 3; i++) await t.http().get(`/password-reset-step1/?email=${encodeURIComponent(m.email)}`).expect(200);
      await t.http().get(`/password-reset-step1/?email=${encodeURIComponent(m.email)}`).expect(429);
      expect((await t.http().get('/password-reset-step1/?email=nope').expect(400)).body.field).toBe('email');
    });
  });

  describe('when the mail server is down', () => {
    it('keeps the sign-up and its code, and delivers the email once the server is back', async () => {
      const port = smtp.port;
      await smtp.stop();
      const email = newEmail();
      await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
      const outbox = async () => (await t.ds.query('SELECT * FROM mail_outbox WHERE recipient = ?', [email]))[0];
      for (let i = 0; i < 100 && !(await outbox())?.last_error; i++) await new Promise((r) => setTimeout(r, 100));
      const row = await outbox();
      expect(row.sent_at).toBeNull();
      expect(Number(row.attempts)).toBe(1);
      expect(row.last_error).toBeTruthy();

      await smtp.start(port);
      await t.ds.getRepository(MailOutboxEntity).update(row.id, { nextAttemptAt: new Date(Date.now() - 1000) });
      await t.app.get(MailService).deliverDue();
      const code = await codeFrom(email);
      expect((await outbox()).sent_at).not.toBeNull();
      await confirm(email, code).expect(200);
    });
  });
});
