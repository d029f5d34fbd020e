import { accountsApp, PASSWORD } from './support/accounts';

/**
 * A new password on the list of common passwords (@zxcvbn-ts/language-common) is refused wherever one is chosen:
 * sign-up, its code step, a reset and a change in the control panel. Each answer is a 400 naming the field.
 */
describe('common passwords', () => {
  const { ctx, smtp, newEmail, signUpBody, codeFrom, confirm, member } = accountsApp({ SITE_ORIGIN: 'http://localhost:8080' });
  const http = () => ctx.t.http();
  const refused = { statusCode: 400, code: 'common_password', field: 'password', message: 'That password is one of the most common ones. Please choose a password that is harder to guess.' };
  // Each passes the length rule (8 characters with a letter and a number); case does not make one less common.
  const COMMON = ['password1', 'Password123', 'qwerty123', 'LETMEIN1', 'abcd1234'];

  it.each(COMMON)('refuses %s at sign-up, before any account or code is made', async (password) => {
    const email = newEmail();
    const res = await http().post('/sign-up/').send(signUpBody(email, { password })).expect(400);
    expect(res.body).toMatchObject(refused);
    expect((await ctx.t.ds.query('SELECT id FROM users WHERE email = ?', [email])).length).toBe(0);
  });

  it('refuses one at the code step and keeps the code good for a better password', async () => {
    const email = newEmail();
    await http().post('/sign-up/').send(signUpBody(email)).expect(201);
    const code = await codeFrom(email);
    expect((await confirm(email, code, { password: 'Password1' }).expect(400)).body).toMatchObject(refused);
    await confirm(email, code).expect(200);
  });

  it('refuses one in a reset and keeps the link good for a better password', async () => {
    const m = await member();
    await http().get(`/password-reset-step1/?email=${encodeURIComponent(m.email)}`).expect(200);
    const text = (await smtp.waitFor(m.email, /^Reset your/)).text!;
    const token = new URL(/(http:\/\/localhost:8080\/password-reset-step2\?\S+)/.exec(text)![1]).searchParams.get('token')!;
    expect((await http().post('/password-reset/').send({ email: m.email, token, password: 'iloveyou1' }).expect(400)).body).toMatchObject(refused);
    await http().post('/password-reset/').send({ email: m.email, token, password: 'newharp2026' }).expect(200, { message: 'success' });
    await http().post('/login/').send({ email: m.email, password: 'newharp2026' }).expect(200);
  });

  it('refuses one as a new password in the control panel and keeps the old one', async () => {
    const m = await member();
    const res = await http().put(`/api/users/${m.user.id}/`).set('Authorization', `Bearer ${m.access}`).send({ password: 'trustno1', current_password: PASSWORD }).expect(400);
    expect(res.body).toMatchObject(refused);
    await http().post('/login/').send({ email: m.email, password: PASSWORD }).expect(200);
  });

  it('accepts a password that is not on the list', async () => {
    await member(newEmail(), 'harp-in-Kilkenny-7');
  });
});
