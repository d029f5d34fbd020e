import type { Page } from 'playwright-core';
import { axeViolations, browserStack, hydrated as waitHydrated } from './support/browser';
import type { Stack } from './support/stack';

/** A visitor's main job in a real browser: open a category, switch to county mode, refine, filter by price, load more. */
describe('browsing the church directory in chromium', () => {
  const t = browserStack('church');
  let s: Stack;
  let page: Page;
  beforeEach(() => ({ s, page } = t));

  const profileCount = async () => Number(await page.getByTestId('profile-count').textContent());
  const cards = () => page.locator('.profile-cards > li.card');
  const hydrated = () => waitHydrated(page);

  it('opens a category, refines by county, switches to county mode and filters by price', async () => {
    await page.goto(`${s.siteUrl}/`);
    await hydrated();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Harp' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/harpists`);
    await page.getByRole('heading', { level: 1, name: 'Harpists' }).waitFor();
    expect(await profileCount()).toBe((await s.api('/api/posts/?catSlug=harpists&limit=1')).total);

    // Refine by county through the dialog, typing into 'Refine your search...'.
    const counties = (await s.api<{ counties: { slug: string; name: string }[] }>('/api/facets/?catSlug=harpists')).body.counties;
    const target = counties[0];
    await page.getByRole('button', { name: 'Refine by county' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('Refine your search...').fill(target.name.slice(0, 3).toUpperCase());
    expect(await dialog.getByRole('link').first().textContent()).toContain(target.name);
    await dialog.getByRole('link', { name: new RegExp(`^${target.name}`) }).click();
    await page.waitForURL(`${s.siteUrl}/categories/harpists/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: `Harpists in ${target.name}` }).waitFor();
    expect(await profileCount()).toBe((await s.api(`/api/posts/?catSlug=harpists&tagSlug=${target.slug}&limit=1`)).total);

    // County mode: the tabs switch the menu to counties, Dublin first after 'All'.
    await page.getByRole('tab', { name: 'County' }).click();
    const countyMenu = page.getByRole('navigation', { name: 'Counties' });
    expect((await countyMenu.getByRole('link').allTextContents()).slice(0, 2)).toEqual(['All', 'Dublin']);
    await countyMenu.getByRole('link', { name: 'Cork' }).click();
    await page.waitForURL(`${s.siteUrl}/counties/cork`);
    await page.getByRole('heading', { level: 1, name: 'Cork Church Musicians' }).waitFor();

    // Price: the dialog lists the prices of the selection; choosing one keeps the route and adds ?price=.
    const prices = (await s.api<{ value: string; title: string }[]>('/api/prices/?tagSlug=cork')).body;
    await page.getByRole('button', { name: 'Price' }).click();
    await page.getByRole('dialog').getByRole('link', { name: new RegExp(`^${prices[0].title}`) }).click();
    await page.waitForURL(`${s.siteUrl}/counties/cork?price=${prices[0].value}`);
    await page.getByRole('button', { name: prices[0].title, exact: true }).waitFor();
    expect(await profileCount()).toBe((await s.api(`/api/posts/?tagSlug=cork&price=${prices[0].value}&limit=1`)).total);
  });

  it('shows 20 cards, 10 more with the button, and 10 more on scrolling to the end', async () => {
    await page.goto(`${s.siteUrl}/`);
    await hydrated();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/posts/') && asked.push(new URL(r.url()).search));
    const total = await profileCount();
    expect(total).toBeGreaterThan(50);
    expect(await cards().count()).toBe(20);
    // Clicking scrolls the button into view, so scrolling may ask for the next 10 right after: both add 10 at a time.
    await page.getByRole('button', { name: 'Load more profiles' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.profile-cards > li.card').length >= 30);
    expect(asked[0]).toBe('?limit=10&offset=20');
    await page.mouse.wheel(0, 100000);
    await page.waitForFunction(() => document.querySelectorAll('.profile-cards > li.card').length >= 40);
    expect(asked.slice(0, 2)).toEqual(['?limit=10&offset=20', '?limit=10&offset=30']);
    expect((await cards().count()) % 10).toBe(0);
    const [fromApi] = (await s.api<{ slug: string }[]>('/api/posts/?limit=1&offset=25')).body;
    expect(await cards().nth(25).locator('a').getAttribute('href')).toBe(`/profile/${fromApi.slug}`);
  });

  it('shows 8 skeleton cards and a spinner while the next listing loads', async () => {
    await page.goto(`${s.siteUrl}/`);
    await hydrated();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/*.pageContext.json*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Male', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('is-navigating'));
    expect(await page.locator('ul.skeletons:not(.is-loading) > li.skeleton:visible').count()).toBe(8);
    expect(await page.locator('.nav-spinner .spinner').isVisible()).toBe(true);
    expect(await page.locator('.profile-cards').isVisible()).toBe(false);
    release();
    await page.waitForURL(`${s.siteUrl}/categories/male-singers`);
    await page.getByRole('heading', { level: 1, name: 'Male Singers' }).waitFor();
    expect(await page.locator('.skeletons:not(.is-loading)').isVisible()).toBe(false);
  });

  it('sticks the filter bar to the top after 285px of scrolling', async () => {
    await page.goto(`${s.siteUrl}/`);
    await hydrated();
    const bar = page.getByTestId('filter-bar');
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(100);
    expect(await bar.getAttribute('class')).not.toContain('is-stuck');
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => document.querySelector('[data-testid="filter-bar"]')!.classList.contains('is-stuck'));
    expect((await bar.boundingBox())!.y).toBe(0);
  });

  it('operates the dialogs from the keyboard: focus stays inside, Escape closes and returns focus', async () => {
    await page.goto(`${s.siteUrl}/categories/female-singers`);
    await hydrated();
    const opener = page.getByRole('button', { name: 'Refine by county' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    expect(await dialog.evaluate((d) => getComputedStyle(d).maxWidth)).toBe('500px');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Refine by county');
  });

  it('keeps the closed dialogs and their links through hydration, and fetches their code when a visitor reaches for them', async () => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const scripts: string[] = [];
    page.on('request', (r) => r.url().endsWith('.js') && scripts.push(r.url()));
    await page.goto(`${s.siteUrl}/categories/female-singers`);
    await hydrated();
    // The refine dialog's links (the only links to the category-in-county pages) are still in the hydrated page.
    const links = () => page.evaluate(() => [...document.querySelectorAll('dialog.refine-dialog a')].map((a) => a.getAttribute('href')));
    expect(await links()).toContain('/categories/female-singers/dublin');
    // Pointing at a filter button fetches the dialog's code (a script the page had not loaded).
    const scriptCount = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length);
    const before = await scriptCount();
    expect(before).toBe(scripts.length);
    await page.getByRole('button', { name: 'Refine by county' }).hover();
    await page.waitForFunction((n) => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length > n, before);
    await page.getByRole('button', { name: 'Refine by county' }).click();
    await page.getByRole('dialog').getByRole('link', { name: /^Dublin/ }).waitFor();
    expect(await links()).toContain('/categories/female-singers/dublin');
    expect(errors).toEqual([]);
  });

  it("loads the page afresh when the dialog's code cannot be had (a tab kept open across a deploy)", async () => {
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    await page.goto(`${s.siteUrl}/categories/female-singers`);
    await hydrated();
    // From now on no script can be fetched, as when a deploy removed the chunk names this page knows, until it reloads.
    let blocked = true;
    await page.route('**/*.js', (route) => (blocked ? route.abort() : route.continue()));
    page.on('request', (r) => r.isNavigationRequest() && (blocked = false));
    const refine = page.getByRole('button', { name: 'Refine by county' });
    // Pointing at the button tries quietly (no uncaught error); opening the dialog, which cannot come, reloads the page.
    await refine.hover();
    const reloaded = page.waitForEvent('framenavigated');
    await refine.click();
    await reloaded;
    expect(page.url()).toBe(`${s.siteUrl}/categories/female-singers`);
    await hydrated();
    await page.getByRole('button', { name: 'Refine by county' }).click();
    await page.getByRole('dialog').getByRole('link', { name: /^Dublin/ }).waitFor();
    await page.unroute('**/*.js');
    expect(uncaught).toEqual([]);
  });

  it("fetches the page's JavaScript once the page and the first card's picture are painted, then hydrates", async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${s.siteUrl}/categories/female-singers/dublin`);
    await hydrated();
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
      const hero = document.querySelector<HTMLImageElement>('img[fetchpriority=high]')!.currentSrc;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const picture = resources.find((r) => r.name === hero)!;
      const scripts = resources.filter((r) => r.name.includes('/assets/') && r.name.endsWith('.js'));
      return { fcp, pictureEnd: picture.responseEnd, firstScript: Math.min(...scripts.map((r) => r.startTime)), scripts: scripts.length };
    });
    // The entry and its three preloads (the listing page, its cards, the shared chunk), none before the paints.
    expect(timing.scripts).toBeGreaterThanOrEqual(2);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.fcp);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.pictureEnd);
    // Right after them, not at the 3 s fallback: the loader saw the paints.
    expect(timing.firstScript - Math.max(timing.fcp, timing.pictureEnd)).toBeLessThan(1000);
    expect(errors).toEqual([]);
  });

  /** Holds the page's JavaScript back until the returned function is called. */
  const holdScripts = async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/assets/**/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    return async () => {
      release();
      await hydrated();
      await page.unroute('**/assets/**/*.js');
    };
  };

  it('does a button press made before hydration once the page is hydrated', async () => {
    const release = await holdScripts();
    // Not until "load": scripts the loader adds before it (right after the first paint) hold the load event back.
    await page.goto(`${s.siteUrl}/categories/female-singers`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Refine by county' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await release();
    await page.getByRole('dialog').getByRole('link', { name: /^Dublin/ }).waitFor();
  });

  it('never sends a form natively before hydration (no GET with the password in the address), and sends it once hydrated', async () => {
    const release = await holdScripts();
    const addresses: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && addresses.push(f.url()));
    await page.goto(`${s.siteUrl}/log-in`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill('nobody@example.ie');
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await release();
    // The held sending is done by the page's own code: a message, and still no other address.
    await page.getByRole('alert').or(page.getByRole('status')).first().waitFor();
    expect(addresses.every((a) => a === `${s.siteUrl}/log-in`)).toBe(true);
  });

  it('shows the empty text when refining finds nothing', async () => {
    await page.goto(`${s.siteUrl}/counties/dublin`);
    await hydrated();
    await page.getByRole('button', { name: 'Refine by category' }).click();
    await page.getByRole('dialog').getByPlaceholder('Refine your search...').fill('zzzz');
    await page.getByText('No results - please try a different county!').waitFor();
  });

  it('fits a 320px wide phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/categories/female-singers/dublin', '/counties', '/categories']) {
      await page.goto(`${s.siteUrl}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
  });

  it('keeps the scroll position between listings and starts other pages at the top', async () => {
    await page.goto(`${s.siteUrl}/`);
    await hydrated();
    await page.evaluate(() => window.scrollTo(0, 350));
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Female' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/female-singers`);
    await page.getByRole('heading', { level: 1, name: 'Female Singers' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('link', { name: 'Counties', exact: true }).first().click();
    await page.waitForURL(`${s.siteUrl}/counties`);
    await page.getByRole('heading', { level: 1, name: 'Counties' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

/** axe-core's WCAG 2.1 A/AA rules on the listing, index and 404 pages and an open dialog (contrast, labels, names). */
describe('accessibility (axe-core)', () => {
  const t = browserStack('church');

  it.each(['/', '/categories/female-singers/dublin', '/counties/cork', '/categories', '/counties', '/no-such-page/at-all', '/log-in', '/sign-up-start', '/sign-up', '/password-reset-step1', '/contact', '/crosfhocal', '/pricing', '/about', '/articles', '/terms', '/reviews', `/reviews?token=${'x'.repeat(43)}`])('finds no WCAG A/AA violations on %s', async (path) => {
    await t.page.goto(`${t.s.siteUrl}${path}`);
    await waitHydrated(t.page);
    expect(await axeViolations(t.page)).toEqual([]);
  });

  it('finds no violations with the price dialog open', async () => {
    await t.page.goto(`${t.s.siteUrl}/categories/female-singers`);
    await waitHydrated(t.page);
    await t.page.getByRole('button', { name: 'Price' }).click();
    await t.page.getByRole('dialog').waitFor();
    expect(await axeViolations(t.page)).toEqual([]);
  });
});

describe('browsing the cliste directory in chromium', () => {
  const t = browserStack('cliste');

  it("opens a child category from the menu, its parent group from the strip's 'All', the child again, then refines by county", async () => {
    const { s, page } = t;
    await page.goto(`${s.siteUrl}/`);
    await waitHydrated(page);
    const menu = page.getByRole('navigation', { name: 'Categories' });
    await menu.getByRole('link', { name: 'Yoga', exact: true }).click();
    await page.waitForURL(`${s.siteUrl}/categories/health-wellbeing/school-workshops-yoga`);
    // Vike changes the address before React renders the next listing: wait for the menu to mark it.
    await menu.locator('a[aria-current="page"]', { hasText: /^Yoga$/ }).waitFor();
    expect(await menu.getByRole('link', { name: 'Yoga', exact: true }).getAttribute('aria-current')).toBe('page');
    const strip = page.getByRole('navigation', { name: 'Health & Wellbeing categories' });
    expect(await strip.getByRole('link').first().textContent()).toBe('All');
    await strip.getByRole('link', { name: 'All' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/health-wellbeing`);
    // The address moves before the listing renders: wait for the count the API gives (a wrong one times out).
    const groupTotal = (await s.api('/api/posts/?catSlug=health-wellbeing&limit=1')).total;
    await page.getByTestId('profile-count').filter({ hasText: new RegExp(`^${groupTotal}$`) }).waitFor();
    await strip.getByRole('link', { name: 'Yoga for Schools' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/health-wellbeing/school-workshops-yoga`);
    await page.getByRole('heading', { level: 1, name: 'Yoga for Schools' }).waitFor();
    const [county] = (await s.api<{ counties: { slug: string; name: string }[] }>('/api/facets/?catSlug=school-workshops-yoga')).body.counties;
    await page.getByRole('button', { name: 'Refine by county' }).click();
    await page.getByRole('dialog').getByRole('link', { name: new RegExp(`^${county.name}`) }).click();
    await page.waitForURL(`${s.siteUrl}/categories/health-wellbeing/school-workshops-yoga/${county.slug}`);
    const countyTotal = (await s.api(`/api/posts/?catSlug=school-workshops-yoga&tagSlug=${county.slug}&limit=1`)).total;
    await page.getByTestId('profile-count').filter({ hasText: new RegExp(`^${countyTotal}$`) }).waitFor();
  });
});
