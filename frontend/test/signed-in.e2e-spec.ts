import * as argon2 from 'argon2';
import type { Page } from 'playwright-core';
import type { Post, Profile } from '../lib/types';
import { browserStack, hydrated } from './support/browser';
import type { Stack } from './support/stack';

/** The reserved slug_extract that hides a post from everyone but admins. */
const HIDDEN = 'reserved-for-admins';
const PASSWORD = 'organist2025';
const NEWEST_HIDDEN = 'Hidden Harpist - Admins Only';
const OLDER_HIDDEN = 'Hidden Organist - Admins Only';

/**
 * What a signed-in user gets from the site, against the real stack (church): the header names their control panel
 * and signs them out; an admin's listing pages, load-more and map include hidden listings, and pages rendered for
 * them are never kept for anyone else.
 */
describe('signed in on the church site', () => {
  const t = browserStack('church', { apiEnv: { HIDDEN_SLUG_EXTRACT: HIDDEN } });
  let s: Stack;
  let page: Page;
  beforeEach(() => ({ s, page } = t));
  const admin = 'admin.signed-in@example.ie';
  const member = 'member.signed-in@example.ie';
  /** Session cookies of each account, from the site's own login. */
  const cookies: Record<string, string> = {};
  let adminToken: string;

  async function account(email: string, role: 'admin' | 'member') {
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await s.sql("INSERT INTO users (email, username, password_hash, first_name, last_name, role, is_active) VALUES (?, ?, ?, 'Úna', 'Tester', ?, 1)", [email, email, hash, role]);
    const res = await s.page('/session/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, username: email }) });
    expect(res.status).toBe(200);
    cookies[email] = res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    return ((await res.json()) as { access: string }).access;
  }

  /** GET from the API as a visitor, or with a token. */
  const apiAs = (path: string, token?: string) => fetch(`${s.apiUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  /** A published, located harpist in Kerry hidden by the reserved slug_extract, created when `createdAtOf` was (or now). */
  async function hiddenPost(title: string, slug: string, createdAtOf?: number) {
    const [category] = await s.sql("SELECT id FROM categories WHERE slug = 'harpists'");
    const [county] = await s.sql("SELECT id FROM counties WHERE slug = 'kerry'");
    const columns = 'title, content, slug, slug_extract, status, category_id, county_id, price, area, latitude, longitude, has_location, owner_id';
    const values = "?, 'Harp for ceremonies, seen by admins only.', ?, ?, 'publish', ?, ?, 'charge', 'Killarney', 52.06, -9.5, 1, NULL";
    if (createdAtOf === undefined) {
      await s.sql(`INSERT INTO posts (${columns}, created_at) VALUES (${values}, '2099-01-01 00:00:00')`, [title, slug, HIDDEN, category.id, county.id]);
    } else {
      await s.sql(`INSERT INTO posts (${columns}, created_at) SELECT ${values}, created_at FROM posts WHERE id = ?`, [title, slug, HIDDEN, category.id, county.id, createdAtOf]);
    }
  }

  beforeAll(async () => {
    ({ s } = t);
    adminToken = await account(admin, 'admin');
    await account(member, 'member');
    // Newest of all: on the first page of every listing it belongs to, for an admin.
    await hiddenPost(NEWEST_HIDDEN, 'hidden-harpist-admins-only');
    // Created with the admin's 25th newest post, so it sorts just before it: the first 'Load more' brings it.
    const adminHome = (await (await apiAs('/api/posts/?limit=25', adminToken)).json()) as Post[];
    await hiddenPost(OLDER_HIDDEN, 'hidden-organist-admins-only', adminHome[24].id);
    // Rows written behind the API's back: post_counts' triggers count them as hidden (the API told them this
    // HIDDEN_SLUG_EXTRACT at its start), but the answers and counts kept per data version are the old ones until the
    // version moves, as every write of the API moves it; then wait past the API's check (250 ms).
    await s.sql('UPDATE data_version SET version = version + 1 WHERE id = 1');
    await new Promise((r) => setTimeout(r, 400));
  });

  const html = async (path: string, email?: string) => {
    const res = await s.page(path, email ? { headers: { Cookie: cookies[email] } } : {});
    expect(res.status).toBe(200);
    return { html: await res.text(), cacheControl: res.headers.get('cache-control') ?? '' };
  };
  const count = (page: string) => Number(/data-testid="profile-count">(\d+)</.exec(page)?.[1]);
  const headerOf = (page: string) => /<header class="site-header">([\s\S]*?)<\/header>/.exec(page)?.[1] ?? '';
  /** What the API counts for a listing's filters, for a visitor or with the admin's token. */
  const apiTotal = async (filters: string, token?: string) => Number((await apiAs(`/api/posts/?limit=1${filters}`, token)).headers.get('X-Total-Count'));

  it('lists hidden posts on listing pages rendered for an admin only, and never hands that page to the next visitor', async () => {
    const listings = { '/': '', '/categories/harpists': '&catSlug=harpists', '/categories/harpists/kerry': '&catSlug=harpists&tagSlug=kerry', '/counties/kerry': '&tagSlug=kerry' };
    for (const [path, filters] of Object.entries(listings)) {
      const before = await html(path);
      expect(before.html).not.toContain(NEWEST_HIDDEN);
      expect(count(before.html)).toBe(await apiTotal(filters));
      const forAdmin = await html(path, admin);
      expect(forAdmin.html).toContain(NEWEST_HIDDEN);
      expect(count(forAdmin.html)).toBe(await apiTotal(filters, adminToken));
      expect(count(forAdmin.html)).toBeGreaterThanOrEqual(count(before.html) + 2);
      expect(forAdmin.cacheControl).toMatch(/\bprivate\b/);
      expect(forAdmin.cacheControl).toMatch(/\bno-store\b/);
      // Rendered right after the admin's: the visitor's page is the visitor's.
      const after = await html(path);
      expect(after.html).not.toContain(NEWEST_HIDDEN);
      expect(count(after.html)).toBe(count(before.html));
      // Signed in is not enough: the API decides from the token's role.
      const forMember = await html(path, member);
      expect(forMember.html).not.toContain(NEWEST_HIDDEN);
      expect(forMember.cacheControl).toMatch(/\bprivate\b/);
    }
    // The admin's card opens the hidden profile; for others it does not exist.
    expect((await html('/profile/hidden-harpist-admins-only', admin)).html).toContain(`<h1>${NEWEST_HIDDEN}</h1>`);
    expect((await s.page('/profile/hidden-harpist-admins-only')).status).toBe(404);
    expect((await s.page('/profile/hidden-harpist-admins-only', { headers: { Cookie: cookies[member] } })).status).toBe(404);
  });

  async function signIn(email: string) {
    await page.goto(`${s.siteUrl}/log-in`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${s.siteUrl}/cp/dashboard`);
  }

  /** Opens home, asks for 10 more cards, and returns the API's answer to that call and the Authorization it carried. */
  async function loadMore() {
    await page.goto(`${s.siteUrl}/`);
    await hydrated(page);
    const answer = page.waitForResponse((r) => r.url().startsWith(`${s.apiUrl}/api/posts/`) && r.url().includes('offset=20') && r.request().method() === 'GET' && r.ok());
    // A dispatched click needs no scrolling: scrolling to the button lets the list's own scroll loading start first,
    // and its placeholders would then cover the button.
    await page.getByRole('button', { name: 'Load more profiles' }).dispatchEvent('click');
    const res = await answer;
    await page.locator('.profile-cards > li.card').nth(29).waitFor();
    return { titles: ((await res.json()) as Post[]).map((p) => p.title), authorization: await res.request().headerValue('authorization') };
  }

  /** The map page's markers, once every located profile the API gave this viewer is on it. */
  async function mapTitles() {
    await page.goto(`${s.siteUrl}/map`);
    await page.getByText(/^\d+ profiles on the map$/).waitFor();
    return page.locator('.leaflet-marker-icon').evaluateAll((pins) => pins.map((p) => p.getAttribute('title')));
  }

  /** How many located profiles the API gives a visitor, or the admin. */
  const located = async (token?: string) => {
    const profiles = (await (await apiAs('/api/profiles/', token)).json()) as Profile[];
    return profiles.filter((p) => p.latitude !== null).length;
  };

  it("shows an admin's load-more and map the hidden listings, a visitor's never", async () => {
    const visitor = await loadMore();
    expect(visitor.authorization).toBeNull();
    expect(visitor.titles).not.toContain(OLDER_HIDDEN);
    const visitorPins = await mapTitles();
    expect(visitorPins).not.toContain(NEWEST_HIDDEN);
    expect(visitorPins).toHaveLength(await located());

    await signIn(admin);
    const forAdmin = await loadMore();
    expect(forAdmin.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(forAdmin.titles).toContain(OLDER_HIDDEN);
    await page.locator('.profile-cards').getByText(OLDER_HIDDEN).waitFor();
    const adminPins = await mapTitles();
    expect(adminPins).toEqual(expect.arrayContaining([NEWEST_HIDDEN, OLDER_HIDDEN]));
    expect(adminPins).toHaveLength(await located(adminToken));
    expect(adminPins.length).toBeGreaterThanOrEqual(visitorPins.length + 2);
  });

  it('falls back to a visitor\'s answers when the held token belongs to a session that has ended', async () => {
    await signIn(admin);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.bm90LXNpZ25lZA'));
    const stale = await loadMore();
    expect(stale.authorization).toBeNull();
    expect(stale.titles).not.toContain(OLDER_HIDDEN);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  it('renders the dashboard with its data on the server: account, checklist or listings, and subscription, nothing left loading', async () => {
    const empty = (await html('/cp/dashboard', member)).html;
    expect(empty).toContain(`Signed in as ${member}`);
    expect(empty).toContain('data-testid="checklist"');
    expect(empty).toContain('data-testid="publishing-state"');
    // What is shown, not the page's scripts (the page's texts travel in one for the browser).
    expect(empty.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')).not.toMatch(/Loading|aria-busy/);
    const [user] = await s.sql('SELECT id FROM users WHERE email = ?', [member]);
    const [category] = await s.sql("SELECT id FROM categories WHERE slug = 'harpists'");
    const [county] = await s.sql("SELECT id FROM counties WHERE slug = 'kerry'");
    await s.sql("INSERT INTO posts (title, content, slug, slug_extract, status, category_id, county_id, price, area, owner_id) VALUES ('Úna Tester - Harp', 'Harp.', 'una-tester-harp', 'una-tester-harp', 'draft', ?, ?, 'charge', 'Tralee', ?)", [category.id, county.id, user.id]);
    const listed = (await html('/cp/dashboard', member)).html;
    expect(listed).toContain('data-testid="my-listing"');
    expect(listed).toContain('Úna Tester - Harp');
    expect(listed).not.toContain('data-testid="checklist"');
    await s.sql("DELETE FROM posts WHERE slug = 'una-tester-harp'");
  });

  it("greets a new lister 'Welcome' from the server's first render, and a returning one 'Welcome back'", async () => {
    const greeting = (page: string) => /<h1>(.*?)<\/h1>/.exec(page)![1].replace(/<!-- -->/g, '');
    // Where sign-up leads: the first visit.
    const first = (await html('/cp/dashboard?welcome', member)).html;
    expect(greeting(first)).toBe('Welcome, Úna');
    expect(first).toContain('Your account is ready.');
    const later = (await html('/cp/dashboard', member)).html;
    expect(greeting(later)).toBe('Welcome back, Úna');
    expect(later).not.toContain('Your account is ready.');
  });

  const header = () => page.getByRole('banner').getByRole('navigation', { name: 'Main' });

  it('names the control panel and signs out in the header for a signed-in user, rendered by the server', async () => {
    for (const path of ['/', '/categories', '/about', '/cp/dashboard']) {
      const signedIn = headerOf((await html(path, member)).html);
      expect(signedIn).toContain('<a href="/cp/dashboard">Control panel</a>');
      expect(signedIn).toContain('<button type="button" class="link-button">Sign out</button>');
      expect(signedIn).not.toContain('Sign in');
      // A member has joined: the invitation is for visitors.
      expect(signedIn).not.toContain('Join FREE!');
    }
    const visitor = headerOf((await html('/categories')).html);
    expect(visitor).toContain('<a href="/log-in">Sign in</a>');
    expect(visitor).toContain('Join FREE!');
    expect(visitor).not.toContain('Control panel');
    expect(visitor).not.toContain('Sign out');
  });

  it('keeps the signed-in header across client-side navigation, and shows Sign in again after signing out from it', async () => {
    await page.goto(`${s.siteUrl}/categories`);
    await hydrated(page);
    expect(await header().getByRole('link').allTextContents()).toContain('Sign in');
    await signIn(member);
    await hydrated(page);
    await header().getByRole('link', { name: 'Control panel' }).waitFor();
    // A marker on the window survives client-side navigation only: the next pages are not full loads.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    for (const [name, path] of [['Categories', '/categories'], ['Counties', '/counties'], ['Blog', '/articles']]) {
      await header().getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${s.siteUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await header().getByRole('link', { name: 'Control panel' }).getAttribute('href')).toBe('/cp/dashboard');
      expect(await header().getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      expect(await header().getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await header().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${s.siteUrl}/`);
    await hydrated(page);
    await header().getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await header().getByRole('link', { name: 'Control panel' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  /** Where the page's own content starts on a phone: the top of main's first heading, and the header's and cp navigation's heights. */
  const phoneLayout = () =>
    page.evaluate(() => {
      const height = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().height;
      const row = document.querySelector('.cp-nav ul')!;
      const tops = [...row.querySelectorAll('a')].map((a) => Math.round(a.getBoundingClientRect().top));
      return {
        header: height('.site-header'),
        cpNav: height('.cp-nav'),
        content: document.querySelector('main h1')!.getBoundingClientRect().top,
        navRows: new Set(tops).size,
        navScrolls: row.scrollWidth > row.clientWidth,
        pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });

  it('keeps the header to one row and the control panel navigation to one scrollable row on 320 and 375 px phones', async () => {
    await signIn(member);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${s.siteUrl}/cp/account`);
      await hydrated(page);
      const layout = await phoneLayout();
      // Was 280 px of 740 before any content: the header's links in rows of their own and the panel's in three rows.
      expect(layout.header).toBeLessThanOrEqual(64);
      expect(layout.cpNav).toBeLessThanOrEqual(56);
      expect(layout.content).toBeLessThanOrEqual(150);
      expect([layout.navRows, layout.navScrolls, layout.pageScrollsSideways]).toEqual([1, true, false]);
      // The current section, last in the row, is scrolled into view.
      const current = await page.getByRole('navigation', { name: 'Control panel' }).getByRole('link', { name: 'Account' }).boundingBox();
      expect(current!.x + current!.width).toBeLessThanOrEqual(width);
      // The header's links wait behind Menu, which opens and closes them from the keyboard.
      const links = page.getByRole('navigation', { name: 'Main' });
      expect(await links.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Menu' }).focus();
      await page.keyboard.press('Enter');
      await links.getByRole('link', { name: 'Control panel' }).waitFor();
      expect(await links.getByRole('link', { name: 'Join FREE!' }).count()).toBe(0);
      expect(await links.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await links.waitFor({ state: 'hidden' });
    }
  });

  it("opens the phone header's menu before the page's scripts run (and without them), and shows a visitor Join FREE! there", async () => {
    const context = await t.browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 740 } });
    const bare = await context.newPage();
    await bare.goto(`${s.siteUrl}/categories`);
    expect((await bare.locator('.site-header').boundingBox())!.height).toBeLessThanOrEqual(64);
    const links = bare.getByRole('navigation', { name: 'Main' });
    expect(await links.isVisible()).toBe(false);
    await bare.getByRole('button', { name: 'Menu' }).click();
    await links.getByRole('link', { name: 'Join FREE!' }).waitFor();
    expect(await links.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    await context.close();
  });

  it("leaves Join FREE! out of a signed-in member's mobile bar, which leads to the control panel instead of Sign in", async () => {
    await signIn(member);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${s.siteUrl}/articles`);
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Explore', 'Blog', 'Control panel']);
  });
});
