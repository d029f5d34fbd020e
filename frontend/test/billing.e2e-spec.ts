import * as argon2 from 'argon2';
import type { Page } from 'playwright-core';
import { startStripeStandIn, type StandIn } from '../../backend/tools/dev/stripe-stand-in/server';
import { axeViolations, browserStack, hydrated } from './support/browser';
import { API_PORT, type Stack } from './support/stack';

const PASSWORD = 'organist2025';
const SECRET = 'whsec_frontend_billing_secret';


/** An active account made in the database, signed in through the site's log-in page; its API access token. */
async function signIn(s: Stack, page: Page, email: string, role: 'member' | 'admin' = 'member'): Promise<string> {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Úna', 'Tester', ?, 1)", [email, email, hash, role]);
  await page.goto(`${s.siteUrl}/log-in`);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
  return String(await page.evaluate(() => localStorage.getItem('access_token')));
}

/** An admin made in the database, signed in to the back office at /admin/ on a page of its own. */
async function adminApp(s: Stack, page: Page, email: string): Promise<void> {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Áine', 'Admin', 'admin', 1)", [email, email, hash]);
  await page.goto(`${s.siteUrl}/admin/`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'The last 12 months' }).waitFor();
}

/**
 * The lister's way to a subscription in chromium, against the real API and site and the Stripe stand-in: /pricing
 * leads to sign-up, /cp/subscription starts Checkout, the stand-in's hosted page takes the test card and sends its
 * signed webhooks to the API, and the control panel shows the trial, cancels and resumes it.
 */
describe('subscribing from the control panel (church)', () => {
  let standIn: StandIn;
  // Filled before the stack starts (this hook runs first): the API talks to the stand-in started here.
  const apiEnv: Record<string, string> = {};
  beforeAll(async () => {
    standIn = await startStripeStandIn({ port: 0, webhookUrl: `http://localhost:${API_PORT}/api/billing/webhook/`, webhookSecret: SECRET, retryDelaysMs: [200, 500, 1000, 2000] });
    Object.assign(apiEnv, { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: standIn.url });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const t = browserStack('church', { smtp: true, apiEnv });
  it('sends visitors from /pricing to sign-up with the plan they picked', async () => {
    const { page, s } = t;
    await page.goto(`${s.siteUrl}/pricing`);
    await hydrated(page);
    const plans = page.locator('.plans').getByRole('link', { name: 'Join FREE!' });
    expect(await plans.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/sign-up-start?plan=monthly', '/sign-up-start?plan=yearly']);
    // Sign-up keeps the plan for after the code step (which opens /cp/subscription with it).
    await plans.nth(1).click();
    await page.waitForURL(`${s.siteUrl}/sign-up-start?plan=yearly`);
    await hydrated(page);
    await page.getByLabel('Work email').fill('new.lister@example.ie');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${s.siteUrl}/sign-up`);
    expect(await page.evaluate(() => sessionStorage.getItem('signup_plan'))).toBe('yearly');
    await page.goto(`${s.siteUrl}/terms`);
    expect(await page.locator('main').textContent()).toContain('The subscription costs €20 a month or €200 a year');
  });

  it('starts the free trial through Checkout, shows it, cancels and resumes it', async () => {
    const { page, s, smtp } = t;
    const email = 'subscriber.browser@example.ie';
    await signIn(s, page, email);
    await page.goto(`${s.siteUrl}/cp/subscription?plan=yearly`);
    await hydrated(page);
    await page.getByTestId('publishing-state').waitFor();
    expect(await page.getByTestId('publishing-state').textContent()).toContain('Publishing needs a subscription');
    expect(await page.getByRole('radio', { name: 'Yearly: €200 / year' }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The plan can be changed from the keyboard.
    await page.getByRole('radio', { name: 'Yearly: €200 / year' }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.getByRole('radio', { name: 'Monthly: €20 / month' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Yearly: €200 / year' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL(new RegExp(`^${standIn.url}/checkout/cs_test_`));
    await page.getByLabel('Name on card').fill('Úna Tester');
    await page.getByRole('button', { name: 'Start trial' }).click();

    await page.waitForURL(`${s.siteUrl}/cp/subscription?checkout=done`);
    await page.getByTestId('subscription-status').filter({ hasText: 'Free trial' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('publishing-state').textContent()).toBe('Your listings can be published.');
    // Read once: the trial's end and what follows, in one line.
    expect(await page.getByTestId('subscription-status').textContent()).toMatch(/^Free trial until \d{1,2} \w+ \d{4}, then €200 a year$/);
    expect(await axeViolations(page)).toEqual([]);
    await smtp.waitFor(email, /free trial has started/);
    // The dashboard and Account sum it up, with the way to manage it.
    for (const path of ['/cp/dashboard', '/cp/account']) {
      await page.goto(`${s.siteUrl}${path}`);
      const summary = page.locator('.subscription-summary');
      await summary.getByTestId('subscription-status').filter({ hasText: 'Free trial' }).waitFor();
      expect(await summary.getByRole('link', { name: 'Manage your subscription' }).getAttribute('href')).toBe('/cp/subscription');
    }
    // Cancelling is in the Account section, where listers look for it; resuming too.
    const account = page.locator('.subscription-summary');
    await hydrated(page);
    await account.getByRole('button', { name: 'Cancel subscription' }).click();
    await account.getByText('Your subscription is cancelled at the end of the period.').waitFor();
    expect(await account.getByTestId('subscription-status').textContent()).toMatch(/^Free trial until .*, cancelled: nothing will be charged$/);
    await account.getByRole('button', { name: 'Resume subscription' }).click();
    await account.getByText('Your subscription goes on.').waitFor();
    await account.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await page.locator('.subscription-summary').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Control panel' }).getByRole('link', { name: 'Subscription' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/subscription`);
    await page.getByTestId('subscription-status').filter({ hasText: 'Free trial' }).waitFor();

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toMatch(/^Free trial until .*, cancelled: nothing will be charged$/);
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();

    // On a 320 px phone nothing runs off the side.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The portal opens the stand-in's customer portal.
    await page.getByRole('button', { name: 'Card, invoices and plan change (Stripe)' }).click();
    await page.waitForURL(new RegExp(`^${standIn.url}/portal/bps_`));

    // The trial ends on the stand-in's clock: the first year is paid. An admin refunds it from the back office.
    const advanced = await fetch(`${standIn.url}/_stand-in/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 61 }) });
    expect(advanced.status).toBe(200);
    await smtp.waitFor(email, /Payment received/i);
    const back = await t.browser.newPage();
    back.on('dialog', (dialog) => void dialog.accept());
    await adminApp(s, back, 'admin.refunds@example.ie');
    await back.goto(`${s.siteUrl}/admin/subscriptions`);
    await back.getByRole('button', { name: `Refund: ${email}` }).click();
    await back.getByText('Refund: done').waitFor();
    await smtp.waitFor(email, /Refund of €200/);
    const [row] = await s.sql('SELECT status FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?', [email]);
    expect(row.status).toBe('canceled');
    await back.goto(`${s.siteUrl}/admin/audit-log`);
    await back.getByRole('cell', { name: 'refund', exact: true }).first().waitFor();
    await back.close();
  });
});

/** Cliste: an organisation that does not charge students applies on /cp/subscription; an admin approves it. */
describe('free for life (cliste)', () => {
  const t = browserStack('cliste', { smtp: true });

  it('applies with the organisation and the confirmation, and shows free for life once an admin approves', async () => {
    const { page, s, smtp } = t;
    const email = 'scoil.cheoil@example.ie';
    await signIn(s, page, email);
    await page.goto(`${s.siteUrl}/cp/subscription`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Free for life' }).waitFor();
    await page.getByRole('button', { name: 'Apply for free for life' }).click();
    expect(await page.getByRole('alert').allTextContents()).toEqual(['Enter the name of your organisation.', 'Free for life is for organisations that do not charge students.']);
    await page.getByLabel('Organisation name').fill('Scoil Cheoil na Mara');
    await page.getByLabel('Our organisation does not charge students').check();
    await page.getByRole('button', { name: 'Apply for free for life' }).click();
    await page.getByText('Your application for Scoil Cheoil na Mara is waiting for an administrator.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // An admin approves it from the back office's queue.
    const back = await t.browser.newPage();
    await adminApp(s, back, 'admin.ffl@example.ie');
    await back.goto(`${s.siteUrl}/admin/free-for-life-applications`);
    await back.getByRole('cell', { name: 'Scoil Cheoil na Mara' }).waitFor();
    await back.getByRole('button', { name: `Approve: ${email}` }).click();
    await back.getByText('Approve: done').waitFor();
    await back.close();
    await smtp.waitFor(email, /approved/);

    await page.reload();
    await hydrated(page);
    await page.getByTestId('publishing-state').waitFor();
    expect(await page.getByTestId('publishing-state').textContent()).toBe('Free for life: your listings are published without a subscription.');
    expect(await page.getByRole('button', { name: 'Start free trial' }).count()).toBe(0);
  });
});
