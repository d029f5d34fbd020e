import { addDays, todayInIreland } from '@directory/domain';
import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { bumpDataVersion, category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/** Listings' availability: the lister's marks in the control panel, the profile's calendar and the search by date. */
describe('availability calendar', () => {
  let t: TestApp;
  let owner: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  let ids: Record<string, number>;
  const today = todayInIreland();
  const day = addDays(today, 20);
  const mark = (postId: number, token: string, marks: object[]) => t.http().put(`/api/calendar/${postId}/days`).set(auth(token)).send({ marks });
  const makeStale = (postId: number) => t.ds.query('UPDATE calendars SET updated_at = ? WHERE post_id = ?', [new Date(Date.now() - 31 * 86_400_000).toISOString().replace('T', ' ').slice(0, 19), postId]).then(() => bumpDataVersion(t.ds));
  const slugs = (body: { slug: string; availability?: string }[]) => body.map((p) => `${p.slug}:${p.availability}`);

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    owner = await signIn(t, 'member', 'cal-owner@example.ie');
    other = await signIn(t, 'member', 'cal-other@example.ie');
    admin = await signIn(t, 'admin', 'cal-admin@example.ie');
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers'), category(2, 'harpists', 'Harpists')],
      posts: [
        // Oldest first: the list shows the newest first.
        post('free-singer', 1, 'cork', { ownerId: owner.user.id }),
        post('booked-singer', 1, 'cork', { ownerId: owner.user.id }),
        post('morning-singer', 1, 'cork', { ownerId: owner.user.id, price: 'free' }),
        post('stale-singer', 1, 'dublin', { ownerId: owner.user.id }),
        post('silent-singer', 1, 'dublin'),
        post('other-harpist', 2, 'cork', { ownerId: other.user.id }),
      ],
    });
  });
  afterAll(() => t.close());

  describe('the control panel', () => {
    it('marks whole days and halves booked or free, clears them, and answers the month', async () => {
      const res = await mark(ids['free-singer'], owner.token, [
        { day, slot: 'day', mark: 'free' },
        { day: addDays(day, 1), slot: 'am', mark: 'booked' },
      ]).expect(200);
      const days = new Map(res.body.days.map((d: { day: string }) => [d.day, d]));
      expect(res.body.fresh).toBe(true);
      expect(days.get(addDays(day, 1))).toEqual({ day: addDays(day, 1), am: { hand: 'booked', feed: false, booked: true }, pm: { hand: null, feed: false, booked: false } });
      await mark(ids['free-singer'], owner.token, [{ day: addDays(day, 1), slot: 'day', mark: 'clear' }]).expect(200);
      const month = await t.http().get(`/api/calendar/${ids['free-singer']}?month=${addDays(day, 1).slice(0, 7)}`).set(auth(owner.token)).expect(200);
      const cleared = month.body.days.find((d: { day: string }) => d.day === addDays(day, 1));
      expect(cleared.am).toEqual({ hand: null, feed: false, booked: false });
      expect(month.body.feeds).toEqual([]);
    });

    it('keeps past days read-only and names the field of bad input', async () => {
      const past = await mark(ids['free-singer'], owner.token, [{ day: addDays(today, -1), slot: 'day', mark: 'booked' }]).expect(400);
      expect(past.body).toMatchObject({ code: 'past_day', field: 'marks.0.day' });
      for (const [marks, field] of [
        [[{ day: '2027-02-30', slot: 'day', mark: 'booked' }], 'marks.0.day'],
        [[{ day, slot: 'evening', mark: 'booked' }], 'marks.0.slot'],
        [[{ day, slot: 'am', mark: 'maybe' }], 'marks.0.mark'],
        [[{ day: addDays(today, 3 * 366 + 2), slot: 'am', mark: 'booked' }], 'marks.0.day'],
        [[], 'marks'],
      ] as const) {
        expect((await mark(ids['free-singer'], owner.token, marks as unknown as object[]).expect(400)).body.field).toBe(field);
      }
      expect((await t.http().get(`/api/calendar/${ids['free-singer']}?month=2027-13`).set(auth(owner.token)).expect(400)).body.field).toBe('month');
    });

    it('authorization: anonymous 401, another member 404, owner and admin allowed', async () => {
      const id = ids['booked-singer'];
      const body = { marks: [{ day, slot: 'day', mark: 'booked' }] };
      await t.http().get(`/api/calendar/${id}`).expect(401);
      await t.http().put(`/api/calendar/${id}/days`).send(body).expect(401);
      await t.http().post(`/api/calendar/${id}/feeds`).send({ url: 'https://example.ie/cal.ics' }).expect(401);
      await t.http().post(`/api/calendar/${id}/export`).expect(401);
      await t.http().delete(`/api/calendar/${id}/feeds/1`).expect(401);
      expect((await t.http().get(`/api/calendar/${id}`).set(auth(other.token)).expect(404)).body.code).toBe('post_not_found');
      expect((await t.http().put(`/api/calendar/${id}/days`).set(auth(other.token)).send(body).expect(404)).body.code).toBe('post_not_found');
      expect((await t.http().post(`/api/calendar/${id}/feeds`).set(auth(other.token)).send({ url: 'https://example.ie/cal.ics' }).expect(404)).body.code).toBe('post_not_found');
      expect((await t.http().post(`/api/calendar/${id}/export`).set(auth(other.token)).expect(404)).body.code).toBe('post_not_found');
      expect((await t.http().delete(`/api/calendar/${id}/feeds/1`).set(auth(other.token)).expect(404)).body.code).toBe('post_not_found');
      await t.http().get(`/api/calendar/${id}`).set(auth(owner.token)).expect(200);
      await t.http().get(`/api/calendar/${id}`).set(auth(admin.token)).expect(200);
      await t.http().put(`/api/calendar/${id}/days`).set(auth(admin.token)).send(body).expect(200);
      await t.http().put(`/api/calendar/${id}/days`).set(auth(owner.token)).send(body).expect(200);
      expect((await t.http().delete(`/api/calendar/${id}/feeds/999999`).set(auth(owner.token)).expect(404)).body.code).toBe('feed_not_found');
    });

    it('serves the booked days at a secret export address that a new one replaces', async () => {
      const first = await t.http().post(`/api/calendar/${ids['booked-singer']}/export`).set(auth(owner.token)).expect(201);
      const path = new URL(first.body.exportUrl).pathname;
      const ics = await t.http().get(path).expect(200);
      expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
      expect(ics.text).toContain(`DTSTART;VALUE=DATE:${day.replace(/-/g, '')}`);
      expect(ics.text).toContain(`DTEND;VALUE=DATE:${addDays(day, 1).replace(/-/g, '')}`);
      await t.http().post(`/api/calendar/${ids['booked-singer']}/export`).set(auth(admin.token)).expect(201);
      expect((await t.http().get(path).expect(404)).body.code).toBe('export_not_found');
    });
  });

  describe('visitors', () => {
    beforeAll(async () => {
      // booked-singer: booked all day (above). morning-singer: booked in the morning only.
      await mark(ids['morning-singer'], owner.token, [{ day, slot: 'am', mark: 'booked' }]).expect(200);
      // stale-singer said free, but over 30 days ago: unknown.
      await mark(ids['stale-singer'], owner.token, [{ day, slot: 'day', mark: 'free' }]).expect(200);
      await makeStale(ids['stale-singer']);
    });

    it('shows a profile’s next months free, booked or unknown, with the last update', async () => {
      const res = await t.http().get(`/api/posts/${ids['booked-singer']}/calendar`).expect(200);
      expect(res.body).toMatchObject({ postId: ids['booked-singer'], from: today, fresh: true });
      expect(res.body.days.find((d: { day: string }) => d.day === day)).toEqual({ day, am: 'booked', pm: 'booked' });
      expect(res.body.days.find((d: { day: string }) => d.day === addDays(day, 1))).toEqual({ day: addDays(day, 1), am: 'free', pm: 'free' });
      const stale = await t.http().get(`/api/posts/${ids['stale-singer']}/calendar?months=1`).expect(200);
      expect(stale.body.fresh).toBe(false);
      expect(stale.body.days.every((d: { am: string; pm: string }) => d.am === 'unknown' && d.pm === 'unknown')).toBe(true);
      const never = await t.http().get(`/api/posts/${ids['silent-singer']}/calendar`).expect(200);
      expect(never.body).toMatchObject({ updatedAt: null, fresh: false });
      expect((await t.http().get(`/api/posts/${ids['silent-singer']}/calendar?months=9`).expect(400)).body.field).toBe('months');
    });

    it('lists those free on a date first, then the unknown ones, leaving the booked out of the list and the map', async () => {
      const res = await t.http().get(`/api/posts/?catSlug=female-singers&date=${day}`).expect(200);
      expect(slugs(res.body)).toEqual(['morning-singer:free', 'free-singer:free', 'silent-singer:unknown', 'stale-singer:unknown']);
      expect(res.headers['x-total-count']).toBe('4');
      const morning = await t.http().get(`/api/posts/?catSlug=female-singers&date=${day}&slot=am`).expect(200);
      expect(slugs(morning.body)).toEqual(['free-singer:free', 'silent-singer:unknown', 'stale-singer:unknown']);
      const paged = await t.http().get(`/api/archive/?catSlug=female-singers&date=${day}&limit=1&offset=2`).expect(200);
      expect(slugs(paged.body)).toEqual(['silent-singer:unknown']);
      expect(paged.headers['x-total-count']).toBe('4');
      const map = await t.http().get(`/api/profiles/?catSlug=female-singers&date=${day}&slot=am`).expect(200);
      expect(map.body.map((p: { slug: string }) => p.slug).sort()).toEqual(['free-singer', 'silent-singer', 'stale-singer']);
      // Without a date nothing changes.
      expect((await t.http().get('/api/posts/?catSlug=female-singers').expect(200)).body[0].availability).toBeUndefined();
    });

    it('counts the free and unknown ones in the facets, whose counts leave the booked out', async () => {
      const res = await t.http().get(`/api/facets/?tagSlug=cork&date=${day}&slot=am`).expect(200);
      expect(res.body.availability).toEqual({ date: day, slot: 'am', free: 1, unknown: 1 });
      expect(res.body.categories).toEqual([
        { slug: 'female-singers', name: 'Female Singers', count: 1 },
        { slug: 'harpists', name: 'Harpists', count: 1 },
      ]);
      expect(res.body.prices.map((p: { value: string; count: number }) => [p.value, p.count])).toEqual([['charge', 2]]);
      const whole = await t.http().get(`/api/facets/?catSlug=female-singers&date=${day}`).expect(200);
      expect(whole.body.availability).toEqual({ date: day, slot: null, free: 2, unknown: 2 });
      expect(whole.body.counties.map((c: { slug: string; count: number }) => [c.slug, c.count])).toEqual([['cork', 2], ['dublin', 2]]);
    });

    it('refuses a bad, past or too distant date, or an unknown slot, naming the field', async () => {
      for (const path of ['/api/posts/', '/api/archive/', '/api/facets/', '/api/profiles/']) {
        for (const date of ['2027-02-30', '20-06-2027', addDays(today, -1), addDays(today, 3 * 366 + 2)]) {
          const res = await t.http().get(`${path}?date=${date}`).expect(400);
          expect(res.body.field).toBe('date');
        }
        expect((await t.http().get(`${path}?date=${day}&slot=evening`).expect(400)).body.field).toBe('slot');
      }
    });

    it('answers from the answer cache until a mark moves the data version', async () => {
      const url = `/api/posts/?catSlug=female-singers&date=${addDays(day, 2)}`;
      await t.http().get(url).expect(200);
      const hit = await t.http().get(url).expect(200);
      expect(hit.headers['x-answer-cache']).toBe('hit');
      expect(slugs(hit.body)).toContain('morning-singer:free');
      await mark(ids['morning-singer'], owner.token, [{ day: addDays(day, 2), slot: 'day', mark: 'booked' }]).expect(200);
      const after = await t.http().get(url).expect(200);
      expect(after.headers['x-answer-cache']).toBe('miss');
      expect(slugs(after.body)).not.toContain('morning-singer:free');
    });
  });
});
