import * as argon2 from 'argon2';
import type { Page } from 'playwright-core';
import { axeViolations, browserStack, hydrated } from './support/browser';
import type { Stack } from './support/stack';

const PASSWORD = 'backoffice2025';

/**
 * The admin app at /admin/, built and served by the built site server, against the real API (church): a member is
 * refused, an admin hides a listing (it leaves the public page and the sitemap) and unhides it, flags a member for a
 * password change (the member meets the site's modal), and the dashboard draws its charts, billing's too. Refunds and
 * free-for-life approvals from the back office are driven in billing.e2e-spec.ts, beside the Stripe stand-in.
 */
describe('admin app in chromium', () => {
  const t = browserStack('church');
  let s: Stack;
  let page: Page;
  beforeEach(() => ({ s, page } = t));
  const admin = `admin.${Date.now()}@example.ie`;
  const member = `member.${Date.now()}@example.ie`;
  let listing: { id: number; slug: string; title: string };

  beforeAll(async () => {
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    for (const [email, role, first] of [[admin, 'admin', 'Úna'], [member, 'member', 'Seán']]) {
      await t.s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, ?, 'Tester', ?, 1)", [email, email, hash, first, role]);
    }
    const [first] = (await t.s.api<{ id: number; slug: string; title: string }[]>('/api/posts/?limit=1')).body;
    listing = first;
  });

  async function logIn(email: string) {
    await page.goto(`${s.siteUrl}/admin/`);
    await page.getByLabel('Username').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('refuses a member, and the app answers its own paths on reload', async () => {
    await logIn(member);
    await page.getByText('This account is not an admin account.').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const deep = await s.page('/admin/users/12');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await s.page('/admin/config.json').then((r) => r.json())).apiOrigin).toBe(s.apiUrl);
  });

  it('lets an admin in to a dashboard whose charts are drawn', async () => {
    await logIn(admin);
    for (const chart of ['Profile views', 'Enquiries', 'Sign-ups', 'Trials started', 'Paying subscribers', 'Monthly recurring revenue']) {
      const svg = page.locator(`svg[data-chart="${chart}"]`);
      await svg.waitFor();
      expect(await svg.locator('rect').count()).toBe(12);
    }
    await page.getByRole('heading', { name: 'Most viewed listings' }).waitFor();
    await axeClean(page);
  });

  it('hides a listing (gone from its page and the sitemap), lists it under Hidden listings, and unhides it', async () => {
    expect((await s.page(`/profile/${listing.slug}`)).status).toBe(200);
    await logIn(admin);
    await page.getByRole('heading', { name: 'The last 12 months' }).waitFor();
    await page.goto(`${s.siteUrl}/admin/listings/${listing.id}`);
    await page.getByRole('button', { name: `Hide: ${listing.title}` }).click();
    await page.getByText('Hide: done').waitFor();
    expect((await s.page(`/profile/${listing.slug}`)).status).toBe(404);
    expect(await (await s.page('/sitemap.xml')).text()).not.toContain(`/profile/${listing.slug}<`);
    // An admin signed in on the site still sees it (the site sends the token on listing calls: spec section 6).
    const login = await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: admin, password: PASSWORD, username: admin }) });
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    expect((await s.page(`/profile/${listing.slug}`, { headers: { cookie } })).status).toBe(200);

    await page.getByRole('menuitem', { name: 'Hidden listings' }).click();
    await page.waitForURL(`${s.siteUrl}/admin/hidden-listings`);
    await axeClean(page);
    await page.getByRole('button', { name: `Unhide: ${listing.title}` }).click();
    await page.getByText('Unhide: done').waitFor();
    expect((await s.page(`/profile/${listing.slug}`)).status).toBe(200);
    const [row] = await s.sql('SELECT slug_extract FROM posts WHERE id = ?', [listing.id]);
    expect(row.slug_extract).not.toBe('hidden-listing');

    await page.goto(`${s.siteUrl}/admin/audit-log`);
    await page.getByRole('cell', { name: 'unhide' }).first().waitFor();
    await page.getByRole('cell', { name: 'hide', exact: true }).first().waitFor();
  });

  it("sets a member's password-change flag; the member then meets the 'Password Update Needed!' modal", async () => {
    await logIn(admin);
    await page.getByRole('heading', { name: 'The last 12 months' }).waitFor();
    await page.goto(`${s.siteUrl}/admin/users`);
    await page.getByPlaceholder('Email or name').fill(member);
    // The id cell: the email cell is a mailto link.
    await page.getByRole('row', { name: member }).getByRole('cell').first().click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    expect(await page.getByLabel('Email *').inputValue()).toBe(member);
    await axeClean(page);
    await page.getByLabel('Password change needed at next login').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Element updated/i).waitFor();
    const [user] = await s.sql('SELECT password_change_needed FROM users WHERE email = ?', [member]);
    expect(Number(user.password_change_needed)).toBe(1);

    const site = await t.browser.newPage();
    await site.goto(`${s.siteUrl}/log-in`);
    await hydrated(site);
    await site.getByLabel('Email').fill(member);
    await site.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await site.getByRole('button', { name: 'Log in' }).click();
    await site.getByRole('dialog', { name: 'Password Update Needed!' }).waitFor();
    await site.close();
  });

  it('fits a 320 px phone', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await logIn(admin);
    await page.locator('svg[data-chart="Profile views"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

/** axe-core's WCAG 2.1 A/AA rules on the page, once its calls are answered (react-admin's spinners are gone). */
async function axeClean(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
  expect(await axeViolations(page)).toEqual([]);
}
