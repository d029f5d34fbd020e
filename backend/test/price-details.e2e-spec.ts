import { PRICE_SORT_LAST, PriceDetailsInput } from '@directory/domain';
import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';

/** What a listing's price includes: written by its owner or an admin, answered with one post, filtered and sorted on. */
describe('price details', () => {
  let t: TestApp;
  let owner: { user: UserEntity; token: string };
  let other: { user: UserEntity; token: string };
  let admin: { user: UserEntity; token: string };
  const put = (token: string | null, slug: string, body: Record<string, unknown>) => {
    const req = t.http().put(`/api/posts/${slug}/`);
    return (token ? req.set(auth(token)) : req).send(body);
  };
  const DETAILS: PriceDetailsInput = {
    from_cents: 35_000,
    includes: [
      { key: 'pa', quantity: null },
      { key: 'rehearsal', quantity: null },
      { key: 'ceremony', quantity: 60 },
    ],
    extras: [{ label: 'Drinks reception', cents: 8_000, per: 'half_hour' }],
    travel_free_km: 30,
    travel_cents_per_km: 50,
    vat_included: true,
    deposit_cents: 10_000,
  };
  let slug: string;

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers'), category(5, 'harpists', 'Harpists')] });
    owner = await signIn(t, 'member', 'owner@example.ie');
    other = await signIn(t, 'member', 'other@example.ie');
    admin = await signIn(t, 'admin', 'admin@example.ie');
    const created = await t.http().post('/api/posts/').set(auth(owner.token)).send({ title: 'Niamh Walsh Soprano', category: 1, tag_slug: 'dublin', price: 'charge' }).expect(201);
    slug = created.body.slug;
  });
  beforeEach(() => t.ds.query('DELETE FROM rate_events'));
  afterAll(() => t.close());

  it('lets the owner and an admin write it, and no one else (anonymous 401, another member 404)', async () => {
    await put(null, slug, { price_details: DETAILS }).expect(401);
    await put(other.token, slug, { price_details: DETAILS }).expect(404);
    const mine = await put(owner.token, slug, { price_details: DETAILS }).expect(200);
    expect(mine.body.price_from_cents).toBe(35_000);
    // Stored in the site's order of inclusions, stamped with today's date.
    expect(mine.body.price_details).toEqual({
      ...DETAILS,
      includes: [
        { key: 'rehearsal', quantity: null },
        { key: 'ceremony', quantity: 60 },
        { key: 'pa', quantity: null },
      ],
      confirmed_on: new Date().toISOString().slice(0, 10),
    });
    const byAdmin = await put(admin.token, slug, { price_details: { ...DETAILS, from_cents: 40_000 } }).expect(200);
    expect(byAdmin.body.price_details.from_cents).toBe(40_000);
    await put(owner.token, slug, { price_details: DETAILS }).expect(200);
  });

  it('answers the breakdown with one post, and only the from-price in lists', async () => {
    await t.ds.query("UPDATE posts SET status = 'publish' WHERE slug = ?", [slug]);
    const [one] = (await t.http().get(`/api/posts/?postSlug=${slug}`).expect(200)).body;
    expect(one.price_details.from_cents).toBe(35_000);
    const byId = (await t.http().get(`/api/posts/${one.id}/`).expect(200)).body;
    expect(byId.price_details.extras).toEqual(DETAILS.extras);
    const list = (await t.http().get('/api/posts/?catSlug=female-singers').expect(200)).body;
    const card = list.find((p: { slug: string }) => p.slug === slug);
    expect(card).toMatchObject({ price_from_cents: 35_000, price_on_request: false });
    expect(card).not.toHaveProperty('price_details');
  });

  it.each([
    [{ from_cents: -1 }, 'price_details.from_cents'],
    [{ from_cents: 12.5 }, 'price_details.from_cents'],
    [{ deposit_cents: -500 }, 'price_details.deposit_cents'],
    [{ travel_cents_per_km: -1 }, 'price_details.travel_cents_per_km'],
    [{ travel_cents_per_km: null }, 'price_details.travel_cents_per_km'],
    [{ travel_free_km: null }, 'price_details.travel_free_km'],
    [{ extras: [{ label: 'Reception', cents: -100, per: 'half_hour' }] }, 'price_details.extras.0.cents'],
    [{ extras: [{ label: 'Reception', cents: 100, per: 'fortnight' }] }, 'price_details.extras.0.per'],
    [{ includes: [{ key: 'pupils', quantity: 30 }] }, 'price_details.includes.0.key'],
    [{ includes: [{ key: 'ceremony', quantity: null }] }, 'price_details.includes.0.quantity'],
    [{ includes: [{ key: 'pa', quantity: 2 }] }, 'price_details.includes.0.quantity'],
    [{ includes: [{ key: 'pa', quantity: null }, { key: 'pa', quantity: null }] }, 'price_details.includes.1.key'],
    [{ vat_included: 'yes' }, 'price_details.vat_included'],
    [{ surprise: 1 }, 'price_details.surprise'],
  ])('refuses %j with a 400 naming %s, keeping what was stored', async (change, field) => {
    const res = await put(owner.token, slug, { price_details: { ...DETAILS, ...change } }).expect(400);
    expect(res.body.field).toBe(field);
    const [row] = await t.ds.query('SELECT price_from FROM posts WHERE slug = ?', [slug]);
    expect(Number(row.price_from)).toBe(35_000);
  });

  it('keeps the price type and the from-price consistent: free is €0, a charge more than €0 or on request', async () => {
    expect((await put(owner.token, slug, { price: 'free' }).expect(400)).body.field).toBe('price_details.from_cents');
    expect((await put(owner.token, slug, { price_details: { ...DETAILS, from_cents: 0 } }).expect(400)).body.field).toBe('price_details.from_cents');
    const free = await put(owner.token, slug, { price: 'free', price_details: { ...DETAILS, from_cents: 0 } }).expect(200);
    expect(free.body.price_from_cents).toBe(0);
    const onRequest = await put(owner.token, slug, { price: 'charge', price_details: { ...DETAILS, from_cents: null } }).expect(200);
    expect(onRequest.body).toMatchObject({ price_from_cents: null, price_on_request: true });
    const [listed] = (await t.http().get('/api/posts/?catSlug=female-singers').expect(200)).body;
    expect(listed).toMatchObject({ price_from_cents: null, price_on_request: true });
    let [row] = await t.ds.query('SELECT price_band, price_sort FROM posts WHERE slug = ?', [slug]);
    expect([Number(row.price_band), Number(row.price_sort)]).toEqual([0, PRICE_SORT_LAST]);
    const removed = await put(owner.token, slug, { price: 'free', price_details: null }).expect(200);
    expect(removed.body).toMatchObject({ price_details: null, price_from_cents: 0 });
    [row] = await t.ds.query('SELECT price_band, price_sort FROM posts WHERE slug = ?', [slug]);
    expect([Number(row.price_band), Number(row.price_sort)]).toEqual([1, 0]);
    await put(owner.token, slug, { price: 'charge', price_details: DETAILS }).expect(200);
  });

  it('lets the admin app edit it, checked and stamped alike (anonymous 401, a member 403)', async () => {
    const [{ id }] = await t.ds.query('SELECT id FROM posts WHERE slug = ?', [slug]);
    const admin_ = (token: string | null, body: Record<string, unknown>) => {
      const req = t.http().put(`/api/admin/listings/${id}`);
      return (token ? req.set(auth(token)) : req).send(body);
    };
    await admin_(null, { price_details: DETAILS }).expect(401);
    await admin_(owner.token, { price_details: DETAILS }).expect(403);
    const res = await admin_(admin.token, { price_details: { ...DETAILS, from_cents: 45_000 } }).expect(200);
    expect(res.body.price_details).toMatchObject({ from_cents: 45_000, confirmed_on: new Date().toISOString().slice(0, 10) });
    expect((await admin_(admin.token, { price_details: { ...DETAILS, deposit_cents: -1 } }).expect(400)).body.field).toBe('price_details.deposit_cents');
    expect((await admin_(admin.token, { price: 'free' }).expect(400)).body.field).toBe('price_details.from_cents');
    const [row] = await t.ds.query('SELECT price_from, price_band FROM posts WHERE id = ?', [id]);
    expect([Number(row.price_from), Number(row.price_band)]).toEqual([45_000, 4]);
    await put(owner.token, slug, { price_details: DETAILS }).expect(200);
  });

  describe('the list by budget band and by price', () => {
    const priced = (from: number | null) => ({ priceFrom: from, priceBand: from === null ? 0 : from === 0 ? 1 : from < 20_000 ? 2 : from < 35_000 ? 3 : from < 50_000 ? 4 : 5, priceSort: from ?? PRICE_SORT_LAST });
    beforeAll(async () => {
      await t.ds.query("DELETE FROM posts WHERE owner_id IS NOT NULL");
      await insert(t.ds, {
        posts: [
          post('harp-cheap', 5, 'dublin', { ...priced(15_000), price: 'nominal_charge' }),
          post('harp-mid', 5, 'dublin', priced(30_000)),
          post('harp-mid-cork', 5, 'cork', priced(32_000)),
          post('harp-dear', 5, 'dublin', priced(60_000)),
          post('harp-request', 5, 'dublin', priced(null)),
          post('harp-free', 5, 'dublin', { ...priced(0), price: 'free' }),
          post('harp-hidden', 5, 'dublin', { ...priced(31_000), slugExtract: HIDDEN }),
          post('singer-mid', 1, 'dublin', priced(25_000)),
        ],
      });
    });
    const slugs = async (query: string) => {
      const res = await t.http().get(`/api/posts/?${query}`).expect(200);
      return { slugs: res.body.map((p: { slug: string }) => p.slug), total: Number(res.headers['x-total-count']) };
    };

    it('filters by band, with category and county, and counts the selection', async () => {
      expect(await slugs('catSlug=harpists&band=200-349')).toEqual({ slugs: ['harp-mid-cork', 'harp-mid'], total: 2 });
      expect(await slugs('catSlug=harpists&tagSlug=dublin&band=200-349&limit=20&offset=0')).toEqual({ slugs: ['harp-mid'], total: 1 });
      expect(await slugs('tagSlug=dublin&band=200-349')).toEqual({ slugs: ['singer-mid', 'harp-mid'], total: 2 });
      expect((await slugs('band=free')).slugs).toEqual(['harp-free']);
      expect((await slugs('catSlug=harpists&band=under-200&price=nominal_charge')).slugs).toEqual(['harp-cheap']);
    });

    it('sorts by from-price, cheapest first, on request last, within a band too', async () => {
      expect((await slugs('catSlug=harpists&sort=price')).slugs).toEqual(['harp-free', 'harp-cheap', 'harp-mid', 'harp-mid-cork', 'harp-dear', 'harp-request']);
      expect((await slugs('catSlug=harpists&tagSlug=dublin&sort=price&limit=2&offset=1')).slugs).toEqual(['harp-cheap', 'harp-mid']);
      expect((await slugs('sort=price&band=200-349&limit=20&offset=0')).slugs).toEqual(['singer-mid', 'harp-mid', 'harp-mid-cork']);
      expect((await slugs('sort=price&band=500-plus')).slugs).toEqual(['harp-dear']);
    });

    it('shows a hidden listing to admins only', async () => {
      const res = await t.http().get('/api/posts/?catSlug=harpists&band=200-349').set(auth(admin.token)).expect(200);
      expect(res.body.map((p: { slug: string }) => p.slug).sort()).toEqual(['harp-hidden', 'harp-mid', 'harp-mid-cork']);
    });

    it('refuses an unknown band or order, naming it', async () => {
      expect((await t.http().get('/api/posts/?band=cheap').expect(400)).body.field).toBe('band');
      expect((await t.http().get('/api/posts/?sort=popular').expect(400)).body.field).toBe('sort');
    });
  });
});
