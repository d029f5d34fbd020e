import type { Page } from 'playwright-core';
import type { TestSmtp } from '../../backend/test/support/smtp';
import type { ArticleSummary } from '../lib/types';
import { browserStack, hydrated } from './support/browser';
import { startStack, type Stack } from './support/stack';

const text = (html: string, re: RegExp) => re.exec(html)?.[1];

/** Articles, info pages, contact, crossword, cookie notice and mobile bar, against the real stack. */
describe('visitor pages (church, live site)', () => {
  const t = browserStack('church', {
    smtp: true,
    siteEnv: { SITE_ENV: 'production', ANALYTICS_ID: 'G-TEST123', SESSION_ANALYTICS_ID: 'clarity42' },
    apiEnv: { CONTACT_EMAIL: 'team@example.ie', SUPPORT_PHONE: '+353 1 234 5678', CROSFHOCAL_CLOSES_AT: '2099-05-30T23:59:59+01:00' },
  });
  let s: Stack;
  let page: Page;
  let smtp: TestSmtp;
  beforeEach(async () => {
    ({ s, page, smtp } = t);
    // A visitor who already chose (declined) cookies; the consent test clears it.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('consent-test')) {
        localStorage.setItem('cookie_consent', JSON.stringify({ chosen: true, ad_user_data: false, ad_personalization: false, ad_storage: false, analytics_storage: false, session_analytics: false }));
      }
    });
  });

  it('lists the guide articles and renders one with Article JSON-LD', async () => {
    const articles = (await s.api<ArticleSummary[]>('/api/articles/')).body;
    const list = await (await s.page('/articles')).text();
    for (const a of articles) expect(list).toContain(`href="/articles/${a.slug}"`);
    const res = await s.page(`/articles/${articles[0].slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(text(html, /<h1>([^<]*)<\/h1>/)).toBe(articles[0].title.replace(/'/g, '&#x27;'));
    expect(html).toContain(`src="${articles[0].image}"`);
    const ld = JSON.parse(text(html, /<script type="application\/ld\+json">([^<]*)<\/script>/)!);
    expect(ld).toMatchObject({ '@type': 'Article', headline: articles[0].title, datePublished: articles[0].published_at });
    expect((await s.page('/articles/no-such-article')).status).toBe(404);
  });

  it('shows the about timeline, statistics from configuration, four featured listers and three articles', async () => {
    const html = await (await s.page('/about')).text();
    for (const when of ['August 2008', 'September 2010', 'February 2019', 'September 2025']) expect(html).toContain(when);
    expect(html).toContain('<strong>782</strong> enquiries');
    expect((html.match(/<li class="card">/g) ?? []).length).toBe(4);
    const articles = (await s.api<ArticleSummary[]>('/api/articles/')).body.slice(0, 3);
    for (const a of articles) expect(html).toContain(`href="/articles/${a.slug}"`);
  });

  it('prices the church site at €20 a month or €200 a year with a 2-month trial', async () => {
    const html = await (await s.page('/pricing')).text();
    expect(html).toContain('€20<!-- --> / month');
    expect(html).toContain('€200<!-- --> / year');
    expect(html).toContain('2<!-- -->-month free trial');
    expect(html).not.toContain('Free for life');
  });

  it('states the plan terms on /terms: a 2-month (60-day) trial, a reminder 2 days before it ends, a refund within 30 days', async () => {
    const html = (await (await s.page('/terms')).text()).replace(/<!-- -->/g, '');
    expect(html).toContain('starts with a 2-month (60-day) free trial');
    expect(html).toContain('a reminder 2 days before the trial ends');
    expect(html).toContain('within 30 days of starting a subscription');
  });

  it.each(['/terms', '/privacy'])('dates %s March 18, 2025', async (path) => {
    expect(await (await s.page(path)).text()).toContain('Last updated <!-- -->March 18, 2025');
  });

  it("sends the contact form to the team: 'Fill in all fields!' then 'Message sent!'", async () => {
    await page.goto(`${s.siteUrl}/contact`);
    await hydrated(page);
    await page.getByText('+353 1 234 5678').waitFor();
    await page.getByText('team@example.ie').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Fill in all fields!').waitFor();
    await page.getByLabel('First name').fill('Seán');
    await page.getByLabel('Last name').fill('Kelly');
    await page.getByLabel('Email').fill('sean@example.ie');
    await page.getByLabel('Message').fill('Do you list pipers in Mayo?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sent!').waitFor();
    expect((await smtp.waitFor('team@example.ie', /^Contact form: Seán Kelly$/)).text).toContain('Do you list pipers in Mayo?');
  });

  it("enters the crossword once: 'Please fill in all fields!', then 'Success!' disabled, then already entered", async () => {
    await page.goto(`${s.siteUrl}/crosfhocal`);
    await hydrated(page);
    expect(await page.getByLabel('Send me the newsletter').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('Please fill in all fields!').waitFor();
    const fill = async () => {
      await page.getByLabel('First name').fill('Aoife');
      await page.getByLabel('Last name').fill('Ní Bhriain');
      await page.getByLabel('Email').fill('aoife.crossword@example.ie');
      await page.getByLabel('School').fill('Scoil Mhuire');
      for (const label of ['2 Across', '1 Down', '4 Across', '3 Down', '8 Across', '5 Down', '9 Across', '6 Down', '11 Across', '7 Down', '12 Across', '10 Down']) {
        await page.getByLabel(label, { exact: true }).fill('ceol');
      }
    };
    await fill();
    await page.getByRole('button', { name: 'Send answers' }).click();
    const done = page.getByRole('button', { name: 'Success!' });
    await done.waitFor();
    expect(await done.isDisabled()).toBe(true);
    const [row] = await s.sql("SELECT * FROM crosfhocal_entries WHERE email = 'aoife.crossword@example.ie'");
    expect(Boolean(Number(row.subscribe))).toBe(true);

    await page.reload();
    await hydrated(page);
    await fill();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('This email has already entered the competition.').waitFor();
    expect(await page.getByRole('button', { name: 'Send answers' }).isEnabled()).toBe(true);
  });

  it.each([320, 768, 1024, 1440])('lays the twelve crossword answers out without overlap at %ipx wide', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${s.siteUrl}/crosfhocal`);
    await hydrated(page);
    const boxes = await page.locator('.answers .field').evaluateAll((fields) =>
      fields.map((field) => {
        const rect = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return { cell: rect(field), input: rect(field.querySelector('input')!), label: rect(field.querySelector('label')!) };
      }),
    );
    expect(boxes).toHaveLength(12);
    type Rect = { left: number; right: number; top: number; bottom: number };
    const intersect = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const inside = (inner: Rect, outer: Rect) => inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom;
    for (const [i, box] of boxes.entries()) {
      // Each input and its label stay in their own grid cell, and the cell on the screen.
      expect(inside(box.input, box.cell)).toBe(true);
      expect(inside(box.label, box.cell)).toBe(true);
      expect(box.cell.left).toBeGreaterThanOrEqual(0);
      expect(box.cell.right).toBeLessThanOrEqual(width);
      for (const other of boxes.slice(i + 1)) {
        expect(intersect(box.input, other.input)).toBe(false);
        expect(intersect(box.cell, other.cell)).toBe(false);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it('asks for cookie consent on the live site and loads analytics only after it', async () => {
    const scripts = () => page.evaluate(() => [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src).filter((src) => !src.includes('localhost')));
    await page.goto(`${s.siteUrl}/counties`);
    await page.evaluate(() => {
      sessionStorage.setItem('consent-test', '1');
      localStorage.removeItem('cookie_consent');
    });
    await page.goto(`${s.siteUrl}/`);
    await hydrated(page);
    const notice = page.getByTestId('cookie-consent');
    await notice.waitFor();
    expect(await scripts()).toEqual([]);
    await notice.getByRole('button', { name: 'Accept', exact: true }).click();
    expect(await scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123', 'https://www.clarity.ms/tag/clarity42']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_consent')!));
    expect(stored).toEqual({ chosen: true, ad_user_data: true, ad_personalization: true, ad_storage: true, analytics_storage: true, session_analytics: true });

    // Reapplied at start, without asking again.
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId('cookie-consent').count()).toBe(0);
    expect((await scripts()).length).toBe(2);

    // Manage preferences: only what is ticked is granted; declining removes the scripts.
    await page.evaluate(() => localStorage.removeItem('cookie_consent'));
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Manage preferences' }).click();
    await page.getByLabel('Analytics storage').check();
    await page.getByLabel('Session analytics').check();
    await page.getByRole('button', { name: 'Accept selected' }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_consent')!))).toEqual({
      chosen: true,
      ad_user_data: false,
      ad_personalization: false,
      ad_storage: false,
      analytics_storage: true,
      session_analytics: true,
    });
    expect(await scripts()).toEqual(['https://www.clarity.ms/tag/clarity42']);
    await page.evaluate(() => localStorage.removeItem('cookie_consent'));
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Decline' }).click();
    expect(await scripts()).toEqual([]);
    expect((await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_consent')!))).ad_user_data).toBe(false);
  });

  it('shows the mobile bar on phones only, hides it while scrolling down, with the map open and on profiles', async () => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(`${s.siteUrl}/`);
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Explore', 'Join FREE!', 'Blog', 'Sign in']);
    expect(await bar.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/articles');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => document.querySelector('[data-testid="mobile-bar"]')!.classList.contains('is-hidden'));
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => !document.querySelector('[data-testid="mobile-bar"]')!.classList.contains('is-hidden'));
    await page.getByTestId('show-map').click();
    await page.getByRole('dialog', { name: 'Map of profiles' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('map-open'))).toBe(true);
    const [post] = (await s.api<{ slug: string }[]>('/api/posts/?limit=1')).body;
    await page.goto(`${s.siteUrl}/profile/${post.slug}`);
    expect(await page.getByTestId('mobile-bar').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${s.siteUrl}/`);
    expect(await page.getByTestId('mobile-bar').isVisible()).toBe(false);
  });
});

describe('visitor pages (cliste)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('cliste');
  });
  afterAll(() => s?.stop());

  it('prices the school site at €10 a month or €100 a year, free for life for organisations that do not charge', async () => {
    const html = await (await s.page('/pricing')).text();
    expect(html).toContain('€10<!-- --> / month');
    expect(html).toContain('€100<!-- --> / year');
    expect(html).toContain('Free for life');
    expect(html).toContain('For organisations that do not charge students.');
  });

  it('shows no cookie notice off the live site', async () => {
    expect(await (await s.page('/')).text()).not.toContain('data-testid="cookie-consent"');
  });
});
