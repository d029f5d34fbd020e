import { loadSiteConfig } from '../server/config.js';
import { PageCache, type PageRender, pageKey } from '../server/page-cache.js';

/** A page of n bytes (ASCII) rendered with status. */
const pageOf = (text: string, status = 200): PageRender => ({ page: { status, headers: [['content-type', 'text/html;charset=utf-8']], parts: [Buffer.from(text)] }, cacheable: true });

/** A cache on a clock the test moves, over a data version the test sets; counts the version checks. */
function cacheFor(options: { maxBytes?: number } = {}) {
  let clock = 0;
  let version = 'v1';
  let checks = 0;
  const cache = new PageCache({
    maxBytes: options.maxBytes ?? 1_000_000,
    checkMs: 500,
    readVersion: async () => {
      checks++;
      return version;
    },
    now: () => clock,
  });
  return {
    cache,
    tick: (ms: number) => void (clock += ms),
    bump: (v: string) => void (version = v),
    checks: () => checks,
  };
}

describe('the page cache (server/page-cache.ts)', () => {
  it('keys a page by its path and its query in order of name, without an empty query', () => {
    expect(pageKey({ originalUrl: '/counties/cork' })).toBe('/counties/cork');
    expect(pageKey({ originalUrl: '/counties/cork?' })).toBe('/counties/cork');
    expect(pageKey({ originalUrl: '/counties/cork?price=free&a=2&a=1' })).toBe('/counties/cork?a=2&a=1&price=free');
    expect(pageKey({ originalUrl: '/Counties/cork/' })).toBe('/Counties/cork/');
  });

  it('renders a key once for visitors asking at the same time, and keeps it', async () => {
    const { cache } = cacheFor();
    let renders = 0;
    let finish!: () => void;
    const render = () => {
      renders++;
      return new Promise<PageRender>((resolve) => (finish = () => resolve(pageOf('<p>cork</p>'))));
    };
    const waiting = [cache.serve('/cork', render), cache.serve('/cork', render), cache.serve('/cork', render)];
    await new Promise((r) => setTimeout(r, 10));
    finish();
    const answers = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(answers.map((a) => a.state)).toEqual(['miss', 'miss', 'miss']);
    expect((await cache.serve('/cork', render)).state).toBe('hit');
    expect(renders).toBe(1);
  });

  it('asks for the data version at most once per interval, and renders a page again before answering once the version moved', async () => {
    const { cache, tick, bump, checks } = cacheFor();
    let renders = 0;
    const render = async () => pageOf(`<p>render ${++renders}</p>`);
    await cache.serve('/cork', render);
    for (let i = 0; i < 5; i++) await cache.serve('/cork', render);
    expect(checks()).toBe(1);
    bump('v2');
    // Within the interval the old version still holds.
    expect((await cache.serve('/cork', render)).state).toBe('hit');
    tick(600);
    // The due check is waited for, and the moved version means a new render for both requests, made once.
    const moved = await Promise.all([cache.serve('/cork', render), cache.serve('/cork', render)]);
    expect(moved.map((a) => [a.state, a.page?.parts[0].toString()])).toEqual([
      ['miss', '<p>render 2</p>'],
      ['miss', '<p>render 2</p>'],
    ]);
    expect(renders).toBe(2);
    const fresh = await cache.serve('/cork', render);
    expect([fresh.state, fresh.page?.parts[0].toString()]).toEqual(['hit', '<p>render 2</p>']);
    expect(checks()).toBe(2);
  });

  it('answers an old page of the same version at once while one render replaces it (stale-while-revalidate)', async () => {
    const { cache, tick } = cacheFor();
    let renders = 0;
    const render = async () => pageOf(`<p>render ${++renders}</p>`);
    await cache.serve('/cork', render);
    tick(11 * 60_000);
    const stale = await cache.serve('/cork', render);
    expect([stale.state, stale.page?.parts[0].toString()]).toEqual(['stale', '<p>render 1</p>']);
    await new Promise((r) => setTimeout(r, 10));
    const fresh = await cache.serve('/cork', render);
    expect([fresh.state, fresh.page?.parts[0].toString()]).toEqual(['hit', '<p>render 2</p>']);
  });

  it('keeps neither server errors nor answers marked as not to be shared', async () => {
    const { cache } = cacheFor();
    await cache.serve('/error', async () => pageOf('oops', 500));
    expect((await cache.serve('/error', async () => pageOf('oops', 500))).state).toBe('miss');
    await cache.serve('/cookie', async () => ({ ...pageOf('mine'), cacheable: false }));
    expect((await cache.serve('/cookie', async () => pageOf('mine'))).state).toBe('miss');
    expect(cache.size.pages).toBe(1);
  });

  it('keeps at most maxBytes, the least recently used going first', async () => {
    const { cache } = cacheFor({ maxBytes: 2000 });
    const page = async () => pageOf('x'.repeat(100));
    const keys = 'abcdefghijklmnop'.split('').map((c) => `/${c}`);
    for (const key of keys) await cache.serve(key, page);
    expect(cache.size.bytes).toBeLessThanOrEqual(2000);
    expect(cache.size.pages).toBeLessThan(keys.length);
    expect((await cache.serve('/p', page)).state).toBe('hit');
    expect((await cache.serve('/a', page)).state).toBe('miss');
    expect((await cache.serve('/p', page)).state).toBe('hit');
    // Larger than an eighth of the bound: answered, not kept.
    await cache.serve('/big', async () => pageOf('x'.repeat(300)));
    expect((await cache.serve('/big', page)).state).toBe('miss');
  });

  it('shares nothing until a data version is known', async () => {
    const cache = new PageCache({ maxBytes: 1000, checkMs: 500, readVersion: () => Promise.reject(new Error('API down')) });
    expect((await cache.serve('/a', async () => pageOf('a'))).state).toBe('bypass');
    expect(cache.size.pages).toBe(0);
  });
});

describe('the settings of the page cache and the site processes', () => {
  it('keeps pages by default but in development, one process in development and tests, every core in production', () => {
    const config = loadSiteConfig({}, { cores: 8 });
    expect(config.pageCache).toEqual({ enabled: true, maxBytes: 64 * 1024 * 1024, checkMs: 500 });
    expect(config.workers).toBe(8);
    expect(loadSiteConfig({}, { dev: true, cores: 8 })).toMatchObject({ workers: 1, pageCache: { enabled: false } });
    expect(loadSiteConfig({}, { test: true, cores: 8 }).workers).toBe(1);
    expect(loadSiteConfig({ SITE_WORKERS: '3', PAGE_CACHE: 'off', PAGE_CACHE_MB: '16', PAGE_CACHE_CHECK_MS: '250' }, { test: true })).toMatchObject({
      workers: 3,
      pageCache: { enabled: false, maxBytes: 16 * 1024 * 1024, checkMs: 250 },
    });
  });

  it('names bad values', () => {
    expect(() => loadSiteConfig({ SITE_WORKERS: '0', PAGE_CACHE: 'sometimes', PAGE_CACHE_MB: '-1', PAGE_CACHE_CHECK_MS: '10' })).toThrow(
      [
        "SITE_WORKERS must be a whole number from 1 to 64 (got '0')",
        "PAGE_CACHE must be true or false (got 'sometimes')",
        "PAGE_CACHE_MB must be a whole number from 1 to 4096 (got '-1')",
        "PAGE_CACHE_CHECK_MS must be a whole number from 50 to 60000 (got '10')",
      ].join('\n  - '),
    );
  });
});
