import type { Page } from 'playwright-core';
import type { TestSmtp } from '../../backend/test/support/smtp';
import { browserStack, hydrated } from './support/browser';
import type { Stack } from './support/stack';

/** Sign up, sign out, sign in and reset a password through the real forms, reading mail from a real SMTP server. */
describe('accounts in chromium', () => {
  const t = browserStack('church', { smtp: true });
  let s: Stack;
  let page: Page;
  let smtp: TestSmtp;
  beforeEach(() => ({ s, page, smtp } = t));
  const email = `aoife.${Date.now()}@example.ie`;
  const codeIn = async (to: string) => /is (\d{4})\./.exec((await smtp.waitFor(to, /sign-up code/)).text!)![1];
  const alerts = () => page.getByRole('alert').allTextContents();

  it('signs up through the form and the emailed code, showing each validation message on the way', async () => {
    await page.goto(`${s.siteUrl}/sign-up-start`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Sign up for FREE' }).waitFor();
    await page.getByText('Are you a musician?').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await alerts()).toEqual(['Please enter an email!']);
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${s.siteUrl}/sign-up`);
    await hydrated(page);
    expect(await page.getByLabel('Work email').inputValue()).toBe(email);

    await page.getByLabel('Work email').fill('');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await alerts()).toEqual(['Please enter your full name!', 'Please enter an email!', 'Please enter a passoword!', 'Please check the terms and privacy box!']);
    await page.getByLabel('Full name').fill('Aoife');
    await page.getByLabel('Work email').fill('aoife@');
    await page.getByLabel('Password', { exact: true }).fill('harpist');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await alerts()).toEqual(['Please enter a proper full name!', "That's not an email!", 'Password must have 8 characters with a number!', 'Please check the terms and privacy box!']);

    await page.getByLabel('Full name').fill('  Aoife Ní Bhriain ');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('harpist2025');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`We emailed a code to ${email}.`).waitFor();
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);

    const code = await codeIn(email);
    await page.getByLabel('Digit 1').fill('1');
    await page.getByLabel('Digit 2').fill('2');
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await alerts()).toEqual(['Please enter all 4 numbers!']);
    await page.getByLabel('Digit 3').fill('0');
    await page.getByLabel('Digit 4').fill('3');
    await page.getByText('You must enter numbers!').waitFor();
    // Wrong only in its first digit, so retyping the real code always meets boxes that already hold some of it.
    const wrong = `${code[0] === '9' ? '1' : Number(code[0]) + 1}${code.slice(1)}`;
    await page.getByLabel('Digit 1').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, wrong);
    await page.getByText('That code is wrong!').waitFor();
    expect(await page.getByLabel('Digit 4').inputValue()).toBe(wrong[3]);

    // Typing the fourth digit submits. The boxes are cleared first, as a person would: otherwise a last digit equal
    // to the wrong code's would change nothing and send nothing.
    for (let i = 0; i < 4; i++) await page.getByLabel(`Digit ${i + 1}`).fill('');
    for (let i = 0; i < 4; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]);
    await page.waitForURL(`${s.siteUrl}/cp/dashboard?welcome`);
    await page.getByRole('heading', { name: 'Welcome, Aoife' }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();
  });

  it('signs out, guards the control panel, and signs in again', async () => {
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await alerts()).toEqual(['Please enter email!', 'Please enter password!']);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever1');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await alerts()).toEqual(["That's not an email!"]);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Those details are wrong!').waitFor();
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/password-reset-step1');
    expect(await page.getByRole('link', { name: 'pricing', exact: true }).getAttribute('href')).toBe('/pricing');
    await page.waitForFunction(() => document.querySelector('.login-bg')?.classList.contains('is-loaded'));

    await page.getByLabel('Password', { exact: true }).fill('harpist2025');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
    await page.getByRole('heading', { name: 'Welcome back, Aoife' }).waitFor();
    // The mobile bar stays out of the control panel.
    expect(await page.getByTestId('mobile-bar').count()).toBe(0);
    expect(await page.evaluate(() => typeof localStorage.getItem('access_token'))).toBe('string');
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${s.siteUrl}/`);
    expect(await page.getByTestId('mobile-bar').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto(`${s.siteUrl}/cp/dashboard`);
    expect(page.url()).toBe(`${s.siteUrl}/log-in`);
    await page.goto(`${s.siteUrl}/cp`);
    expect(page.url()).toBe(`${s.siteUrl}/log-in`);
  });

  it('previews a lister\'s own draft at /drafts/{postId}, and nobody else\'s', async () => {
    const [user] = await s.sql('SELECT id FROM users WHERE email = ?', [email]);
    const [category] = await s.sql("SELECT id FROM categories WHERE slug = 'harpists'");
    const [county] = await s.sql("SELECT id FROM counties WHERE slug = 'kerry'");
    const insert = "INSERT INTO posts (title, content, slug, slug_extract, status, category_id, county_id, price, area, latitude, longitude, has_location, owner_id) VALUES (?, 'My harp profile, not finished yet.', ?, ?, 'draft', ?, ?, 'charge', 'Dingle', 52.14, -10.27, 1, ?)";
    await s.sql(insert, ['Aoife Draft - Harpist', 'aoife-draft-harpist', 'aoife-draft-harpist', category.id, county.id, user.id]);
    await s.sql(insert, ['Someone Else - Harpist', 'someone-else-harpist', 'someone-else-harpist', category.id, county.id, null]);
    const [mine] = await s.sql("SELECT id FROM posts WHERE slug = 'aoife-draft-harpist'");
    const [theirs] = await s.sql("SELECT id FROM posts WHERE slug = 'someone-else-harpist'");

    expect((await s.page(`/drafts/${mine.id}`)).headers.get('location')).toBe('/log-in');
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('harpist2025');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
    await page.goto(`${s.siteUrl}/drafts/${mine.id}`);
    await page.getByRole('heading', { level: 1, name: 'Aoife Draft - Harpist' }).waitFor();
    await page.getByText('Draft preview: only you can see this page until it is published.').waitFor();
    expect(await page.getByTestId('mobile-footer').getByRole('button', { name: 'Send Enquiry' }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const other = await page.goto(`${s.siteUrl}/drafts/${theirs.id}`);
    expect(other!.status()).toBe(404);
    expect((await s.page('/profile/aoife-draft-harpist')).status).toBe(404);
  });

  it("opens the 'Password Update Needed!' modal for an account an admin flagged", async () => {
    await s.sql('UPDATE users SET password_change_needed = 1 WHERE email = ?', [email]);
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('harpist2025');
    await page.getByRole('button', { name: 'Log in' }).click();
    const modal = page.getByRole('dialog', { name: 'Password Update Needed!' });
    await modal.waitFor();
    await modal.getByText('Password change needed!').waitFor();
    expect(await modal.getByRole('link', { name: 'Email me a link' }).getAttribute('href')).toBe(`/password-reset-step1?email=${encodeURIComponent(email)}`);
  });

  it('resets the password from the emailed link', async () => {
    await page.goto(`${s.siteUrl}/password-reset`);
    await hydrated(page);
    const send = page.getByRole('button', { name: 'Send me a link' });
    await send.click();
    expect(await alerts()).toEqual(['please enter email!']);
    await page.getByLabel('Email').fill('nope');
    await send.click();
    expect(await alerts()).toEqual(["that's not an email!"]);
    await page.getByLabel('Email').fill('nobody.here@example.ie');
    await send.click();
    await page.getByText("We've no record of that email!").waitFor();
    await page.getByLabel('Email').fill(email);
    await send.click();
    await page.getByText('Success! We have emailed you a link!').waitFor();
    expect(await send.isDisabled()).toBe(true);

    const link = new RegExp(`(${s.siteUrl}/password-reset-step2\\?\\S+)`).exec((await smtp.waitFor(email, /^Reset your/)).text!)![1];
    await page.goto(link);
    await hydrated(page);
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    expect(await alerts()).toEqual(['Password must have 8 characters with a number!']);
    await page.getByLabel('New password').fill('newharp2026');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Success! Redirecting to login page...').waitFor();
    await page.waitForURL(`${s.siteUrl}/log-in`);

    await page.goto(link);
    await page.getByText("We've encountered a problem").waitFor();
    await page.getByText('The link is out of date.').waitFor();

    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('newharp2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
  });

  it('asks for the password on a code step opened from its address, and activates the password typed there', async () => {
    const other = `niamh.${Date.now()}@example.ie`;
    const body = { email: other, password: 'firstharp1', first_name: 'Niamh', last_name: 'Kelly', username: other, terms: true };
    expect((await fetch(`${s.apiUrl}/sign-up/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(201);
    const code = await codeIn(other);
    await page.goto(`${s.siteUrl}/sign-up?email=${encodeURIComponent(other)}`);
    await hydrated(page);
    await page.getByText(`We emailed a code to ${other}.`).waitFor();
    for (let i = 0; i < 4; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]);
    await page.getByText('Please enter a passoword!').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('chosenharp2');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard?welcome`);
    await page.getByRole('heading', { name: 'Welcome, Niamh' }).waitFor();
    const login = (password: string) => fetch(`${s.apiUrl}/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: other, password }) });
    expect((await login('firstharp1')).status).toBe(401);
    expect((await login('chosenharp2')).status).toBe(200);
  });
});

describe('stage login in chromium', () => {
  const email = `stage.${Date.now()}@example.ie`;
  const STAGE_KEY = 'stage-key-of-the-browser-tests-0123456789';
  const t = browserStack('church', { smtp: true, siteEnv: { STAGE: 'true', STAGE_KEY }, apiEnv: { STAGE: 'true', STAGE_KEY, STAGE_MEMBERS: email } });

  it("sends every page to 'Log into the STAGE Env.' until 'Access STAGE' signs an invited account in", async () => {
    const { s, smtp, page } = t;
    const signUp = await fetch(`${s.apiUrl}/sign-up/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'stage2025x', first_name: 'Sean', last_name: 'Kelly', username: email, terms: true }),
    });
    expect(signUp.status).toBe(201);
    const code = /is (\d{4})\./.exec((await smtp.waitFor(email, /sign-up code/)).text!)![1];
    expect((await fetch(`${s.apiUrl}/sign-up/code/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'stage2025x', signUpCode: code }) })).status).toBe(200);

    await page.goto(`${s.siteUrl}/categories`);
    expect(page.url()).toBe(`${s.siteUrl}/log-in-stage`);
    await page.getByRole('heading', { name: 'Log into the STAGE Env.' }).waitFor();
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-pass1');
    await page.getByRole('button', { name: 'Access STAGE' }).click();
    await page.getByText('Those details are wrong!').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('stage2025x');
    await page.route('**/session/login', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Access STAGE' }).click();
    expect(await page.getByRole('button', { name: /Access STAGE/ }).isDisabled()).toBe(true);
    await page.getByRole('status', { name: 'Sending' }).waitFor();
    await page.waitForURL(`${s.siteUrl}/`);
    await page.getByTestId('profile-count').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('stage_ok'))).toBe('1');
  });
});
