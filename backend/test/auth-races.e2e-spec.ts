import { createHash } from 'node:crypto';
import type { Response } from 'supertest';
import { REFRESH_GRACE_MS } from '../src/modules/auth/auth.service';
import { PasswordHasher } from '../src/infra/password-hasher';
import { AuthRepository } from '../src/modules/auth/auth.repository';
import { AccountRepository } from '../src/modules/users/account.repository';
import { PendingAccountPruner } from '../src/modules/users/pending-account-pruner';
import { accountsApp, sqlTime } from './support/accounts';
import { startApp, type TestApp } from './support/app';
import { category, COUNTIES, insert, post } from './support/fixtures';

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
    expect({ 401: 0, 429: 0, ...statuses(answers) }).toEqual({ 401: verify.mock.calls.length, 429: 50 - verify.mock.calls.length });
  });

  it('lets at most 20 of 50 parallel wrong logins from one address reach argon2 across accounts', async () => {
    const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
    const answers = await parallel(50, () => t.http().post('/login/').set('X-Forwarded-For', '198.51.100.21').send({ email: newEmail(), password: 'wrong-pass1' }));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(20);
    expect({ 401: 0, 429: 0, ...statuses(answers) }).toEqual({ 401: verify.mock.calls.length, 429: 50 - verify.mock.calls.length });
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

  it('leaves no working refresh token after parallel rotations and replays (past the grace window) of one family', async () => {
    const m = await member();
    const first = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    await t.ds.query('UPDATE refresh_tokens SET used_at = ? WHERE used_at IS NOT NULL AND user_id = ?', [sqlTime(-REFRESH_GRACE_MS - 1000), m.user.id]);
    const answers = await parallel(12, (i) => t.http().post('/token/refresh/').send({ refresh: i % 2 ? m.refresh : first.body.refresh }));
    for (const a of answers.filter((x) => x.status === 200)) await t.http().post('/token/refresh/').send({ refresh: a.body.refresh }).expect(401);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
  });
});

describe('renewing one session at once through two API processes on one database', () => {
  let t: TestApp;
  let second: TestApp;
  const { ctx, member } = accountsApp();
  const me = (app: TestApp, access: string) => app.http().get('/api/me/').set('Authorization', `Bearer ${access}`);

  beforeAll(async () => {
    t = ctx.t;
    second = await startApp('church', { SMTP_URL: ctx.smtp.url });
  });
  afterAll(() => second?.close());

  it('answers every parallel renewal of one token with the same successor, which then renews once more', async () => {
    const m = await member();
    const answers = await parallel(8, (i) => (i % 2 ? second : t).http().post('/token/refresh/').send({ refresh: m.refresh }));
    expect(statuses(answers)).toEqual({ 200: 8 });
    expect(new Set(answers.map((a) => a.body.refresh)).size).toBe(1);
    for (const [i, a] of answers.entries()) await me(i % 2 ? t : second, a.body.access).expect(200);
    const next = await t.http().post('/token/refresh/').send({ refresh: answers[0].body.refresh }).expect(200);
    await me(second, next.body.access).expect(200);
    await second.http().post('/token/refresh/').send({ refresh: next.body.refresh }).expect(200);
  });

  it('answers a token repeated a moment after its renewal on the other process with the same successor', async () => {
    const m = await member();
    const first = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    const again = await second.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    expect(again.body.refresh).toBe(first.body.refresh);
    await second.http().post('/token/refresh/').send({ refresh: again.body.refresh }).expect(200);
  });

  it('revokes the family when a token comes back after the grace window, or after its successor was used', async () => {
    const late = await member();
    const renewed = await t.http().post('/token/refresh/').send({ refresh: late.refresh }).expect(200);
    await t.ds.query('UPDATE refresh_tokens SET used_at = ? WHERE used_at IS NOT NULL AND user_id = ?', [sqlTime(-REFRESH_GRACE_MS - 1000), late.user.id]);
    expect((await second.http().post('/token/refresh/').send({ refresh: late.refresh }).expect(401)).body.code).toBe('session_ended');
    await t.http().post('/token/refresh/').send({ refresh: renewed.body.refresh }).expect(401);
    await me(t, renewed.body.access).expect(401);

    const moved = await member();
    const first = await t.http().post('/token/refresh/').send({ refresh: moved.refresh }).expect(200);
    const next = await t.http().post('/token/refresh/').send({ refresh: first.body.refresh }).expect(200);
    await second.http().post('/token/refresh/').send({ refresh: moved.refresh }).expect(401);
    await t.http().post('/token/refresh/').send({ refresh: next.body.refresh }).expect(401);
  });

  it('stores only the hashes of refresh tokens, never a successor itself', async () => {
    const m = await member();
    const renewed = await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    const rows: { token_hash: string }[] = await t.ds.query('SELECT token_hash FROM refresh_tokens WHERE user_id = ?', [m.user.id]);
    expect(rows.map((r) => r.token_hash)).not.toContain(renewed.body.refresh);
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(renewed.body.refresh).digest('hex'));
  });
});

describe('removing sign-ups never confirmed', () => {
  let t: TestApp;
  /** A second API process on the same database: both run the hourly job. */
  let second: TestApp;
  const { ctx, newEmail, signUpBody, codeFrom, confirm, member } = accountsApp();
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = ctx.t;
    second = await startApp('church', { SMTP_URL: ctx.smtp.url });
  });
  afterAll(() => second?.close());

  const pending = async () => {
    const email = newEmail();
    await t.http().post('/sign-up/').send(signUpBody(email)).expect(201);
    await codeFrom(email);
    const [{ id }] = await t.ds.query('SELECT id FROM users WHERE email = ?', [email]);
    return { email, id: Number(id) };
  };
  /** Moves the account's sign-up and its codes `days` into the past. */
  const age = async (id: number, days: number) => {
    await t.ds.query('UPDATE users SET created_at = ? WHERE id = ?', [sqlTime(-days * DAY), id]);
    await t.ds.query('UPDATE signup_codes SET created_at = ? WHERE user_id = ?', [sqlTime(-days * DAY), id]);
  };
  const exists = async (table: string, column: string, value: unknown) => Number((await t.ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [value]))[0].n);

  it('deletes accounts unconfirmed 7 days after their last code with their codes and mail, once, with two API processes running the job at once', async () => {
    const [old1, old2, recent, again, listed] = [await pending(), await pending(), await pending(), await pending(), await pending()];
    for (const p of [old1, old2, again, listed]) await age(p.id, 8);
    await age(recent.id, 6);
    // Signed up 8 days ago and again today: the new code is good, the account stays.
    await t.http().post('/sign-up/').send(signUpBody(again.email)).expect(201);
    // An admin gave this one a listing: kept.
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'harpists', 'Harpists')], posts: [post('pending-owner', 1, 'cork', { ownerId: listed.id })] });
    const confirmed = await member();
    await t.ds.query('UPDATE users SET created_at = ? WHERE id = ?', [sqlTime(-30 * DAY), confirmed.user.id]);

    const runs = await Promise.all([t.app.get(PendingAccountPruner).run(), second.app.get(PendingAccountPruner).run()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    for (const p of [old1, old2]) {
      expect(await exists('users', 'id', p.id)).toBe(0);
      expect(await exists('signup_codes', 'user_id', p.id)).toBe(0);
      expect(await exists('mail_outbox', 'recipient', p.email)).toBe(0);
    }
    for (const p of [recent, again, listed]) expect(await exists('users', 'id', p.id)).toBe(1);
    expect(await exists('users', 'id', confirmed.user.id)).toBe(1);
    await t.http().post('/login/').send({ email: confirmed.email, password: confirmed.password }).expect(200);
    // The next run finds nothing; the address is free to sign up afresh.
    expect(await t.app.get(PendingAccountPruner).run()).toBe(0);
    await t.http().post('/sign-up/').send(signUpBody(old1.email)).expect(201);
  });

  it('answers a sign-up repeated while the job deletes that very account as a first sign-up (201, never a 500)', async () => {
    const before = () => new Date(Date.now() - 7 * DAY);
    // The deletion lands after the sign-up read the account and before it stores the new code (the code's foreign key
    // then named an account that was gone: a 500).
    const p = await pending();
    await age(p.id, 8);
    const codes = t.app.get(AuthRepository);
    const replace = codes.replaceSignupCode.bind(codes);
    let deleted = false;
    jest.spyOn(codes, 'replaceSignupCode').mockImplementationOnce(async (...args) => {
      deleted = await t.app.get(AccountRepository).deleteUnconfirmed(p.id, before());
      return replace(...args);
    });
    ctx.smtp.clear();
    expect((await t.http().post('/sign-up/').send(signUpBody(p.email)).expect(201)).body).toEqual({ message: 'success' });
    expect(deleted).toBe(true);
    // Made afresh, and the code mailed works.
    const [again] = await t.ds.query('SELECT id FROM users WHERE email = ?', [p.email]);
    expect(Number(again.id)).not.toBe(p.id);
    await confirm(p.email, await codeFrom(p.email)).expect(200);

    // Many at once, while the job runs (in two processes on MariaDB; on SQLite the two would wait on each other's lock).
    await t.ds.query('DELETE FROM rate_events'); // ten sign-ups an hour from one address
    const many = await Promise.all(Array.from({ length: 5 }, () => pending()));
    for (const m of many) await age(m.id, 8);
    const jobs = (t.config.database.type === 'mysql' ? [t, second] : [t]).map((app) => app.app.get(PendingAccountPruner).run());
    const [answers] = await Promise.all([Promise.all(many.map((m) => t.http().post('/sign-up/').send(signUpBody(m.email)))), ...jobs]);
    expect(answers.map((a) => a.status)).toEqual(many.map(() => 201));
  });

  it('deletes an account once when two processes delete it at the same moment, and never one confirmed meanwhile', async () => {
    const p = await pending();
    await age(p.id, 8);
    const before = new Date(Date.now() - 7 * DAY);
    const deletions = [t, second].map((app) => () => app.app.get(AccountRepository).deleteUnconfirmed(p.id, before));
    // On SQLite the two "processes" share this test's one thread, and better-sqlite3 waits for a lock synchronously: a
    // second writer would wait for a first that cannot run. There they go one after the other.
    const both = t.config.database.type === 'mysql' ? await Promise.all(deletions.map((d) => d())) : [await deletions[0](), await deletions[1]()];
    expect(both.filter(Boolean)).toHaveLength(1);

    const m = await member();
    await age(m.user.id, 8);
    expect(await t.app.get(AccountRepository).deleteUnconfirmed(m.user.id, before)).toBe(false);
    expect(await exists('users', 'id', m.user.id)).toBe(1);
  });
});
