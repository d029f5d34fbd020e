import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/** Control panel: a member's media, enquiries inbox and statistics. */
describe('control panel: media, enquiries and statistics', () => {
  let t: TestApp;
  let owner: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  let ids: Record<string, number>;
  const enquiry = async (postId: number, name: string, createdAt: string) =>
    (await t.ds.query("INSERT INTO enquiries (post_id, name, email, phone, venue, message, created_at) VALUES (?, ?, 'v@example.ie', NULL, 'Cork', 'Hello', ?)", [postId, name, createdAt])) &&
    Number((await t.ds.query('SELECT MAX(id) AS id FROM enquiries'))[0].id);

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    owner = await signIn(t, 'member', 'inbox-owner@example.ie');
    other = await signIn(t, 'member', 'inbox-other@example.ie');
    admin = await signIn(t, 'admin', 'inbox-admin@example.ie');
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [
        post('owner-draft', 1, 'cork', { status: 'draft', ownerId: owner.user.id }),
        post('owner-live', 1, 'cork', { ownerId: owner.user.id }),
        post('other-live', 1, 'cork', { ownerId: other.user.id }),
      ],
    });
  });
  afterAll(() => t.close());

  describe('media', () => {
    it('adds a video from any YouTube link and an audio from a SoundCloud link to the member’s draft, lists and deletes them', async () => {
      const video = await t.http().post('/api/videos/').set(auth(owner.token)).send({ postId: ids['owner-draft'], url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ', title: 'Showreel' }).expect(201);
      expect(video.body).toMatchObject({ postId: ids['owner-draft'], youtube_id: 'dQw4w9WgXcQ', title: 'Showreel' });
      const audio = await t.http().post('/api/audios/').set(auth(owner.token)).send({ postId: ids['owner-draft'], url: 'https://soundcloud.com/aoife/ave-maria' }).expect(201);
      expect(audio.body).toMatchObject({ postId: ids['owner-draft'], url: 'https://soundcloud.com/aoife/ave-maria' });
      expect((await t.http().get(`/api/videos/?postId=${ids['owner-draft']}`).set(auth(owner.token)).expect(200)).body).toHaveLength(1);
      expect((await t.http().get(`/api/audios/?postId=${ids['owner-draft']}`).set(auth(owner.token)).expect(200)).body).toHaveLength(1);
      await t.http().get(`/api/videos/?postId=${ids['owner-draft']}`).expect(404);
      await t.http().delete(`/api/videos/${video.body.id}/`).set(auth(owner.token)).expect(204);
      await t.http().delete(`/api/audios/${audio.body.id}/`).set(auth(owner.token)).expect(204);
      expect((await t.http().get(`/api/videos/?postId=${ids['owner-draft']}`).set(auth(owner.token)).expect(200)).body).toEqual([]);
      expect((await t.http().delete(`/api/audios/${audio.body.id}/`).set(auth(owner.token)).expect(404)).body.code).toBe('media_not_found');
    });

    it.each([
      ['/api/videos/', { url: 'https://vimeo.com/1' }, 'url'],
      ['/api/audios/', { url: 'https://evil.example/x' }, 'url'],
      ['/api/audios/', { url: 'http://soundcloud.com/a/b' }, 'url'],
      ['/api/videos/', { postId: 0, url: 'dQw4w9WgXcQ' }, 'postId'],
    ])('POST %s refuses %j naming %s', async (path, body, field) => {
      const res = await t.http().post(path).set(auth(owner.token)).send({ postId: ids['owner-draft'], ...body }).expect(400);
      expect(res.body.field).toBe(field);
    });

    it.each(['videos', 'audios'])('%s: anonymous 401, another member 404, owner and admin allowed', async (kind) => {
      const url = kind === 'videos' ? 'dQw4w9WgXcQ' : 'https://soundcloud.com/a/b';
      const add = (token?: string) => (token ? t.http().post(`/api/${kind}/`).set(auth(token)) : t.http().post(`/api/${kind}/`)).send({ postId: ids['owner-live'], url });
      await add().expect(401);
      expect((await add(other.token).expect(404)).body.code).toBe('post_not_found');
      const mine = await add(owner.token).expect(201);
      const byAdmin = await add(admin.token).expect(201);
      const del = (id: number, token?: string) => (token ? t.http().delete(`/api/${kind}/${id}/`).set(auth(token)) : t.http().delete(`/api/${kind}/${id}/`));
      await del(mine.body.id).expect(401);
      expect((await del(mine.body.id, other.token).expect(404)).body.code).toBe('media_not_found');
      await del(mine.body.id, owner.token).expect(204);
      await del(byAdmin.body.id, admin.token).expect(204);
    });
  });

  describe('enquiries inbox', () => {
    let newest: number;
    let oldest: number;
    let others: number;
    beforeAll(async () => {
      oldest = await enquiry(ids['owner-live'], 'Oldest', '2026-01-01 10:00:00');
      for (let i = 0; i < 20; i++) await enquiry(ids['owner-draft'], `Middle ${i}`, `2026-02-${String(i + 1).padStart(2, '0')} 10:00:00`);
      newest = await enquiry(ids['owner-live'], 'Newest', '2026-03-01 10:00:00');
      others = await enquiry(ids['other-live'], 'Not yours', '2026-03-02 10:00:00');
    });

    it('pages the member’s enquiries 20 at a time, newest first, page 0 first, with the total and the listing', async () => {
      const first = await t.http().get('/api/enquiries/?page=0').set(auth(owner.token)).expect(200);
      expect(first.headers['x-total-count']).toBe('22');
      expect(first.body).toHaveLength(20);
      expect(first.body[0]).toMatchObject({ id: newest, name: 'Newest', post_id: ids['owner-live'], post_slug: 'owner-live', post_title: 'owner live', email: 'v@example.ie', phone: null, venue: 'Cork', message: 'Hello', read: false });
      expect(first.body[0].created_at).toBe('2026-03-01T10:00:00.000Z');
      const second = await t.http().get('/api/enquiries/?page=1').set(auth(owner.token)).expect(200);
      expect(second.body.map((e: { id: number }) => e.id)).toEqual([(await t.ds.query("SELECT id FROM enquiries WHERE name = 'Middle 0'"))[0].id, oldest].map(Number));
      expect(first.body.concat(second.body).some((e: { id: number }) => e.id === others)).toBe(false);
      expect((await t.http().get('/api/enquiries/?page=-1').set(auth(owner.token)).expect(400)).body.field).toBe('page');
    });

    it('marks an enquiry read and unread, and deletes it', async () => {
      expect((await t.http().put(`/api/enquiries/${oldest}/`).set(auth(owner.token)).send({ read: true }).expect(200)).body).toMatchObject({ id: oldest, read: true });
      const mine = await t.http().get('/api/me/posts/').set(auth(owner.token)).expect(200);
      expect(mine.body.find((p: { id: number }) => p.id === ids['owner-live']).unread_enquiries).toBe(1);
      expect((await t.http().put(`/api/enquiries/${oldest}/`).set(auth(owner.token)).send({ read: false }).expect(200)).body.read).toBe(false);
      expect((await t.http().put(`/api/enquiries/${oldest}/`).set(auth(owner.token)).send({ read: 'yes' }).expect(400)).body.field).toBe('read');
      const doomed = await enquiry(ids['owner-live'], 'Doomed', '2025-01-01 10:00:00');
      await t.http().delete(`/api/enquiries/${doomed}/`).set(auth(owner.token)).expect(204);
      expect(await t.ds.query('SELECT id FROM enquiries WHERE id = ?', [doomed])).toHaveLength(0);
    });

    it('authorization: anonymous 401, another member 404, owner and admin allowed', async () => {
      await t.http().get('/api/enquiries/').expect(401);
      expect((await t.http().get('/api/enquiries/').set(auth(other.token)).expect(200)).body.map((e: { id: number }) => e.id)).toEqual([others]);
      await t.http().put(`/api/enquiries/${newest}/`).send({ read: true }).expect(401);
      expect((await t.http().put(`/api/enquiries/${newest}/`).set(auth(other.token)).send({ read: true }).expect(404)).body.code).toBe('enquiry_not_found');
      await t.http().put(`/api/enquiries/${newest}/`).set(auth(owner.token)).send({ read: true }).expect(200);
      await t.http().put(`/api/enquiries/${newest}/`).set(auth(admin.token)).send({ read: false }).expect(200);
      const a = await enquiry(ids['owner-live'], 'A', '2025-01-01 10:00:00');
      const b = await enquiry(ids['owner-live'], 'B', '2025-01-01 10:00:00');
      await t.http().delete(`/api/enquiries/${a}/`).expect(401);
      await t.http().delete(`/api/enquiries/${a}/`).set(auth(other.token)).expect(404);
      await t.http().delete(`/api/enquiries/${a}/`).set(auth(owner.token)).expect(204);
      await t.http().delete(`/api/enquiries/${b}/`).set(auth(admin.token)).expect(204);
    });
  });

  it('lists (GET) are the caller’s own: anonymous 401, another member and an admin see only theirs', async () => {
    for (const path of ['/api/me/posts/', '/api/enquiries/', '/api/stats/']) await t.http().get(path).expect(401);
    expect((await t.http().get('/api/me/posts/').set(auth(other.token)).expect(200)).body.map((p: { slug: string }) => p.slug)).toEqual(['other-live']);
    expect((await t.http().get('/api/me/posts/').set(auth(admin.token)).expect(200)).body).toEqual([]);
    expect((await t.http().get('/api/enquiries/').set(auth(admin.token)).expect(200)).body).toEqual([]);
    expect((await t.http().get('/api/stats/').set(auth(admin.token)).expect(200)).body.posts).toEqual([]);
    expect((await t.http().get('/api/me/posts/').set(auth(owner.token)).expect(200)).body.map((p: { slug: string }) => p.slug).sort()).toEqual(['owner-draft', 'owner-live']);
  });

  describe('statistics', () => {
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    beforeAll(async () => {
      const today = new Date();
      const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15));
      const longAgo = new Date(Date.UTC(today.getUTCFullYear() - 2, 0, 1));
      await t.ds.query(
        "INSERT INTO stat_days (post_id, kind, day, total) VALUES (?, 'view', ?, 5), (?, 'enquiry', ?, 1), (?, 'view', ?, 3), (?, 'view', ?, 100), (?, 'view', ?, 9)",
        [ids['owner-live'], iso(today), ids['owner-live'], iso(today), ids['owner-draft'], iso(lastMonth), ids['owner-live'], iso(longAgo), ids['other-live'], iso(today)],
      );
    });

    it('gives the last 12 months and 30 days, zero-filled, oldest first, in total and per listing', async () => {
      const res = await t.http().get('/api/stats/?page=0').set(auth(owner.token)).expect(200);
      const thisMonth = new Date().toISOString().slice(0, 7);
      expect(res.body.months).toHaveLength(12);
      expect(res.body.days).toHaveLength(30);
      expect(res.body.months[11]).toEqual({ month: thisMonth, views: 5, enquiries: 1 });
      expect(res.body.months[10].views).toBe(3);
      expect(res.body.days[29]).toEqual({ day: iso(new Date()), views: 5, enquiries: 1 });
      expect(res.body.months.reduce((n: number, m: { views: number }) => n + m.views, 0)).toBe(8);
      expect(res.body.posts.map((p: { slug: string }) => p.slug).sort()).toEqual(['owner-draft', 'owner-live']);
      const live = res.body.posts.find((p: { slug: string }) => p.slug === 'owner-live');
      expect(live.months[11]).toEqual({ month: thisMonth, views: 5, enquiries: 1 });
    });

    it('narrows to one listing; authorization: anonymous 401, another member 404, owner and admin allowed', async () => {
      const one = await t.http().get(`/api/stats/?postId=${ids['owner-draft']}`).set(auth(owner.token)).expect(200);
      expect(one.body.posts).toHaveLength(1);
      expect(one.body.months[11].views).toBe(0);
      await t.http().get('/api/stats/').expect(401);
      expect((await t.http().get(`/api/stats/?postId=${ids['owner-live']}`).set(auth(other.token)).expect(404)).body.code).toBe('post_not_found');
      expect((await t.http().get(`/api/stats/?postId=${ids['owner-live']}`).set(auth(admin.token)).expect(200)).body.months[11].views).toBe(5);
      expect((await t.http().get('/api/stats/').set(auth(other.token)).expect(200)).body.months[11].views).toBe(9);
    });
  });
});
