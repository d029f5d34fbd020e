import { CROSFHOCAL_ANSWER_FIELDS } from '@directory/domain';
import * as argon2 from 'argon2';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, browserStack, hydrated } from './support/browser';
import { monthLabels } from './support/chart';
import type { Stack } from './support/stack';

const PASSWORD = 'backoffice2025';

/**
 * The admin app at /admin/, built and served by the built site server, against the real API (church): a member is
 * refused, a signed-out visitor meets the login form at once, an admin hides a listing (it leaves the public page and
 * the sitemap) and unhides it, flags a member for a password change (the member meets the site's modal), and the
 * dashboard draws its charts, billing's too, with their months named. Refunds and
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
    await page.getByLabel('Email').fill(email);
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

  it('shows a signed-out visitor the login form at once, asking for the email: one move to /admin/login, and what they type stays', async () => {
    // Every navigation of the tab: the documents it loads, and the moves within the page that the Navigation API
    // reports (history.pushState and the like; the router's marking of the entry it starts on goes nowhere).
    let documents = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
    });
    await page.addInitScript(() => {
      const w = window as unknown as { moves: string[]; navigation: EventTarget };
      w.moves = [];
      w.navigation.addEventListener('navigate', (event) => {
        const e = event as Event & { navigationType: string; destination: { url: string } };
        if (e.navigationType !== 'replace' || e.destination.url !== location.href) w.moves.push(`${e.navigationType} ${e.destination.url}`);
      });
    });
    for (const path of ['/admin/', '/admin/users/12']) {
      documents = 0;
      await page.goto(`${s.siteUrl}${path}`);
      const email = page.getByLabel('Email');
      await email.waitFor();
      const readyAt = await page.evaluate(() => Math.round(performance.now()));
      expect([path, await email.getAttribute('type'), await page.getByLabel('Username').count()]).toEqual([path, 'email', 0]);
      await email.pressSequentially(member);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.waitForLoadState('networkidle');
      expect([path, await email.inputValue()]).toEqual([path, member]);
      const moves = await page.evaluate(() => (window as unknown as { moves: string[] }).moves);
      expect({ path, navigations: documents + moves.length, first: moves.slice(0, 3) }).toEqual({ path, navigations: 2, first: [`push ${s.siteUrl}/admin/login`] });
      console.log(`Signed out, ${path}: the login form was ready ${readyAt} ms after the page began to load.`);
    }
  });

  /** A dashboard chart once chart.js has drawn it. */
  async function drawn(chart: string) {
    const canvas = page.locator(`canvas[data-chart="${chart}"]`);
    await canvas.waitFor();
    await page.waitForFunction((name) => document.querySelector<HTMLCanvasElement>(`canvas[data-chart="${name}"]`)?.dataset.rendered === 'true', chart);
    return canvas;
  }

  /** The months a chart's text alternative names ("Dec 2025: 3, ..."), in order. */
  const monthsNamed = async (chart: string) => (await page.locator(`canvas[data-chart="${chart}"]`).getAttribute('aria-label'))!.slice(chart.length + 2).split(', ').map((part) => part.split(': ')[0]);

  it('lets an admin in to a dashboard whose charts are drawn', async () => {
    await logIn(admin);
    for (const chart of ['Profile views', 'Enquiries', 'Sign-ups', 'Trials started', 'Paying subscribers', 'Monthly recurring revenue']) {
      await drawn(chart);
      expect([chart, (await monthsNamed(chart)).length]).toEqual([chart, 12]);
    }
    await page.getByRole('heading', { name: 'Most viewed listings' }).waitFor();
    await axeClean(page);
  });

  it("names each chart's months as 'Dec 2025', and writes them level under their bars, apart and inside: all twelve on a desktop, every other one on a 320 px phone", async () => {
    await logIn(admin);
    await drawn('Monthly recurring revenue');
    // The months the API counted, as "2025-12".
    const months: string[] = await page.evaluate(async () => {
      const { apiOrigin } = await (await fetch('/admin/config.json')).json();
      const res = await fetch(`${apiOrigin}/api/admin/stats/`, { headers: { Authorization: `Bearer ${sessionStorage.getItem('admin_access')}` } });
      return (await res.json()).months.map((m: { month: string }) => m.month);
    });
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept?', 'Oct', 'Nov', 'Dec'];
    const expected = months.map((m) => expect.stringMatching(new RegExp(`^${names[Number(m.slice(5)) - 1]} ${m.slice(0, 4)}$`)));
    expect(expected).toHaveLength(12);
    for (const [width, labelled] of [[1280, 12], [320, 6]]) {
      await page.setViewportSize({ width, height: 900 });
      // Laid out at this width from the start (the session stays in the tab's sessionStorage).
      await page.reload();
      for (const chart of ['Profile views', 'Enquiries', 'Sign-ups', 'Trials started', 'Paying subscribers', 'Monthly recurring revenue']) {
        const canvas = await drawn(chart);
        expect([chart, await monthsNamed(chart)]).toEqual([chart, expected]);
        // Drawn at the width the layout settled on: the same width at two checks 150 ms apart (chart.js redraws on a
        // resize after a frame; react-admin's sidebar and the scroll bar move the cards as the page fills).
        await page.waitForFunction(
          (name) => {
            const c = document.querySelector<HTMLCanvasElement>(`canvas[data-chart="${name}"]`)!;
            const width = String(Math.round(c.getBoundingClientRect().width));
            const settled = c.dataset.seenWidth === width && Math.abs(c.width - Number(width) * devicePixelRatio) < 2;
            c.dataset.seenWidth = width;
            return settled;
          },
          chart,
          { polling: 150 },
        );
        const { width: canvasWidth, slot, left, runs } = await monthLabels(canvas);
        expect([chart, width, runs.length]).toEqual([chart, width, labelled]);
        for (const [from, to] of runs) {
          // Centred under a bar: a label turned aslant, or two run together, is not.
          const centre = (from + to) / 2;
          const bar = Math.round((centre - left) / slot - 0.5);
          expect([chart, width, from, to, Math.abs(centre - (left + (bar + 0.5) * slot)) <= 3, from > 0 && to < canvasWidth - 1]).toEqual([chart, width, from, to, true, true]);
        }
      }
    }
  });

  it("offers no Export of react-admin's own, which wrote visitors' formulas into its CSV as they are; the crossword's export is the API's, formulas defused", async () => {
    const formula = '=HYPERLINK("https://evil.example/","Claim your prize")';
    await s.sql('INSERT INTO enquiries (post_id, name, email, message) VALUES (?, ?, ?, ?)', [listing.id, formula, 'visitor@example.ie', formula]);
    await s.sql(
      `INSERT INTO crosfhocal_entries (first_name, last_name, email, school, subscribe, ${CROSFHOCAL_ANSWER_FIELDS.join(', ')}) VALUES (?, 'Visitor', ?, 'Scoil Bhríde', 0, ${CROSFHOCAL_ANSWER_FIELDS.map(() => "'x'").join(', ')})`,
      [formula, `formula.${Date.now()}@example.ie`],
    );
    await logIn(admin);
    await page.getByRole('heading', { name: 'The last 12 months' }).waitFor();
    const lists = ['Users', 'Listings', 'Categories', 'Articles', 'Enquiries', 'Contact messages', 'Crossword entries', 'Subscriptions', 'Free for life', 'Mail outbox', 'Audit log', 'Hidden listings'];
    for (const list of lists) {
      await page.getByRole('menuitem', { name: list, exact: true }).click();
      await page.getByRole('heading', { name: list }).first().waitFor();
      await settled(page);
      // The visitor's formula is there to be exported, in the list that offered react-admin's Export.
      if (list === 'Enquiries') await page.getByRole('cell', { name: formula }).first().waitFor();
      expect([list, await page.getByRole('button', { name: 'Export', exact: true }).count()]).toEqual([list, 0]);
    }

    await page.getByRole('menuitem', { name: 'Crossword entries' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8');
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/"",""Claim your prize"")",Visitor,`);
    expect(csv).not.toMatch(/(^|,)"?=/m);
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
    // An admin signed in on the site still sees it (the site sends the token on listing calls).
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
    await drawn('Profile views');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

/** Once the page's calls are answered and react-admin's spinners are gone. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
}

/** axe-core's WCAG 2.1 A/AA rules on the page, once it has settled. */
async function axeClean(page: Page) {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
}
