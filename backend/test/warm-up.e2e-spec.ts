import { DataVersion } from '../src/modules/data-version/data-version';
import { warmUp } from '../src/warm-up';
import { resetDatabase, startApp, testDatabase, TestApp } from './support/app';
import { category, COUNTIES, insert, post } from './support/fixtures';

/**
 * The warm-up a new API process runs before it listens (main.ts): every public read answered once through the whole
 * stack, without a request line in the log and without filling the answer cache a visitor's first request would read.
 */
describe('the warm-up before listening', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('church', { LOG_LEVEL: 'info', DATA_VERSION_CHECK_MS: '60000', PARENT_CATEGORIES: 'voices:Voices:2-9' }, { logDestination: { write: (line: string) => void lines.push(line) } });
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'organists', 'Organists'), category(2, 'singers', 'Singers')],
      posts: [post('alpha-organ', 1, 'cork'), post('bravo-voice', 2, 'kerry', { price: 'charge' })],
    });
    await t.app.get(DataVersion).bump();
  });
  afterAll(() => t?.close());

  it('answers every public read it sends with 200, logs none of them and keeps no answer', async () => {
    lines.length = 0;
    const result = await warmUp(t.app, t.config.taxonomy.parentCategories.map((p) => ({ slug: p.slug, open: p.maxId === null })));
    expect(result.failed).toEqual([]);
    // Categories, counties, prices; per selection (plain, category, the parent group; with and without county and
    // price) a page and its facets; the summary; prices of a category, a county and both; a post, a category, the
    // articles; the budget band and the list by price for two selections with and without county, and "sings in
    // Irish" plain and in a county (no piece is sampled: the warm-up does not ask the catalogue).
    expect(result.requests).toBe(3 + 3 * 4 * 2 + 1 + 3 + 3 + 2 * 2 * 2 + 2);
    expect(lines.filter((l) => /"msg":"request"/.test(l))).toEqual([]);

    // The last category and county were warmed with the post in both: a visitor's first ask is still built for them.
    const first = await t.http().get('/api/posts/?catSlug=singers&tagSlug=kerry&limit=20&offset=0').expect(200);
    expect(first.headers['x-answer-cache']).toBe('miss');
    expect(first.body.map((p: { slug: string }) => p.slug)).toEqual(['bravo-voice']);
    expect((await t.http().get('/api/posts/?catSlug=singers&tagSlug=kerry&limit=20&offset=0').expect(200)).headers['x-answer-cache']).toBe('hit');
    // The log level is back: that visitor's requests have their lines.
    expect(lines.filter((l) => /"msg":"request"/.test(l))).toHaveLength(2);
  });

  it('reports a failing read instead of stopping the start', async () => {
    await t.ds.query('ALTER TABLE articles RENAME TO articles_away');
    try {
      const result = await warmUp(t.app, []);
      expect(result.failed).toEqual([expect.stringMatching(/^\/api\/articles\/ 500$/)]);
      expect(result.requests).toBeGreaterThan(10);
    } finally {
      await t.ds.query('ALTER TABLE articles_away RENAME TO articles');
    }
  });

  it('stops at its time budget, so a slow database never keeps the process from listening', async () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    expect(await warmUp(t.app, [], 0)).toMatchObject({ requests: 0, failed: ['stopped after 0 ms'] });
    expect(fastify.log.level).toBe('info');
    if (testDatabase().type === 'mysql') {
      // Reads that wait on a lock: the warm-up ends at its budget all the same, the read in flight finishing once the
      // lock goes (and the log is as configured again at once).
      const locker = t.ds.createQueryRunner();
      await locker.connect();
      await locker.query('LOCK TABLES categories WRITE, counties WRITE, posts WRITE, post_counts WRITE, articles WRITE');
      try {
        const started = Date.now();
        const held = await warmUp(t.app, [], 300);
        expect(held.failed).toContain('stopped after 300 ms');
        expect(Date.now() - started).toBeGreaterThanOrEqual(290);
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(fastify.log.level).toBe('info');
      } finally {
        await locker.query('UNLOCK TABLES');
        await locker.release();
      }
    }
    lines.length = 0;
    await t.http().get('/api/counties/').expect(200);
    expect(lines.filter((l) => /"msg":"request"/.test(l) && /"url":"\/api\/counties\/"/.test(l))).toHaveLength(1);
  });
});
