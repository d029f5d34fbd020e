import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { createApiClient } from '../lib/api-client.js';
import { createServerTransport } from './api-transport.js';

/**
 * The anonymous page cache: the HTML of pages rendered for visitors who are not signed in, kept per URL and data
 * version (GET /api/data-version/, moved by every write that changes public data) in each site process.
 *
 * - A page is served from memory while the data version it was rendered at is current. A changed version means the
 *   data changed (a listing hidden, an account deleted): the page is rendered again before it is answered, never
 *   served from before the change. An entry older than MAX_AGE_MS with the same version (the footer's year, texts
 *   that do not depend on the data) is answered at once while one render in the background replaces it
 *   (stale-while-revalidate).
 * - One render per URL at a time: visitors asking for a page that is not kept yet wait for the same render.
 * - The data version is asked of the API at most every checkMs per process, one call at a time (a small primary-key
 *   read; the requests that arrive while it is under way wait for it); while the API cannot be reached the last
 *   version known is used, so kept pages are still served. A change thus shows within checkMs.
 * - Bounded by bytes, least recently used first out.
 *
 * What may be kept is decided by the caller (app.ts): never a page for a request that may be signed in
 * (session.ts mayBeSignedIn), never one whose render sets a cookie, never a server error. Rendering reads nothing
 * of the request but its URL for anonymous visitors (the language is the URL's, /ga/... for Irish, never the `lang`
 * cookie; no A/B or consent on the server: the cookie choices live in the browser's local storage), so the URL is
 * the whole key.
 */

export type PageCacheState = 'hit' | 'miss' | 'stale' | 'bypass';

/** A rendered page as it is answered; its body cut at the Content-Security-Policy nonce it was rendered with. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  /** The body (UTF-8) cut at every occurrence of the render's nonce: joined with a fresh one for every answer. */
  parts: Buffer[];
}

export interface PageRender {
  /** Null when no page answers the URL (the next handler does). */
  page: RenderedPage | null;
  /** False for answers that must not be shared (server errors, cookies set). */
  cacheable: boolean;
}

/** A page kept: the version and time it was rendered at. */
interface Entry {
  page: RenderedPage;
  version: string;
  at: number;
}

/** What a render needs: the caller's render and the data version it is kept as of. */
interface RenderContext {
  render: () => Promise<PageRender>;
  version: string;
  /** Rendered behind a stale page: nobody waits for it, so a failure is logged. */
  background: boolean;
}

/** A render that may not be kept: it travels to its waiting callers as a rejection, which the cache never keeps. */
class Unkept {
  constructor(readonly result: PageRender) {}
}

export interface PageCacheOptions {
  maxBytes: number;
  checkMs: number;
  /** The API's current data version. */
  readVersion: () => Promise<string>;
  /** Logs a background render that failed (the stale page stays and is tried again on the next request). */
  onError?: (err: unknown) => void;
  now?: () => number;
}

/** Entries are rendered again after this long even when the data did not change (the year in the footer). */
export const MAX_AGE_MS = 10 * 60_000;
/** A single page larger than this share of the bound is not kept: it would push out many others. */
const LARGEST_SHARE = 8;

/** Answers kept: a redirect (the stage's log-in), a missing listing or county, a page. */
const CACHEABLE_STATUS = new Set([200, 301, 302, 307, 308, 404, 410]);

export const isCacheableStatus = (status: number) => CACHEABLE_STATUS.has(status);

/**
 * The key of a page: its path and its query with the parameters in order of name (pages read them by name), without
 * an empty query. The path is kept as sent: the router tells /a from /a/ and /A.
 */
export function pageKey(req: Pick<Request, 'originalUrl'>): string {
  const url = req.originalUrl;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const query = url.slice(at + 1);
  if (!query) return path;
  const params = query.split('&').filter(Boolean);
  // Stable: repeated names keep their order.
  params.sort((a, b) => {
    const na = a.split('=', 1)[0];
    const nb = b.split('=', 1)[0];
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
  return params.length ? `${path}?${params.join('&')}` : path;
}

/** The options of a lookup: the page kept, also while a render replaces it (one object, so a hit allocates nothing). */
const KEPT = { allowStale: true };

/** The size a page counts for in the bound: its key, body and headers. */
const pageBytes = (entry: Entry, key: string) =>
  key.length + entry.page.parts.reduce((n, p) => n + p.length, 0) + entry.page.headers.reduce((n, [k, v]) => n + k.length + v.length, 0);

export class PageCache {
  /** The pages kept, on lru-cache: its byte bound and least-recently-used order, its one fetch per key. */
  private readonly pages: LRUCache<string, Entry, RenderContext>;
  private version: string | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => performance.now());
    this.pages = new LRUCache<string, Entry, RenderContext>({
      maxSize: options.maxBytes,
      maxEntrySize: Math.floor(options.maxBytes / LARGEST_SHARE),
      sizeCalculation: pageBytes,
      // A failed or unkept render leaves the page it was replacing.
      noDeleteOnFetchRejection: true,
      // A page pushed out while its render runs: the visitors waiting for it still get it.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _old, { context }) => {
        let result: PageRender;
        try {
          result = await context.render();
        } catch (err) {
          if (context.background) this.options.onError?.(err);
          throw err;
        }
        if (!result.page || !result.cacheable || !isCacheableStatus(result.page.status)) throw new Unkept(result);
        // A render started at version v is kept as of v even if the data moved meanwhile.
        return { page: result.page, version: context.version, at: this.now() };
      },
    });
  }

  /** The page for key: kept (hit), kept but out of date and refreshed behind (stale), or rendered now (miss). */
  async serve(key: string, render: () => Promise<PageRender>): Promise<{ page: RenderedPage | null; state: PageCacheState }> {
    const version = await this.dataVersion();
    // No version known yet (the API could not be asked): nothing is kept or shared.
    if (version === null) return { page: (await render()).page, state: 'bypass' };
    // Most recently used last.
    const entry = this.pages.get(key, KEPT);
    if (entry?.version === version) {
      if (this.now() - entry.at < MAX_AGE_MS) return { page: entry.page, state: 'hit' };
      // One render behind the old page (a render already under way is that one).
      void this.pages.fetch(key, { context: { render, version, background: true }, forceRefresh: true, allowStale: true });
      return { page: entry.page, state: 'stale' };
    }
    // Not kept, or kept at another version: wait for one render (the one under way, if any).
    try {
      const fresh = await this.pages.fetch(key, { context: { render, version, background: false }, forceRefresh: true, allowStale: false });
      return { page: fresh!.page, state: 'miss' };
    } catch (err) {
      if (err instanceof Unkept) return { page: err.result.page, state: 'miss' };
      throw err;
    }
  }

  /** Pages and bytes kept (for tests and the benchmark). */
  get size() {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
  }

  /**
   * The data version, asked of the API at most every checkMs, by one call at a time that the requests arriving
   * meanwhile wait for (bounded by VERSION_TIMEOUT_MS; on failure the last version known holds).
   */
  private async dataVersion(): Promise<string | null> {
    if (this.now() - this.checkedAt < this.options.checkMs) return this.version;
    this.checking ??= this.options
      .readVersion()
      .then(
        (version) => void (this.version = version),
        // The API is down or slow: keep the last version known (kept pages are still right as far as we know).
        (err) => this.options.onError?.(err),
      )
      .finally(() => {
        this.checkedAt = this.now();
        this.checking = null;
      });
    await this.checking;
    return this.version;
  }
}

/** How long a version check may take before the last known version is used. */
const VERSION_TIMEOUT_MS = 2_000;

/** Reads GET /api/data-version/ of the API at origin. */
export const apiDataVersion = (origin: string) => {
  const api = createApiClient(createServerTransport(VERSION_TIMEOUT_MS), origin);
  return async (): Promise<string> => {
    const { version } = (await api.get<{ version?: unknown }>('/api/data-version/')).body;
    if (typeof version !== 'string' && typeof version !== 'number') throw new Error('GET /api/data-version/ answered without a version');
    return String(version);
  };
};
