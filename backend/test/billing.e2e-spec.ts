import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeStandIn, type StandIn } from '../tools/dev/stripe-stand-in/server';
import { BillingClock } from '../src/modules/billing/billing.clock';
import { PublishPolicy } from '../src/modules/billing/publish-policy';
import { SubscriptionEntity } from '../src/modules/billing/subscription.entity';
import { TrialReminders } from '../src/modules/billing/trial-reminders';
import { UnpaidGrace } from '../src/modules/billing/unpaid-grace';
import { PostEntity } from '../src/modules/posts/post.entity';
import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, type TestApp } from './support/app';
import { category, COUNTIES, insert, post } from './support/fixtures';
import { TestSmtp } from './support/smtp';
import { useSqlite } from './support/test-database';

/**
 * Billing against the Stripe stand-in, driven through the API as the control panel drives it: checkout through the
 * stand-in's hosted page, webhooks signed and delivered by the stand-in to the API listening on a real port, the
 * stand-in's clock moved to end trials, and the API's billing clock moved with it.
 */
const SECRET = 'whsec_billing_e2e_secret';
const DAY = 86_400_000;
const CARD = '4242 4242 4242 4242';
const FAILING_LATER = '4000 0000 0000 0341';

let standIn: StandIn;
let t: TestApp;
/** A second API process on the same database (the reminder job), and the cliste site's API (free for life). Started
 * once: passport keeps one JWT strategy per process, the last app's, so closing an app mid-file would end sign-ins. */
let second: TestApp;
let cliste: TestApp;
let port: number;
const smtp = new TestSmtp();
/** The SDK, for signing hand-made webhook payloads and looking at the stand-in's side. */
let stripe: Stripe;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const found = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return found;
}

const stripeEnv = () => ({ STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: standIn.url, SMTP_URL: smtp.url });

beforeAll(async () => {
  await smtp.start();
  port = await freePort();
  standIn = await startStripeStandIn({ port: 0, webhookUrl: `http://127.0.0.1:${port}/api/billing/webhook/`, webhookSecret: SECRET, retryDelaysMs: [100, 300, 1000] });
  stripe = new Stripe('sk_test_stand_in', { host: 'localhost', port: standIn.port, protocol: 'http' });
  t = await startApp('church', stripeEnv());
  await t.app.listen(port, '127.0.0.1');
  second = await startApp('church', stripeEnv());
  cliste = await startApp('cliste', stripeEnv());
});

afterAll(async () => {
  await standIn?.close();
  await cliste?.close();
  await second?.close();
  await t?.close();
  await smtp.stop();
});

beforeEach(async () => {
  await resetDatabase(t.ds);
  await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'harpists', 'Harpists')] });
  smtp.clear();
  await syncClock();
});
let n = 0;
const lister = () => signIn(t, 'member', `lister${++n}.${Date.now()}@example.ie`);

async function state(token: string, app = t) {
  return (await app.http().get('/api/billing/subscription/').set(auth(token)).expect(200)).body;
}

/** Polls until `ok` holds (webhooks arrive on their own), up to 10 seconds. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let waited = 0; waited < 10_000; waited += 50) {
    last = await read();
    if (ok(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)}`);
}

/** Every event the stand-in has sent so far was delivered (answered 2xx) to the API. */
async function delivered() {
  await until(async () => standIn.account.all('event').filter((e) => e.pending_webhooks > 0).length, (left) => left === 0, 'webhooks in flight');
}

/** The API's billing clock follows the stand-in's (real time plus the offset its clock was moved by). */
async function syncClock(extraMs = 0) {
  const { now } = (await (await fetch(`${standIn.url}/_stand-in/clock`)).json()) as { now: number };
  t.app.get(BillingClock).travelTo(new Date(now * 1000 + extraMs));
}

async function advance(days: number) {
  const res = await fetch(`${standIn.url}/_stand-in/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days }) });
  expect(res.status).toBe(200);
  await syncClock();
}

/** Checkout as the control panel starts it, paid on the stand-in's hosted page, until the webhook has arrived. */
async function subscribe(token: string, plan: 'monthly' | 'yearly' = 'monthly', card = CARD, expected = 'trialing') {
  const { body } = await t.http().post('/api/billing/checkout/').set(auth(token)).send({ plan }).expect(200);
  expect(body.url).toMatch(new RegExp(`^${standIn.url}/checkout/cs_test_`));
  const form = new URLSearchParams({ card_number: card, card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Aoife Ní Bhriain' });
  const res = await fetch(body.url, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`${t.config.siteOrigin}/cp/subscription?checkout=done`);
  await until(() => state(token), (s) => s.subscription?.status === expected, `subscription ${expected}`);
  await delivered();
  return state(token);
}

async function publishedListing(ownerId: number, slug: string) {
  const ids = await insert(t.ds, { posts: [post(slug, 1, 'dublin', { ownerId, status: 'publish' })] });
  return ids[slug];
}
const statusOf = async (id: number) => (await t.ds.getRepository(PostEntity).findOneByOrFail({ id })).status;
const mailsTo = (email: string, subject: RegExp) => smtp.messages.filter((m) => JSON.stringify(m.to).includes(email) && subject.test(m.subject ?? ''));
const mayPublish = (userId: number, app = t) => app.app.get(PublishPolicy).mayPublish(userId);

/** A webhook as Stripe sends it, signed with the endpoint secret (or not). */
function sendEvent(event: Record<string, unknown>, signature?: string) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, ...event });
  const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return t.http().post('/api/billing/webhook/').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
}

const eventCount = async () => Number((await t.ds.query('SELECT COUNT(*) AS n FROM stripe_events'))[0].n);

describe('who may see and change a subscription', () => {
  it('answers anonymous callers 401, shows a member only their own state, lets admins in', async () => {
    await t.http().get('/api/billing/subscription/').expect(401);
    await t.http().post('/api/billing/checkout/').send({ plan: 'monthly' }).expect(401);
    await t.http().post('/api/billing/cancel/').expect(401);
    await t.http().post('/api/billing/refund/').expect(401);
    await t.http().post('/api/billing/portal/').expect(401);
    const member = await lister();
    expect(await state(member.token)).toEqual({
      can_publish: false,
      free_for_life: false,
      free_for_life_offered: false,
      subscription: null,
      trial_available: true,
      application: null,
    });
    const admin = await signIn(t, 'admin');
    expect((await state(admin.token)).subscription).toBeNull();
    // Nothing to cancel, refund or manage: each acts on the caller's own subscription only.
    await t.http().post('/api/billing/cancel/').set(auth(member.token)).expect(404);
    await t.http().post('/api/billing/portal/').set(auth(member.token)).expect(404);
    const bad = await t.http().post('/api/billing/checkout/').set(auth(member.token)).send({ plan: 'weekly' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', field: 'plan' });
  });

  it('keeps the admin routes to admins (401, 403) and answers lists with Content-Range', async () => {
    const member = await lister();
    const admin = await signIn(t, 'admin');
    for (const path of ['/api/admin/subscriptions', '/api/admin/free-for-life-applications', '/api/admin/billing-stats/', '/api/admin/subscriptions/1']) {
      await t.http().get(path).expect(401);
      await t.http().get(path).set(auth(member.token)).expect(403);
    }
    await t.http().post('/api/admin/subscriptions/1/refund').set(auth(member.token)).expect(403);
    await t.http().post('/api/admin/free-for-life-applications/1/approve').set(auth(member.token)).expect(403);
    const list = await t.http().get('/api/admin/subscriptions?range=[0,9]').set(auth(admin.token)).expect(200);
    expect(list.body).toEqual([]);
    expect(list.headers['content-range']).toBe('subscriptions 0-0/0');
    await t.http().get('/api/admin/subscriptions/999').set(auth(admin.token)).expect(404);
    const badSort = await t.http().get('/api/admin/subscriptions?sort=["password","ASC"]').set(auth(admin.token)).expect(400);
    expect(badSort.body.field).toBe('sort');
    const stats = await t.http().get('/api/admin/billing-stats/').set(auth(admin.token)).expect(200);
    expect(stats.body.months).toHaveLength(12);
    expect(stats.body.months[11]).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), trials_started: 0, paying_subscribers: 0, mrr_cents: 0 });
  });
});

describe('the trial and the publishing gate', () => {
  it('refuses publishing without a subscription (402) and allows it while trialing; /api/me shows the state', async () => {
    const { user, token } = await lister();
    await expect(t.app.get(PublishPolicy).assertMayPublish(user.id)).rejects.toMatchObject({ domain: 'billing', code: 'subscription_required' });
    const before = await t.http().get('/api/me/').set(auth(token)).expect(200);
    expect(before.body).toMatchObject({ email: user.email, subscription: { can_publish: false, subscription: null, trial_available: true } });
    // Through the control panel's routes: a draft is made, publishing it is refused until the trial starts.
    const draft = (await t.http().post('/api/posts/').set(auth(token)).send({ title: 'Gated Harpist', category: 1, tag_slug: 'dublin' }).expect(201)).body;
    const refused = await t.http().put(`/api/posts/${draft.slug}/`).set(auth(token)).send({ status: 'publish' }).expect(402);
    expect(refused.body).toMatchObject({ code: 'subscription_required', field: 'status' });

    const after = await subscribe(token, 'yearly');
    expect(after).toMatchObject({ can_publish: true, trial_available: false, subscription: { plan: 'yearly', status: 'trialing', amount_cents: 20000, cancel_at_period_end: false, first_paid_at: null, refundable_until: null } });
    const trialDays = (Date.parse(after.subscription.trial_end) - Date.parse(after.subscription.started_at)) / DAY;
    expect(trialDays).toBe(60);
    await expect(t.app.get(PublishPolicy).assertMayPublish(user.id)).resolves.toBeUndefined();
    expect((await t.http().put(`/api/posts/${draft.slug}/`).set(auth(token)).send({ status: 'publish' }).expect(200)).body.status).toBe('publish');
    expect((await t.http().get('/api/me/').set(auth(token)).expect(200)).body.subscription.subscription.status).toBe('trialing');
    const mail = await smtp.waitFor(user.email, /free trial has started/);
    expect(mail.text).toContain('€200 a year');
    // One subscription at a time.
    const again = await t.http().post('/api/billing/checkout/').set(auth(token)).send({ plan: 'monthly' }).expect(409);
    expect(again.body.code).toBe('subscription_exists');
    // The portal opens the stand-in's customer portal for this customer.
    const portal = await t.http().post('/api/billing/portal/').set(auth(token)).expect(200);
    expect(portal.body.url).toMatch(new RegExp(`^${standIn.url}/portal/bps_`));
    expect(mailsTo(user.email, /free trial has started/)).toHaveLength(1);
  });
});

describe('one subscription per lister', () => {
  it('keeps the first of two checkouts completed in two tabs and ends the other at once', async () => {
    const { user, token } = await lister();
    const listing = await publishedListing(user.id, 'two-tabs-harpist');
    const open = async () => (await t.http().post('/api/billing/checkout/').set(auth(token)).send({ plan: 'monthly' }).expect(200)).body.url as string;
    const [first, second] = [await open(), await open()];
    for (const url of [first, second]) {
      const form = new URLSearchParams({ card_number: CARD, card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Aoife' });
      expect((await fetch(url, { method: 'POST', body: form, redirect: 'manual' })).status).toBe(303);
    }
    const rows = async () => (await t.ds.query('SELECT status, ended_at FROM subscriptions WHERE user_id = ? ORDER BY id', [user.id])) as { status: string; ended_at: unknown }[];
    await until(rows, (r) => r.length === 2 && r.filter((x) => x.status === 'canceled').length === 1, 'one of two ended');
    await delivered();
    expect((await rows()).filter((r) => r.status === 'trialing')).toHaveLength(1);
    expect(await mayPublish(user.id)).toBe(true);
    expect(await statusOf(listing)).toBe('publish');
    expect(mailsTo(user.email, /subscription has ended/)).toHaveLength(0);
    const live = (await stripe.subscriptions.list({ customer: (await t.ds.query('SELECT stripe_customer_id AS c FROM subscriptions WHERE user_id = ?', [user.id]))[0].c })).data;
    expect(live.map((x) => x.status)).toEqual(['trialing']);
  });
});

describe('webhooks', () => {
  it('refuses a bad signature with 400 and no effect', async () => {
    const { user, token } = await lister();
    await subscribe(token);
    const before = await state(token);
    const events = await eventCount();
    const sub = (await t.ds.query('SELECT stripe_subscription_id AS id FROM subscriptions WHERE user_id = ?', [user.id]))[0].id;
    const event = { id: 'evt_forged_1', type: 'customer.subscription.deleted', data: { object: { id: sub, object: 'subscription', status: 'canceled' } } };
    const forged = await sendEvent(event, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`).expect(400);
    expect(forged.body).toMatchObject({ code: 'invalid_signature', field: 'Stripe-Signature' });
    await t.http().post('/api/billing/webhook/').set('Content-Type', 'application/json').send(JSON.stringify(event)).expect(400);
    // Signed with another secret.
    const payload = JSON.stringify(event);
    await sendEvent(event, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })).expect(400);
    expect(await eventCount()).toBe(events);
    expect(await state(token)).toEqual(before);
  });

  it('has one effect for the same event delivered twice at once', async () => {
    const { user, token } = await lister();
    await subscribe(token);
    const sub = (await t.ds.query('SELECT stripe_subscription_id AS id, stripe_customer_id AS customer FROM subscriptions WHERE user_id = ?', [user.id]))[0];
    const event = {
      id: `evt_twice_${Date.now()}`,
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_twice', object: 'invoice', customer: sub.customer, amount_due: 2000, amount_paid: 0, parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } }, status_transitions: {} } },
    };
    const answers = await Promise.all([sendEvent(event), sendEvent(event), sendEvent(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await smtp.waitFor(user.email, /did not go through/);
    await sendEvent(event).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user.email, /did not go through/)).toHaveLength(1);
    expect(Number((await t.ds.query('SELECT COUNT(*) AS n FROM stripe_events WHERE id = ?', [event.id]))[0].n)).toBe(1);
  });

  it('keeps the state Stripe has now when an older event arrives after a newer one', async () => {
    const { user, token } = await lister();
    await subscribe(token);
    const listing = await publishedListing(user.id, 'late-event-harpist');
    const row = (await t.ds.query('SELECT stripe_subscription_id AS id FROM subscriptions WHERE user_id = ?', [user.id]))[0];
    const trialing = await stripe.subscriptions.retrieve(row.id);
    await stripe.subscriptions.cancel(row.id);
    await until(() => state(token), (s) => s.subscription.status === 'canceled', 'cancelled');
    expect(await statusOf(listing)).toBe('draft');
    // The "created" event of the trial, delivered late (as Stripe may): the subscription is re-read, so it stays ended.
    await sendEvent({ id: `evt_late_${Date.now()}`, type: 'customer.subscription.created', data: { object: trialing } }).expect(200);
    expect((await state(token)).subscription.status).toBe('canceled');
    expect(await mayPublish(user.id)).toBe(false);
    await smtp.waitFor(user.email, /subscription has ended/);
    expect(mailsTo(user.email, /subscription has ended/)).toHaveLength(1);
  });
});

describe('the end of the trial, cancelling and refunds', () => {
  it('turns a trial into a paid subscription when it ends; a refund within 30 days ends it and unpublishes', async () => {
    const { user, token } = await lister();
    await subscribe(token);
    const listing = await publishedListing(user.id, 'paid-harpist');
    // Nothing paid during the trial: nothing to refund.
    expect((await t.http().post('/api/billing/refund/').set(auth(token)).expect(403)).body.code).toBe('refund_window_closed');
    await advance(60.1);
    const paid = await until(() => state(token), (s) => s.subscription.status === 'active' && s.subscription.first_paid_at !== null, 'paid');
    expect(paid).toMatchObject({ can_publish: true, subscription: { refundable_until: expect.any(String), refund_by_admin: false } });
    expect((await smtp.waitFor(user.email, /Payment received/)).text).toContain('€20');
    expect(mailsTo(user.email, /Payment received/)).toHaveLength(1);

    await advance(10);
    // Asked for twice at once (a double click, two tabs): one refund.
    const [refunded, twice] = await Promise.all([t.http().post('/api/billing/refund/').set(auth(token)), t.http().post('/api/billing/refund/').set(auth(token))]);
    expect(refunded.status).toBe(200);
    expect([200, 404]).toContain(twice.status);
    expect(refunded.body).toMatchObject({ can_publish: false, subscription: { status: 'canceled', refundable_until: null } });
    expect(await statusOf(listing)).toBe('draft');
    expect((await smtp.waitFor(user.email, /Refund of €20/)).text).toContain('refunded €20');
    await smtp.waitFor(user.email, /subscription has ended/);
    const charges = await stripe.charges.list({ customer: (await t.ds.query('SELECT stripe_customer_id AS c FROM subscriptions WHERE user_id = ?', [user.id]))[0].c });
    expect(charges.data.filter((c) => c.refunded)).toHaveLength(1);
    await delivered();
    expect(mailsTo(user.email, /Refund of/)).toHaveLength(1);
  });

  it("counts the refund window once per lister: after a refund, a new subscription's payment goes to an admin", async () => {
    const admin = await signIn(t, 'admin');
    const { user, token } = await lister();
    await subscribe(token);
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.first_paid_at !== null, 'paid');
    await advance(1);
    // The first cycle: the lister's first payment ever, refunded by themselves.
    expect((await t.http().post('/api/billing/refund/').set(auth(token)).expect(200)).body.subscription.status).toBe('canceled');
    await delivered();

    // Subscribing again has no trial: paid at once. Publishing works again, through the control panel's routes.
    const again = await subscribe(token, 'monthly', CARD, 'active');
    await until(() => state(token), (s) => s.subscription.first_paid_at !== null, 'paid again');
    expect(again.subscription).toMatchObject({ status: 'active', trial_end: null, refund_requested_at: null });
    // No window of its own: the refund guarantee was the first payment's; the site offers to ask the team instead.
    expect((await state(token)).subscription).toMatchObject({ refundable_until: null, refund_by_admin: true });
    const slug = 'second-cycle-harpist';
    const draft = { slug, id: (await insert(t.ds, { posts: [post(slug, 1, 'dublin', { ownerId: user.id, status: 'draft' })] }))[slug] };
    await t.http().put(`/api/posts/${slug}/`).set(auth(token)).send({ status: 'publish' }).expect(200);
    await advance(1);

    // The second refund is not taken: it is passed to an admin, and the lister is told so. Asked twice at once, once.
    const answers = await Promise.all([t.http().post('/api/billing/refund/').set(auth(token)), t.http().post('/api/billing/refund/').set(auth(token))]);
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'refund_by_admin', message: 'The 30-day refund covers your first payment only, so we have passed your request to our team: they will reply by email.' });
    }
    const waiting = await state(token);
    expect(waiting).toMatchObject({ can_publish: true, subscription: { status: 'active', ended_at: null, refundable_until: null, refund_requested_at: expect.any(String), refund_by_admin: false } });
    expect(await statusOf(draft.id)).toBe('publish');
    const customer = (await t.ds.query('SELECT stripe_customer_id AS c FROM subscriptions WHERE user_id = ?', [user.id]))[0].c;
    expect((await stripe.charges.list({ customer })).data.filter((c) => c.refunded)).toHaveLength(1);
    const toAdmin = await smtp.waitFor(t.config.contact.email, /Refund request from/);
    expect(toAdmin.subject).toContain(user.email);
    expect(toAdmin.text).toContain(`/admin/subscriptions/${waiting.subscription.id}/show`);
    // Asked again later: the same answer, no second mail.
    expect((await t.http().post('/api/billing/refund/').set(auth(token)).expect(403)).body.code).toBe('refund_by_admin');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(t.config.contact.email, /Refund request from/)).toHaveLength(1);

    // The admin finds it among the subscriptions with a refund asked for, and refunds it there.
    const asked = await t.http().get(`/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ refund_requested: true }))}`).set(auth(admin.token)).expect(200);
    expect(asked.body).toEqual([expect.objectContaining({ id: waiting.subscription.id, email: user.email, status: 'active', refund_requested_at: expect.any(String) })]);
    await t.http().post(`/api/admin/subscriptions/${waiting.subscription.id}/refund`).set(auth(admin.token)).expect(200);
    expect(await statusOf(draft.id)).toBe('draft');
    expect((await t.http().get(`/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ refund_requested: true }))}`).set(auth(admin.token)).expect(200)).body).toEqual([]);
    expect((await stripe.charges.list({ customer })).data.filter((c) => c.refunded)).toHaveLength(2);
  });

  it('refuses a refund more than 30 days after the first payment (403)', async () => {
    const { token } = await lister();
    await subscribe(token);
    await advance(60.1);
    const paid = await until(() => state(token), (s) => s.subscription.first_paid_at !== null, 'paid');
    await syncClock(31 * DAY);
    expect((await state(token)).subscription.refundable_until).toBeNull();
    const late = await t.http().post('/api/billing/refund/').set(auth(token)).expect(403);
    expect(late.body).toMatchObject({ code: 'refund_window_closed', message: 'A refund can be asked for within 30 days of the first payment.' });
    expect((await state(token)).subscription).toMatchObject({ status: 'active', first_paid_at: paid.subscription.first_paid_at });
  });

  it('cancels at the period end (resumable until then); at the end the listings leave the directory; subscribing again publishes', async () => {
    const { user, token } = await lister();
    await subscribe(token);
    const listing = await publishedListing(user.id, 'cancelling-harpist');
    const cancelled = await t.http().post('/api/billing/cancel/').set(auth(token)).expect(200);
    expect(cancelled.body).toMatchObject({ can_publish: true, subscription: { status: 'trialing', cancel_at_period_end: true } });
    expect((await t.http().post('/api/billing/resume/').set(auth(token)).expect(200)).body.subscription.cancel_at_period_end).toBe(false);
    await t.http().post('/api/billing/cancel/').set(auth(token)).expect(200);
    await advance(60.1);
    const ended = await until(() => state(token), (s) => s.subscription.status === 'canceled', 'ended');
    expect(ended).toMatchObject({ can_publish: false, trial_available: false, subscription: { ended_at: expect.any(String), first_paid_at: null } });
    expect(await statusOf(listing)).toBe('draft');
    expect((await smtp.waitFor(user.email, /subscription has ended/)).text).toContain('kept as drafts');
    expect(mailsTo(user.email, /Payment received/)).toHaveLength(0);
    await expect(t.app.get(PublishPolicy).assertMayPublish(user.id)).rejects.toMatchObject({ code: 'subscription_required' });

    // A second subscription has no trial: paid at once, and publishing is allowed again.
    const again = await subscribe(token, 'monthly', CARD, 'active');
    expect(again).toMatchObject({ can_publish: true, subscription: { status: 'active', trial_end: null, first_paid_at: expect.any(String) } });
    expect(await mayPublish(user.id)).toBe(true);
  });

  it('keeps a failed renewal from publishing (past_due) and emails the lister', async () => {
    const { user, token } = await lister();
    await subscribe(token, 'monthly', FAILING_LATER);
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.status === 'past_due', 'past due');
    expect(await mayPublish(user.id)).toBe(false);
    await smtp.waitFor(user.email, /did not go through/);
  });
});

describe('an unpaid subscription', () => {
  it('keeps its listings for 7 days, warns once, then unpublishes once, with two processes running the job at once', async () => {
    const { user, token } = await lister();
    await subscribe(token, 'monthly', FAILING_LATER);
    const listing = await publishedListing(user.id, 'unpaid-harpist');
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.status === 'past_due', 'past due');
    await delivered();
    const row = async () => t.ds.getRepository(SubscriptionEntity).findOneByOrFail({ userId: user.id });
    const now = t.app.get(BillingClock).now().getTime();
    const graceEnd = (await row()).graceEndsAt!.getTime();
    expect(Math.abs(graceEnd - (now + 7 * DAY))).toBeLessThan(60_000);
    // No new publishing, but what is published stays for now.
    expect(await mayPublish(user.id)).toBe(false);
    expect(await statusOf(listing)).toBe('publish');

    const apps = [t, second];
    const travel = (to: number) => apps.forEach((app) => app.app.get(BillingClock).travelTo(new Date(to)));
    const runBoth = async () => (await Promise.all(apps.map((app) => app.app.get(UnpaidGrace).run()))).reduce((a, b) => ({ warned: a.warned + b.warned, unpublished: a.unpublished + b.unpublished }));
    travel(now + 60_000);
    expect(await runBoth()).toEqual({ warned: 1, unpublished: 0 });
    expect(await runBoth()).toEqual({ warned: 0, unpublished: 0 });
    const warning = await smtp.waitFor(user.email, /listings will be unpublished on/);
    const endDay = new Date(graceEnd).toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
    expect(warning.subject).toContain(endDay);
    expect(warning.text).toContain(`${t.config.siteOrigin}/cp/subscription`);
    travel(graceEnd - 60 * 60_000);
    expect(await runBoth()).toEqual({ warned: 0, unpublished: 0 });
    expect(await statusOf(listing)).toBe('publish');

    // Past the grace period: both processes under the lease, and two more runs at once as if the lease had run out.
    // (SQLite: the two apps share this one Node thread, where one app's open write transaction would block the other's
    // synchronous statements; a SQLite deployment is one process, so the runs race within one app there.)
    travel(graceEnd + 60_000);
    const at = new Date(graceEnd + 60_000);
    const racers = useSqlite() ? [t, t] : apps;
    const results = await Promise.all([...racers.map((app) => app.app.get(UnpaidGrace).run()), ...racers.map((app) => app.app.get(UnpaidGrace).sweep(at))]);
    expect(results.reduce((sum, r) => sum + r.unpublished, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.warned, 0)).toBe(0);
    expect(await statusOf(listing)).toBe('draft');
    expect((await smtp.waitFor(user.email, /listings have been unpublished/)).text).toContain('kept as drafts');
    expect(await runBoth()).toEqual({ warned: 0, unpublished: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user.email, /listings will be unpublished/)).toHaveLength(1);
    expect(mailsTo(user.email, /listings have been unpublished/)).toHaveLength(1);
    expect((await row()).status).toBe('past_due');
  });

  it('ends the grace period when the subscription is paid again', async () => {
    const { user, token } = await lister();
    await subscribe(token, 'monthly', FAILING_LATER);
    const listing = await publishedListing(user.id, 'covered-harpist');
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.status === 'past_due', 'past due');
    await delivered();
    const row = () => t.ds.getRepository(SubscriptionEntity).findOneByOrFail({ userId: user.id });
    const { graceEndsAt, stripeSubscriptionId } = await row();
    const end = graceEndsAt!.getTime();
    expect((await t.app.get(UnpaidGrace).sweep(new Date(end - DAY))).warned).toBe(1);
    // The lister gives a working card and the open invoice is paid: active again, the grace period is over.
    const sub = await stripe.subscriptions.retrieve(stripeSubscriptionId);
    Object.assign(standIn.account.get('payment_method', sub.default_payment_method as string).card!, { brand: 'visa', last4: '4242' });
    await stripe.invoices.pay(sub.latest_invoice as string);
    await until(() => state(token), (s) => s.subscription.status === 'active', 'paid again');
    await delivered();
    expect(await row()).toMatchObject({ graceEndsAt: null, graceNoticeSentAt: null, graceUnpublishedAt: null });
    expect(await t.app.get(UnpaidGrace).sweep(new Date(end + 3 * DAY))).toEqual({ warned: 0, unpublished: 0 });
    expect(await statusOf(listing)).toBe('publish');
  });

  it('leaves the listings of a lister free for life', async () => {
    const { user, token } = await lister();
    await subscribe(token, 'monthly', FAILING_LATER);
    const listing = await publishedListing(user.id, 'covered-harpist');
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.status === 'past_due', 'past due');
    await delivered();
    await t.ds.getRepository(UserEntity).update(user.id, { freeForLife: true });
    const end = (await t.ds.getRepository(SubscriptionEntity).findOneByOrFail({ userId: user.id })).graceEndsAt!.getTime();
    expect((await t.app.get(UnpaidGrace).sweep(new Date(end - DAY))).warned).toBe(0);
    expect((await t.app.get(UnpaidGrace).sweep(new Date(end + 3 * DAY))).unpublished).toBe(0);
    expect(await statusOf(listing)).toBe('publish');
    expect(mailsTo(user.email, /listings (will be|have been) unpublished/)).toHaveLength(0);
  });
});

describe('the trial reminder', () => {
  it('reminds once, 2 days before the trial ends, with two API processes running the job at once; none for a cancelled trial', async () => {
    {
      const a = await lister();
      const b = await lister();
      const first = await subscribe(a.token);
      await subscribe(b.token);
      await t.http().post('/api/billing/cancel/').set(auth(b.token)).expect(200);
      const trialEnd = Date.parse(first.subscription.trial_end);
      const runBoth = async () => {
        const [x, y] = await Promise.all([t.app.get(TrialReminders).run(), second.app.get(TrialReminders).run()]);
        return x + y;
      };
      const travel = (to: number) => [t, second].forEach((app) => app.app.get(BillingClock).travelTo(new Date(to)));

      travel(trialEnd - 3 * DAY);
      expect(await runBoth()).toBe(0);
      travel(trialEnd - 1.5 * DAY);
      expect(await runBoth()).toBe(1);
      expect(await runBoth()).toBe(0);
      travel(trialEnd - 1 * DAY);
      expect(await runBoth()).toBe(0);
      const reminder = await smtp.waitFor(a.user.email, /free trial ends on/);
      expect(reminder.text).toContain('€20');
      expect(reminder.text).toContain(`${t.config.siteOrigin}/cp/subscription`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo(a.user.email, /free trial ends on/)).toHaveLength(1);
      expect(mailsTo(b.user.email, /free trial ends on/)).toHaveLength(0);
    }
  });
});

describe('free for life', () => {
  it('lets a cliste lister apply, an admin approve, and the lister publish; the church site refuses to offer it', async () => {
    const { user, token } = await lister();
    const church = await t.http().post('/api/billing/free-for-life/').set(auth(token)).send({ organisation: 'Cór na nÓg', students_not_charged: true }).expect(403);
    expect(church.body.code).toBe('free_for_life_not_offered');

    {
      await cliste.http().post('/api/billing/free-for-life/').send({ organisation: 'x', students_not_charged: true }).expect(401);
      const unconfirmed = await cliste.http().post('/api/billing/free-for-life/').set(auth(token)).send({ organisation: 'Scoil Cheoil', students_not_charged: false }).expect(400);
      expect(unconfirmed.body.field).toBe('students_not_charged');
      const applied = await cliste.http().post('/api/billing/free-for-life/').set(auth(token)).send({ organisation: ' Scoil Cheoil ', students_not_charged: true }).expect(201);
      expect(applied.body).toMatchObject({ can_publish: false, free_for_life_offered: true, application: { status: 'pending', organisation: 'Scoil Cheoil' } });
      expect((await cliste.http().post('/api/billing/free-for-life/').set(auth(token)).send({ organisation: 'Again', students_not_charged: true }).expect(409)).body.code).toBe('application_exists');

      const admin = await signIn(cliste, 'admin');
      const queue = await cliste.http().get('/api/admin/free-for-life-applications?filter={"status":"pending"}').set(auth(admin.token)).expect(200);
      expect(queue.headers['content-range']).toBe('free-for-life-applications 0-0/1');
      expect(queue.body[0]).toMatchObject({ user_id: user.id, email: user.email, organisation: 'Scoil Cheoil', students_not_charged: true, status: 'pending', decided_at: null });
      const id = queue.body[0].id;
      expect(await mayPublish(user.id, cliste)).toBe(false);
      const approved = await cliste.http().post(`/api/admin/free-for-life-applications/${id}/approve`).set(auth(admin.token)).expect(200);
      expect(approved.body).toMatchObject({ id, status: 'approved', decided_at: expect.any(String) });
      expect((await cliste.http().post(`/api/admin/free-for-life-applications/${id}/refuse`).set(auth(admin.token)).expect(409)).body.code).toBe('application_decided');
      const audit = await cliste.ds.query("SELECT action, record_id FROM audit_log WHERE resource = 'free-for-life-applications'");
      expect(audit).toEqual([{ action: 'approve', record_id: String(id) }]);
      expect(await mayPublish(user.id, cliste)).toBe(true);
      expect(await state(token, cliste)).toMatchObject({ can_publish: true, free_for_life: true, application: { status: 'approved' } });
      await smtp.waitFor(user.email, /Free for life .*: approved/);
      expect((await cliste.http().get(`/api/admin/free-for-life-applications/${id}`).set(auth(admin.token)).expect(200)).body.status).toBe('approved');
      await cliste.http().get('/api/admin/free-for-life-applications/9999').set(auth(admin.token)).expect(404);
    }
  });
});

describe('admin subscriptions and account deletion', () => {
  it('lists, finds and refunds subscriptions for admins, whatever the age of the payment', async () => {
    const admin = await signIn(t, 'admin');
    const { user, token } = await lister();
    await subscribe(token);
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.first_paid_at !== null, 'paid');
    const list = await t.http().get(`/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ q: user.email }))}`).set(auth(admin.token)).expect(200);
    expect(list.headers['content-range']).toBe('subscriptions 0-0/1');
    expect(list.body[0]).toMatchObject({ user_id: user.id, email: user.email, plan: 'monthly', status: 'active', amount_cents: 2000, cancel_at_period_end: false, first_paid_at: expect.any(String) });
    const byStatus = await t.http().get(`/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ status: 'canceled' }))}`).set(auth(admin.token)).expect(200);
    expect(byStatus.body).toEqual([]);
    await syncClock(45 * DAY);
    const refunded = await t.http().post(`/api/admin/subscriptions/${list.body[0].id}/refund`).set(auth(admin.token)).expect(200);
    expect(refunded.body).toMatchObject({ id: list.body[0].id, status: 'canceled' });
    const [refundAudit] = await t.ds.query("SELECT admin_id, action, before_value, after_value FROM audit_log WHERE resource = 'subscriptions'");
    expect(refundAudit).toMatchObject({ admin_id: admin.user.id, action: 'refund' });
    expect([JSON.parse(refundAudit.before_value).status, JSON.parse(refundAudit.after_value).status]).toEqual(['active', 'canceled']);
    await smtp.waitFor(user.email, /Refund of €20/);
    const stats = await t.http().get('/api/admin/billing-stats/').set(auth(admin.token)).expect(200);
    expect(stats.body.months.reduce((sum: number, m: { trials_started: number }) => sum + m.trials_started, 0)).toBe(1);
  });

  it('gives a deleted and re-created account (the same address, normalised) no second trial and no second refund window', async () => {
    const admin = await signIn(t, 'admin');
    const tag = `${++n}${Date.now()}`;
    const { user, token } = await signIn(t, 'member', `aoife.lister${tag}@gmail.com`);
    await subscribe(token);
    await advance(60.1);
    await until(() => state(token), (s) => s.subscription.first_paid_at !== null, 'paid');
    await t.http().delete(`/api/admin/users/${user.id}`).set(auth(admin.token)).expect(200);
    await delivered();
    // What is kept is a hash: no address, no user id.
    const kept = await t.ds.query('SELECT * FROM billing_history');
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toMatch(/@|aoife|lister/i);
    expect(Object.keys(kept[0]).sort()).toEqual(['created_at', 'email_hash', 'first_paid_at', 'first_paid_subscription', 'trial_started_at']);

    // The same mailbox written another way (case, spaces, dots and a +tag at Gmail) is the same lister.
    const again = await signIn(t, 'member', `AoifeLister${tag}+again@GoogleMail.com`);
    expect(await state(again.token)).toMatchObject({ trial_available: false, subscription: null });
    const paid = await subscribe(again.token, 'monthly', CARD, 'active');
    expect(paid.subscription).toMatchObject({ status: 'active', trial_end: null });
    await until(() => state(again.token), (s) => s.subscription.first_paid_at !== null, 'paid at once');
    expect((await state(again.token)).subscription.refundable_until).toBeNull();
    expect((await t.http().post('/api/billing/refund/').set(auth(again.token)).expect(403)).body.code).toBe('refund_by_admin');
    // Another address still has its trial.
    const other = await signIn(t, 'member', `aoife.lister${tag}@example.ie`);
    expect((await state(other.token)).trial_available).toBe(true);
    expect((await subscribe(other.token)).subscription.status).toBe('trialing');
  });

  it('ends the Stripe subscription at once for a deleted account, without emails, and the rows go with the user', async () => {
    const { user, token } = await lister();
    await subscribe(token);
    const row = (await t.ds.query('SELECT stripe_subscription_id AS id FROM subscriptions WHERE user_id = ?', [user.id]))[0];
    smtp.clear();
    // The one account deletion (the member's own and an admin's): here an admin's.
    const admin = await signIn(t, 'admin');
    await t.http().delete(`/api/admin/users/${user.id}`).set(auth(admin.token)).expect(200);
    expect((await stripe.subscriptions.retrieve(row.id)).status).toBe('canceled');
    expect(await t.ds.getRepository(UserEntity).findOneBy({ id: user.id })).toBeNull();
    expect(Number((await t.ds.query('SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ?', [user.id]))[0].n)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(user.email, /ended/)).toHaveLength(0);
  });
});
