import { SITEMAP_MAX_AGE_MS, SitemapCache } from '../server/seo.js';

/** A sitemap cache on a clock and a data version the test moves; each build answers "built N" and is counted. */
function cacheFor() {
  let clock = 0;
  let version: string | Error = 'v1';
  let builds = 0;
  let failBuilds = false;
  const cache = new SitemapCache(
    async () => {
      builds++;
      if (failBuilds) throw new Error('API down');
      return `built ${builds}`;
    },
    async () => {
      if (version instanceof Error) throw version;
      return version;
    },
    () => clock,
  );
  return {
    cache,
    tick: (ms: number) => void (clock += ms),
    setVersion: (v: string | Error) => void (version = v),
    failBuilds: (fail: boolean) => void (failBuilds = fail),
    builds: () => builds,
  };
}

describe('the sitemap cache (server/seo.ts)', () => {
  it('builds once for requests at the same data version, however long apart within 10 minutes, and at once when the version moves', async () => {
    const c = cacheFor();
    expect(await Promise.all([c.cache.get(), c.cache.get()])).toEqual(['built 1', 'built 1']);
    c.tick(SITEMAP_MAX_AGE_MS - 1);
    expect(await c.cache.get()).toBe('built 1');
    // A listing published: the very next request waits for a sitemap built after it.
    c.setVersion('v2');
    expect(await c.cache.get()).toBe('built 2');
    expect(c.builds()).toBe(2);
  });

  it('answers a sitemap older than 10 minutes at once and rebuilds it behind', async () => {
    const c = cacheFor();
    await c.cache.get();
    c.tick(SITEMAP_MAX_AGE_MS);
    expect(await c.cache.get()).toBe('built 1');
    await new Promise((r) => setImmediate(r));
    expect(await c.cache.get()).toBe('built 2');
  });

  it('answers the last sitemap built while the API cannot be asked or a rebuild fails, and fails only with none built', async () => {
    const c = cacheFor();
    c.failBuilds(true);
    await expect(c.cache.get()).rejects.toThrow('API down');
    c.failBuilds(false);
    expect(await c.cache.get()).toBe('built 2');
    c.setVersion(new Error('ECONNREFUSED'));
    expect(await c.cache.get()).toBe('built 2');
    c.setVersion('v2');
    c.failBuilds(true);
    expect(await c.cache.get()).toBe('built 2');
    // Not kept as v2: the next request at v2 tries again.
    c.failBuilds(false);
    expect(await c.cache.get()).toBe('built 4');
  });
});
