import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startStack } from '../test/support/stack.js';

/**
 * `npm run bench -w frontend`: seeds 10,000 church posts, serves the built API and site in their own processes,
 * and measures server-render throughput and latency of a category-in-county page, plus the gzipped JavaScript
 * a listing page loads. BENCH_POSTS, BENCH_SECONDS, BENCH_CONNECTIONS and TEST_DB=sqlite tune it.
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGES = ['/categories/female-singers/dublin', '/counties/cork', '/'];

const stack = await startStack('church', {}, { posts: POSTS, apiPort: 3911, sitePort: 8911 });
try {
  const rows = [];
  for (const path of PAGES) {
    const r = await autocannon({ url: `${stack.siteUrl}${path}`, connections: CONNECTIONS, duration: SECONDS });
    const html = await (await stack.page(path)).text();
    rows.push([path, (Buffer.byteLength(html) / 1024).toFixed(1), (gzipSync(html).length / 1024).toFixed(1), r.requests.average.toFixed(0), r.latency.p50, r.latency.p99, r.non2xx + r.errors]);
  }

  // The JavaScript a listing page loads before any interaction: its module scripts and their preloads.
  const html = await (await stack.page(PAGES[0])).text();
  const urls = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  let raw = 0;
  let gz = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await stack.page(url)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }

  console.log(`\n${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s per page, Node ${process.version}\n`);
  console.log('| page | HTML KB | HTML gzip KB | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nJavaScript loaded by a listing page: ${new Set(urls).size} files, ${(raw / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped`);
} finally {
  await stack.stop();
}
