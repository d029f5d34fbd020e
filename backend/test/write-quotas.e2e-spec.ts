import { WRITE_QUOTAS } from '@directory/domain';
import { UserEntity } from '../src/modules/users/user.entity';
import { resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, insert } from './support/fixtures';

/**
 * A member's writes are counted per account against WRITE_QUOTAS (@directory/domain): of a burst sent at once, exactly
 * the quota passes and the rest answer 429 naming it; other members and admins are not held back.
 */
describe("members' write quotas", () => {
  let t: TestApp;
  type Who = { user: UserEntity; token: string };
  const auth = (who: Who) => ({ Authorization: `Bearer ${who.token}` });
  const create = (who: Who, i: number) => t.http().post('/api/posts/').set(auth(who)).send({ title: `Quota listing ${who.user.id}-${i}`, category: 1, tag_slug: 'cork' });
  const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'harpists', 'Harpists')] });
  });
  beforeEach(() => t.ds.query('DELETE FROM rate_events'));
  afterAll(() => t.close());

  it('lets at most 10 of 40 new listings sent at once by one member through, refusing the rest with 429, and no more after', async () => {
    const member = await signIn(t, 'member');
    const max = WRITE_QUOTAS.newPost[0].max;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => create(member, i)));
    const passed = answers.filter((a) => a.status === 201).length;
    // Each attempt is recorded before it is counted, so a burst never gets past the quota (some may be refused early).
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual(max);
    expect(statuses(answers)).toEqual({ 201: passed, 429: 40 - passed });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'too_many_writes',
      message: 'You have made too many changes in a short time (at most 10 new listings an hour). Please wait a while and try again.',
    });
    // One at a time, the member reaches the quota exactly, and then is refused.
    for (let i = passed; i < max; i++) await create(member, 100 + i).expect(201);
    await create(member, 200).expect(429);
    const [{ n }] = await t.ds.query('SELECT COUNT(*) AS n FROM posts WHERE owner_id = ?', [member.user.id]);
    expect(Number(n)).toBe(max);

    // Another member, and an admin, are not held back by this member's count.
    const other = await signIn(t, 'member');
    await create(other, 0).expect(201);
    const admin = await signIn(t, 'admin');
    const adminAnswers = await Promise.all(Array.from({ length: 15 }, (_, i) => create(admin, i)));
    expect(statuses(adminAnswers)).toEqual({ 201: 15 });
  });

  it('counts every write of a member: of 70 changes sent at once, at most 60 pass in a minute', async () => {
    const member = await signIn(t, 'member');
    const { body: post } = await create(member, 0).expect(201);
    const change = (i: number) => t.http().put(`/api/posts/${post.slug}/`).set(auth(member)).send({ content: `<p>Change ${i}</p>` });
    await t.ds.query('DELETE FROM rate_events');
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => change(i)));
    const passed = answers.filter((a) => a.status === 200).length;
    expect(passed).toBeLessThanOrEqual(60);
    expect(statuses(answers)).toEqual({ 200: passed, 429: 70 - passed });
    expect(answers.find((a) => a.status === 429)!.body.message).toContain('at most 60 changes a minute');
    for (let i = passed; i < 60; i++) await change(100 + i).expect(200);
    await change(200).expect(429);
    // Reads are not counted.
    await t.http().get('/api/me/posts/').set(auth(member)).expect(200);
  });

  it('holds media and account changes to their own quotas', async () => {
    const member = await signIn(t, 'member');
    const { body: post } = await create(member, 0).expect(201);
    await t.ds.query('DELETE FROM rate_events');
    const audio = () => t.http().post('/api/audios/').set(auth(member)).send({ postId: post.id, url: 'https://soundcloud.com/a/b' });
    let added = 0;
    for (; added < WRITE_QUOTAS.media[0].max; added++) expect((await audio()).status).not.toBe(429);
    expect((await audio().expect(429)).body.message).toContain('at most 40 video and audio changes an hour');
    await t.ds.query('DELETE FROM rate_events');
    const rename = (i: number) => t.http().put(`/api/users/${member.user.id}/`).set(auth(member)).send({ first_name: `Name${i}` });
    for (let i = 0; i < WRITE_QUOTAS.account[0].max; i++) await rename(i).expect(200);
    expect((await rename(99).expect(429)).body.message).toContain('at most 20 account changes an hour');
  });
});
