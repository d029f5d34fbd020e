import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';
import { loadConfig } from '../config/configuration';
import { createDataSource } from '../database/data-source';
import { seedDatabase } from '../database/seed/seed';
import { benchPublicReads } from './public-reads';

/**
 * `npm run bench`: seeds 10,000 posts, then measures the API (run as in production, in its own
 * process) against a bare Node http server answering the same JSON, so the framework's cost can be read.
 * BENCH_POSTS, BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_DB=sqlite|mysql (default: MariaDB when reachable) tune it.
 * BENCH_READS=off|only skips or runs alone the public-read table (public-reads.ts: warm, cold and bare per route).
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MYSQL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const API_PORT = 3901;
const BARE_PORT = 3902;
const ROOT = join(__dirname, '..');

async function databaseEnv(): Promise<{ env: Record<string, string>; label: string; cleanup: () => Promise<void> }> {
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

function startProcess(script: string, args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 20_000;
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child);
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) return reject(new Error(`${script} did not start`));
      setTimeout(poll, 200);
    };
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    poll();
  });
}

function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
}

async function main() {
  const db = await databaseEnv();
  const env = { ...db.env, SITE: 'church', NODE_ENV: 'production', JWT_SECRET: 'bench-only-secret-bench-only-secret-0123', MAIL_FROM: 'no-reply@bench.example.ie', API_PORT: String(API_PORT) };
  const config = loadConfig(env);
  const ds = createDataSource(config.database);
  await ds.initialize();
  await ds.runMigrations();
  const t0 = Date.now();
  await seedDatabase(ds, { site: 'church', posts: POSTS, reset: true, hiddenSlugExtract: config.hiddenSlugExtract });
  console.log(`Seeded ${POSTS} posts on ${db.label} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await ds.destroy();

  const api = await startProcess(join(ROOT, 'main.js'), [], env, `http://127.0.0.1:${API_PORT}/api/counties/`);
  const paths = {
    '/active-cats-tags/': '/active-cats-tags/',
    '/api/posts/ (category + county, full list)': '/api/posts/?catSlug=female-singers&tagSlug=dublin',
    '/api/posts/ (category + county, first 20)': '/api/posts/?catSlug=female-singers&tagSlug=dublin&limit=20',
    '/api/posts/ (county, first 20)': '/api/posts/?tagSlug=cork&limit=20',
  };
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
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
