import type { Response } from 'supertest';
import { PasswordHasher } from '../src/infra/password-hasher';
import { AuthRepository } from '../src/modules/auth/auth.repository';
import { accountsApp } from './support/accounts';
import type { TestApp } from './support/app';

const statuses = (answers: Response[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
const parallel = (n: number, send: (i: number) => Promise<Response>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** Limits and token rotation hold when the same call arrives many times at once: real database, real HTTP. */
describe('accounts under parallel requests', () => {
  let t: TestApp;
  const { ctx, newEmail, signUpBody, codeFrom, confirm, member } = accountsApp();

  beforeAll(() => (t = ctx.t));

  it('lets at most 5 of 50 parallel wrong passwords for one account from one address reach argon2, and answers the rest 429', async () => {
    const m = await member();
    const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
    const answers = await parallel(50, () => t.http().post('/login/').set('X-Forwarded-For', '198.51.100.20').send({ email: m.email, password: 'wrong-pass1' }));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(statuses(answers)).toEqual({ 401: verify.mock.calls.length, 429: 50 - verify.mock.calls.length });
  });

  it('lets at most 20 of 50 parallel wrong logins from one address reach argon2 across accounts', async () => {
    const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
    const answers = await parallel(50, () => t.http().post('/login/').set('X-Forwarded-For', '198.51.100.21').send({ email: newEmail(), password: 'wrong-pass1' }));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(20);
    expect(statuses(answers)).toEqual({ 401: verify.mock.calls.length, 429: 50 - verify.mock.calls.length });
  });

  it('checks at most 5 of 8 parallel wrong sign-up codes, and refuses the right code after them', async () => {
    const email = newEmail();
    await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
    const code = await codeFrom(email);
    const wrong = code === '1111' ? '2222' : '1111';
    const answers = await parallel(8, () => confirm(email, wrong));
    // Five tries are checked: wrong (400), except that the last ones may already hear the code is used up (429).
    const wrongCode = answers.filter((a) => a.body.code === 'wrong_code').length;
    expect(wrongCode).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.body.code === 'too_many_attempts')).toHaveLength(8 - wrongCode);
    const [row] = await t.ds.query('SELECT attempts FROM signup_codes WHERE user_id = (SELECT id FROM users WHERE email = ?)', [email]);
    expect(Number(row.attempts)).toBe(5);
    expect((await confirm(email, code).expect(429)).body.code).toBe('too_many_attempts');
  });

  it('never answers with a working token from a rotation its family was revoked during', async () => {
    const m = await member();
    const first = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    const repo = t.app.get(AuthRepository);
    const use = repo.useRefreshToken.bind(repo);
    // Hold the rotation just after it used its token, while the used first token is presented again (theft).
    jest.spyOn(repo, 'useRefreshToken').mockImplementationOnce(async (id) => {
      const used = await use(id);
      await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(401);
      return used;
    });
    const rotation = await t.http().post('/token/refresh/').send({ refresh: first.body.refresh });
    expect(rotation.body).toMatchObject({ statusCode: 401, code: 'session_ended' });
    const [{ live }] = await t.ds.query('SELECT COUNT(*) AS live FROM refresh_families WHERE user_id = ? AND revoked_at IS NULL', [m.user.id]);
    expect(Number(live)).toBe(0);
  });

  it('leaves no working refresh token after parallel rotations and replays of one family', async () => {
    const m = await member();
    const first = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    const answers = await parallel(12, (i) => t.http().post('/token/refresh/').send({ refresh: i % 2 ? m.refresh : first.body.refresh }));
    for (const a of answers.filter((x) => x.status === 200)) await t.http().post('/token/refresh/').send({ refresh: a.body.refresh }).expect(401);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
  });
});
