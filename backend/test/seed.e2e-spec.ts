import { seedDatabase } from '../tools/seed/seed';
import { COUNTY_TOWNS } from '@directory/domain';
import { resetDatabase, startApp, TestApp } from './support/app';

interface Row {
  slug: string;
  title: string;
  status: string;
  slug_extract: string;
  category_id: number;
  county: string;
  latitude: number | null;
  longitude: number | null;
  youtube1_id: string | null;
  featured_audio_url: string | null;
  price: string;
}

const HIDDEN = 'hidden-listing';

async function rows(t: TestApp): Promise<Row[]> {
  const raw = await t.ds.query(
    `SELECT p.slug, p.title, p.status, p.slug_extract, p.category_id, c.slug AS county, p.latitude, p.longitude, p.youtube1_id, p.featured_audio_url, p.price
     FROM posts p JOIN counties c ON c.id = p.county_id ORDER BY p.slug`,
  );
  return raw.map((r: Row) => ({ ...r, category_id: Number(r.category_id), latitude: r.latitude === null ? null : Number(r.latitude), longitude: r.longitude === null ? null : Number(r.longitude) }));
}

describe('seed data (church)', () => {
  let t: TestApp;
  let posts: Row[];

  beforeAll(async () => {
    t = await startApp('church', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await seedDatabase(t.ds, { site: 'church', hiddenSlugExtract: HIDDEN });
    posts = await rows(t);
  });
  afterAll(() => t.close());

  it('has all 32 counties of Ireland, named from their slugs', async () => {
    const counties = (await t.http().get('/api/counties/').expect(200)).body;
    expect(counties).toHaveLength(32);
    expect(counties).toContainEqual({ slug: 'derry', name: 'Derry' });
    expect(counties).toContainEqual({ slug: 'westmeath', name: 'Westmeath' });
  });

  it('has at least 150 posts across every church category', async () => {
    expect(posts.length).toBeGreaterThanOrEqual(150);
    const cats = (await t.http().get('/api/categories/').expect(200)).body.map((c: { slug: string }) => c.slug);
    expect(cats).toEqual(expect.arrayContaining(['female-singers', 'male-singers', 'singer-pianists', 'string-quartets', 'harpists', 'choirs', 'flautists', 'instrumental-groups']));
    const summary = (await t.http().get('/active-cats-tags/').expect(200)).body;
    expect(Object.keys(summary.categories).sort()).toEqual([...cats].sort());
    expect(summary.total).toBe(posts.filter((p) => p.status === 'publish' && p.slug_extract !== HIDDEN).length);
  });

  it('has reviews on about half the published listings: varied scores, some replies, one held, figures kept on the post', async () => {
    const published = posts.filter((p) => p.status === 'publish' && p.slug_extract !== HIDDEN);
    const reviews: { post_id: number; rating: number; status: string; reply: string | null }[] = await t.ds.query('SELECT post_id, rating, status, reply FROM reviews');
    const reviewed = new Set(reviews.map((r) => Number(r.post_id)));
    expect(reviewed.size).toBeGreaterThanOrEqual(Math.floor(published.length * 0.45));
    expect(reviewed.size).toBeLessThanOrEqual(Math.ceil(published.length * 0.55));
    expect(new Set(reviews.map((r) => Number(r.rating))).size).toBeGreaterThanOrEqual(4);
    expect(reviews.filter((r) => r.reply !== null).length).toBeGreaterThan(0);
    expect(reviews.filter((r) => r.status === 'held')).toHaveLength(1);
    const [listing] = (await t.http().get('/api/posts/?limit=1000').expect(200)).body.filter((p: { id: number }) => reviewed.has(p.id));
    const own = reviews.filter((r) => Number(r.post_id) === listing.id && r.status === 'published');
    expect(listing.reviews.count).toBe(own.length);
    if (own.length) expect(listing.reviews.average).toBeCloseTo(own.reduce((s, r) => s + Number(r.rating), 0) / own.length, 1);
  });

  it('places every located post within a kilometre or so of a town in its county', () => {
    const located = posts.filter((p) => p.latitude !== null);
    expect(located.length).toBeGreaterThan(posts.length * 0.85);
    for (const p of located) {
      const near = COUNTY_TOWNS[p.county].some(([, lat, lng]) => Math.abs(lat - p.latitude!) <= 0.009 && Math.abs(lng - p.longitude!) <= 0.009);
      expect({ slug: p.slug, near }).toEqual({ slug: p.slug, near: true });
    }
  });

  it('gives a share of posts YouTube ids and audio URLs, and hides a few with the reserved slug_extract', () => {
    const withVideo = posts.filter((p) => p.youtube1_id);
    expect(withVideo.length / posts.length).toBeGreaterThan(0.3);
    for (const p of withVideo) expect(p.youtube1_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const withAudio = posts.filter((p) => p.featured_audio_url);
    expect(withAudio.length).toBeGreaterThan(10);
    for (const p of withAudio) expect(p.featured_audio_url).toMatch(/^https:\/\/soundcloud\.com\/[a-z0-9-]+\/[a-z0-9-]+$/);
    expect(posts.filter((p) => p.slug_extract === HIDDEN).length).toBeGreaterThan(0);
    expect(new Set(posts.map((p) => p.price))).toEqual(new Set(['free', 'nominal_charge', 'charge']));
  });

  it('has a dozen guide articles', async () => {
    expect((await t.http().get('/api/articles/').expect(200)).body).toHaveLength(12);
  });

  it('produces the same data every time', async () => {
    await resetDatabase(t.ds);
    await seedDatabase(t.ds, { site: 'church', hiddenSlugExtract: HIDDEN });
    expect(await rows(t)).toEqual(posts);
  });

  it("adds a year of daily views, enquiries and sign-ups up to today on a first seed (ifEmpty), so the charts are not empty", async () => {
    await resetDatabase(t.ds);
    await t.ds.query("DELETE FROM users WHERE email LIKE '%@seed.example.ie'");
    const result = await seedDatabase(t.ds, { site: 'church', hiddenSlugExtract: HIDDEN, ifEmpty: true });
    expect(result.activity!.enquiries).toBeGreaterThan(50);
    const months = async (sql: string) => new Set((await t.ds.query(sql)).map((r: { d: Date | string }) => new Date(r.d).toISOString().slice(0, 7))).size;
    // Every one of the last 12 months has views, enquiries and sign-ups, today's month included.
    expect(await months("SELECT day AS d FROM stat_days WHERE kind = 'view'")).toBeGreaterThanOrEqual(12);
    expect(await months('SELECT created_at AS d FROM enquiries')).toBeGreaterThanOrEqual(12);
    expect(await months("SELECT created_at AS d FROM users WHERE email LIKE '%@seed.example.ie' AND is_active = 1")).toBeGreaterThanOrEqual(12);
    const [{ last }] = await t.ds.query("SELECT MAX(day) AS last FROM stat_days WHERE kind = 'view'");
    expect(new Date(last).getTime()).toBeGreaterThan(Date.now() - 3 * 86_400_000);
    // The enquiries' daily counts match their rows, as the API keeps them; seeded members cannot sign in.
    const [{ counted }] = await t.ds.query("SELECT SUM(total) AS counted FROM stat_days WHERE kind = 'enquiry'");
    expect(Number(counted)).toBe(result.activity!.enquiries);
    const [{ withPassword }] = await t.ds.query("SELECT COUNT(*) AS withPassword FROM users WHERE email LIKE '%@seed.example.ie' AND password_hash IS NOT NULL");
    expect(Number(withPassword)).toBe(0);
    // A later seed without ifEmpty adds none.
    await resetDatabase(t.ds);
    expect((await seedDatabase(t.ds, { site: 'church', hiddenSlugExtract: HIDDEN })).activity).toBeUndefined();
  });

  it('skips seeding with ifEmpty when data exists, and scales with the posts option', async () => {
    expect((await seedDatabase(t.ds, { site: 'church', hiddenSlugExtract: HIDDEN, ifEmpty: true })).seeded).toBe(false);
    const result = await seedDatabase(t.ds, { site: 'church', hiddenSlugExtract: HIDDEN, reset: true, posts: 1500 });
    expect(result.posts).toBe(1500);
    const [{ n }] = await t.ds.query('SELECT COUNT(*) AS n FROM posts');
    expect(Number(n)).toBe(1500);
    expect(new Set((await rows(t)).map((p) => p.slug)).size).toBe(1500);
  });
});

describe('seed data (cliste)', () => {
  let t: TestApp;
  let posts: Row[];

  beforeAll(async () => {
    t = await startApp('cliste', { HIDDEN_SLUG_EXTRACT: HIDDEN });
    await resetDatabase(t.ds);
    await seedDatabase(t.ds, { site: 'cliste', hiddenSlugExtract: HIDDEN });
    posts = await rows(t);
  });
  afterAll(() => t.close());

  it('has at least 600 posts whose slugs carry their category prefix', async () => {
    expect(posts.length).toBeGreaterThanOrEqual(600);
    const categories: { id: number; slug: string }[] = (await t.http().get('/api/categories/').expect(200)).body;
    const prefixOf = new Map(categories.map((c) => [c.id, c.slug.startsWith('school-tours-') ? 'school-tours-' : 'school-workshops-']));
    for (const p of posts) expect(p.slug.startsWith(prefixOf.get(p.category_id)!)).toBe(true);
  });

  it('fills both configured parents: artistic activities (16-20) and health-wellbeing (above 20)', async () => {
    const summary = (await t.http().get('/active-cats-tags/').expect(200)).body;
    const artistic = posts.filter((p) => p.category_id >= 16 && p.category_id <= 20 && p.status === 'publish' && p.slug_extract !== HIDDEN).length;
    const health = posts.filter((p) => p.category_id > 20 && p.status === 'publish' && p.slug_extract !== HIDDEN).length;
    expect(artistic).toBeGreaterThan(0);
    expect(health).toBeGreaterThan(0);
    expect(summary.parent_categories).toEqual([
      { slug: 'artistic-activities', name: 'Artistic Activities', count: artistic },
      { slug: 'health-wellbeing', name: 'Health & Wellbeing', count: health },
    ]);
    const res = await t.http().get('/api/posts/?catSlug=health-wellbeing&limit=1').expect(200);
    expect(res.headers['x-total-count']).toBe(String(health));
  });

  it('covers all 32 counties', async () => {
    const summary = (await t.http().get('/active-cats-tags/').expect(200)).body;
    expect(summary.active_tags).toHaveLength(32);
    expect(summary.active_tags).toEqual([...summary.active_tags].sort());
  });
});
