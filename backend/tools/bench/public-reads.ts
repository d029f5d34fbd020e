import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePorts, startProcess } from './processes';

/**
 * The public reads of the performance goals (docs/performance.md), each measured three ways on the seeded database: the API warm (answer cache on,
 * primed by one request), the API cold (ANSWER_CACHE=off: every answer built from the database, as before the cache)
 * and the bare node:http server answering the same bytes. BENCH_READ_SECONDS (default 5) per run.
 */
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function benchPublicReads(opts: { env: Record<string, string>; mainScript: string; bareScript: string; connections: number; label: string }): Promise<void> {
  const [WARM_PORT, COLD_PORT, BARE_PORT] = await freePorts(3);
  const started: ChildProcess[] = [];
  try {
    const warmApi = `http://127.0.0.1:${WARM_PORT}`;
    const coldApi = `http://127.0.0.1:${COLD_PORT}`;
    started.push(await startProcess(opts.mainScript, [], { ...opts.env, API_PORT: String(WARM_PORT) }, `${warmApi}/api/counties/`));
    started.push(await startProcess(opts.mainScript, [], { ...opts.env, API_PORT: String(COLD_PORT), ANSWER_CACHE: 'off' }, `${coldApi}/api/counties/`));
    const paths = await publicPaths(warmApi);
    const bodies: Record<string, string> = {};
    for (const path of Object.values(paths)) {
      const res = await fetch(`${warmApi}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      bodies[path] = await res.text();
    }
    const bodyFile = join(mkdtempSync(join(tmpdir(), 'directory-bare-reads-')), 'bodies.json');
    writeFileSync(bodyFile, JSON.stringify(bodies));
    started.push(await startProcess(opts.bareScript, [bodyFile, String(BARE_PORT)], {}, `http://127.0.0.1:${BARE_PORT}/api/counties/`));

    const head = ['public read', 'body KB', 'warm req/s', 'warm p50/p99 ms', 'cold req/s', 'cold p50/p99 ms', 'bare req/s', 'bare p99 ms', 'warm/bare', 'cold/bare', 'errors'];
    const rows: string[][] = [];
    for (const [name, path] of Object.entries(paths)) {
      const warm = await measure(`${warmApi}${path}`, opts.connections);
      const cold = await measure(`${coldApi}${path}`, opts.connections);
      const bare = await measure(`http://127.0.0.1:${BARE_PORT}${path}`, opts.connections);
      rows.push([
        name,
        (Buffer.byteLength(bodies[path]) / 1024).toFixed(1),
        warm.rps.toFixed(0),
        `${warm.p50}/${warm.p99}`,
        cold.rps.toFixed(0),
        `${cold.p50}/${cold.p99}`,
        bare.rps.toFixed(0),
        String(bare.p99),
        (warm.rps / bare.rps).toFixed(2),
        (cold.rps / bare.rps).toFixed(2),
        String(warm.errors + cold.errors),
      ]);
    }
    console.log(`\nPublic reads: ${opts.label}, ${opts.connections} connections, ${SECONDS} s per run, Node ${process.version}; warm = answer cache on, cold = ANSWER_CACHE=off\n`);
    console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  } finally {
    for (const child of started) child.kill();
  }
}

/** Every public read route, with a profile and an article found on the seeded data. */
async function publicPaths(api: string): Promise<Record<string, string>> {
  const [first] = (await (await fetch(`${api}/api/posts/?catSlug=female-singers&tagSlug=dublin&limit=1`)).json()) as { id: number }[];
  const [article] = (await (await fetch(`${api}/api/articles/`)).json()) as { slug: string }[];
  const selection = 'catSlug=female-singers&tagSlug=dublin';
  return {
    'GET /active-cats-tags/': '/active-cats-tags/',
    'GET /api/posts/ category+county, first 20': `/api/posts/?${selection}&limit=20`,
    'GET /api/posts/ county, first 20': '/api/posts/?tagSlug=cork&limit=20',
    'GET /api/posts/ all, page 6': '/api/posts/?limit=20&offset=100',
    'GET /api/posts/ category+county+price': `/api/posts/?${selection}&price=charge&limit=20`,
    'GET /api/posts/:id (profile)': `/api/posts/${first.id}/`,
    'GET /api/archive/ category+county': `/api/archive/?${selection}`,
    'GET /api/facets/': `/api/facets/?${selection}`,
    'GET /api/prices/': `/api/prices/?${selection}`,
    'GET /api/profiles/ county': '/api/profiles/?tagSlug=galway',
    'GET /api/articles/': '/api/articles/',
    'GET /api/articles/:slug': `/api/articles/${article.slug}/`,
    'GET /api/categories/': '/api/categories/',
    'GET /api/categories/:slug': '/api/categories/female-singers/',
    'GET /api/counties/': '/api/counties/',
  };
}

async function measure(url: string, connections: number): Promise<Run> {
  await fetch(url); // primes the cache (warm), the connection pool and the JIT alike
  const r = await autocannon({ url, connections, duration: SECONDS, pipelining: 1 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

