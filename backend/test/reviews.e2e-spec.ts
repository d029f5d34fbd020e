import { REVIEW_PAGES, REVIEW_RULES } from '@directory/domain';
import { FormTokens } from '../src/modules/enquiries/form-tokens';
import { ReviewClock } from '../src/modules/reviews/review.clock';
import { ReviewInvitations } from '../src/modules/reviews/review-invitations';
import { ReviewRelease } from '../src/modules/reviews/review-release';
import type { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';
import { TestSmtp } from './support/smtp';

const DAY = 86_400_000;
const MINUTE = 60_000;
const TEXT = 'They played beautifully at our ceremony and were on time.';

/** Verified reviews: invitations mailed when due, the review form behind the link, holds, replies, reports, admins. */
describe('reviews', () => {
  let t: TestApp;
  const smtp = new TestSmtp();
  let ids: Record<string, number>;
  let lister: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  const today = () => new Date().toISOString().slice(0, 10);
  /** The reviews clock at real time plus `ms`. */
  const travel = (ms: number) => t.app.get(ReviewClock).travelTo(new Date(Date.now() + ms));
  const runInvitations = () => t.app.get(ReviewInvitations).run();
  const runRelease = () => t.app.get(ReviewRelease).run();
  const outbox = async (to: string): Promise<{ subject: string }[]> =>
    t.ds.query('SELECT subject FROM mail_outbox WHERE recipient = ? ORDER BY id', [to]);

  /** An enquiry sent through the API as a visitor sends it; its id. */
  const enquire = async (slug: string, email: string, eventDate?: string): Promise<number> => {
    await t.ds.query('DELETE FROM rate_events');
    const formToken = t.app.get(FormTokens).issue(Date.now() - 20_000);
    await t.http().post('/api/enquiries/').send({ postId: ids[slug], name: 'Ciara Walsh', email, eventDate, message: 'Are you free on the day?', formToken }).expect(201);
    return Number((await t.ds.query('SELECT MAX(id) AS id FROM enquiries'))[0].id);
  };
  const tokenIn = (text: string, page: 'form' | 'edit') => new RegExp(`${REVIEW_PAGES[page]}\\?token=([A-Za-z0-9_-]{43})`).exec(text)![1];

  /** An enquiry whose event was today, invited a day later: the invitation's link token and the enquiry's id. */
  const invite = async (email: string, slug = 'lister-live'): Promise<{ token: string; enquiryId: number }> => {
    const enquiryId = await enquire(slug, email, today());
    travel(DAY + MINUTE);
    await runInvitations();
    const mail = await smtp.waitFor(email, /^How was/);
    return { token: tokenIn(mail.text ?? '', 'form'), enquiryId };
  };
  const review = (token: string, extra: Record<string, unknown> = {}) => ({ token, rating: 5, ratings: { performance: 5, value: 4 }, text: TEXT, first_name: 'Ciara', county: 'cork', ...extra });
  const submit = (body: object) => t.http().post('/api/reviews/').send(body);
  const postAnswer = async (slug: string) => (await t.http().get(`/api/posts/${ids[slug]}/`).expect(200)).body;

  beforeAll(async () => {
    await smtp.start();
    t = await startApp('church', { SMTP_URL: smtp.url, HIDDEN_SLUG_EXTRACT: HIDDEN, CONTACT_EMAIL: 'team@example.ie' });
    await resetDatabase(t.ds);
    lister = await signIn(t, 'member', 'lister@example.ie');
    other = await signIn(t, 'member', 'other-lister@example.ie');
    admin = await signIn(t, 'admin', 'reviews-admin@example.ie');
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [
        post('lister-live', 1, 'cork', { title: 'Aoife Byrne Soprano', ownerId: lister.user.id }),
        post('lister-second', 1, 'cork', { title: 'Aoife Byrne Duo', ownerId: lister.user.id }),
        post('other-live', 1, 'dublin', { title: 'Dublin Strings', ownerId: other.user.id }),
        post('no-owner', 1, 'cork', { title: 'Lee Gospel Choir' }),
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  describe('invitations', () => {
    it('emails the invitation the day after the event date, then reminders after 3 and 7 days, each with a working link, and no more', async () => {
      const email = 'schedule@example.ie';
      const event = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
      await enquire('lister-live', email, event);
      const dayAfter = Date.UTC(Number(event.slice(0, 4)), Number(event.slice(5, 7)) - 1, Number(event.slice(8, 10))) + DAY;
      t.app.get(ReviewClock).travelTo(new Date(dayAfter - MINUTE));
      await runInvitations();
      expect(await outbox(email)).toHaveLength(1); // the enquiry's acknowledgement only
      t.app.get(ReviewClock).travelTo(new Date(dayAfter + MINUTE));
      await runInvitations();
      const invitation = await smtp.waitFor(email, /^How was Aoife Byrne Soprano\? Leave a review on Church Musicians Ireland$/);
      expect(invitation.text).toContain('only people who enquired through Church Musicians Ireland can leave one');
      const at = (days: number) => t.app.get(ReviewClock).travelTo(new Date(dayAfter + days * DAY + MINUTE));
      at(2);
      await runInvitations();
      expect((await outbox(email)).filter((m) => /^Reminder/.test(m.subject))).toHaveLength(0);
      at(3);
      await runInvitations();
      await smtp.waitFor(email, /^Reminder: how was Aoife Byrne Soprano\?$/);
      at(7);
      await runInvitations();
      at(30);
      await runInvitations();
      const mails = (await outbox(email)).filter((m) => /^(How was|Reminder)/.test(m.subject));
      expect(mails.map((m) => m.subject)).toEqual(['How was Aoife Byrne Soprano? Leave a review on Church Musicians Ireland', 'Reminder: how was Aoife Byrne Soprano?', 'Reminder: how was Aoife Byrne Soprano?']);
      for (let i = 0; i < 200 && smtp.messages.filter((m) => /^(How was|Reminder)/.test(m.subject ?? '') && m.text?.includes('Aoife Byrne Soprano')).length < 3; i++) await new Promise((r) => setTimeout(r, 50));
      const texts = smtp.messages.filter((m) => /^(How was|Reminder)/.test(m.subject ?? '') && m.text?.includes('Aoife Byrne Soprano')).map((m) => m.text ?? '');
      const tokens = texts.map((text) => tokenIn(text, 'form')).filter((token, i, all) => all.indexOf(token) === i);
      expect(new Set(tokens).size).toBe(3);
      for (const token of tokens) await t.http().get(`/api/reviews/invitation/?token=${token}`).expect(200);
    });

    it('without an event date invites 21 days after the enquiry, and sends no reminder once the review is written', async () => {
      const email = 'no-date@example.ie';
      await enquire('lister-live', email);
      travel(20 * DAY);
      await runInvitations();
      expect((await outbox(email)).filter((m) => /^How was/.test(m.subject))).toHaveLength(0);
      travel(21 * DAY + MINUTE);
      await runInvitations();
      const token = tokenIn((await smtp.waitFor(email, /^How was/)).text ?? '', 'form');
      await submit(review(token)).expect(201);
      travel(21 * DAY + 8 * DAY);
      await runInvitations();
      expect((await outbox(email)).filter((m) => /^Reminder/.test(m.subject))).toHaveLength(0);
    });

    it('sends none for a listing without an owner, the lister’s own address, or a listing hidden before it fell due', async () => {
      await enquire('no-owner', 'to-team@example.ie', today());
      await enquire('lister-live', 'lister@example.ie', today());
      await enquire('lister-second', 'hidden-later@example.ie', today());
      await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id = ?', [HIDDEN, ids['lister-second']]);
      travel(DAY + MINUTE);
      await runInvitations();
      await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id = ?', ['lister-second', ids['lister-second']]);
      const skipped = await t.ds.query("SELECT email, skipped FROM review_invitations WHERE email IN ('to-team@example.ie', 'lister@example.ie', 'hidden-later@example.ie') ORDER BY id");
      expect(skipped).toEqual([
        { email: 'to-team@example.ie', skipped: 'no_owner' },
        { email: 'lister@example.ie', skipped: 'own_address' },
        { email: 'hidden-later@example.ie', skipped: 'hidden' },
      ]);
      for (const to of ['to-team@example.ie', 'lister@example.ie', 'hidden-later@example.ie']) expect((await outbox(to)).filter((m) => /^How was/.test(m.subject))).toEqual([]);
    });

    it('passes over a reminder while the listing is unpublished, and the first link still writes the review once it is back', async () => {
      const { token } = await invite('lapsed@example.ie', 'lister-second');
      await t.ds.query("UPDATE posts SET status = 'draft' WHERE id = ?", [ids['lister-second']]);
      try {
        travel(DAY + 3 * DAY + 2 * MINUTE);
        await runInvitations();
        expect((await outbox('lapsed@example.ie')).filter((m) => /^Reminder/.test(m.subject))).toEqual([]);
        expect((await submit(review(token)).expect(404)).body).toMatchObject({ code: 'post_not_found', field: 'token' });
      } finally {
        await t.ds.query("UPDATE posts SET status = 'publish' WHERE id = ?", [ids['lister-second']]);
      }
      await submit(review(token)).expect(201);
    });

    it('keeps the invitation when the lister deletes the enquiry from the inbox', async () => {
      const enquiryId = await enquire('lister-live', 'deleted@example.ie', today());
      await t.http().delete(`/api/enquiries/${enquiryId}/`).set(auth(lister.token)).expect(204);
      travel(DAY + MINUTE);
      await runInvitations();
      await smtp.waitFor('deleted@example.ie', /^How was/);
    });

  });

  describe('the review form', () => {
    it('says what it asks: the church site’s sub-ratings, the first name suggested, no booking question until the lister marks it booked', async () => {
      const { token, enquiryId } = await invite('form@example.ie');
      const form = await t.http().get(`/api/reviews/invitation/?token=${token}`).expect(200);
      expect(form.headers['cache-control']).toBe('no-store');
      expect(form.body).toMatchObject({
        post_id: ids['lister-live'],
        post_title: 'Aoife Byrne Soprano',
        profile_path: '/profile/lister-live',
        sub_ratings: ['performance', 'communication', 'punctuality', 'value'],
        asks_booked: false,
        asks_class_details: false,
        suggested_first_name: 'Ciara',
        current: null,
      });
      await t.http().put(`/api/enquiries/${enquiryId}/booked/`).set(auth(lister.token)).send({ booked: true }).expect(200);
      expect((await t.http().get(`/api/reviews/invitation/?token=${token}`).expect(200)).body.asks_booked).toBe(true);
    });

    it('publishes a review of 3 or more at once: the post’s figures, the reviews page and the data version move, and the reviewer gets the edit link', async () => {
      const { token } = await invite('published@example.ie', 'other-live');
      const version = (await t.http().get('/api/data-version/').expect(200)).body.version;
      const res = await submit(review(token, { rating: 4, ratings: { performance: 5, punctuality: 3 } })).expect(201);
      expect(res.body).toMatchObject({ status: 'published', held_until: null, post_title: 'Dublin Strings', profile_path: '/profile/other-live' });
      expect(res.body.edit_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await t.http().get('/api/data-version/').expect(200)).body.version).not.toBe(version);
      expect((await postAnswer('other-live')).reviews).toEqual({ average: 4, count: 1, sub_averages: { performance: 5, punctuality: 3 } });
      const page = await t.http().get(`/api/posts/${ids['other-live']}/reviews/`).expect(200);
      expect(page.headers['x-total-count']).toBe('1');
      expect(page.body).toEqual([
        expect.objectContaining({ label: 'enquired', first_name: 'Ciara', county: 'Cork', county_slug: 'cork', rating: 4, ratings: { performance: 5, punctuality: 3 }, text: TEXT, reply: null, edited_at: null }),
      ]);
      expect(JSON.stringify(page.body)).not.toContain('published@example.ie');
      const receipt = await smtp.waitFor('published@example.ie', /^Thank you for reviewing Dublin Strings$/);
      expect(tokenIn(receipt.text ?? '', 'edit')).toBe(res.body.edit_token);
    });

    it('labels a review "booked" only when the lister marked the enquiry booked and the reviewer says they booked', async () => {
      const yes = await invite('booked-yes@example.ie', 'other-live');
      const no = await invite('booked-no@example.ie', 'other-live');
      for (const { enquiryId } of [yes, no]) await t.http().put(`/api/enquiries/${enquiryId}/booked/`).set(auth(other.token)).send({ booked: true }).expect(200);
      const asked = await submit(review(yes.token)).expect(400);
      expect(asked.body).toMatchObject({ code: 'booked_needed', field: 'booked' });
      await submit(review(yes.token, { booked: true })).expect(201);
      await submit(review(no.token, { booked: false })).expect(201);
      const labels = await t.ds.query("SELECT r.label, i.email FROM reviews r JOIN review_invitations i ON i.id = r.invitation_id WHERE i.email LIKE 'booked-%' ORDER BY i.email");
      expect(labels).toEqual([
        { label: 'enquired', email: 'booked-no@example.ie' },
        { label: 'booked', email: 'booked-yes@example.ie' },
      ]);
    });

    it('makes exactly one review of two and more submissions at once on one invitation', async () => {
      const { token } = await invite('parallel@example.ie');
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit(review(token))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 410, 410, 410, 410, 410]);
      for (const a of answers.filter((x) => x.status === 410)) expect(a.body).toMatchObject({ code: 'invitation_used', field: 'token' });
      const [{ n }] = await t.ds.query("SELECT COUNT(*) AS n FROM reviews r JOIN review_invitations i ON i.id = r.invitation_id WHERE i.email = 'parallel@example.ie'");
      expect(Number(n)).toBe(1);
    });

    it('answers a used link 410 invitation_used, an expired one 410 invitation_expired, an unknown one 404, each saying what to do', async () => {
      const used = await invite('used@example.ie');
      await submit(review(used.token)).expect(201);
      const again = await t.http().get(`/api/reviews/invitation/?token=${used.token}`).expect(410);
      expect(again.body).toMatchObject({ code: 'invitation_used', field: 'token' });
      expect(again.body.message).toMatch(/change it once within 30 days/);
      const old = await invite('expired@example.ie');
      travel(DAY + REVIEW_RULES.invitationValidDays * DAY + 2 * MINUTE);
      const expired = await t.http().get(`/api/reviews/invitation/?token=${old.token}`).expect(410);
      expect(expired.body).toMatchObject({ code: 'invitation_expired', field: 'token' });
      expect(expired.body.message).toMatch(/12 months/);
      await submit(review(old.token)).expect(410);
      const unknown = await t.http().get(`/api/reviews/invitation/?token=${'A'.repeat(43)}`).expect(404);
      expect(unknown.body).toMatchObject({ code: 'review_link_not_found', field: 'token' });
      expect((await t.http().get('/api/reviews/invitation/?token=short').expect(400)).body.field).toBe('token');
    });

    describe('bad input names the field', () => {
      let token: string;
      beforeAll(async () => {
        token = (await invite('bad-input@example.ie')).token;
      });
      it.each([
        [{ rating: 0 }, 'rating'],
        [{ rating: 6 }, 'rating'],
        [{ rating: 4.5 }, 'rating'],
        [{ rating: undefined }, 'rating'],
        [{ text: 'Too short to say anything.' }, 'text'],
        [{ text: 'x'.repeat(2001) }, 'text'],
        [{ ratings: { value: 7 } }, 'ratings.value'],
        [{ ratings: { engagement: 4 } }, 'ratings.engagement'],
        [{ first_name: '' }, 'first_name'],
        [{ first_name: 'x'.repeat(61) }, 'first_name'],
        [{ county: 'atlantis' }, 'county'],
        [{ class_size: 0 }, 'class_size'],
        [{ booked: 'yes' }, 'booked'],
        [{ extra: 1 }, 'extra'],
      ])('%j: 400 naming %s', async (change, field) => {
        const res = await submit(review(token, change)).expect(400);
        expect(res.body.field).toBe(field);
      });
      it('takes a text of exactly 30 and of exactly 2,000 characters', async () => {
        const form = await t.http().get(`/api/reviews/invitation/?token=${token}`).expect(200);
        expect(form.body.current).toBeNull();
        await submit(review(token, { text: 'y'.repeat(2000) })).expect(201);
        const { token: second } = await invite('bad-input-2@example.ie');
        await submit(review(second, { text: 'z'.repeat(30) })).expect(201);
      });
    });
  });

  describe('holds', () => {
    it('holds a rating of 2 or less: the lister is emailed at once and sees it with its date, visitors do not; published after 7 days with the reply', async () => {
      const before = (await postAnswer('lister-second')).reviews;
      const { token } = await invite('held@example.ie', 'lister-second');
      const res = await submit(review(token, { rating: 2, text: 'They arrived late and missed the first hymn entirely.' })).expect(201);
      expect(res.body.status).toBe('held');
      const written = Date.parse(res.body.held_until) - REVIEW_RULES.holdDays * DAY;
      await smtp.waitFor('lister@example.ie', /^A review of Aoife Byrne Duo is waiting for your reply$/);
      const mine = (await t.http().get('/api/me/reviews/').set(auth(lister.token)).expect(200)).body;
      const held = mine.find((r: { text: string }) => r.text.startsWith('They arrived late'));
      expect(held).toMatchObject({ status: 'held', held_until: res.body.held_until, more_time_asked: false, published_at: null, post_slug: 'lister-second' });
      expect((await postAnswer('lister-second')).reviews).toEqual(before);
      expect((await t.http().get(`/api/posts/${ids['lister-second']}/reviews/`).expect(200)).body.map((r: { id: number }) => r.id)).not.toContain(held.id);
      await t.http().put(`/api/me/reviews/${held.id}/reply/`).set(auth(lister.token)).send({ text: 'We are sorry: a road closure held us up.' }).expect(200);
      t.app.get(ReviewClock).travelTo(new Date(written + 6 * DAY));
      await runRelease();
      expect((await t.ds.query('SELECT status FROM reviews WHERE id = ?', [held.id]))[0].status).toBe('held');
      t.app.get(ReviewClock).travelTo(new Date(written + 7 * DAY + MINUTE));
      await runRelease();
      const shown = (await t.http().get(`/api/posts/${ids['lister-second']}/reviews/`).expect(200)).body.find((r: { id: number }) => r.id === held.id);
      expect(shown).toMatchObject({ rating: 2, reply: { text: 'We are sorry: a road closure held us up.' } });
      expect((await postAnswer('lister-second')).reviews.count).toBe(before.count + 1);
    });

    it('holds it 14 days when the lister asks for more time, once; more time for a published review is refused', async () => {
      const { token } = await invite('more-time@example.ie');
      const res = await submit(review(token, { rating: 1 })).expect(201);
      const written = Date.parse(res.body.held_until) - REVIEW_RULES.holdDays * DAY;
      const id = Number((await t.ds.query("SELECT r.id FROM reviews r JOIN review_invitations i ON i.id = r.invitation_id WHERE i.email = 'more-time@example.ie'"))[0].id);
      const asked = await t.http().post(`/api/me/reviews/${id}/more-time/`).set(auth(lister.token)).expect(200);
      expect(Date.parse(asked.body.held_until)).toBe(written + REVIEW_RULES.extendedHoldDays * DAY);
      expect(asked.body.more_time_asked).toBe(true);
      expect((await t.http().post(`/api/me/reviews/${id}/more-time/`).set(auth(lister.token)).expect(409)).body.code).toBe('more_time_asked');
      t.app.get(ReviewClock).travelTo(new Date(written + 8 * DAY));
      await runRelease();
      expect((await t.ds.query('SELECT status FROM reviews WHERE id = ?', [id]))[0].status).toBe('held');
      t.app.get(ReviewClock).travelTo(new Date(written + 14 * DAY + MINUTE));
      await runRelease();
      expect((await t.ds.query('SELECT status FROM reviews WHERE id = ?', [id]))[0].status).toBe('published');
      expect((await t.http().post(`/api/me/reviews/${id}/more-time/`).set(auth(lister.token)).expect(409)).body.code).toBe('review_not_held');
    });
  });

  describe('the reviewer’s one change', () => {
    it('changes the review once within 30 days; a second change is 410 edit_used; a change lowered to 2 is held again and the lister told', async () => {
      const { token } = await invite('edit@example.ie', 'other-live');
      const { edit_token } = (await submit(review(token, { rating: 5 })).expect(201)).body;
      const form = await t.http().get(`/api/reviews/edit/?token=${edit_token}`).expect(200);
      expect(form.body.current).toMatchObject({ rating: 5, text: TEXT, first_name: 'Ciara', county: 'cork' });
      const changed = await t.http().put('/api/reviews/edit/').send(review(edit_token, { rating: 2, text: 'On reflection the sound was poor and they left early.' })).expect(200);
      expect(changed.body).toMatchObject({ status: 'held', edit_token: null, editable_until: null });
      await smtp.waitFor('other-lister@example.ie', /^A review of Dublin Strings is waiting for your reply$/);
      const again = await t.http().put('/api/reviews/edit/').send(review(edit_token)).expect(410);
      expect(again.body).toMatchObject({ code: 'edit_used', field: 'token' });
      expect((await t.http().get(`/api/reviews/edit/?token=${edit_token}`).expect(410)).body.code).toBe('edit_used');
    });

    it('refuses a change after 30 days with 410 edit_expired', async () => {
      const { token } = await invite('edit-late@example.ie', 'other-live');
      const { edit_token } = (await submit(review(token)).expect(201)).body;
      travel(DAY + (REVIEW_RULES.editDays + 1) * DAY);
      const late = await t.http().put('/api/reviews/edit/').send(review(edit_token)).expect(410);
      expect(late.body).toMatchObject({ code: 'edit_expired', field: 'token' });
      expect(late.body.message).toMatch(/30 days/);
    });
  });

  describe('the lister', () => {
    let id: number;
    let enquiryId: number;
    beforeAll(async () => {
      const invited = await invite('lister-routes@example.ie');
      enquiryId = invited.enquiryId;
      await submit(review(invited.token, { rating: 3 })).expect(201);
      id = Number((await t.ds.query("SELECT r.id FROM reviews r JOIN review_invitations i ON i.id = r.invitation_id WHERE i.email = 'lister-routes@example.ie'"))[0].id);
    });

    it('GET /api/me/reviews/: anonymous 401; each member sees only the reviews of their own posts; admins their own', async () => {
      await t.http().get('/api/me/reviews/').expect(401);
      const mine = await t.http().get('/api/me/reviews/').set(auth(lister.token)).expect(200);
      expect(mine.body.map((r: { id: number }) => r.id)).toContain(id);
      expect(Number(mine.headers['x-total-count'])).toBe(mine.body.length);
      const others = (await t.http().get('/api/me/reviews/').set(auth(other.token)).expect(200)).body;
      expect(others.map((r: { id: number }) => r.id)).not.toContain(id);
      await t.http().get('/api/me/reviews/').set(auth(admin.token)).expect(200);
    });

    it.each([
      ['PUT', 'reply/', { text: 'Thank you, it was a pleasure.' }, 200],
      ['DELETE', 'reply/', undefined, 204],
      ['POST', 'report/', { reason: 'personal_data', note: 'It names our child.' }, 200],
    ])('%s /api/me/reviews/{id}/%s: anonymous 401, another member 404, owner and admin allowed', async (method, path, body, ok) => {
      const call = (token?: string) => {
        const req = (method === 'PUT' ? t.http().put : method === 'DELETE' ? t.http().delete : t.http().post).call(t.http(), `/api/me/reviews/${id}/${path}`);
        if (token) req.set(auth(token));
        return body ? req.send(body) : req;
      };
      await call().expect(401);
      expect((await call(other.token).expect(404)).body).toMatchObject({ code: 'review_not_found', field: 'id' });
      await call(lister.token).expect(ok);
      if (path === 'report/') {
        expect((await call(admin.token).expect(409)).body.code).toBe('already_reported');
        await t.ds.query('UPDATE reviews SET reported_at = NULL, report_reason = NULL WHERE id = ?', [id]);
      }
      await call(admin.token).expect(ok);
    });

    it('POST /api/me/reviews/{id}/more-time/: anonymous 401, another member 404, owner and admin reach the rule', async () => {
      const call = (token?: string) => (token ? t.http().post(`/api/me/reviews/${id}/more-time/`).set(auth(token)) : t.http().post(`/api/me/reviews/${id}/more-time/`));
      await call().expect(401);
      expect((await call(other.token).expect(404)).body.code).toBe('review_not_found');
      expect((await call(lister.token).expect(409)).body.code).toBe('review_not_held');
      expect((await call(admin.token).expect(409)).body.code).toBe('review_not_held');
    });

    it('PUT /api/enquiries/{id}/booked/: anonymous 401, another member 404, owner and admin allowed; the inbox shows the mark', async () => {
      const call = (token: string | undefined, booked: boolean) => (token ? t.http().put(`/api/enquiries/${enquiryId}/booked/`).set(auth(token)) : t.http().put(`/api/enquiries/${enquiryId}/booked/`)).send({ booked });
      await call(undefined, true).expect(401);
      expect((await call(other.token, true).expect(404)).body.code).toBe('enquiry_not_found');
      expect((await call(lister.token, true).expect(200)).body.booked).toBe(true);
      expect((await call(admin.token, false).expect(200)).body.booked).toBe(false);
      expect((await t.http().put(`/api/enquiries/${enquiryId}/booked/`).set(auth(lister.token)).send({ booked: 'yes' }).expect(400)).body.field).toBe('booked');
    });

    it('answers the owner 404 for a review of their listing an admin hid, as for the listing itself; admins still reach it', async () => {
      await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id = ?', [HIDDEN, ids['lister-live']]);
      try {
        expect((await t.http().put(`/api/me/reviews/${id}/reply/`).set(auth(lister.token)).send({ text: 'Thanks' }).expect(404)).body.code).toBe('review_not_found');
        expect((await t.http().get('/api/me/reviews/').set(auth(lister.token)).expect(200)).body.map((r: { id: number }) => r.id)).not.toContain(id);
        await t.http().put(`/api/me/reviews/${id}/reply/`).set(auth(admin.token)).send({ text: 'Thanks' }).expect(200);
      } finally {
        await t.ds.query('UPDATE posts SET slug_extract = ? WHERE id = ?', ['lister-live', ids['lister-live']]);
      }
    });

    it('puts the reviews of the lister’s listings in the lister’s data export, without the reviewers’ addresses', async () => {
      const res = await t.http().get(`/api/users/${lister.user.id}/export/`).set(auth(lister.token)).expect(200);
      const exported = res.body.posts.find((p: { id: number }) => p.id === ids['lister-live']);
      expect(exported.reviews.map((r: { id: number }) => Number(r.id))).toContain(id);
      expect(exported.enquiries.find((e: { id: number }) => Number(e.id) === enquiryId)).toHaveProperty('booked_at');
      expect(JSON.stringify(exported.reviews)).not.toContain('lister-routes@example.ie');
    });

    it('refuses bad replies and reports naming the field', async () => {
      expect((await t.http().put(`/api/me/reviews/${id}/reply/`).set(auth(lister.token)).send({ text: '' }).expect(400)).body.field).toBe('text');
      expect((await t.http().put(`/api/me/reviews/${id}/reply/`).set(auth(lister.token)).send({ text: 'x'.repeat(2001) }).expect(400)).body.field).toBe('text');
      expect((await t.http().post(`/api/me/reviews/${id}/report/`).set(auth(lister.token)).send({ reason: 'too_low' }).expect(400)).body.field).toBe('reason');
    });
  });

  describe('admins', () => {
    let id: number;
    beforeAll(async () => {
      const { token } = await invite('admin-review@example.ie', 'other-live');
      await submit(review(token, { rating: 3 })).expect(201);
      id = Number((await t.ds.query("SELECT r.id FROM reviews r JOIN review_invitations i ON i.id = r.invitation_id WHERE i.email = 'admin-review@example.ie'"))[0].id);
      await t.http().post(`/api/me/reviews/${id}/report/`).set(auth(other.token)).send({ reason: 'not_a_client' }).expect(200);
    });

    it('the reviews resource: anonymous 401, members 403, admins list it by state', async () => {
      await t.http().get('/api/admin/reviews').expect(401);
      await t.http().get('/api/admin/reviews').set(auth(lister.token)).expect(403);
      await t.http().put(`/api/admin/reviews/${id}`).set(auth(other.token)).send({ status: 'published' }).expect(403);
      const reported = await t.http().get(`/api/admin/reviews?filter=${encodeURIComponent('{"state":"reported"}')}`).set(auth(admin.token)).expect(200);
      expect(reported.body.find((r: { id: number }) => r.id === id)).toMatchObject({ reviewer_email: 'admin-review@example.ie', report: { reason: 'not_a_client' }, status: 'published' });
      expect(reported.headers['content-range']).toMatch(/^reviews 0-\d+\/\d+$/);
      for (const state of ['held', 'published', 'removed']) await t.http().get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ state }))}`).set(auth(admin.token)).expect(200);
      expect((await t.http().get(`/api/admin/reviews?filter=${encodeURIComponent('{"state":"hidden"}')}`).set(auth(admin.token)).expect(400)).body.field).toBe('filter');
      const stats = (await t.http().get('/api/admin/stats').set(auth(admin.token)).expect(200)).body.reviews;
      expect(stats.reported).toBeGreaterThanOrEqual(1);
      expect(stats.published).toBeGreaterThanOrEqual(1);
    });

    it('removes a review only with a reason: audited, the reviewer told why, gone from the profile; restores it', async () => {
      const count = (await postAnswer('other-live')).reviews.count;
      const bare = await t.http().put(`/api/admin/reviews/${id}`).set(auth(admin.token)).send({ status: 'removed' }).expect(400);
      expect(bare.body).toMatchObject({ code: 'removal_reason_needed', field: 'removal_reason' });
      expect((await t.http().put(`/api/admin/reviews/${id}`).set(auth(admin.token)).send({ status: 'removed', removal_reason: 'too_low' }).expect(400)).body.field).toBe('removal_reason');
      const removed = await t.http().put(`/api/admin/reviews/${id}`).set(auth(admin.token)).send({ status: 'removed', removal_reason: 'not_a_client' }).expect(200);
      expect(removed.body).toMatchObject({ status: 'removed', removal_reason: 'not_a_client', report: null });
      const mail = await smtp.waitFor('admin-review@example.ie', /^Your review of Dublin Strings was removed$/);
      expect(mail.text).toContain('The reason: the reviewer was not a client.');
      const [audit] = await t.ds.query("SELECT action, resource, record_id FROM audit_log WHERE resource = 'reviews' ORDER BY id DESC LIMIT 1");
      expect(audit).toEqual({ action: 'remove', resource: 'reviews', record_id: String(id) });
      expect((await postAnswer('other-live')).reviews.count).toBe(count - 1);
      expect((await t.http().get(`/api/posts/${ids['other-live']}/reviews/`).expect(200)).body.map((r: { id: number }) => r.id)).not.toContain(id);
      expect((await t.http().put(`/api/me/reviews/${id}/reply/`).set(auth(other.token)).send({ text: 'Thanks' }).expect(409)).body.code).toBe('reply_to_removed');
      const restored = await t.http().put(`/api/admin/reviews/${id}`).set(auth(admin.token)).send({ status: 'published' }).expect(200);
      expect(restored.body).toMatchObject({ status: 'published', removal_reason: null });
      expect((await postAnswer('other-live')).reviews.count).toBe(count);
    });
  });

  describe('on cliste', () => {
    let c: TestApp;
    beforeAll(async () => {
      c = await startApp('cliste', { SMTP_URL: smtp.url, HIDDEN_SLUG_EXTRACT: HIDDEN });
    });
    afterAll(() => c.close());

    it('asks the school’s sub-ratings, year group and class size (optional), refuses the church site’s, and shows them', async () => {
      await c.ds.query('DELETE FROM rate_events');
      const formToken = c.app.get(FormTokens).issue(Date.now() - 20_000);
      await c.http().post('/api/enquiries/').send({ postId: ids['other-live'], name: 'Máire Ní Bhriain', email: 'school@example.ie', eventDate: today(), message: 'A workshop for two fifth classes?', formToken }).expect(201);
      c.app.get(ReviewClock).travelTo(new Date(Date.now() + DAY + MINUTE));
      await c.app.get(ReviewInvitations).run();
      const token = tokenIn((await smtp.waitFor('school@example.ie', /^How was Dublin Strings\? Leave a review on Cliste$/)).text ?? '', 'form');
      const form = (await c.http().get(`/api/reviews/invitation/?token=${token}`).expect(200)).body;
      expect(form).toMatchObject({ sub_ratings: ['engagement', 'curriculum_fit', 'organisation', 'value'], asks_class_details: true, profile_path: '/other-live', suggested_first_name: 'Máire' });
      const school = { token, rating: 5, text: 'Both classes were engaged all morning and it fitted our SPHE plan.', first_name: 'Máire', county: 'galway' };
      expect((await c.http().post('/api/reviews/').send({ ...school, ratings: { punctuality: 5 } }).expect(400)).body.field).toBe('ratings.punctuality');
      expect((await c.http().post('/api/reviews/').send({ ...school, class_size: 501 }).expect(400)).body.field).toBe('class_size');
      await c.http().post('/api/reviews/').send({ ...school, ratings: { engagement: 5, curriculum_fit: 4 }, year_group: '5th class', class_size: 28 }).expect(201);
      const shown = (await c.http().get(`/api/posts/${ids['other-live']}/reviews/`).expect(200)).body.find((r: { first_name: string }) => r.first_name === 'Máire');
      expect(shown).toMatchObject({ ratings: { engagement: 5, curriculum_fit: 4 }, year_group: '5th class', class_size: 28, county: 'Galway' });
    });
  });

  // Last: a second application replaces the first's passport strategy until both close (as in the other two-process tests).
  describe('two API processes', () => {
    it('two API processes on one database mail each invitation and release each held review once', async () => {
      const second = await startApp('church', { SMTP_URL: smtp.url, HIDDEN_SLUG_EXTRACT: HIDDEN });
      try {
        const emails = ['race-1@example.ie', 'race-2@example.ie', 'race-3@example.ie'];
        for (const email of emails) await enquire('lister-live', email, today());
        const at = new Date(Date.now() + DAY + MINUTE);
        for (const app of [t, second]) app.app.get(ReviewClock).travelTo(at);
        const runs = await Promise.all([t, second, t, second].map((app) => app.app.get(ReviewInvitations).run()));
        // Runs that found the lease taken did nothing; a second round sends what they left, and nothing twice.
        const again = await Promise.all([t, second].map((app) => app.app.get(ReviewInvitations).run()));
        expect([...runs, ...again].reduce((n, r) => n + r.invited, 0)).toBe(3);
        for (const email of emails) expect((await outbox(email)).filter((m) => /^How was/.test(m.subject))).toHaveLength(1);

        const token = tokenIn((await smtp.waitFor('race-1@example.ie', /^How was/)).text ?? '', 'form');
        const held = await submit(review(token, { rating: 1 })).expect(201);
        expect(held.body.status).toBe('held');
        const release = new Date(Date.parse(held.body.held_until) + MINUTE);
        for (const app of [t, second]) app.app.get(ReviewClock).travelTo(release);
        const heldCount = async () => Number((await t.ds.query("SELECT COUNT(*) AS n FROM reviews WHERE status = 'held'"))[0].n);
        const before = await heldCount();
        const released = await Promise.all([t, second, t, second].map((app) => app.app.get(ReviewRelease).run()));
        // Earlier held reviews whose date has come are released too: each counted once, by whichever process released it.
        expect(released.reduce((a, b) => a + b, 0)).toBe(before - (await heldCount()));
        expect((await t.ds.query("SELECT r.status FROM reviews r JOIN review_invitations i ON i.id = r.invitation_id WHERE i.email = 'race-1@example.ie'"))[0].status).toBe('published');
      } finally {
        await second.close();
      }
    });
  });
});
