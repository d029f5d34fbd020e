import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { publicShapes, type Sample } from './modules/posts/public-shapes';

/**
 * Before a new API process listens (main.ts): every public read's code path run once, as anonymous GETs injected
 * through the whole stack (Fastify's hooks, Nest's guards, pipes and handler, the SQL, the mapper, serialisation).
 * A fresh process otherwise makes its first visitors pay V8's compiling of those paths: the first list request of a
 * process took about 10 ms more than the next ones (docs/operations.md, "Warm-up"), and every replica of a rolling deploy
 * starts cold.
 *
 * - The requests carry a cookie, so the answer cache neither reads nor keeps them: no answer is kept for a visitor
 *   before the process serves one, and the benchmark's first requests stay uncached.
 * - Their request lines are not logged (the level is raised to `warn` meanwhile; nothing else runs before listening).
 *   One line says what was warmed.
 * - The values are the last category, county and price the API itself lists, not the busiest ones.
 * - A failure is only logged, and the whole takes at most WARM_UP_BUDGET_MS: the process starts either way.
 */
export const WARM_UP_COOKIE = 'warm-up=1';
/** At most this long before listening, however the database fares. */
export const WARM_UP_BUDGET_MS = 10_000;

export interface WarmUpResult {
  /** Requests sent. */
  requests: number;
  /** What went wrong: a read that did not answer 200 (or JSON), an error, the budget running out. */
  failed: string[];
  ms: number;
}

export async function warmUp(app: INestApplication, parents: Sample['parents'], budgetMs = WARM_UP_BUDGET_MS): Promise<WarmUpResult> {
  const fastify = (app as NestFastifyApplication).getHttpAdapter().getInstance();
  const t0 = performance.now();
  const failed: string[] = [];
  let requests = 0;
  let stopped = false;
  const get = async <T>(url: string): Promise<T | undefined> => {
    // The timer below stops a read that waits; this, reads that never let a timer run (SQLite answers synchronously).
    if (performance.now() - t0 >= budgetMs) stop();
    if (stopped) return undefined;
    requests++;
    const res = await fastify.inject({ method: 'GET', url, headers: { cookie: WARM_UP_COOKIE } });
    if (res.statusCode !== 200) {
      failed.push(`${url} ${res.statusCode}`);
      return undefined;
    }
    try {
      return res.json() as T;
    } catch {
      failed.push(`${url} not JSON`);
      return undefined;
    }
  };
  // Quieter while warming, never more talkative than configured (LOG_LEVEL=error stays error).
  const log = fastify.log as Logger;
  const level = log.level;
  const restore = () => void (log.level = level);
  if (log.levelVal < log.levels.values.warn) log.level = 'warn';
  // A database slow to answer (a cold buffer pool, a held lock) must not keep the process from listening: past the
  // budget, the reads in flight finish on their own, no more are sent, and the log is as configured again.
  let endBudget = () => {};
  const budget = new Promise<void>((resolve) => (endBudget = resolve));
  function stop() {
    if (stopped) return;
    stopped = true;
    failed.push(`stopped after ${budgetMs} ms`);
    restore();
    endBudget();
  }
  const timer = setTimeout(stop, budgetMs);
  const walk = async () => {
    const last = <T>(list: T[] | undefined): T | undefined => list?.[list.length - 1];
    const category = last(await get<{ slug: string }[]>('/api/categories/'))?.slug;
    const county = last(await get<{ slug: string }[]>('/api/counties/'))?.slug;
    const price = last(await get<{ value: string }[]>('/api/prices/'))?.value;
    // An empty database has no selection to warm, only the lists above.
    if (category && county && price) {
      let postId: number | undefined;
      for (const shape of publicShapes({ category, county, price, parents })) {
        const answer = await get<unknown>(shape.path);
        if (postId === undefined && Array.isArray(answer)) postId = (answer as { id?: number }[])[0]?.id;
      }
      // The price dialog's counts, of a category and a county.
      for (const q of [`catSlug=${category}`, `tagSlug=${county}`, `catSlug=${category}&tagSlug=${county}`]) await get(`/api/prices/?${q}`);
      if (postId !== undefined) await get(`/api/posts/${postId}/`);
      await get(`/api/categories/${category}/`);
    }
    const article = last(await get<{ slug: string }[]>('/api/articles/'));
    if (article) await get(`/api/articles/${article.slug}/`);
  };
  try {
    await Promise.race([
      walk().catch((err: unknown) => void failed.push(err instanceof Error ? err.message : String(err))),
      budget,
    ]);
  } finally {
    clearTimeout(timer);
    if (!stopped) restore();
    stopped = true;
  }
  return { requests, failed, ms: performance.now() - t0 };
}
