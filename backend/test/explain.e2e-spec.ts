import { DataSource } from 'typeorm';
import { captureQueries, CapturedQuery, planOf, planProblems, publicShapes, sampleOf } from '../tools/explain';
import { POST_LIST_INDEXES } from '../src/database/migrations/1764800000000-PostListIndexes';
import { seedDatabase } from '../tools/seed/seed';
import { resetDatabase, startApp, testDatabase, TestApp } from './support/app';

/** The index each list shape's first page must walk: its equalities, then created_at (see migration PostListIndexes). */
const PAGE_INDEX: Record<string, string> = {
  'list: none (all)': 'IDX_posts_status_created',
  'list: category': 'IDX_posts_list_category',
  'list: category + county': 'IDX_posts_list_category_county',
  'list: category + price': 'IDX_posts_list_category_price',
  'list: category + county + price': 'IDX_posts_list_category_county_price',
  'list: county': 'IDX_posts_list_county',
  'list: county + price': 'IDX_posts_list_county_price',
  'list: band': 'IDX_posts_band',
  'list: category + band': 'IDX_posts_band_category',
  'list: county + band': 'IDX_posts_band_county',
  'list: category + county + band': 'IDX_posts_band_category_county',
  'list: all by price': 'IDX_posts_by_price',
  'list: category by price': 'IDX_posts_by_price_category',
  'list: county by price': 'IDX_posts_by_price_county',
  'list: category + county by price': 'IDX_posts_by_price_category_county',
};
const ORDERED = new Set([...Object.values(PAGE_INDEX), 'IDX_posts_list_price']);

// Query plans are MariaDB's (EXPLAIN of the captured SQL); on SQLite the same queries are checked with EXPLAIN QUERY PLAN.
const onMariaDb = testDatabase().type === 'mysql';

/** SQLite's word for a full scan is a bare "SCAN p"; for a sort, a temp B-tree for ORDER BY (parent groups excepted: a range). */
function sqliteProblems(q: CapturedQuery, plan: { detail: string }[]): string[] {
  const problems: string[] = [];
  for (const { detail } of plan) {
    if (/^SCAN p$/.test(detail)) problems.push('full table scan');
    if (/TEMP B-TREE FOR ORDER BY/.test(detail) && q.role === 'page of 20') problems.push('sort');
  }
  if (!plan.some((r) => /USING (COVERING )?INDEX/.test(r.detail))) problems.push('no index');
  return problems;
}

describe('query plans of the public posts list and its counts (cliste: categories, parent groups, counties, prices)', () => {
  let t: TestApp;
  let ds: DataSource;
  let queries: CapturedQuery[];

  beforeAll(async () => {
    t = await startApp('cliste');
    ds = t.ds;
    await resetDatabase(ds);
    await seedDatabase(ds, { site: 'cliste', posts: 2000, hiddenSlugExtract: t.config.hiddenSlugExtract });
    // Exact statistics, so the optimizer's choice does not depend on how the sampled pages fell, nor on the rows other
    // test files deleted that InnoDB has not purged yet (its range estimates count them): the table is rebuilt first.
    if (onMariaDb) await ds.query('OPTIMIZE TABLE posts');
    await ds.query(onMariaDb ? 'ANALYZE TABLE posts, calendars, calendar_slots' : 'ANALYZE');
    queries = await captureQueries(t.app, publicShapes(await sampleOf(t.app, t.config)));
  }, 120_000);
  afterAll(() => t.close());

  it('captures the page, its count and the facet counts of every shape, parent groups included', () => {
    const shapes = new Set(queries.map((q) => q.shape));
    for (const cat of ['', 'category + ', 'parent group + ', 'parent group (open range) + ']) {
      for (const rest of ['county + price', 'county', 'price']) expect(shapes).toContain(`list: ${cat}${rest}`);
    }
    for (const shape of [...shapes].filter((s) => s.startsWith('list: '))) {
      expect(queries.filter((q) => q.shape === shape).map((q) => q.role)).toEqual(expect.arrayContaining(['page of 20', 'count (X-Total-Count)']));
    }
    expect(queries.filter((q) => q.role.startsWith('count by')).length).toBeGreaterThanOrEqual(15);
    for (const q of queries.filter((q) => q.role === 'page of 20')) {
      // On a date a page is read in two parts, the free ones then the unknown ones, each in the list's order.
      expect(q.sql).toMatch(
        q.shape.startsWith('list on date')
          ? /ORDER BY .*created_at.* DESC, .*id.* DESC LIMIT \d+ OFFSET/
          : q.shape.endsWith(' by price')
            ? /ORDER BY .*price_sort.* ASC, .*id.* ASC LIMIT 20/
            : /ORDER BY .*created_at.* DESC, .*id.* DESC LIMIT 20/,
      );
    }
    expect(shapes).toContain('list on date (morning): category + county');
  });

  /** The problems of a query's plan, read the way each engine words it. */
  const problemsOf = async (q: CapturedQuery) =>
    onMariaDb ? planProblems(await planOf(ds, q)) : sqliteProblems(q, await ds.query(`EXPLAIN QUERY PLAN ${q.sql}`, q.params));

  /** The index the plan reads the posts by. */
  const keyOf = async (q: CapturedQuery): Promise<string | null> => {
    if (onMariaDb) return (await planOf(ds, q))[0].key;
    const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${q.sql}`, q.params);
    for (const { detail } of plan) {
      const m = /USING (?:COVERING )?INDEX (\S+)/.exec(detail);
      if (m) return m[1];
    }
    return null;
  };

  it('uses an index for every query, with no filesort and no full scan', async () => {
    expect(queries.length).toBeGreaterThan(40);
    const problems: Record<string, string[]> = {};
    for (const q of queries) {
      const found = await problemsOf(q);
      if (found.length) problems[`${q.shape} / ${q.role}`] = found;
    }
    expect(problems).toEqual({});
  });

  it('walks the shape’s own ordered index for each first page (parent groups: one of them, checking the category)', async () => {
    for (const q of queries.filter((q) => q.role === 'page of 20')) {
      const key = await keyOf(q);
      if (PAGE_INDEX[q.shape]) expect({ shape: q.shape, key }).toEqual({ shape: q.shape, key: PAGE_INDEX[q.shape] });
      else expect({ shape: q.shape, ordered: ORDERED.has(key ?? '') }).toEqual({ shape: q.shape, ordered: true });
    }
  });

  it('sees the sort again without the list indexes (the check can fail)', async () => {
    const page = queries.find((q) => q.shape === 'list: category + county + price' && q.role === 'page of 20')!;
    const e = (n: string) => ds.driver.escape(n);
    for (const [name] of POST_LIST_INDEXES) await ds.query(`DROP INDEX ${e(name)}${onMariaDb ? ' ON posts' : ''}`);
    try {
      // On MariaDB the page names its index (posts.repository.ts, listIndexHint): without it the SQL is refused rather
      // than sorted, and the same SQL without the name is planned with the sort.
      if (onMariaDb) await expect(ds.query(`EXPLAIN ${page.sql}`, page.params)).rejects.toThrow(/doesn't exist/);
      expect(await problemsOf({ ...page, sql: page.sql.replace(/ FORCE INDEX \([^)]*\)/, '') })).toEqual([onMariaDb ? 'p: filesort' : 'sort']);
      // The API itself reads the page without the name then: the same posts, slower, not a 500 (a cookie keeps the
      // answer cache out of it).
      const path = publicShapes(await sampleOf(t.app, t.config)).find((s) => s.name === 'list: category + county + price')!.path;
      const listed = await t.http().get(path).set('Cookie', 'uncached=1').expect(200);
      expect(listed.body.length).toBeGreaterThan(0);
      const rows = await ds.query(page.sql.replace(/ FORCE INDEX \([^)]*\)/, ''), page.params);
      expect(listed.body.map((p: { id: number }) => p.id)).toEqual(rows.map((r: { id: number }) => Number(r.id)));
    } finally {
      for (const [name, cols] of POST_LIST_INDEXES) await ds.query(`CREATE INDEX ${e(name)} ON posts (${cols.map(e).join(', ')})`);
    }
  });
});
