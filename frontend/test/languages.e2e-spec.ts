import { COUNTY_NAMES_GA, type Facets, PRICE_TEXT_GA } from '@directory/domain';
import { ga as irishPlural } from 'make-plural/cardinals';
import type { Page } from 'playwright-core';
import { axeViolations, browserStack, hydrated } from './support/browser';
import type { Stack } from './support/stack';

/** The noun after a count on an Irish listing: lenited after 1 to 6, eclipsed after 7 to 10, plain otherwise. */
const irishProfiles = (n: number) => ({ one: 'phróifíl', two: 'phróifíl', few: 'phróifíl', many: 'bpróifíl', other: 'próifíl' })[irishPlural(n)];
const langOf = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];
const h1Of = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
const count = (html: string) => Number(/data-testid="profile-count">(\d+)</.exec(html)?.[1]);
const links = (html: string) => [...html.matchAll(/<link rel="(canonical|alternate)"(?: hrefLang="([^"]+)")? href="([^"]+)"\/>/g)].map((m) => [m[1], m[2] ?? '', m[3]]);

/**
 * English where it always was, Irish under /ga with the same paths: each page's language is its URL's, whatever the
 * cookie, whichever renders run at the same time, with the page cache on or off.
 */
describe('the site in English and Irish', () => {
  const t = browserStack('church');
  let s: Stack;
  let page: Page;
  beforeEach(() => ({ s, page } = t));

  it('marks each page with its language, its canonical address and its twin in each language', async () => {
    const home = await (await s.page('/ga')).text();
    expect(langOf(home)).toBe('ga-IE');
    expect(links(home)).toEqual([
      ['canonical', '', `${s.siteUrl}/ga`],
      ['alternate', 'en-IE', `${s.siteUrl}/`],
      ['alternate', 'ga-IE', `${s.siteUrl}/ga`],
      ['alternate', 'x-default', `${s.siteUrl}/`],
    ]);
    expect(langOf(await (await s.page('/')).text())).toBe('en-IE');

    // A category in a county reached through /counties names its /categories twin, in each language.
    const twin = await (await s.page('/ga/counties/dublin/female-singers?price=free')).text();
    expect(links(twin)).toEqual([
      ['canonical', '', `${s.siteUrl}/ga/categories/female-singers/dublin`],
      ['alternate', 'en-IE', `${s.siteUrl}/categories/female-singers/dublin`],
      ['alternate', 'ga-IE', `${s.siteUrl}/ga/categories/female-singers/dublin`],
      ['alternate', 'x-default', `${s.siteUrl}/categories/female-singers/dublin`],
    ]);
  });

  it('writes an Irish listing in Irish: names, heading, counts with their noun forms, links under /ga', async () => {
    const res = await s.page('/ga/categories/female-singers/dublin');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(h1Of(html)).toBe('Amhránaithe Mná i mBaile Átha Cliath');
    const n = count(html);
    expect(n).toBe((await s.api('/api/posts/?catSlug=female-singers&tagSlug=dublin&limit=1')).total);
    expect(html).toContain(`data-testid="profile-count">${n}</span> <!-- -->${irishProfiles(n)} anois`);
    expect(html).toMatch(/<title>Church Musicians Ireland™ \| Amhránaithe Mná i mBaile Átha Cliath \d{4}<\/title>/);
    expect(html).toContain('<a href="/ga/categories">Catagóirí</a>');
    expect(html).toContain('<a href="/categories/female-singers/dublin" lang="en-IE">English</a>');
    // Every link of the page's own (not its assets or the API's pictures) stays in Irish.
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]).filter((h) => h.startsWith('/') && !h.startsWith('/ga'));
    expect(hrefs).toEqual(['/categories/female-singers/dublin']);
    expect(html).not.toMatch(/>Sign in<|>Categories<|Profiles now|Nominal charge/);
    // The price dialog, rendered closed with its links, names the price types in Irish.
    const prices = (await s.api<Facets>('/api/facets/?catSlug=female-singers&tagSlug=dublin')).body.prices;
    for (const p of prices) expect(html).toContain(`<span class="dialog-item-name">${PRICE_TEXT_GA.church[p.value].title}</span>`);

    const english = await (await s.page('/categories/female-singers/dublin')).text();
    expect(h1Of(english)).toBe('Female Singers in Dublin');
    expect(english).toContain('<a href="/ga/categories/female-singers/dublin" lang="ga-IE">Gaeilge</a>');
  });

  it('names all 32 counties in Irish on /ga/counties, and answers an unknown Irish page with an Irish 404', async () => {
    const html = await (await s.page('/ga/counties')).text();
    for (const [slug, { name }] of Object.entries(COUNTY_NAMES_GA)) expect(html).toContain(`<a href="/ga/counties/${slug}" class="county-tile"><span class="county-name">${name}</span>`);
    expect(html).toContain('Contae in Éirinn');
    const missing = await s.page('/ga/no-such-page-here');
    expect(missing.status).toBe(404);
    const body = await missing.text();
    expect([langOf(body), h1Of(body)]).toEqual(['ga-IE', '404 Níor aimsíodh an leathanach']);
    expect(links(body)).toEqual([]);
  });

  it('lists the categories on /ga/categories with their Irish names and descriptions, linked under /ga', async () => {
    const html = await (await s.page('/ga/categories')).text();
    expect([langOf(html), h1Of(html)]).toEqual(['ga-IE', 'Catagóirí']);
    expect(html).toMatch(/<title>Church Musicians Ireland™ \| Gach Catagóir \d{4}<\/title>/);
    expect(html).toContain('<h2>Cláirseoirí</h2><p>Cláirseoirí ceolchoirme agus cláirseoirí Gaelacha don searmanas agus don fháiltiú.</p>');
    expect(html).toContain('<a class="button button-secondary" href="/ga/categories/harpists" aria-label="Féach ar Cláirseoirí">Féach</a>');
    expect(html).not.toMatch(/Concert and Irish harpists|>View</);
    const english = await (await s.page('/categories')).text();
    expect(english).toContain('<h2>Harpists</h2><p>Concert and Irish harpists for the ceremony and the drinks reception.</p>');
    expect(english).toContain('<a class="button button-secondary" href="/categories/harpists" aria-label="View Harpists">View</a>');
  });

  it('tells the story on /ga/about in Irish, with its cards and its articles linked under /ga', async () => {
    const html = await (await s.page('/ga/about')).text();
    expect([langOf(html), h1Of(html)]).toEqual(['ga-IE', 'Faoi Church Musicians Ireland']);
    expect(html).toMatch(/<title>Church Musicians Ireland™ \| Fúinn<\/title>/);
    for (const text of ['Ár scéal', 'Lúnasa 2008', 'Bunaítear an t-eolaire.', 'ceoltóirí eaglaise', 'Ón mblag']) expect(html).toContain(text);
    expect(html).not.toMatch(/Our story|From the blog|paying members/);
    const articles = [...html.matchAll(/<a href="(\/[^"]*articles\/[^"]+)"/g)].map((m) => m[1]);
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.every((a) => a.startsWith('/ga/articles/'))).toBe(true);

    const english = await (await s.page('/about')).text();
    expect(h1Of(english)).toBe('About Church Musicians Ireland');
    for (const text of ['Our story', 'August 2008', 'The directory is founded.', 'church musicians', 'From the blog']) expect(english).toContain(text);
  });

  it('gives links and crawlers the language of the URL whatever the remembered choice, from the page cache too', async () => {
    await s.page('/counties/kerry');
    const res = await s.page('/counties/kerry', { headers: { Cookie: 'lang=ga' } });
    const html = await res.text();
    expect([res.headers.get('x-page-cache'), langOf(html), h1Of(html)]).toEqual(['hit', 'en-IE', 'Kerry Church Musicians']);
  });

  it('lists every page of the sitemap in both languages, each naming its twins', async () => {
    const xml = await (await s.page('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${s.siteUrl}/counties/cork`);
    expect(locs).toContain(`${s.siteUrl}/ga/counties/cork`);
    expect(locs.filter((l) => l.startsWith(`${s.siteUrl}/ga`)).length * 2).toBe(locs.length);
    expect(xml).toContain(`<loc>${s.siteUrl}/ga/counties/cork</loc><xhtml:link rel="alternate" hreflang="en-IE" href="${s.siteUrl}/counties/cork"/><xhtml:link rel="alternate" hreflang="ga-IE" href="${s.siteUrl}/ga/counties/cork"/><xhtml:link rel="alternate" hreflang="x-default" href="${s.siteUrl}/counties/cork"/></url>`);
  });

  it('renders Irish and English requests that arrive together each in their own language, page cache on and off', async () => {
    const counties = ['cork', 'galway', 'kerry', 'mayo', 'sligo', 'clare'];
    const uncached = await s.startSite({ PAGE_CACHE: 'off' });
    try {
      for (const origin of [s.siteUrl, uncached.url]) {
        // Addresses not asked for before, so that the cached site renders them all at once too.
        const asked = counties.flatMap((slug) => [`/ga/counties/${slug}/harpists`, `/counties/${slug}/harpists`]);
        const pages = await Promise.all(asked.map(async (path) => ({ path, html: await (await fetch(`${origin}${path}`)).text() })));
        for (const { path, html } of pages) {
          const irish = path.startsWith('/ga/');
          const slug = path.split('/').at(-2)!;
          const county = irish ? COUNTY_NAMES_GA[slug].name : slug[0].toUpperCase() + slug.slice(1);
          expect([origin, path, langOf(html), h1Of(html)]).toEqual([origin, path, irish ? 'ga-IE' : 'en-IE', irish ? `Cláirseoirí ${COUNTY_NAMES_GA[slug].in}` : `Harpists in ${county}`]);
          expect([path, /Sínigh isteach/.test(html), /Sign in/.test(html)]).toEqual([path, irish, !irish]);
        }
      }
    } finally {
      await uncached.stop();
    }
  });

  it('walks the Irish home to a category in a county in chromium, then switches to English on the same page', async () => {
    await page.goto(`${s.siteUrl}/ga`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ga-IE');
    await page.getByRole('navigation', { name: 'Catagóirí' }).getByRole('link', { name: 'Mná', exact: true }).click();
    await page.waitForURL(`${s.siteUrl}/ga/categories/female-singers`);
    await page.getByRole('heading', { level: 1, name: 'Amhránaithe Mná' }).waitFor();

    await page.getByRole('button', { name: 'Scag de réir contae' }).click();
    const dialog = page.getByRole('dialog', { name: /^Contae: Amhránaithe Mná/ });
    await dialog.getByPlaceholder('Scag do chuardach...').fill('baile');
    await dialog.getByRole('link', { name: /^Baile Átha Cliath/ }).click();
    await page.waitForURL(`${s.siteUrl}/ga/categories/female-singers/dublin`);
    await page.getByRole('heading', { level: 1, name: 'Amhránaithe Mná i mBaile Átha Cliath' }).waitFor();
    const n = Number(await page.getByTestId('profile-count').textContent());
    expect(await page.locator('.subtitle').textContent()).toBe(`${n} ${irishProfiles(n)} anois`);
    expect(await page.locator('.card-meta').first().textContent()).toMatch(/, Baile Átha Cliath$/);
    expect(await page.locator('.card a').first().getAttribute('href')).toMatch(/^\/ga\/profile\//);
    expect(await page.title()).toMatch(/Amhránaithe Mná i mBaile Átha Cliath/);
    expect(await axeViolations(page)).toEqual([]);

    // The switch keeps the page and remembers the choice.
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${s.siteUrl}/categories/female-singers/dublin`);
    await page.getByRole('heading', { level: 1, name: 'Female Singers in Dublin' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en-IE');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe('/categories');
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  });

  it('keeps the query when switching language', async () => {
    const prices = (await s.api<{ value: string }[]>('/api/prices/?tagSlug=cork')).body;
    await page.goto(`${s.siteUrl}/counties/cork?price=${prices[0].value}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Gaeilge' }).click();
    await page.waitForURL(`${s.siteUrl}/ga/counties/cork?price=${prices[0].value}`);
    await page.getByRole('heading', { level: 1, name: 'Church Musicians: Corcaigh' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ga-IE');
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('ga');
  });
});
