import 'reflect-metadata';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '../../src/config/configuration';
import { createDataSource } from '../../src/database/data-source';
import { captureQueries, CapturedQuery, publicShapes, sampleOf, withApp } from '../explain';
import { seedManyReviews } from '../seed/reviews';
import { seedDatabase } from '../seed/seed';
import { benchPublicReads } from './public-reads';
import { freePorts, startProcess } from './processes';

/**
 * `npm run bench`: seeds 10,000 posts, then measures the API (run as in production, in its own
 * process) against a bare Node http server answering the same JSON, so the framework's cost can be read.
 * BENCH_POSTS, BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_DB=sqlite|mysql (default: MariaDB when reachable) tune it.
 * BENCH_READS=off|only skips or runs alone the public-read table (public-reads.ts: warm, cold and bare per route).
 * BENCH_DATABASE_URL names a MariaDB database to keep between runs: it is seeded only when it does not already hold
 * BENCH_POSTS church posts (a million take minutes to seed), and it is not dropped at the end.
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MYSQL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
// The API as production runs it: the runtime build (backend/dist), not this tool's own compiled copy of src/.
const ROOT = join(__dirname, '..', '..', '..', 'dist');

async function databaseEnv(): Promise<{ env: Record<string, string>; label: string; cleanup: () => Promise<void> }> {
  const kept = process.env.BENCH_DATABASE_URL;
  if (kept) {
    const url = new URL(kept);
    const name = url.pathname.slice(1);
    url.pathname = '/';
    const conn = await createConnection({ uri: url.toString(), connectTimeout: 3000 });
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${name.replace(/`/g, '')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    return { env: { DATABASE_URL: kept }, label: 'MariaDB', cleanup: async () => undefined };
  }
  if (process.env.BENCH_DB !== 'sqlite') {
    try {
      const conn = await createConnection({ uri: MYSQL, connectTimeout: 3000 });
      await conn.query('DROP DATABASE IF EXISTS directory_bench');
      await conn.query('CREATE DATABASE directory_bench CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
      await conn.end();
      return {
        env: { DATABASE_URL: `${MYSQL}/directory_bench` },
        label: 'MariaDB',
        cleanup: async () => {
          const c = await createConnection({ uri: MYSQL });
          await c.query('DROP DATABASE IF EXISTS directory_bench');
          await c.end();
        },
      };
    } catch {
      if (process.env.BENCH_DB === 'mysql') throw new Error(`MariaDB is not reachable at ${MYSQL}`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'directory-bench-'));
  return { env: { SQLITE_PATH: join(dir, 'bench.sqlite') }, label: 'SQLite', cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}


function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
}

async function main() {
  const [API_PORT, BARE_PORT, FIRST_PORT] = await freePorts(3);
  const db = await databaseEnv();
  const env = { ...db.env, SITE: 'church', NODE_ENV: 'production', JWT_SECRET: 'bench-only-secret-bench-only-secret-0123', MAIL_FROM: 'no-reply@bench.example.ie', API_PORT: String(API_PORT) };
  const config = loadConfig(env);
  const ds = createDataSource(config.database);
  await ds.initialize();
  await ds.runMigrations();
  if (await alreadySeeded(ds)) {
    console.log(`Kept the ${POSTS} posts already in ${db.env.DATABASE_URL}`);
  } else {
    const t0 = Date.now();
    await seedDatabase(ds, { site: 'church', posts: POSTS, reset: true, hiddenSlugExtract: config.hiddenSlugExtract });
    console.log(`Seeded ${POSTS} posts on ${db.label} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const reviewed = await profileWithReviews(ds, config.hiddenSlugExtract);
  await ds.destroy();

  // Before any load: each list shape's first request to a freshly started API process, then its SQL timed on one connection.
  const cold = await coldFirstPages(config, { ...env, API_PORT: String(FIRST_PORT) }, join(ROOT, 'main.js'));
  const api = await startProcess(join(ROOT, 'main.js'), [], env, `http://127.0.0.1:${API_PORT}/api/counties/`);
  const paths: Record<string, string> = {
    '/active-cats-tags/': '/active-cats-tags/',
    '/api/posts/ (category + county, full list)': '/api/posts/?catSlug=female-singers&tagSlug=dublin',
    '/api/posts/ (category + county, first 20)': '/api/posts/?catSlug=female-singers&tagSlug=dublin&limit=20',
    '/api/posts/ (county, first 20)': '/api/posts/?tagSlug=cork&limit=20',
    [`/api/posts/?postSlug= (profile with ${MANY_REVIEWS} reviews)`]: `/api/posts/?postSlug=${reviewed.slug}`,
    [`/api/posts/{id}/reviews/ (first 10 of ${MANY_REVIEWS})`]: `/api/posts/${reviewed.id}/reviews/`,
    [`/api/posts/{id}/reviews/ (last page of ${MANY_REVIEWS})`]: `/api/posts/${reviewed.id}/reviews/?page=${Math.floor((MANY_REVIEWS - 1) / 10)}`,
  };
  // At a million posts that full list is some 45 MB an answer: not a page anyone asks for, and it would only measure memory.
  if (POSTS > 100_000) delete paths['/api/posts/ (category + county, full list)'];
  const bodies: Record<string, string> = {};
  for (const [name, path] of Object.entries(paths)) bodies[path] = await (await fetch(`http://127.0.0.1:${API_PORT}${path}`)).text();
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'directory-bare-')), 'bodies.json');
  writeFileSync(bodyFile, JSON.stringify(bodies));
  const bare = await startProcess(join(__dirname, 'bare-server.js'), [bodyFile, String(BARE_PORT)], {}, `http://127.0.0.1:${BARE_PORT}/active-cats-tags/`);

  const rows: string[][] = [];
  try {
    if (process.env.BENCH_READS !== 'off') {
      await benchPublicReads({ env, mainScript: join(ROOT, 'main.js'), bareScript: join(__dirname, 'bare-server.js'), connections: CONNECTIONS, label: `${POSTS} posts, ${db.label}` });
    }
    if (process.env.BENCH_READS === 'only') return;
    for (const [name, path] of Object.entries(paths)) {
      const r = await load(`http://127.0.0.1:${API_PORT}${path}`);
      const b = await load(`http://127.0.0.1:${BARE_PORT}${path}`);
      const kb = (Buffer.byteLength(bodies[path]) / 1024).toFixed(1);
      rows.push([name, kb, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99), b.requests.average.toFixed(0), String(b.latency.p50), String(b.latency.p99), (r.requests.average / b.requests.average).toFixed(2), String(r.non2xx + r.errors)]);
    }
  } finally {
    api.kill();
    bare.kill();
    await db.cleanup();
  }
  const head = ['endpoint', 'body KB', 'API req/s', 'API p50 ms', 'API p99 ms', 'bare req/s', 'bare p50 ms', 'bare p99 ms', 'API/bare', 'errors'];
  console.log(`\n${POSTS} posts, ${db.label}, ${CONNECTIONS} connections, ${SECONDS} s per run, Node ${process.version}\n`);
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nCold first page of 20 at one connection (${POSTS} posts, ${db.label}): the first HTTP request of each shape to the`);
  console.log("freshly started API, as this process timed it and as the API logged it (its responseTime), and the SQL it sends");
  console.log('timed on one connection (first run, then the median of 5):\n');
  const coldHead = ['shape', 'first HTTP request ms', "the API's own ms", 'page SQL first ms', 'page SQL median ms', 'count SQL first ms', 'count SQL median ms'];
  console.log(`| ${coldHead.join(' | ')} |\n|${coldHead.map(() => '---').join('|')}|`);
  for (const r of cold) console.log(`| ${r.join(' | ')} |`);
}

/** Reviews on the benchmark's profile with many of them: its answer and its pages of reviews are measured. */
const MANY_REVIEWS = 300;

/**
 * The first visible published post, given MANY_REVIEWS reviews beyond the seed's unless a kept database's has them
 * already: a profile whose answer carries its kept figures and whose reviews come 10 a page, never counted per request.
 */
async function profileWithReviews(ds: DataSource, hidden: string): Promise<{ id: number; slug: string }> {
  const [post] = await ds.query('SELECT id, slug FROM posts WHERE status = ? AND slug_extract <> ? ORDER BY id LIMIT 1', ['publish', hidden]);
  const id = Number(post.id);
  const [{ n }] = await ds.query('SELECT COUNT(*) AS n FROM reviews WHERE post_id = ?', [id]);
  if (Number(n) < MANY_REVIEWS) await ds.transaction((em) => seedManyReviews(em, 'church', id, MANY_REVIEWS));
  return { id, slug: post.slug };
}

/** Whether a kept database already holds this many church posts (the bench seeds nothing then). */
async function alreadySeeded(ds: DataSource): Promise<boolean> {
  if (!process.env.BENCH_DATABASE_URL) return false;
  const [{ n }] = await ds.query('SELECT COUNT(*) AS n FROM posts');
  const church = await ds.query("SELECT 1 FROM categories WHERE slug = 'female-singers'");
  return Number(n) === POSTS && church.length === 1;
}

/**
 * Per list shape: the first HTTP request (unique to its shape, so no answer cache can hold it yet) to an API process
 * started for this alone, timed here and as the API logged it (the request's id is sent, so its line is found); then
 * the page and count SQL the same request sends, captured from an in-process app and timed at one connection. The
 * in-process app that picks the shapes is closed before the API starts (its timers and garbage stay out of this
 * process while it times), and the SQL is captured only after the timing, so that no query of ours has brought the
 * shapes' rows into the database's memory first.
 */
async function coldFirstPages(config: AppConfig, env: Record<string, string>, mainScript: string): Promise<string[][]> {
  const shapes = await withApp(config, async (app) => publicShapes(await sampleOf(app, config)).filter((s) => s.name.startsWith('list')));

  const origin = `http://127.0.0.1:${env.API_PORT}`;
  let log = '';
  // Its request lines are what is read: at info, whatever LOG_LEVEL the shell has.
  const api = await startProcess(mainScript, [], { ...env, LOG_LEVEL: 'info' }, `${origin}/api/counties/`, { stdout: (chunk) => (log += chunk) });
  const http = new Map<string, { ms: number; id: string }>();
  const answered = new Map<string, number>();
  try {
    // This process idle and its connection to the API open, so that what is timed is the API's answer: a collection of
    // the closed app's garbage, or this process's first connection, added up to 20 ms to a first request timed here
    // while the API logged 2 to 10 ms (`npm run bench` runs node with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    await (await fetch(`${origin}/api/counties/`)).arrayBuffer();
    for (const [i, s] of shapes.entries()) {
      const id = `bench-first-${i}`;
      const t0 = performance.now();
      const res = await fetch(`${origin}${s.path}`, { headers: { 'X-Request-Id': id } });
      await res.arrayBuffer();
      http.set(s.name, { ms: performance.now() - t0, id });
    }
    // The API writes its lines a few milliseconds late (batched): read until each request's is there.
    for (let waited = 0; waited < 2_000 && answered.size < shapes.length; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const line of log.split('\n')) {
        if (!line.includes('"bench-first-')) continue;
        const { reqId, responseTime } = JSON.parse(line) as { reqId: string; responseTime: number };
        answered.set(reqId, responseTime);
      }
    }
  } finally {
    const exited = once(api, 'exit');
    api.kill();
    await exited;
  }

  return withApp(config, async (app) => {
    const queries = await captureQueries(app, shapes);
    const runner = app.get(DataSource).createQueryRunner();
    await runner.connect();
    const timed = async (q: CapturedQuery | undefined) => {
      if (!q) return ['', ''];
      const ms: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        await runner.query(q.sql, q.params);
        ms.push(performance.now() - t0);
      }
      const rest = ms.slice(1).sort((a, b) => a - b);
      return [ms[0].toFixed(1), rest[2].toFixed(1)];
    };
    const out: string[][] = [];
    try {
      for (const s of shapes) {
        const page = await timed(queries.find((q) => q.shape === s.name && q.role === 'page of 20'));
        const count = await timed(queries.find((q) => q.shape === s.name && q.role === 'count (X-Total-Count)'));
        const { ms, id } = http.get(s.name)!;
        out.push([s.name.replace('list: ', ''), ms.toFixed(1), answered.get(id)?.toFixed(1) ?? '', ...page, ...count]);
      }
    } finally {
      await runner.release();
    }
    return out;
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
