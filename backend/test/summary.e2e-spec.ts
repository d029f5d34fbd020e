import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';
import { resetDatabase, startApp, TestApp } from './support/app';

describe('GET /active-cats-tags/ (church)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [
        category(5, 'harpists', 'Harpists'),
        category(1, 'female-singers', 'Female Singers', { nameAbbrev: 'Female' }),
        category(4, 'string-quartets', 'String Quartets'),
        category(2, 'male-singers', 'Male Singers'),
      ],
      posts: [
        post('a', 1, 'dublin'),
        post('b', 1, 'dublin'),
        post('c', 1, 'cork'),
        post('d', 5, 'galway'),
        post('e', 2, 'dublin'),
        post('draft', 4, 'kerry', { status: 'draft' }),
        post('hidden', 4, 'kerry', { slugExtract: HIDDEN }),
        post('pending', 2, 'kerry', { status: 'pending' }),
      ],
    });
  });
  afterAll(() => t.close());

  it('counts only published, visible posts', async () => {
    const res = await t.http().get('/active-cats-tags/').expect(200);
    expect(res.body.total).toBe(5);
    expect(Object.fromEntries(Object.entries(res.body.categories).map(([slug, c]) => [slug, (c as { count: number }).count]))).toEqual({
      'female-singers': 3,
      harpists: 1,
      'male-singers': 1,
    });
  });

  it('keys categories by slug, sorted by name, with the category fields', async () => {
    const { body } = await t.http().get('/active-cats-tags').expect(200);
    expect(Object.keys(body.categories)).toEqual(['female-singers', 'harpists', 'male-singers']);
    expect(body.categories['female-singers']).toEqual({
      id: 1,
      name: 'Female Singers',
      name_abbrev: 'Female',
      slug: 'female-singers',
      description: 'Female Singers in Ireland',
      svg_path: '<svg></svg>',
      is_child: false,
      is_primary: true,
      parent_slug: null,
      parent_name: null,
      count: 3,
    });
  });

  it('lists active county names once each, alphabetically, leaving out counties with only drafts or hidden posts', async () => {
    const { body } = await t.http().get('/active-cats-tags/').expect(200);
    expect(body.active_tags).toEqual(['Cork', 'Dublin', 'Galway']);
    expect(body.active_counties).toEqual([
      { slug: 'cork', name: 'Cork', count: 1 },
      { slug: 'dublin', name: 'Dublin', count: 3 },
      { slug: 'galway', name: 'Galway', count: 1 },
    ]);
    expect(body.parent_categories).toEqual([]);
  });

  it('lists every category and county for the index pages', async () => {
    const cats = await t.http().get('/api/categories/').expect(200);
    expect(cats.body.map((c: { slug: string }) => c.slug)).toEqual(['female-singers', 'harpists', 'male-singers', 'string-quartets']);
    const one = await t.http().get('/api/categories/harpists/').expect(200);
    expect(one.body).toMatchObject({ slug: 'harpists', name: 'Harpists' });
    await t.http().get('/api/categories/banjo-players/').expect(404);
    const counties = await t.http().get('/api/counties/').expect(200);
    expect(counties.body).toEqual([
      { slug: 'cork', name: 'Cork' },
      { slug: 'dublin', name: 'Dublin' },
      { slug: 'galway', name: 'Galway' },
      { slug: 'kerry', name: 'Kerry' },
    ]);
  });

  it('offers only the prices present in the selection, ascending', async () => {
    await resetPrices(t);
    const all = await t.http().get('/api/prices/').expect(200);
    expect(all.body.map((p: { value: string }) => p.value)).toEqual(['free', 'nominal_charge', 'charge']);
    expect(all.body[0]).toEqual({ value: 'free', title: 'Free', description: expect.any(String), count: 1 });
    const dublin = await t.http().get('/api/prices/?catSlug=female-singers&tagSlug=dublin').expect(200);
    expect(dublin.body.map((p: { value: string; count: number }) => [p.value, p.count])).toEqual([['nominal_charge', 1], ['charge', 1]]);
    await t.http().get('/api/prices/?tagSlug=mars').expect(404);
  });
});

/** Gives the fixture posts a spread of prices: a=nominal, c=free, the rest charge. */
async function resetPrices(t: TestApp) {
  await t.ds.query(`UPDATE posts SET price = 'nominal_charge' WHERE slug = 'a'`);
  await t.ds.query(`UPDATE posts SET price = 'free' WHERE slug = 'c'`);
}

describe('price order on the multi-user site', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('multi');
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [post('a', 1, 'dublin', { price: 'free' }), post('b', 1, 'cork', { price: 'charge' }), post('c', 1, 'cork', { price: 'nominal_charge' })],
    });
  });
  afterAll(() => t.close());

  it('lists prices descending', async () => {
    const res = await t.http().get('/api/prices/').expect(200);
    expect(res.body.map((p: { value: string }) => p.value)).toEqual(['charge', 'nominal_charge', 'free']);
  });
});

describe('GET /api/facets/ (church)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers'), category(5, 'harpists', 'Harpists'), category(2, 'male-singers', 'Male Singers')],
      posts: [
        post('a', 1, 'dublin', { price: 'free' }),
        post('b', 1, 'cork', { price: 'charge' }),
        post('c', 5, 'dublin', { price: 'charge' }),
        post('d', 2, 'galway', { price: 'charge' }),
        post('e', 1, 'kerry', { status: 'draft' }),
      ],
    });
  });
  afterAll(() => t.close());

  it('offers the counties of the category, the categories of the county and the prices of both', async () => {
    const { body } = await t.http().get('/api/facets/?catSlug=female-singers&tagSlug=dublin').expect(200);
    expect(body.counties).toEqual([
      { slug: 'cork', name: 'Cork', count: 1 },
      { slug: 'dublin', name: 'Dublin', count: 1 },
    ]);
    expect(body.categories).toEqual([
      { slug: 'female-singers', name: 'Female Singers', count: 1 },
      { slug: 'harpists', name: 'Harpists', count: 1 },
    ]);
    expect(body.prices.map((p: { value: string }) => p.value)).toEqual(['free']);
  });

  it('narrows counties and categories by price', async () => {
    const { body } = await t.http().get('/api/facets/?price=charge').expect(200);
    expect(body.counties.map((c: { slug: string }) => c.slug)).toEqual(['cork', 'dublin', 'galway']);
    expect(body.categories.map((c: { slug: string }) => c.slug)).toEqual(['female-singers', 'harpists', 'male-singers']);
  });

  it('answers 404 for an unknown county', async () => {
    await t.http().get('/api/facets/?tagSlug=narnia').expect(404);
  });
});
