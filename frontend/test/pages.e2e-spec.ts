import { ARTICLE_SIZES, CARD_SIZES, PROFILE_SIZES } from '../lib/image-sizes';
import type { ArticleSummary, Post } from '../lib/types';
import { pageJavaScript } from './support/page-js';
import { startStack, type Stack } from './support/stack';

/** Server-rendered pages as a visitor without JavaScript gets them, checked against the API. */
const year = new Date().getFullYear();
const text = (html: string, re: RegExp) => re.exec(html)?.[1];
const cardCount = (html: string) => (html.match(/<li class="card">/g) ?? []).length;
const count = (html: string) => Number(text(html, /data-testid="profile-count">(\d+)</));
const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The category menu of the home listing: 'All', then one entry per active category with its
 * abbreviated name and its icon, sorted by name (section 9), each opening its listing (under its parent group on cliste).
 */
async function expectCategoryMenu(s: Stack) {
  type Active = { slug: string; name: string; name_abbrev: string; parent_slug: string | null };
  const active = Object.values((await s.api<{ categories: Record<string, Active> }>('/active-cats-tags/')).body.categories);
  const menu = /<nav aria-label="Categories" class="chip-menu">(.*?)<\/nav>/.exec(await (await s.page('/')).text())![1];
  const entries = [...menu.matchAll(/<a href="([^"]*)" class="chip"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => ({
    href,
    label: inner.replace(/<span class="icon"[^>]*>.*?<\/span>/, ''),
    icon: /<span class="icon" aria-hidden="true"><svg/.test(inner),
  }));
  const sorted = [...active].sort((a, b) => a.name.localeCompare(b.name, 'en-IE'));
  expect(entries).toEqual([
    { href: '/', label: 'All', icon: false },
    ...sorted.map((c) => ({ href: `/categories/${c.parent_slug ? `${c.parent_slug}/` : ''}${c.slug}`, label: escapeHtml(c.name_abbrev), icon: true })),
  ]);
}

/** Pages every site serves beside its listings, profiles and articles; the 404 page last. */
const SITE_PAGES = ['/', '/categories', '/counties', '/map', '/articles', '/about', '/contact', '/pricing', '/terms', '/privacy', '/crosfhocal', '/log-in', '/log-in-stage', '/sign-up-start', '/sign-up', '/password-reset-step1', '/password-reset-step2', '/no/such/page'];

/**
 * Every page has a meta description of its own (with the same og:description): present, long enough to say what the
 * page offers, and different from every other page's.
 */
async function expectDescribed(s: Stack, paths: string[]) {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const path of paths) {
    const html = await (await s.page(path)).text();
    const description = text(html, /<meta name="description" content="([^"]*)"/) ?? '';
    if (description.length < 40) problems.push(`${path} has a short or no description: '${description}'`);
    if (text(html, /<meta property="og:description" content="([^"]*)"/) !== description) problems.push(`${path}: og:description differs`);
    if (seen.has(description)) problems.push(`${path} repeats the description of ${seen.get(description)}`);
    seen.set(description, path);
  }
  expect(problems).toEqual([]);
}

/** The listings of a post's category and county, the post (at the site's path) and an article, with the site's fixed pages. */
async function pagesOf(s: Stack, profilePath: (post: Post) => string) {
  const [post] = (await s.api<Post[]>('/api/posts/?limit=1')).body;
  const category = (await s.api<{ slug: string; parent_slug: string | null }[]>('/api/categories/')).body.find((c) => c.slug === post.category_slug)!;
  const [article] = (await s.api<{ slug: string }[]>('/api/articles/')).body;
  const categoryPath = `/categories/${category.parent_slug ? `${category.parent_slug}/` : ''}${category.slug}`;
  return [...SITE_PAGES, categoryPath, `/counties/${post.tag_slug}`, profilePath(post), `/articles/${article.slug}`];
}

describe('church site pages', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('church');
  });
  afterAll(() => s?.stop());

  it('renders the home listing with its title, count, landing copy and the first 20 cards', async () => {
    const res = await s.page('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    const { body: summary } = await s.api<{ total: number }>('/active-cats-tags/');
    expect(text(html, /<title>([^<]*)<\/title>/)).toBe(`Church Musicians Ireland™ | Church &amp; Wedding Musicians in Ireland ${year}`);
    expect(text(html, /<h1>([^<]*)<\/h1>/)).toBe('Church Musicians Ireland');
    expect(count(html)).toBe(summary.total);
    expect(html).toContain('Profiles now');
    expect(html).toContain(`Choose from ${summary.total} church and wedding musicians across Ireland`);
    expect(html).toContain('class="testimonial"');
    expect(html).not.toContain('Turas Cliste!');
    expect(cardCount(html)).toBe(20);
    expect((html.match(/<li class="card skeleton">/g) ?? []).length).toBe(8);
  });

  it('lists a category in a county with the API count, its canonical link and the year in the title', async () => {
    const { total } = await s.api('/api/posts/?catSlug=female-singers&tagSlug=dublin&limit=1');
    for (const path of ['/categories/female-singers/dublin', '/counties/dublin/female-singers']) {
      const html = await (await s.page(path)).text();
      expect(count(html)).toBe(total);
      expect(text(html, /<title>([^<]*)<\/title>/)).toBe(`Church Musicians Ireland™ | Female Singers in Dublin ${year}`);
      expect(html).toContain(`<link rel="canonical" href="${s.siteUrl}/categories/female-singers/dublin"/>`);
      expect(cardCount(html)).toBe(Math.min(20, total!));
    }
  });

  it('titles the county view with the county name and the short site name', async () => {
    const html = await (await s.page('/counties/cork')).text();
    expect(text(html, /<h1>([^<]*)<\/h1>/)).toBe('Cork Church Musicians');
    expect(count(html)).toBe((await s.api('/api/posts/?tagSlug=cork&limit=1')).total);
    expect((await s.page('/counties/all-counties')).status).toBe(200);
  });

  it('keeps the route and adds ?price= for the price filter', async () => {
    const { total } = await s.api('/api/posts/?catSlug=female-singers&price=free&limit=1');
    const html = await (await s.page('/categories/female-singers?price=free')).text();
    expect(count(html)).toBe(total);
    const prices = (await s.api<{ value: string }[]>('/api/prices/?catSlug=female-singers')).body;
    for (const p of prices) expect(html).toContain(`href="/categories/female-singers?price=${p.value}"`);
  });

  it('links cards to /profile/{slug}', async () => {
    const [first] = (await s.api<{ slug: string }[]>('/api/posts/?limit=1')).body;
    expect(await (await s.page('/')).text()).toContain(`href="/profile/${first.slug}"`);
  });

  it('lists every category with a View link, and the 32 counties as Irish counties', async () => {
    const categories = (await s.api<{ slug: string; name: string }[]>('/api/categories/')).body;
    const html = await (await s.page('/categories')).text();
    for (const c of categories) expect(html).toContain(`href="/categories/${c.slug}" aria-label="View ${c.name}">View</a>`);
    const counties = await (await s.page('/counties')).text();
    expect(counties.match(/<span class="muted">An Irish county<\/span>/g)).toHaveLength(32);
    expect(counties).toContain('href="/counties/fermanagh"');
  });

  it.each(['/categories/bagpipers', '/categories/female-singers/atlantis', '/counties/atlantis', '/no/such/page', '/female-singers'])(
    'answers %s with a real 404 page',
    async (path) => {
      const res = await s.page(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<h1>404 Not Found</h1>');
    },
  );

  const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));

  it('renders a profile with its category, area, county, price, content and social tags, and no third-party frame', async () => {
    const [post] = (await s.api<Post[]>('/api/posts/?limit=50')).body.filter((p) => p.youtube1_id);
    const res = await s.page(`/profile/${post.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(text(html, /<h1>([^<]*)<\/h1>/)).toBe(escapeHtml(post.title));
    expect(html).toContain(`<span>${escapeHtml(post.category_name)}</span>`);
    expect(html).toContain(`${escapeHtml(post.vitals.area)}<!-- -->, Co. <!-- -->${post.tag_name}`);
    expect(html).toContain(`<span class="price-label">${post.price_label}</span>`);
    expect(html).toContain(escapeHtml(post.content.split(' ').slice(0, 6).join(' ')));
    expect(html).toContain(`<meta property="og:image" content="${post.images.map}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<link rel="canonical" href="${s.siteUrl}/profile/${post.slug}"/>`);
    expect(html).toContain('Send Enquiry');
    expect(html).not.toMatch(/<iframe|<script[^>]+src="https?:\/\/(?!localhost)/);
    const video = jsonLd(html).find((d) => d['@type'] === 'VideoObject');
    expect(video).toMatchObject({
      name: post.title,
      description: post.content.split(/\s+/).slice(0, 22).join(' '),
      embedUrl: `https://www.youtube-nocookie.com/embed/${post.youtube1_id}`,
      thumbnailUrl: [post.images.map],
    });
  });

  it('leaves VideoObject data off profiles without a video', async () => {
    const [post] = (await s.api<Post[]>('/api/posts/?limit=50')).body.filter((p) => !p.youtube1_id);
    const html = await (await s.page(`/profile/${post.slug}`)).text();
    expect(jsonLd(html).some((d) => d['@type'] === 'VideoObject')).toBe(false);
  });

  // The page JavaScript budget (docs/performance.md), by size (deterministic: the built files the HTML names), not by speed: the enquiry form, the
  // map and everything behind a click load later.
  it('offers each picture at the widths the API stores (srcset, built by the site) with the widths the layout shows it at (sizes)', async () => {
    const img = (html: string, src: string) => new RegExp(`<img[^>]*src="${src.replace(/[.?]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? '';
    // Each narrower copy and the picture itself, versioned by the last change (written out here, not with the site's builder).
    // Written out by hand: each narrower copy and the picture, each with the picture's own `?v=`.
    const set = (url: string, widths: number[], full: number) => {
      const [path, v] = url.split('?');
      return widths.map((w) => `${path.replace(/\.webp$/, `-${w}w.webp`)}?${v} ${w}w`).concat(`${url} ${full}w`).join(', ');
    };
    const posts = (await s.api<Post[]>('/api/posts/?limit=20')).body;
    // The answers name each picture once, versioned (`?v=`); the widths are the site's and the API storage's shared table.
    expect(posts[0]).not.toHaveProperty('images_srcset');
    expect(posts[0].images.card).toMatch(/\.webp\?v=\d+$/);
    const card = set(posts[0].images.card, [320, 480], 680);
    const home = await (await s.page('/')).text();
    const first = img(home, posts[0].images.card);
    expect(first).toContain(`srcSet="${card}" sizes="${CARD_SIZES}" width="680" height="588"`);
    expect(first).toContain('fetchPriority="high"');
    expect(first).toContain('loading="eager"');
    expect(img(home, posts[10].images.card)).toContain('loading="lazy"');
    expect(img(home, posts[10].images.card)).not.toContain('fetchPriority');
    // The smaller files exist: made on first request for listings without an uploaded photo (cover art).
    const small = await fetch(card.split(' ')[0]);
    expect([small.status, small.headers.get('content-type'), small.headers.get('cache-control')]).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable']);

    const profile = await (await s.page(`/profile/${posts[0].slug}`)).text();
    expect(img(profile, posts[0].images.map)).toContain(`srcSet="${set(posts[0].images.map, [320, 480, 640, 800], 931)}" sizes="${PROFILE_SIZES}"`);
    expect(img(profile, posts[0].images.map)).toContain('fetchPriority="high"');

    const articles = (await s.api<ArticleSummary[]>('/api/articles/')).body;
    expect(articles[0]).not.toHaveProperty('image_srcset');
    const cover = set(articles[0].image, [320, 480, 640, 800, 960], 1200);
    const list = await (await s.page('/articles')).text();
    expect(img(list, articles[0].image)).toContain(`srcSet="${cover}" sizes="${CARD_SIZES}"`);
    const article = await (await s.page(`/articles/${articles[0].slug}`)).text();
    expect(img(article, articles[0].image)).toContain(`srcSet="${cover}" sizes="${ARTICLE_SIZES}" width="1200" height="630"`);
    const copy = await fetch(cover.split(', ')[2].split(' ')[0]);
    expect([copy.status, copy.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  /**
   * The page JavaScript budget: at most 100 KB of gzipped JavaScript before any interaction (the map, the enquiry form, the
   * refine dialogs' code, the session helpers and the charts load when asked for), of which React's runtime and
   * Vike's client router are about 93 KB (docs/performance.md, "JavaScript budget"). Sizes, not timings.
   */
  it('loads at most 100 KB of gzipped JavaScript before any interaction on listings, profiles, articles and /pricing', async () => {
    const [post] = (await s.api<Post[]>('/api/posts/?limit=1')).body;
    const [article] = (await s.api<ArticleSummary[]>('/api/articles/')).body;
    const paths = ['/', '/categories/female-singers', '/categories/female-singers/dublin', '/counties/cork', `/profile/${post.slug}`, '/articles', `/articles/${article.slug}`, '/pricing'];
    const over: string[] = [];
    for (const path of paths) {
      const res = await s.page(path);
      expect([path, res.status]).toEqual([path, 200]);
      const js = pageJavaScript(await res.text());
      expect([path, js.files.length > 0]).toEqual([path, true]);
      if (process.env.PAGE_JS_REPORT) console.log(`${path}: ${js.files.length} files, ${js.gzippedKb} KB`);
      if (js.gzippedKb > 100) over.push(`${path}: ${js.gzippedKb} KB in ${js.files.length} files (budget 100 KB)`);
    }
    expect(over).toEqual([]);
  });

  it('inlines the stylesheet under the page nonce instead of a render-blocking link', async () => {
    const res = await s.page('/pricing');
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(/style-src ([^;]+)/.exec(res.headers.get('content-security-policy')!)![1])![1];
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(new RegExp(`<style nonce="${nonce}">:root\\{`));
  });

  it("keeps the page's scripts in an inert template under its nonce, with a loader for after the first paint", async () => {
    for (const path of ['/', '/pricing']) {
      const res = await s.page(path);
      const html = await res.text();
      const nonce = /'nonce-([^']+)'/.exec(/script-src ([^;]+)/.exec(res.headers.get('content-security-policy')!)![1])![1];
      // No script is fetched from the HTML itself: the entry and its preloads sit in the <template>, as Vike wrote them.
      const outside = html.replace(/<template>[\s\S]*?<\/template>/g, '');
      expect([path, /<script[^>]+src=|rel="modulepreload"/.test(outside)]).toEqual([path, false]);
      const template = /<template>([\s\S]*?)<\/template><script nonce="([^"]+)">\(function\(\)\{/.exec(html);
      expect([path, template?.[2]]).toEqual([path, nonce]);
      expect(template![1]).toMatch(new RegExp(`^<script src="/assets/entries/entry-client-routing\\.[\\w-]+\\.js" type="module" async nonce="${nonce}"></script>`));
      expect(template![1]).toMatch(/<link rel="modulepreload" href="\/assets\//);
    }
  });

  // Drafts and hidden posts never come back from the API to the site (backend/test/posts.e2e-spec.ts), so they 404 here too.
  it("answers 404 for unknown profiles and for other sites' profile paths", async () => {
    for (const path of ['/profile/nobody-at-all', '/profile/Not_A_Slug', '/school-tours-burren-farm', '/female-singers/aoife-byrne']) {
      const res = await s.page(path);
      expect(res.status).toBe(404);
    }
  });

  it('describes listings with BreadcrumbList data', async () => {
    const html = await (await s.page('/categories/harpists/cork')).text();
    const crumbs = jsonLd(html).find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Church Musicians Ireland', item: `${s.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Harpists', item: `${s.siteUrl}/categories/harpists` },
      { '@type': 'ListItem', position: 3, name: 'Cork', item: `${s.siteUrl}/categories/harpists/cork` },
    ]);
  });

  it('lists every published profile, category, county and article in /sitemap.xml', async () => {
    const res = await s.page('/sitemap.xml');
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
    const [profiles, categories, counties, articles] = await Promise.all(
      ['/api/profiles/', '/api/categories/', '/api/counties/', '/api/articles/'].map(async (p) => (await s.api<{ slug: string }[]>(p)).body),
    );
    for (const p of profiles) expect(locs).toContain(`${s.siteUrl}/profile/${p.slug}`);
    for (const c of categories) expect(locs).toContain(`${s.siteUrl}/categories/${c.slug}`);
    for (const c of counties) expect(locs).toContain(`${s.siteUrl}/counties/${c.slug}`);
    for (const a of articles) expect(locs).toContain(`${s.siteUrl}/articles/${a.slug}`);
    const { total } = await s.api('/api/posts/?limit=1');
    expect(profiles).toHaveLength(total!);
  });

  it('opens /robots.txt to crawlers and names the sitemap', async () => {
    expect(await (await s.page('/robots.txt')).text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${s.siteUrl}/sitemap.xml\n`);
  });

  it('lists every active category in the menu by its abbreviated name and icon', () => expectCategoryMenu(s));

  it('gives every page a meta description of its own', async () => expectDescribed(s, await pagesOf(s, (p) => `/profile/${p.slug}`)));

  it('refuses a session renewal without a session with the same session_ended code and message as the API', async () => {
    const site = await fetch(`${s.siteUrl}/session/refresh`, { method: 'POST' });
    const api = await fetch(`${s.apiUrl}/token/refresh/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh: 'a'.repeat(43) }) });
    expect([site.status, api.status]).toEqual([401, 401]);
    const [fromSite, fromApi] = [await site.json(), await api.json()];
    expect(fromApi).toMatchObject({ code: 'session_ended' });
    expect(fromSite).toMatchObject({ code: 'session_ended', message: fromApi.message });
  });

  it("titles the county map page '32 Counties'", async () => {
    const html = await (await s.page('/map')).text();
    expect(text(html, /<title>([^<]*)<\/title>/)).toBe('Church Musicians Ireland™ | 32 Counties');
    expect(text(html, /<h1>([^<]*)<\/h1>/)).toBe('32 Counties');
  });
});

describe('cliste site pages', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('cliste');
  });
  afterAll(() => s?.stop());

  it("says 'Turas Cliste!' on the landing listing, without the church testimonial", async () => {
    const html = await (await s.page('/')).text();
    expect(html).toContain('Turas Cliste!');
    expect(html).not.toContain('class="testimonial"');
    expect(text(html, /<title>([^<]*)<\/title>/)).toBe(`Cliste™ | School Tours &amp; Workshops in Ireland ${year}`);
  });

  it('shows a parent category with the strip of its children that have listings', async () => {
    const summary = (await s.api<{ categories: Record<string, { parent_slug: string | null }> }>('/active-cats-tags/')).body;
    const children = Object.entries(summary.categories).filter(([, c]) => c.parent_slug === 'artistic-activities').map(([slug]) => slug);
    const html = await (await s.page('/categories/artistic-activities')).text();
    expect(count(html)).toBe((await s.api('/api/posts/?catSlug=artistic-activities&limit=1')).total);
    expect(html).toContain('aria-label="Artistic Activities categories"');
    for (const child of children) expect(html).toContain(`href="/categories/artistic-activities/${child}"`);
    const sub = await s.page(`/categories/artistic-activities/${children[0]}/dublin`);
    expect(sub.status).toBe(200);
  });

  it('lists every active category in the menu by its abbreviated name and icon, children under their parent group', () => expectCategoryMenu(s));

  it('gives every page a meta description of its own', async () => expectDescribed(s, await pagesOf(s, (p) => `/${p.slug}`)));

  it('links cards to /{slug}, a single segment with the school prefix', async () => {
    const html = await (await s.page('/')).text();
    expect(html).toMatch(/<li class="card"><a href="\/school-(tours|workshops)-[a-z0-9-]+">/);
  });

  it('serves profiles at /{slug}, with /profile/{slug} naming it canonical', async () => {
    const [post] = (await s.api<Post[]>('/api/posts/?limit=1')).body;
    const res = await s.page(`/${post.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${s.siteUrl}/${post.slug}"/>`);
    expect(await (await s.page(`/profile/${post.slug}`)).text()).toContain(`<link rel="canonical" href="${s.siteUrl}/${post.slug}"/>`);
    expect((await s.page('/school-tours-nowhere-at-all')).status).toBe(404);
    expect((await s.page(`/${post.category_slug}/${post.slug}`)).status).toBe(404);
  });
});

describe('stage environment', () => {
  let s: Stack;
  beforeAll(async () => {
    const STAGE_KEY = 'stage-key-of-the-page-tests-0123456789abc';
    s = await startStack('church', { STAGE: 'true', STAGE_KEY }, { apiEnv: { STAGE: 'true', STAGE_KEY } });
  });
  afterAll(() => s?.stop());

  it('closes /robots.txt to every crawler', async () => {
    expect(await (await s.page('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('sends visitors without a session to /log-in-stage', async () => {
    for (const path of ['/', '/categories/harpists', '/counties']) {
      const res = await s.page(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/log-in-stage');
    }
  });
});

describe('multi site pages', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('multi');
  });
  afterAll(() => s?.stop());

  it('serves /{category_slug} listings and /{category_slug}/{slug} profiles', async () => {
    const [post] = (await s.api<Post[]>('/api/posts/?limit=1')).body;
    expect((await s.page(`/${post.category_slug}`)).status).toBe(200);
    const res = await s.page(`/${post.category_slug}/${post.slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`href="/${post.category_slug}/${post.slug}" aria-current="page"`);
    const other = post.category_slug === 'harpists' ? 'choirs' : 'harpists';
    expect((await s.page(`/${other}/${post.slug}`)).status).toBe(404);
  });

  it('uses the 680x382 card image on listings', async () => {
    const html = await (await s.page('/')).text();
    expect(html).toContain('-one-680x382.webp');
    expect(html).toMatch(/srcSet="[^"]*-one-680x382-320w\.webp\?v=\d+ 320w, [^"]*-one-680x382-480w\.webp\?v=\d+ 480w, [^"]*-one-680x382\.webp\?v=\d+ 680w"/);
  });

  it('shows the founder testimonial on the church site only', async () => {
    const html = await (await s.page('/')).text();
    expect(html).toContain('Musicians Ireland');
    expect(html).not.toContain('class="testimonial"');
    expect(html).not.toContain('Founder,');
  });

  it('lists every active category in the menu by its abbreviated name and icon', () => expectCategoryMenu(s));

  it('gives every page a meta description of its own', async () => expectDescribed(s, await pagesOf(s, (p) => `/${p.category_slug}/${p.slug}`)));
});
