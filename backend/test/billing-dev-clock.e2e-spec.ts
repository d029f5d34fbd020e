import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config/configuration';
import { followsStandInClock } from '../src/modules/billing/stand-in-clock';
import { startStripeStandIn, type StandIn } from '../tools/dev/stripe-stand-in/server';
import { BillingClock } from '../src/modules/billing/billing.clock';
import { resetDatabase, signIn, startApp, type TestApp } from './support/app';
import { TestSmtp } from './support/smtp';

/**
 * `make start` in development: moving the Stripe stand-in's clock moves the API's billing clock too, and the billing
 * jobs run at once, so the trial reminder mail shows without waiting for the hourly schedule. Only in development.
 */
const SECRET = 'whsec_billing_dev_clock_secret';
const DAY = 86_400_000;
let standIn: StandIn;
let dev: TestApp;
let testMode: TestApp;
const smtp = new TestSmtp();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const found = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return found;
}

beforeAll(async () => {
  await smtp.start();
  const port = await freePort();
  standIn = await startStripeStandIn({ port: 0, webhookUrl: `http://127.0.0.1:${port}/api/billing/webhook/`, webhookSecret: SECRET, retryDelaysMs: [100, 300, 1000] });
  const env = { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: standIn.url, SMTP_URL: smtp.url };
  // The API as `make start` runs it, and one as the tests run it (which move the clocks themselves).
  dev = await startApp('church', { ...env, NODE_ENV: 'development' });
  await dev.app.listen(port, '127.0.0.1');
  testMode = await startApp('church', env);
  await resetDatabase(dev.ds);
});

afterAll(async () => {
  await standIn?.close();
  await testMode?.close();
  await dev?.close();
  await smtp.stop();
});

const standInNow = async () => ((await (await fetch(`${standIn.url}/_stand-in/clock`)).json()) as { now: number }).now * 1000;

async function until(ok: () => Promise<boolean> | boolean, what: string) {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within 10 s`);
}

describe('the billing clock in development', () => {
  it('follows the stand-in when its clock is moved, and the trial reminder mail comes at once; not outside development', async () => {
    const { user, token } = await signIn(dev, 'member', `clock.${Date.now()}@example.ie`);
    const { body } = await dev.http().post('/api/billing/checkout/').set({ Authorization: `Bearer ${token}` }).send({ plan: 'monthly' }).expect(200);
    const form = new URLSearchParams({ card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Aoife' });
    expect((await fetch(body.url, { method: 'POST', body: form, redirect: 'manual' })).status).toBe(303);
    await smtp.waitFor(user.email, /free trial has started/);

    // Moved as the docs say (curl, or the stand-in's page): to a day and a half before the trial ends.
    const res = await fetch(`${standIn.url}/_stand-in/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 58.5 }) });
    expect(res.status).toBe(200);
    await until(async () => Math.abs(dev.app.get(BillingClock).now().getTime() - (await standInNow())) < 5_000, "the API's billing clock at the stand-in's");
    const reminder = await smtp.waitFor(user.email, /free trial ends on/);
    expect(reminder.text).toContain('€20');

    // The tests' API (NODE_ENV=test) keeps the machine's clock: it has no follower.
    expect(Math.abs(testMode.app.get(BillingClock).now().getTime() - Date.now())).toBeLessThan(5_000);
    expect(dev.app.get(BillingClock).now().getTime() - Date.now()).toBeGreaterThan(58 * DAY);
  });

  it('is on only in development with Stripe at a STRIPE_API_URL', () => {
    const standInEnv = { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: 'whsec_dev', STRIPE_API_URL: 'http://localhost:12111' };
    expect(followsStandInClock(loadConfig({ ...standInEnv, NODE_ENV: 'development' }))).toBe(true);
    expect(followsStandInClock(loadConfig({ ...standInEnv, NODE_ENV: 'test' }))).toBe(false);
    expect(followsStandInClock(loadConfig({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toBe(false);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'f3a9c1d27be84e05a6d9c0b1e2f3a4b5', MAIL_FROM: 'no-reply@example.ie', STRIPE_SECRET_KEY: 'sk_live_51Hx9QkL2m', STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a' };
    expect(followsStandInClock(loadConfig({ ...production, STRIPE_API_URL: 'https://stripe-proxy.example.ie' }))).toBe(false);
  });
});
