import { startStack, type Stack } from './support/stack';

/** Server-rendered pages as a visitor without JavaScript gets them, checked against the API. */
const year = new Date().getFullYear();
const text = (html: string, re: RegExp) => re.exec(html)?.[1];
const cardCount = (html: string) => (html.match(/<li class="card">/g) ?? []).length;
const count = (html: string) => Number(text(html, /data-testid="profile-count">(\d+)</));

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
    expect(html).toContain(`Choose from <!-- -->${summary.total}<!-- --> <!-- -->church and wedding musicians across Ireland`);
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
      expect(html).toContain('<link rel="canonical" href="http://localhost:8080/categories/female-singers/dublin"/>');
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
    expect(counties.match(/An Irish county/g)).toHaveLength(32);
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

  it('links cards to /{slug}, a single segment with the school prefix', async () => {
    const html = await (await s.page('/')).text();
    expect(html).toMatch(/<li class="card"><a href="\/school-(tours|workshops)-[a-z0-9-]+">/);
  });
});

describe('stage environment', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('church', { STAGE: 'true' });
  });
  afterAll(() => s?.stop());

  it('sends visitors without a session to /log-in-stage', async () => {
    for (const path of ['/', '/categories/harpists', '/counties']) {
      const res = await s.page(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/log-in-stage');
    }
  });
});
