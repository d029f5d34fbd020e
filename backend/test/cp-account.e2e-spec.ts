import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { AccountDeletionService } from '../src/modules/users/account-deletion.service';
import { createHash } from 'node:crypto';
import { UsersRepository } from '../src/modules/users/users.repository';
import { accountsApp, PASSWORD, sqlTime } from './support/accounts';
import { category, COUNTIES, insert } from './support/fixtures';

const storage = mkdtempSync(join(tmpdir(), 'directory-cp-account-'));

/** Control panel: a member's own account: names, email change by code, password change, export, deletion. */
describe('control panel: account', () => {
  const { ctx, smtp, member, newEmail } = accountsApp({ STORAGE_DIR: storage });
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const http = () => ctx.t.http();
  const emailCode = async (to: string) => /email change code for .* is (\d{4})\./.exec((await smtp.waitFor(to, /Confirm your new/)).text!)![1];

  beforeAll(async () => {
    await insert(ctx.t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers')] });
  });
  afterAll(() => rmSync(storage, { recursive: true, force: true }));

  /** A member with a listing that has a photo, media, an enquiry and statistics. */
  async function listerWithEverything() {
    const m = await member();
    const { body: post } = await http().post('/api/posts/').set(auth(m.access)).send({ title: `Listing of ${m.email}`, category: 1, tag_slug: 'cork' }).expect(201);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    await http().put(`/api/posts/${post.slug}/photo/`).set(auth(m.access)).attach('photo', photo, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200);
    await http().post('/api/videos/').set(auth(m.access)).send({ postId: post.id, url: 'https://youtu.be/dQw4w9WgXcQ' }).expect(201);
    await http().post('/api/audios/').set(auth(m.access)).send({ postId: post.id, url: 'https://soundcloud.com/a/b' }).expect(201);
    await ctx.t.ds.query("INSERT INTO enquiries (post_id, name, email, venue, message) VALUES (?, 'V', 'v@example.ie', '', 'Hi')", [post.id]);
    await ctx.t.ds.query("INSERT INTO stat_days (post_id, kind, day, total) VALUES (?, 'view', '2026-01-02', 4)", [post.id]);
    return { ...m, post };
  }
  const files = (slug: string) => ['680x588', '680x382', '931x550'].map((size) => join(storage, 'library', `${slug}-one-${size}.webp`));

  it('answers /api/me/ with the account fields and changes names and username at once', async () => {
    const m = await member();
    const me = await http().get('/api/me/').set(auth(m.access)).expect(200);
    expect(me.body).toMatchObject({ id: m.user.id, email: m.email, username: m.email, email_pending: null, free_for_life: false, role: 'member' });
    const res = await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ first_name: 'Siobhán', last_name: 'Walsh', username: 'siobhan-sings' }).expect(200);
    expect(res.body).toMatchObject({ first_name: 'Siobhán', last_name: 'Walsh', username: 'siobhan-sings', email: m.email });
    expect((await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ first_name: '' }).expect(400)).body.field).toBe('first_name');
    expect((await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ role: 'admin' }).expect(400)).body.field).toBe('role');
  });

  it('changes the email only with the code mailed to the new address', async () => {
    const m = await member();
    const next = newEmail();
    const res = await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ email: next, current_password: PASSWORD }).expect(200);
    expect(res.body).toMatchObject({ email: m.email, email_pending: next });
    const code = await emailCode(next);
    const wrong = code === '1111' ? '2222' : '1111';
    expect((await http().post(`/api/users/${m.user.id}/email/`).set(auth(m.access)).send({ code: wrong }).expect(400)).body).toMatchObject({ code: 'wrong_code', field: 'code' });
    const done = await http().post(`/api/users/${m.user.id}/email/`).set(auth(m.access)).send({ code }).expect(200);
    expect(done.body).toMatchObject({ email: next, username: next, email_pending: null });
    await http().post('/login/').send({ email: next, password: PASSWORD }).expect(200);
    // The change raised the token version: the caller's session goes on after a renewal.
    const renewed = (await http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200)).body;
    expect((await http().post(`/api/users/${m.user.id}/email/`).set(auth(renewed.access)).send({ code }).expect(400)).body.code).toBe('no_email_change');
  });

  it('refuses an email change without the current password, naming the field, and mails nothing', async () => {
    const m = await member();
    const next = newEmail();
    for (const body of [{ email: next }, { email: next, current_password: 'wrong1234' }, { email: next, first_name: 'Úna' }]) {
      expect((await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send(body).expect(400)).body).toMatchObject({ code: 'wrong_password', field: 'current_password' });
    }
    const me = await http().get('/api/me/').set(auth(m.access)).expect(200);
    expect(me.body).toMatchObject({ email: m.email, email_pending: null, first_name: 'Aoife' });
    expect(Number((await ctx.t.ds.query('SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ?', [next]))[0].n)).toBe(0);
    // The same address again is no change: no password needed.
    await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ email: m.email, first_name: 'Úna' }).expect(200);
  });

  /** Changes the member's email through both steps; answers the undo link mailed to the old address. */
  async function changeEmail(m: { user: { id: number }; access: string; email: string }, next: string) {
    await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ email: next, current_password: PASSWORD }).expect(200);
    await http().post(`/api/users/${m.user.id}/email/`).set(auth(m.access)).send({ code: await emailCode(next) }).expect(200);
    const text = (await smtp.waitFor(m.email, /email was changed/)).text!;
    expect(text).toContain(next);
    return new URL(/(http:\/\/\S+\/email-change-undo\?\S+)/.exec(text)![1]).searchParams.get('token')!;
  }
  const undo = (token: string) => http().post('/email-change/undo/').send({ token });

  it("ends the account's other sessions when its email changes and tells the old address, keeping the caller's session", async () => {
    const m = await member();
    const other = (await http().post('/login/').send({ email: m.email, password: PASSWORD }).expect(200)).body;
    const token = await changeEmail(m, newEmail());
    await http().get('/api/me/').set(auth(other.access)).expect(401);
    await http().post('/token/refresh/').send({ refresh: other.refresh }).expect(401);
    const renewed = await http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    await http().get('/api/me/').set(auth(renewed.body.access)).expect(200);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await ctx.t.ds.query('SELECT token_hash, expires_at FROM email_change_undos WHERE user_id = ?', [m.user.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('undoes the change from the link mailed to the old address: the old address back, every session ended, once', async () => {
    const m = await member();
    const next = newEmail();
    const token = await changeEmail(m, next);
    const renewed = (await http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200)).body;
    expect((await undo(token).expect(200)).body).toEqual({ email: m.email });
    await http().get('/api/me/').set(auth(renewed.access)).expect(401);
    await http().post('/token/refresh/').send({ refresh: renewed.refresh }).expect(401);
    await http().post('/login/').send({ email: next, password: PASSWORD }).expect(401);
    const back = await http().post('/login/').send({ email: m.email, password: PASSWORD }).expect(200);
    expect((await http().get('/api/me/').set(auth(back.body.access)).expect(200)).body).toMatchObject({ email: m.email, username: m.email });
    expect((await undo(token).expect(400)).body).toMatchObject({ code: 'invalid_token', field: 'token' });
    expect((await undo('x'.repeat(43)).expect(400)).body.code).toBe('invalid_token');
    expect((await undo('').expect(400)).body.field).toBe('token');
  });

  it('refuses an undo link past its lifetime', async () => {
    const m = await member();
    const next = newEmail();
    const token = await changeEmail(m, next);
    await ctx.t.ds.query('UPDATE email_change_undos SET expires_at = ? WHERE user_id = ?', [sqlTime(-1000), m.user.id]);
    expect((await undo(token).expect(400)).body.code).toBe('invalid_token');
    await http().post('/login/').send({ email: next, password: PASSWORD }).expect(200);
  });

  it('acts once when the undo link is used many times at once', async () => {
    const m = await member();
    const token = await changeEmail(m, newEmail());
    const raiseVersion = jest.spyOn(ctx.t.app.get(UsersRepository), 'raiseTokenVersion');
    const answers = await Promise.all(Array.from({ length: 8 }, () => undo(token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    expect(raiseVersion).toHaveBeenCalledTimes(1);
    const [row] = await ctx.t.ds.query('SELECT email FROM users WHERE id = ?', [m.user.id]);
    expect(row.email).toBe(m.email);
  });

  it('refuses an email another account has (409) and a code after too many wrong tries', async () => {
    const [a, b] = [await member(), await member()];
    expect((await http().put(`/api/users/${a.user.id}/`).set(auth(a.access)).send({ email: b.email, current_password: PASSWORD }).expect(409)).body).toMatchObject({ code: 'email_exists', field: 'email' });
    const next = newEmail();
    await http().put(`/api/users/${a.user.id}/`).set(auth(a.access)).send({ email: next, current_password: PASSWORD }).expect(200);
    const code = await emailCode(next);
    const wrong = code === '1111' ? '2222' : '1111';
    const tries = await Promise.all(Array.from({ length: 8 }, () => http().post(`/api/users/${a.user.id}/email/`).set(auth(a.access)).send({ code: wrong })));
    // Each try is counted before the code is compared: parallel guesses get at most 5 comparisons, the rest 429.
    const compared = tries.filter((r) => r.status === 400).length;
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(5);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(8 - compared);
    await http().post(`/api/users/${a.user.id}/email/`).set(auth(a.access)).send({ code }).expect(429);
  });

  it('changes the password with the current one, ending every other session but keeping the caller’s', async () => {
    const m = await member();
    const other = await http().post('/login/').send({ email: m.email, password: PASSWORD }).expect(200);
    expect((await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ password: 'newpass2026' }).expect(400)).body).toMatchObject({ code: 'wrong_password', field: 'current_password' });
    expect((await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ password: 'newpass2026', current_password: 'wrong1234' }).expect(400)).body).toMatchObject({ code: 'wrong_password', field: 'current_password' });
    expect((await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ password: 'short', current_password: PASSWORD }).expect(400)).body.field).toBe('password');
    await http().put(`/api/users/${m.user.id}/`).set(auth(m.access)).send({ password: 'newpass2026', current_password: PASSWORD }).expect(200);
    // The other login is over, access and refresh alike.
    await http().get('/api/me/').set(auth(other.body.access)).expect(401);
    await http().post('/token/refresh/').send({ refresh: other.body.refresh }).expect(401);
    // The caller's login goes on: its refresh token gives a working access token.
    const renewed = await http().post('/token/refresh/').send({ refresh: m.refresh }).expect(200);
    await http().get('/api/me/').set(auth(renewed.body.access)).expect(200);
    await http().post('/login/').send({ email: m.email, password: PASSWORD }).expect(401);
    await http().post('/login/').send({ email: m.email, password: 'newpass2026' }).expect(200);
  });

  it('downloads every piece of the member’s data as a JSON attachment', async () => {
    const m = await listerWithEverything();
    const res = await http().get(`/api/users/${m.user.id}/export/`).set(auth(m.access)).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.user).toMatchObject({ id: m.user.id, email: m.email });
    expect(res.body.posts).toHaveLength(1);
    expect(res.body.posts[0]).toMatchObject({ id: m.post.id, title: m.post.title });
    expect(res.body.posts[0].videos).toHaveLength(1);
    expect(res.body.posts[0].audios).toHaveLength(1);
    expect(res.body.posts[0].enquiries[0]).toMatchObject({ email: 'v@example.ie', message: 'Hi' });
    expect(res.body.posts[0].stats[0]).toMatchObject({ kind: 'view' });
  });

  it('deletes the account with its password: nothing of the member remains, rows or files, and another member is untouched', async () => {
    const gone = await listerWithEverything();
    const stays = await listerWithEverything();
    expect(files(gone.post.slug).every(existsSync)).toBe(true);
    expect((await http().delete(`/api/users/${gone.user.id}/`).set(auth(gone.access)).send({ password: 'wrong1234' }).expect(400)).body).toMatchObject({ code: 'wrong_password', field: 'password' });
    await http().delete(`/api/users/${gone.user.id}/`).set(auth(gone.access)).send({ password: PASSWORD }).expect(204);
    const count = async (sql: string, params: unknown[]) => Number((await ctx.t.ds.query(sql, params))[0].n);
    for (const [m, expected] of [[gone, 0], [stays, 1]] as const) {
      expect(await count('SELECT COUNT(*) AS n FROM users WHERE id = ?', [m.user.id])).toBe(expected);
      expect(await count('SELECT COUNT(*) AS n FROM posts WHERE id = ?', [m.post.id])).toBe(expected);
      for (const table of ['videos', 'audios', 'enquiries', 'stat_days']) expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE post_id = ?`, [m.post.id])).toBe(expected);
      for (const table of ['refresh_families', 'refresh_tokens', 'signup_codes']) expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [m.user.id]) > 0).toBe(expected === 1);
      expect(await count('SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ?', [m.email]) > 0).toBe(expected === 1);
      expect(files(m.post.slug).map(existsSync)).toEqual([expected === 1, expected === 1, expected === 1]);
    }
    await http().get('/api/me/').set(auth(gone.access)).expect(401);
    await http().post('/login/').send({ email: gone.email, password: PASSWORD }).expect(401);
  });

  it('offers the same deletion to the admin app (AccountDeletionService.deleteAccount)', async () => {
    const m = await listerWithEverything();
    await ctx.t.app.get(AccountDeletionService).deleteAccount(m.user.id);
    expect(await ctx.t.ds.query('SELECT id FROM users WHERE id = ?', [m.user.id])).toHaveLength(0);
    expect(files(m.post.slug).some(existsSync)).toBe(false);
  });

  describe('authorization', () => {
    it.each([
      ['PUT', (id: number) => http().put(`/api/users/${id}/`).send({ first_name: 'Áine' })],
      // An admin changing another account's email gives their own password.
      ['PUT email', (id: number) => http().put(`/api/users/${id}/`).send({ email: `moved.${id}.${Date.now()}@example.ie`, current_password: PASSWORD })],
      ['POST email', (id: number) => http().post(`/api/users/${id}/email/`).send({ code: '1234' })],
      ['GET export', (id: number) => http().get(`/api/users/${id}/export/`)],
      ['DELETE', (id: number) => http().delete(`/api/users/${id}/`).send({ password: PASSWORD })],
    ])('%s: anonymous 401, another member 403, owner and admin allowed', async (name, call) => {
      const [owner, other, admin] = [await member(), await member(), await member()];
      await ctx.t.ds.query("UPDATE users SET role = 'admin' WHERE id = ?", [admin.user.id]);
      await call(owner.user.id).expect(401);
      expect((await call(owner.user.id).set(auth(other.access)).expect(403)).body.code).toBe('user_not_allowed');
      const ok = name === 'POST email' ? 400 : name === 'DELETE' ? 204 : 200;
      // Without a pending change the code step says so (400 no_email_change): the caller was allowed to ask.
      await call(owner.user.id).set(auth(owner.access)).expect(ok);
      const target = name === 'DELETE' ? (await member()).user.id : owner.user.id;
      await call(target).set(auth(admin.access)).expect(ok);
    });
  });
});
