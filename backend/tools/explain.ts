import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { addDays, todayInIreland } from '@directory/domain';
import { DataSource, Logger } from 'typeorm';
import { createApp } from '../src/app.factory';
import { AppConfig, ConfigError, loadConfig } from '../src/config/configuration';
import { publicShapes, type Sample, type Shape } from '../src/modules/posts/public-shapes';

export { publicShapes, type Sample, type Shape };

/**
 * `npm run explain -w backend`: the query plans of every public filter shape of the posts list, its count and the
 * facet counts, on the database DATABASE_URL names (MariaDB/MySQL; seed it first, e.g. with a million posts), written
 * to docs/performance.md between the explain markers. The SQL is not copied here: each shape is requested from the real
 * application and the queries it sends to the database are captured, so the plans are of the code that runs.
 */

export interface CapturedQuery {
  shape: string;
  /** What the query is for: the page of posts, its count (X-Total-Count) or a facet count. */
  role: string;
  sql: string;
  params: unknown[];
}

/** One row of MariaDB's tabular EXPLAIN (ANALYZE adds r_rows and r_filtered). */
export interface PlanRow {
  table: string | null;
  type: string | null;
  possible_keys: string | null;
  key: string | null;
  rows: number | string | null;
  r_rows?: number | string | null;
  Extra: string | null;
}

/** Records the SQL the data source sends, while `recording` is set. */
class CapturingLogger implements Logger {
  recording: { sql: string; params: unknown[] }[] | null = null;
  logQuery(query: string, parameters?: unknown[]) {
    this.recording?.push({ sql: query, params: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

/** The queries on `posts` each shape's request sends, deduplicated by SQL text (the same shape with other values). */
export async function captureQueries(app: INestApplication, shapes: Shape[]): Promise<CapturedQuery[]> {
  const ds = app.get(DataSource);
  const logger = new CapturingLogger();
  const original = ds.logger;
  (ds as { logger: Logger }).logger = logger;
  const fastify = (app as NestFastifyApplication).getHttpAdapter().getInstance();
  const seen = new Set<string>();
  const out: CapturedQuery[] = [];
  try {
    for (const shape of shapes) {
      logger.recording = [];
      const res = await fastify.inject({ method: 'GET', url: shape.path });
      if (res.statusCode !== 200) throw new Error(`${shape.path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      for (const q of logger.recording) {
        if (!/\bFROM\s+[`"]?(posts|post_counts|calendars|calendar_slots)[`"]?\s/i.test(q.sql)) continue;
        const role = roleOf(q.sql);
        // The kept counts (post_counts) of every shape share a few SQL texts: each shape's are shown.
        const key = /post_counts/.test(q.sql) ? `${shape.name}\n${q.sql}` : q.sql;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ shape: shape.name, role, sql: q.sql, params: q.params });
      }
    }
  } finally {
    logger.recording = null;
    (ds as { logger: Logger }).logger = original;
  }
  return out;
}

function roleOf(sql: string): string {
  const group = /GROUP BY\s+[`"]?pc?[`"]?\.[`"]?(\w+)/i.exec(sql);
  if (group) return `count by ${group[1]}`;
  // X-Total-Count of the public filters: one row (a short range for a parent group) of post_counts.
  if (/\bFROM\s+[`"]?post_counts/i.test(sql) || /COUNT\(/i.test(sql)) return 'count (X-Total-Count)';
  // Where the few posts hidden by the reserved slug_extract are, read once per data version.
  if (!/ORDER BY/i.test(sql) && /slug_extract\W+=/i.test(sql)) return 'hidden posts';
  return 'page of 20';
}

/** The plan of one captured query: EXPLAIN, or ANALYZE (which runs it and reports the rows it really read). */
export async function planOf(ds: DataSource, q: CapturedQuery, analyze = false): Promise<PlanRow[]> {
  return ds.query(`${analyze ? 'ANALYZE' : 'EXPLAIN'} ${q.sql}`, q.params);
}

/** What a plan row is wrong about, if anything: no index, a full table or index scan, or a filesort. */
export function planProblems(rows: PlanRow[]): string[] {
  const problems: string[] = [];
  for (const r of rows) {
    // <subqueryN> is a semi-join's materialized temporary table (the repertoire filters' counts: post_pieces read by its
    // index, then joined to posts by id): scanning it is the plan; its own rows are checked as every table's are.
    if (r.table === null || /^<derived|^<union|^<subquery/.test(r.table)) continue;
    if (!r.key) problems.push(`${r.table}: no index`);
    if (r.type === 'ALL') problems.push(`${r.table}: full table scan`);
    if (r.type === 'index') problems.push(`${r.table}: full index scan`);
    if (/filesort/i.test(r.Extra ?? '')) problems.push(`${r.table}: filesort`);
  }
  return problems;
}

/** Picks the values to explain with from the data: the most common category, county and price among visible posts. */
export async function sampleOf(app: INestApplication, config: AppConfig): Promise<Sample> {
  const fastify = (app as NestFastifyApplication).getHttpAdapter().getInstance();
  const summary = (await fastify.inject({ method: 'GET', url: '/active-cats-tags/' })).json() as {
    categories: Record<string, { count: number }>;
    active_counties: { slug: string; count: number }[];
  };
  const top = <T extends { count: number }>(list: [string, T][]) => list.sort((a, b) => b[1].count - a[1].count)[0]?.[0];
  const category = top(Object.entries(summary.categories));
  const county = top(summary.active_counties.map((c): [string, { count: number }] => [c.slug, c]));
  if (!category || !county) throw new Error('The database holds no published posts: seed it first (npm run seed -w backend -- --reset --posts 1000000)');
  const prices = (await fastify.inject({ method: 'GET', url: '/api/prices/' })).json() as { value: string; count: number }[];
  const price = top(prices.map((p): [string, { count: number }] => [p.value, p]))!;
  const parents = config.taxonomy.parentCategories.map((p) => ({ slug: p.slug, open: p.maxId === null }));
  const [piece] = (await fastify.inject({ method: 'GET', url: '/api/pieces/?q=highland%20cathedral' })).json() as { id: number }[];
  return { category, county, price, parents, piece: piece?.id, date: await busiestDay(app.get(DataSource)) };
}

/** The day of the coming two months with the most booked half days (the search by date's heaviest), or a fortnight ahead. */
async function busiestDay(ds: DataSource): Promise<string> {
  const today = todayInIreland();
  const [row] = await ds.query('SELECT day, COUNT(*) AS n FROM calendar_slots WHERE day >= ? AND day <= ? AND booked = 1 GROUP BY day ORDER BY n DESC LIMIT 1', [today, addDays(today, 60)]);
  const day = row?.day instanceof Date ? row.day.toISOString().slice(0, 10) : row?.day ? String(row.day).slice(0, 10) : null;
  return day ?? addDays(today, 14);
}

export interface ExplainReport {
  rows: { shape: string; role: string; type: string; key: string; examined: string; extra: string; ok: boolean }[];
  posts: number;
  site: string;
}

export async function explainAll(app: INestApplication, config: AppConfig, analyze: boolean): Promise<ExplainReport> {
  const ds = app.get(DataSource);
  const queries = await captureQueries(app, publicShapes(await sampleOf(app, config)));
  const rows: ExplainReport['rows'] = [];
  for (const q of queries) {
    const plan = await planOf(ds, q, analyze);
    const posts = plan.find((r) => r.table === 'p') ?? plan[0];
    rows.push({
      shape: q.shape,
      role: q.role,
      type: String(posts.type ?? ''),
      key: posts.key ?? '(none)',
      examined: String(analyze ? Math.round(parseFloat(String(posts.r_rows ?? 0))) : posts.rows ?? ''),
      extra: posts.Extra ?? '',
      ok: planProblems(plan).length === 0,
    });
  }
  const [{ n }] = await ds.query('SELECT COUNT(*) AS n FROM posts');
  return { rows, posts: Number(n), site: config.site };
}

export function markdownTable(report: ExplainReport, analyze: boolean): string {
  const head = ['shape', 'query', 'access', 'key', analyze ? 'rows examined' : 'rows (estimate)', 'Extra', 'index, no filesort, no full scan'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of report.rows) lines.push(`| ${[r.shape, r.role, r.type, `\`${r.key}\``, r.examined, r.extra, r.ok ? 'yes' : '**no**'].join(' | ')} |`);
  return lines.join('\n');
}

const START = '<!-- explain:start -->';
const END = '<!-- explain:end -->';

/** Replaces what stands between the explain markers of a page. */
export function replaceBetweenMarkers(page: string, body: string): string {
  const a = page.indexOf(START);
  const b = page.indexOf(END);
  if (a < 0 || b < a) throw new Error(`The page has no ${START} ... ${END} markers`);
  return `${page.slice(0, a + START.length)}\n${body}\n${page.slice(b)}`;
}

/** The application in-process on config's database, ready for injected requests, for work; closed after it. */
export async function withApp<T>(config: AppConfig, work: (app: INestApplication) => Promise<T>): Promise<T> {
  const app = await createApp(config, { logger: false });
  try {
    await app.init();
    await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
    return await work(app);
  } finally {
    await app.close();
  }
}

async function main(argv: string[]) {
  const config = loadConfig();
  if (config.database.type !== 'mysql') throw new Error('npm run explain reads MariaDB/MySQL plans: set DATABASE_URL');
  // ANALYZE runs every query (seconds at a million posts) and reports the rows it really read; --estimate only plans.
  const analyze = !argv.includes('--estimate');
  await withApp(config, async (app) => {
    const ds = app.get(DataSource);
    await ds.query('ANALYZE TABLE posts, calendars, calendar_slots');
    const report = await explainAll(app, config, analyze);
    const [{ version }] = await ds.query('SELECT VERSION() AS version');
    const body = `${report.posts.toLocaleString('en-IE')} posts (${report.site} site), ${version}, ${new Date().toISOString().slice(0, 10)}, \`${analyze ? 'ANALYZE' : 'EXPLAIN'}\` of the SQL each public request sends:\n\n${markdownTable(report, analyze)}`;
    console.log(body);
    if (!argv.includes('--print')) {
      const page = join(__dirname, '..', '..', '..', 'docs', 'performance.md');
      writeFileSync(page, replaceBetweenMarkers(readFileSync(page, 'utf8'), body));
      console.error(`Wrote the table to ${page}`);
    }
    const bad = report.rows.filter((r) => !r.ok);
    if (bad.length) {
      console.error(`${bad.length} queries read without an index, scan the whole table or sort`);
      process.exitCode = 2;
    }
  });
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
