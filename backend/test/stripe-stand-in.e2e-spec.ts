import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeStandIn, type StandIn } from '../tools/dev/stripe-stand-in/server';

/**
 * The Stripe stand-in that `make start` and the billing tests use in place of Stripe, driven by the real `stripe` SDK
 * through its host/port/protocol options, with webhooks received by a local endpoint and verified by the SDK.
 */
const SECRET = 'whsec_stand_in_test_secret';
const DAY = 86_400;

type Received = { event: Stripe.Event; payload: string; signature: string };

let standIn: StandIn;
let stripe: Stripe;
let endpoint: Server;
const received: Received[] = [];
/** Deliveries of these event types are answered 500 this many more times (to see the retries). */
const failures = new Map<string, number>();
const attempts = new Map<string, number>();

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature']);
      const event = stripe.webhooks.constructEvent(payload, signature, SECRET);
      attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
      const fail = failures.get(event.type) ?? 0;
      if (fail > 0) {
        failures.set(event.type, fail - 1);
        res.writeHead(500).end();
        return;
      }
      received.push({ event, payload, signature });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/billing/webhook/`;
  standIn = await startStripeStandIn({ port: 0, webhookUrl, webhookSecret: SECRET, retryDelaysMs: [20, 40, 80] });
  stripe = new Stripe('sk_test_stand_in', { host: 'localhost', port: standIn.port, protocol: 'http' });
});

afterAll(async () => {
  await standIn.close();
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

/** The first received (and verified) event of the type that names `about` (and passes `where`), waiting up to 5 seconds. */
async function webhook<T extends Stripe.Event['type']>(
  type: T,
  about: string,
  where: (event: Extract<Stripe.Event, { type: T }>) => boolean = () => true,
): Promise<Extract<Stripe.Event, { type: T }>> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const found = received.find(
      (r) => r.event.type === type && JSON.stringify(r.event.data.object).includes(about) && where(r.event as Extract<Stripe.Event, { type: T }>),
    );
    if (found) return found.event as Extract<Stripe.Event, { type: T }>;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${type} webhook about ${about}; received: ${received.map((r) => r.event.type).join(', ')}`);
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: Stripe.errors.StripeError) => error,
  );

async function advanceClock(body: Record<string, number>): Promise<{ now: number }> {
  const res = await fetch(`${standIn.url}/_stand-in/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as { now: number };
}

/** What the billing module does at boot: find the price by lookup key, or create product and price once. */
async function ensurePrice(lookupKey: string, unitAmount: number, interval: 'month' | 'year'): Promise<Stripe.Price> {
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, expand: ['data.product'] });
  if (found.data[0]) return found.data[0];
  const product = await stripe.products.create({ name: `Church musician listing (${interval}ly)` }, { idempotencyKey: `product-${lookupKey}` });
  return stripe.prices.create(
    { product: product.id, currency: 'eur', unit_amount: unitAmount, recurring: { interval }, lookup_key: lookupKey },
    { idempotencyKey: `price-${lookupKey}` },
  );
}

const CARD = { card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Siobhán Ní Bhriain' };

/** The buyer on the hosted checkout page: a real form post, answered with a redirect. */
async function pay(session: Stripe.Checkout.Session, fields: Record<string, string>): Promise<Response> {
  return fetch(session.url!, { method: 'POST', body: new URLSearchParams({ ...CARD, ...fields }), redirect: 'manual' });
}

/** A lister who starts a subscription through checkout (with a 60-day trial unless told otherwise). */
async function subscribe(cardNumber: string, trialDays: number | null = 60): Promise<Stripe.Subscription> {
  const price = await ensurePrice('church_monthly', 2000, 'month');
  const customer = await stripe.customers.create({ email: 'lister@example.ie', metadata: { user_id: '7' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: '7',
    line_items: [{ price: price.id, quantity: 1 }],
    ...(trialDays && { subscription_data: { trial_period_days: trialDays, metadata: { user_id: '7' } } }),
    success_url: 'http://localhost:8080/cp/account?checkout={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:8080/cp/account',
  });
  const res = await pay(session, { card_number: cardNumber });
  expect(res.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  return completed.subscription as Stripe.Subscription;
}

describe('Stripe stand-in: the API in Stripe’s wire format', () => {
  it('creates the product and price once by lookup key, however often (and however concurrently) it is asked', async () => {
    const [a, b] = await Promise.all([ensurePrice('church_yearly', 20000, 'year'), ensurePrice('church_yearly', 20000, 'year')]);
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^price_/);
    const again = await ensurePrice('church_yearly', 20000, 'year');
    expect(again.id).toBe(a.id);
    expect(again.product).toMatchObject({ object: 'product', id: expect.stringMatching(/^prod_/) });
    expect(again).toMatchObject({ object: 'price', currency: 'eur', unit_amount: 20000, lookup_key: 'church_yearly', recurring: { interval: 'year', interval_count: 1 } });
    expect((await stripe.products.list({ limit: 100 })).data.filter((p) => p.name.includes('yearly'))).toHaveLength(1);

    const taken = await rejection(stripe.prices.create({ product: a.product as string, currency: 'eur', unit_amount: 1, lookup_key: 'church_yearly' }));
    expect(taken).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'lookup_key' });
    const reused = await rejection(stripe.products.create({ name: 'Something else' }, { idempotencyKey: 'product-church_yearly' }));
    expect(reused).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('answers errors as { error: { type, code, message, param } } with Stripe’s statuses', async () => {
    expect(await rejection(stripe.customers.retrieve('cus_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_missing'" });
    expect(await rejection(stripe.products.create({} as Stripe.ProductCreateParams))).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'name' });
    expect(await rejection(stripe.customers.create({ tax_exempt: 'none' }))).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'tax_exempt' });
    const price = await ensurePrice('church_monthly', 2000, 'month');
    const badTrial = stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { trial_period_days: 0 },
      success_url: 'http://localhost:8080/',
    });
    expect(await rejection(badTrial)).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'subscription_data[trial_period_days]' });
    const live = new Stripe('sk_live_not_here', { host: 'localhost', port: standIn.port, protocol: 'http' });
    expect(await rejection(live.customers.list())).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const unrouted = await fetch(`${standIn.url}/v1/payouts`, { headers: { Authorization: 'Bearer sk_test_stand_in' } });
    expect(unrouted.status).toBe(404);
  });

  it('reads form-encoded nested keys and Basic auth, and keeps, replaces and removes metadata keys as Stripe does', async () => {
    const auth = `Basic ${Buffer.from('sk_test_stand_in:').toString('base64')}`;
    const created = await fetch(`${standIn.url}/v1/customers`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=niamh%40example.ie&metadata[user_id]=12&metadata[site]=church',
    });
    const customer = (await created.json()) as Stripe.Customer;
    expect(customer).toMatchObject({ object: 'customer', id: expect.stringMatching(/^cus_/), email: 'niamh@example.ie', metadata: { user_id: '12', site: 'church' } });
    const updated = await stripe.customers.update(customer.id, { name: 'Niamh', metadata: { site: '', plan: 'yearly' } });
    expect(updated.metadata).toEqual({ user_id: '12', plan: 'yearly' });
    const listed = await fetch(`${standIn.url}/v1/customers?email=niamh%40example.ie&expand[]=data.invoice_settings.default_payment_method`, { headers: { Authorization: auth } });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ object: 'list', url: '/v1/customers', has_more: false, data: [{ id: customer.id, name: 'Niamh' }] });
  });

  it('pages lists newest first with limit, starting_after and has_more, as the SDK’s auto-pagination expects', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await stripe.customers.create({ email: 'page@example.ie' })).id);
    const first = await stripe.customers.list({ email: 'page@example.ie', limit: 2 });
    expect(first.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    expect(first.has_more).toBe(true);
    const all = await stripe.customers.list({ email: 'page@example.ie', limit: 2 }).autoPagingToArray({ limit: 10 });
    expect(all.map((c) => c.id)).toEqual([...ids].reverse());
  });
});

describe('Stripe stand-in: checkout, webhooks and the clock', () => {
  it('completes the hosted checkout with 4242: trialing for 60 days, redirect to success_url, signed webhooks the SDK verifies', async () => {
    const price = await ensurePrice('church_monthly', 2000, 'month');
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'aoife@example.ie',
      client_reference_id: '42',
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { trial_period_days: 60, metadata: { user_id: '42' } },
      metadata: { user_id: '42' },
      success_url: 'http://localhost:8080/cp/account?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/cp/account',
    });
    expect(session).toMatchObject({ object: 'checkout.session', id: expect.stringMatching(/^cs_test_/), status: 'open', url: `${standIn.url}/checkout/${session.id}` });

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Start your 60-day free trial');
    expect(html).toContain('€20.00 per month');
    expect(html).toMatch(/<label for="card_number">Card number<\/label>/);
    expect(html).toContain('4242 4242 4242 4242');

    // A double press on the button: both go to success_url, one subscription is made.
    const presses = await Promise.all([1, 2].map(() => pay(session, { email: 'aoife@example.ie', card_number: '4242 4242 4242 4242' })));
    for (const res of presses) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`http://localhost:8080/cp/account?checkout=${session.id}`);
    }

    const completed = await webhook('checkout.session.completed', session.id);
    expect(completed).toMatchObject({ object: 'event', id: expect.stringMatching(/^evt_/), livemode: false, api_version: Stripe.API_VERSION });
    expect(completed.data.object).toMatchObject({ status: 'complete', client_reference_id: '42', payment_status: 'no_payment_required', metadata: { user_id: '42' } });
    const subscriptionId = completed.data.object.subscription as string;
    const created = await webhook('customer.subscription.created', subscriptionId);
    expect(created.data.object).toMatchObject({ status: 'trialing', metadata: { user_id: '42' }, customer: completed.data.object.customer });
    const trialInvoice = await webhook('invoice.paid', subscriptionId);
    expect(trialInvoice.data.object).toMatchObject({ amount_paid: 0, status: 'paid', billing_reason: 'subscription_create' });

    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice', 'customer'] });
    const { now } = await advanceClock({ seconds: 0 });
    expect(subscription.trial_end).toBeGreaterThan(now + 60 * DAY - 60);
    expect(subscription.trial_end).toBeLessThanOrEqual(now + 60 * DAY);
    expect(subscription.items.data[0]).toMatchObject({ current_period_end: subscription.trial_end, price: { id: price.id } });
    expect(subscription.customer).toMatchObject({ object: 'customer', email: 'aoife@example.ie' });
    expect(subscription.latest_invoice).toMatchObject({ object: 'invoice', id: expect.stringMatching(/^in_/) });
    expect((await stripe.subscriptions.list({ customer: (subscription.customer as Stripe.Customer).id })).data).toHaveLength(1);
    expect((await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] })).line_items?.data[0]).toMatchObject({ object: 'item', quantity: 1 });
  });

  it('signs each webhook so that only the untouched payload verifies with the endpoint secret', async () => {
    const sub = await subscribe('4242424242424242');
    const event = await webhook('customer.subscription.created', sub.id);
    const delivery = received.find((r) => r.event.id === event.id)!;
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(delivery.payload, delivery.signature, SECRET).id).toBe(event.id);
    const tampered = delivery.payload.replace('"trialing"', '"active"');
    expect(() => stripe.webhooks.constructEvent(tampered, delivery.signature, SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(delivery.payload, delivery.signature, 'whsec_another_secret')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('converts the trial to paid when the clock passes its end: invoice.paid with the price and status active', async () => {
    const sub = await subscribe('4242424242424242');
    await advanceClock({ days: 61 });
    const paid = await webhook('invoice.paid', sub.id, (e) => e.data.object.amount_paid > 0);
    expect(paid.data.object).toMatchObject({ amount_paid: 2000, status: 'paid', billing_reason: 'subscription_cycle', currency: 'eur' });
    const updated = await webhook('customer.subscription.updated', sub.id);
    expect(updated.data.object).toMatchObject({ status: 'active' });
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });

    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    const { current_period_start: start, current_period_end: end } = active.items.data[0];
    expect(start).toBe(sub.trial_end);
    expect(new Date(end * 1000).getUTCMonth()).toBe((new Date(start * 1000).getUTCMonth() + 1) % 12);
    const invoices = await stripe.invoices.list({ subscription: sub.id, status: 'paid', expand: ['data.payments'] });
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([2000, 0]);
    expect(invoices.data[0].payments?.data[0].payment).toMatchObject({ type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) });
  });

  it('refunds the payment in full: charge.refunded, the charge marked refunded, a second refund refused', async () => {
    const sub = await subscribe('4242424242424242', null);
    expect(sub.status).toBe('active');
    const invoice = (await stripe.invoices.list({ subscription: sub.id })).data[0];
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 2000, billing_reason: 'subscription_create' });
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id });
    const intentId = payments.data[0].payment.payment_intent as string;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2000, latest_charge: expect.stringMatching(/^ch_/) });

    const refund = await stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ object: 'refund', id: expect.stringMatching(/^re_/), amount: 2000, status: 'succeeded', charge: intent.latest_charge });
    const event = await webhook('charge.refunded', intentId);
    expect(event.data.object).toMatchObject({ id: intent.latest_charge, refunded: true, amount_refunded: 2000 });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ refunded: true });
    expect(await rejection(stripe.refunds.create({ charge: intent.latest_charge as string }))).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('ends a subscription cancelled at period end when the clock passes the end, and one cancelled now at once', async () => {
    const sub = await subscribe('4242424242424242');
    const cancelling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: 'trialing', cancel_at_period_end: true, cancel_at: sub.trial_end });
    const updated = await webhook('customer.subscription.updated', sub.id);
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    await advanceClock({ to: sub.trial_end! + 1 });
    const deleted = await webhook('customer.subscription.deleted', sub.id);
    expect(deleted.data.object).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
    expect(received.some((r) => r.event.type === 'invoice.paid' && r.payload.includes(sub.id) && r.payload.includes('"subscription_cycle"'))).toBe(false);
    expect((await stripe.subscriptions.list({ customer: sub.customer as string })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: sub.customer as string, status: 'all' })).data.map((s) => s.id)).toEqual([sub.id]);
    expect(await rejection(stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }))).toMatchObject({ statusCode: 400 });

    const now = await subscribe('4242424242424242');
    expect(await stripe.subscriptions.cancel(now.id)).toMatchObject({ status: 'canceled' });
    await webhook('customer.subscription.deleted', now.id);
  });

  it('takes the failing test card at checkout but fails its first payment: invoice.payment_failed, past_due, 402 on retry, ended a period later', async () => {
    const sub = await subscribe('4000 0000 0000 0341');
    expect(sub.status).toBe('trialing');
    await advanceClock({ to: sub.trial_end! + 60 });
    const failed = await webhook('invoice.payment_failed', sub.id);
    expect(failed.data.object).toMatchObject({ status: 'open', amount_paid: 0, amount_due: 2000, attempt_count: 1 });
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'past_due' });
    const retry = await rejection(stripe.invoices.pay(failed.data.object.id!));
    expect(retry).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    await advanceClock({ days: 32 });
    const deleted = await webhook('customer.subscription.deleted', sub.id);
    expect(deleted.data.object).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
  });

  it('shows the checkout form again with the problem named when a card is declined or a field is wrong', async () => {
    const price = await ensurePrice('church_monthly', 2000, 'month');
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price.id }], success_url: 'http://localhost:8080/ok', cancel_url: 'http://localhost:8080/no' });
    const declined = await pay(session, { email: 'x@example.ie', card_number: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toMatch(/role="alert"[\s\S]*Your card was declined/);
    const wrong = await pay(session, { email: 'not-an-email', card_number: '1234', card_expiry: '13 / 30', card_cvc: '' });
    const html = await wrong.text();
    expect(wrong.status).toBe(400);
    for (const field of ['email', 'card_number', 'card_expiry', 'card_cvc']) expect(html).toContain(`id="${field}-error"`);
    expect(html).toContain('aria-invalid="true"');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const noTrialFailing = await pay(session, { email: 'x@example.ie', card_number: '4000000000000341' });
    expect(noTrialFailing.status).toBe(402);
  });

  it('opens the customer portal, where the customer cancels and renews and finds the way back', async () => {
    const sub = await subscribe('4242424242424242');
    const portal = await stripe.billingPortal.sessions.create({ customer: sub.customer as string, return_url: 'http://localhost:8080/cp/account' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', id: expect.stringMatching(/^bps_/), url: `${standIn.url}/portal/${portal.id}` });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('href="http://localhost:8080/cp/account"');
    expect(page).toContain('Cancel subscription');

    const post = (action: string) => fetch(portal.url, { method: 'POST', body: new URLSearchParams({ subscription: sub.id, action }), redirect: 'manual' });
    expect((await post('cancel')).status).toBe(303);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ cancel_at_period_end: true });
    expect(await (await fetch(portal.url)).text()).toContain('Renew subscription');
    expect((await post('renew')).status).toBe(303);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ cancel_at_period_end: false });
  });

  it('retries a webhook the endpoint refused until it is accepted, and lists every event on GET /v1/events', async () => {
    failures.set('customer.subscription.updated', 2);
    const sub = await subscribe('4242424242424242');
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const event = await webhook('customer.subscription.updated', sub.id);
    expect(attempts.get(event.id)).toBe(3);
    const listed = await stripe.events.list({ type: 'customer.subscription.*', limit: 100 });
    expect(listed.data.map((e) => e.id)).toContain(event.id);
    expect(listed.data.every((e) => e.type.startsWith('customer.subscription.'))).toBe(true);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, pending_webhooks: 0 });
  });
});

describe('Stripe stand-in: its clock', () => {
  it('moves only forward, by seconds, days or to a time, from JSON or from the dashboard’s form', async () => {
    const before = (await (await fetch(`${standIn.url}/_stand-in/clock`)).json()) as { now: number };
    expect((await advanceClock({ seconds: 3600 })).now).toBeGreaterThanOrEqual(before.now + 3600);
    const form = await fetch(`${standIn.url}/_stand-in/clock/advance`, { method: 'POST', headers: { Accept: 'text/html' }, body: new URLSearchParams({ days: '2' }), redirect: 'manual' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/');
    const { now } = (await (await fetch(`${standIn.url}/_stand-in/clock`)).json()) as { now: number };
    expect(now).toBeGreaterThanOrEqual(before.now + 3600 + 2 * DAY);
    for (const body of [{ to: now - 10 }, { seconds: -1 }, { days: 1, seconds: 1 }, {}]) {
      const refused = await fetch(`${standIn.url}/_stand-in/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(refused.status).toBe(400);
    }
    const dashboard = await fetch(`${standIn.url}/`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('<label for="days">Advance the clock by (days)</label>');
  });
});

describe('Stripe stand-in: its state file', () => {
  it('keeps customers, subscriptions and its clock across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-stand-in-'));
    try {
      const options = { port: 0, webhookUrl: null, webhookSecret: SECRET, stateFile: join(dir, 'state.json') };
      const first = await startStripeStandIn(options);
      const client = new Stripe('sk_test_stand_in', { host: 'localhost', port: first.port, protocol: 'http' });
      const customer = await client.customers.create({ email: 'kept@example.ie' });
      first.account.advance(3 * DAY);
      await first.close();

      const second = await startStripeStandIn(options);
      const again = new Stripe('sk_test_stand_in', { host: 'localhost', port: second.port, protocol: 'http' });
      expect(await again.customers.retrieve(customer.id)).toMatchObject({ email: 'kept@example.ie' });
      expect(second.account.state.clockOffset).toBe(3 * DAY);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
