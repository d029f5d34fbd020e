import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import autocannon from 'autocannon';
import { build } from 'vite';
import { startStack } from '../test/support/stack.js';

/**
 * `npm run bench -w frontend`: seeds 10,000 church posts, serves the built API and site in their own processes and
 * measures server rendering (the goals in docs/performance.md):
 * - bare: node:http answering every request with React's renderToString of the listing page's tree (the site's Layout
 *   and listing Page) from data loaded once at start (bench/bare-page.tsx, bench/bare-server.js): the baseline;
 * - cold: the site server with PAGE_CACHE=off (every request rendered by Vike, its data from the API), one process;
 * - warm: the site server with its anonymous page cache, one process;
 *   each for a county listing and a category-in-county listing at BENCH_CONNECTIONS (10), req/s, p50, p99 and the
 *   ratio to bare;
 * - load: BENCH_LOAD_CONNECTIONS (200) connections cycling home, a category and a county page for
 *   BENCH_LOAD_SECONDS (300) against the site with SITE_WORKERS = cores and its cache (each page first asked twice
 *   per process, as on a site that has been up a while): req/s, p50, p99, errors and timeouts (no answer in 10 s);
 * - the largest RSS of the API and of each site process, sampled every 250 ms during the runs;
 * - the gzipped JavaScript a listing page loads.
 * BENCH_POSTS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS and TEST_DB=sqlite tune it;
 * every server listens on a free port.
 * The load generator runs on the same machine and shares its cores.
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const CORES = availableParallelism();
/** The listing pages measured against the bare render. */
const LISTINGS = [
  ['county listing', '/counties/cork'],
  ['category in county', '/categories/female-singers/dublin'],
];
/** What the load run's visitors cycle through. */
const LOAD_PAGES = ['/', '/categories/female-singers', '/counties/dublin'];
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Largest resident memory (MB) per process seen while sampling. */
const peaks = new Map();
const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** Samples the API and a site server (its workers too) every 250 ms until the returned function is called. */
function sampleMemory(apiPid, sitePid, label) {
  const take = () => {
    const seen = [['API', apiPid], [`site ${label}`, sitePid], ...childrenOf(sitePid).map((pid) => [`site ${label} worker`, pid])];
    for (const [name, pid] of seen) peaks.set(name, Math.max(peaks.get(name) ?? 0, rssOf(pid)));
  };
  const timer = setInterval(take, 250);
  take();
  return () => clearInterval(timer);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** One autocannon run; the figures the tables print, and in which seconds of the run requests failed. */
async function measure(url, options) {
  const started = Date.now();
  const failedAt = new Set();
  const run = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  run.on('reqError', () => failedAt.add(Math.floor((Date.now() - started) / 1000)));
  const r = await run;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, total: r.requests.total, failedAt: [...failedAt] };
}

/** GET on a connection of its own (so that the cluster hands it to the next process), body read. */
const getAlone = (url) =>
  new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => res.resume().once('end', resolve).once('error', reject)).once('error', reject);
  });

/** Builds bench/bare-page.tsx for Node and starts bench/bare-server.js on the listings. */
async function startBare(apiUrl) {
  await build({
    configFile: false,
    root: here('..'),
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: 'bench/bare-page.tsx', outDir: 'dist/bench', emptyOutDir: true, target: 'es2022', rollupOptions: { output: { entryFileNames: 'bare-page.mjs' } } },
  });
  const port = await freePort();
  const child = fork(here('bare-server.js'), [here('../dist/bench/bare-page.mjs'), String(port), apiUrl, 'church', ...LISTINGS.map(([, p]) => p)], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bench/bare-server.js exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const stack = await startStack('church', { SITE_WORKERS: '1' }, { posts: POSTS, apiPort: await freePort(), sitePort: await freePort() });
const rows = [];
const pct = (a, b) => `${Math.round((a / b) * 100)}%`;
try {
  const bare = await startBare(stack.apiUrl);
  const baseline = {};
  try {
    for (const [, path] of LISTINGS) baseline[path] = await measure(`${bare.url}${path}`);
  } finally {
    bare.child.kill();
  }

  for (const [mode, env] of [
    ['cold', { PAGE_CACHE: 'off', SITE_WORKERS: '1' }],
    ['warm', { SITE_WORKERS: '1' }],
  ]) {
    const site = await stack.startSite(env);
    const stop = sampleMemory(stack.apiPid, site.child.pid, '1 process');
    try {
      for (const [name, path] of LISTINGS) {
        // One request first: the warm row measures kept pages, the cold row the steady state of rendering.
        await fetch(`${site.url}${path}`);
        const r = await measure(`${site.url}${path}`);
        rows.push({ what: `SSR ${path} (${name}), ${mode}`, path, ...r, ratio: pct(r.rps, baseline[path].rps) });
      }
    } finally {
      stop();
      await site.stop();
    }
  }

  // Goal 5: many visitors at once, every core.
  const site = await stack.startSite({ SITE_WORKERS: String(CORES) });
  // A site that has been up a while: each page rendered once by every process (connections are handed out in turn).
  for (let i = 0; i < CORES * 2; i++) for (const path of LOAD_PAGES) await getAlone(`${site.url}${path}`);
  const stopLoad = sampleMemory(stack.apiPid, site.child.pid, `${CORES} processes`);
  let load;
  try {
    load = await measure(site.url, {
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      timeout: 10,
      requests: LOAD_PAGES.map((path) => ({ method: 'GET', path })),
    });
  } finally {
    stopLoad();
  }

  // The JavaScript a listing page loads before any interaction: its module scripts and their preloads.
  const html = await (await fetch(`${site.url}${LISTINGS[1][1]}`)).text();
  const urls = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  let raw = 0;
  let gz = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(`${site.url}${url}`)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  await site.stop();

  const ms = (v) => (v === undefined ? '' : String(v));
  console.log(`\n${POSTS} posts, Node ${process.version}, ${CORES} cores, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`\nServer rendering at ${CONNECTIONS} connections, ${SECONDS} s each; site: one process\n`);
  console.log('| what | req/s | p50 ms | p99 ms | errors | bare renderToString req/s | ratio |\n|---|---|---|---|---|---|---|');
  for (const [name, path] of LISTINGS) {
    const b = baseline[path];
    console.log(`| bare renderToString ${path} (${name}) | ${b.rps.toFixed(0)} | ${ms(b.p50)} | ${ms(b.p99)} | ${b.errors + b.non2xx} | | |`);
  }
  for (const r of rows) console.log(`| ${r.what} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors + r.non2xx} | ${baseline[r.path].rps.toFixed(0)} | ${r.ratio} |`);
  console.log(`\nLoad: ${LOAD_CONNECTIONS} connections cycling ${LOAD_PAGES.join(', ')} for ${LOAD_SECONDS} s, SITE_WORKERS=${CORES}\n`);
  console.log('| req/s | requests | p50 ms | p99 ms | errors | timeouts | non-2xx |\n|---|---|---|---|---|---|---|');
  console.log(`| ${load.rps.toFixed(0)} | ${load.total} | ${load.p50} | ${load.p99} | ${load.errors} | ${load.timeouts} | ${load.non2xx} |`);
  if (load.failedAt.length) console.log(`\nRequests failed in these seconds of the run: ${load.failedAt.join(', ')}`);
  console.log('\nLargest RSS under load (MB; goal: each under 250)\n\n| process | RSS MB |\n|---|---|');
  for (const [name, mb] of peaks) console.log(`| ${name} | ${mb.toFixed(0)} |`);
  console.log(`\nJavaScript loaded by a listing page: ${new Set(urls).size} files, ${(raw / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped`);
} finally {
  await stack.stop();
}
