import { seedDatabase } from '../tools/seed/seed';
import { PostEntity } from '../src/modules/posts/post.entity';
import { resetDatabase, startApp, TestApp } from './support/app';

/** The million-post path of the seed (multi-row batches, ordered dates, deferred indexes, TRUNCATE), tried on 2,500 posts. */
describe('bulk seed', () => {
  let t: TestApp;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    await seedDatabase(t.ds, { site: 'church', posts: 300, hiddenSlugExtract: t.config.hiddenSlugExtract });
    // Over existing rows, as `npm run seed -- --reset --posts 1000000` is run on a seeded database.
    await seedDatabase(t.ds, { site: 'church', posts: 2500, bulkFrom: 2000, reset: true, hiddenSlugExtract: t.config.hiddenSlugExtract, onProgress: (d, n) => progress.push([d, n]) });
  }, 60_000);
  afterAll(() => t.close());

  it('reports progress after every batch of 1,000 posts', () => {
    expect(progress).toEqual([[1000, 2500], [2000, 2500], [2500, 2500]]);
  });

  it('replaces the rows: 2,500 posts with unique slugs, their media attached to them', async () => {
    const [{ n, slugs }] = await t.ds.query('SELECT COUNT(*) AS n, COUNT(DISTINCT slug) AS slugs FROM posts');
    expect([Number(n), Number(slugs)]).toEqual([2500, 2500]);
    const [{ orphans }] = await t.ds.query('SELECT COUNT(*) AS orphans FROM videos v LEFT JOIN posts p ON p.id = v.post_id WHERE p.id IS NULL');
    expect(Number(orphans)).toBe(0);
    const [{ videos }] = await t.ds.query('SELECT COUNT(*) AS videos FROM videos');
    expect(Number(videos)).toBeGreaterThan(1000);
  });

  it('keeps the mix of statuses, prices and hidden posts, dated over 1,000 days with ids growing with time', async () => {
    const rows = await t.ds.getRepository(PostEntity).find({ select: { id: true, status: true, price: true, slugExtract: true, createdAt: true }, order: { id: 'ASC' } });
    const share = (f: (p: PostEntity) => boolean) => rows.filter(f).length / rows.length;
    expect(share((p) => p.status === 'draft')).toBeGreaterThan(0.04);
    expect(share((p) => p.status === 'draft')).toBeLessThan(0.1);
    expect(new Set(rows.map((p) => p.price))).toEqual(new Set(['free', 'nominal_charge', 'charge']));
    expect(rows.filter((p) => p.slugExtract === t.config.hiddenSlugExtract).length).toBeGreaterThan(20);
    const days = (rows[rows.length - 1].createdAt.getTime() - rows[0].createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(990);
    for (let i = 1; i < rows.length; i++) expect(rows[i].createdAt.getTime() - rows[i - 1].createdAt.getTime()).toBeGreaterThan(-86_400_000);
  });

  it('leaves every index of posts in place, and the summary and pages agree with the rows', async () => {
    if (t.ds.options.type === 'mysql') {
      const names = new Set((await t.ds.query('SHOW INDEX FROM posts')).map((r: { Key_name: string }) => r.Key_name));
      for (const i of t.ds.getMetadata(PostEntity).indices.filter((i) => !i.isUnique)) expect(names).toContain(i.name);
    } else {
      const names = new Set((await t.ds.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'posts'")).map((r: { name: string }) => r.name));
      for (const i of t.ds.getMetadata(PostEntity).indices.filter((i) => !i.isUnique)) expect(names).toContain(i.name);
    }
    const [{ visible }] = await t.ds.query('SELECT COUNT(*) AS visible FROM posts WHERE status = ? AND slug_extract <> ?', ['publish', t.config.hiddenSlugExtract]);
    const summary = (await t.http().get('/active-cats-tags/').expect(200)).body;
    expect(summary.total).toBe(Number(visible));
    const page = await t.http().get('/api/posts/?limit=20').expect(200);
    expect(Number(page.headers['x-total-count'])).toBe(Number(visible));
    expect(page.body).toHaveLength(20);
    // post_counts, rebuilt by the seed after a load without its triggers, agrees with the rows for a narrower selection too.
    const [{ cork }] = await t.ds.query("SELECT COUNT(*) AS cork FROM posts p JOIN counties c ON c.id = p.county_id WHERE c.slug = 'cork' AND p.status = ? AND p.slug_extract <> ?", ['publish', t.config.hiddenSlugExtract]);
    expect((await t.http().get('/api/posts/?tagSlug=cork&limit=1').expect(200)).headers['x-total-count']).toBe(String(cork));
  });
});
