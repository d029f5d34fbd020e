import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a page makes the browser load before any interaction (the page JavaScript budget, docs/performance.md): its module scripts and
 * module preloads as the server-rendered HTML names them, read from the build (frontend/dist/client) and gzipped at
 * level 9. Code behind a dynamic import (the map, the enquiry form, charts) is not counted until it is asked for.
 * Sizes in KiB (1024 bytes), as the benchmark prints them.
 */
const CLIENT = resolve(process.cwd(), 'dist/client');

/**
 * @param {string} html a page as the site server sent it
 * @returns {{ files: { url: string, bytes: number, gzipped: number }[], kb: number, gzippedKb: number }}
 */
export function pageJavaScript(html) {
  const urls = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]));
  const files = [...urls].map((url) => {
    const body = readFileSync(join(CLIENT, new URL(url, 'http://site').pathname));
    return { url, bytes: body.length, gzipped: gzipSync(body, { level: 9 }).length };
  });
  const sum = (key) => Math.round((files.reduce((n, f) => n + f[key], 0) / 1024) * 10) / 10;
  return { files, kb: sum('bytes'), gzippedKb: sum('gzipped') };
}
