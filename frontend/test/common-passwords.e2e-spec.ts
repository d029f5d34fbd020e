import type { Page } from 'playwright-core';
import type { TestSmtp } from '../../backend/test/support/smtp';
import { browserStack, hydrated } from './support/browser';
import type { Stack } from './support/stack';

const COMMON_EN = 'That password is one of the most common ones. Please choose a password that is harder to guess.';
const COMMON_GA = 'Tá an focal faire sin ar cheann de na cinn is coitianta. Roghnaigh focal faire atá níos deacra a thomhas.';

/** The forms that choose a password show the API's refusal of a common one under the password, in the page's language. */
describe('common passwords in chromium', () => {
  const t = browserStack('church', { smtp: true });
  let s: Stack;
  let page: Page;
  let smtp: TestSmtp;
  beforeEach(() => ({ s, page, smtp } = t));
  const alerts = () => page.getByRole('alert').allTextContents();
  const post = (path: string, body: unknown) => fetch(`${s.apiUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  /** An active member made through the API. */
  async function member(password = 'harpist2025') {
    const email = `common.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.ie`;
    expect((await post('/sign-up/', { email, password, first_name: 'Orla', last_name: 'Byrne', username: email, terms: true })).status).toBe(201);
    const code = /is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
    expect((await post('/sign-up/code/', { email, password, signUpCode: code })).status).toBe(200);
    return { email, password };
  }

  async function fillSignUp(email: string, password: string) {
    await page.getByLabel(/Full name|Ainm/).fill('Orla Byrne');
    await page.getByLabel(/Work email|Ríomhphost/).fill(email);
    await page.getByLabel(/^(Password|Focal faire)$/).fill(password);
    await page.locator('#terms').check();
  }

  it('shows the refusal under the password on the sign-up form, and signs up with a better one', async () => {
    const email = `common.signup.${Date.now()}@example.ie`;
    await page.goto(`${s.siteUrl}/sign-up`);
    await hydrated(page);
    await fillSignUp(email, 'Password123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(COMMON_EN).waitFor();
    expect(await alerts()).toEqual([COMMON_EN]);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password', { exact: true }).fill('harp-by-the-Liffey-9');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`We emailed a code to ${email}.`).waitFor();
  });

  it('shows it in Irish on the Irish sign-up form', async () => {
    await page.goto(`${s.siteUrl}/ga/sign-up`);
    await hydrated(page);
    await fillSignUp(`common.ga.${Date.now()}@example.ie`, 'qwerty123');
    await page.locator('form button[type=submit]').click();
    await page.getByText(COMMON_GA).waitFor();
  });

  it('shows it on the reset form and keeps the link good for a better password', async () => {
    const { email } = await member();
    expect((await fetch(`${s.apiUrl}/password-reset-step1/?email=${encodeURIComponent(email)}`)).status).toBe(200);
    const link = new RegExp(`(${s.siteUrl}/password-reset-step2\\?\\S+)`).exec((await smtp.waitFor(email, /^Reset your/)).text!)![1];
    await page.goto(link);
    await hydrated(page);
    await page.getByLabel('New password').fill('iloveyou1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText(COMMON_EN).waitFor();
    await page.getByLabel('New password').fill('harp-by-the-Liffey-9');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Success! Redirecting to login page...').waitFor();
  });

  it('shows it on the control panel password change', async () => {
    const { email, password } = await member();
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
    await page.goto(`${s.siteUrl}/cp/account`);
    await hydrated(page);
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await page.getByLabel('New password').fill('trustno1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(COMMON_EN).waitFor();
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
  });
});
