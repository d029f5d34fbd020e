import { TtlCache } from './ttl-cache';

/** A load the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A load that counts its calls and answers 1, 2, 3... */
function counter() {
  const load = async () => ++load.calls;
  load.calls = 0;
  return load;
}

const flush = () => new Promise<void>((r) => setImmediate(r));

describe(TtlCache.name, () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'], now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());
  const later = (ms: number) => jest.setSystemTime(Date.now() + ms);

  it('reuses a value until ttlMs after its load finished, then loads again', async () => {
    const cache = new TtlCache<number>(1000);
    const load = counter();
    expect(await cache.get('k', load)).toBe(1);
    later(999);
    expect(await cache.get('k', load)).toBe(1);
    later(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load among the callers that ask while it runs, however long it takes', async () => {
    const cache = new TtlCache<string>(1000);
    const slow = deferred<string>();
    let loads = 0;
    const load = () => (loads++, slow.promise);
    const first = cache.get('k', load);
    later(5000);
    const second = cache.get('k', load);
    slow.resolve('v');
    expect(await Promise.all([first, second])).toEqual(['v', 'v']);
    expect(loads).toBe(1);
    later(999);
    expect(await cache.get('k', load)).toBe('v');
  });

  it('hands a failed load to the callers waiting for it, then forgets it', async () => {
    const cache = new TtlCache<number>(10_000);
    const failing = deferred<number>();
    const both = [cache.get('k', () => failing.promise), cache.get('k', () => failing.promise)];
    failing.reject(new Error('down'));
    for (const p of both) await expect(p).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('keeps only the values that keep accepts, sharing the others with the callers already waiting', async () => {
    const cache = new TtlCache<{ status: number }>(10_000, { keep: (a) => a.status === 200 });
    const refused = deferred<{ status: number }>();
    const both = [cache.get('k', () => refused.promise), cache.get('k', () => refused.promise)];
    refused.resolve({ status: 503 });
    expect(await Promise.all(both)).toEqual([{ status: 503 }, { status: 503 }]);
    expect(await cache.get('k', async () => ({ status: 200 }))).toEqual({ status: 200 });
    expect(await cache.get('k', async () => ({ status: 500 }))).toEqual({ status: 200 });
  });

  it('drops the oldest key beyond maxEntries', async () => {
    const cache = new TtlCache<string>(10_000, { maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  describe('with staleMs (stale-while-revalidate)', () => {
    it('answers an expired value at once while one reload runs, then the reloaded value', async () => {
      const cache = new TtlCache<number>(1000, { staleMs: 5000 });
      const load = counter();
      await cache.get('k', load);
      later(1000);
      const reload = deferred<number>();
      let reloads = 0;
      const slow = () => (reloads++, reload.promise);
      expect(await cache.get('k', slow)).toBe(1);
      expect(await cache.get('k', slow)).toBe(1);
      expect(reloads).toBe(1);
      reload.resolve(2);
      await flush();
      expect(await cache.get('k', slow)).toBe(2);
      expect(reloads).toBe(1);
    });

    it('keeps the stale value when the reload fails, and tries again on the next call', async () => {
      const cache = new TtlCache<number>(1000, { staleMs: 5000 });
      await cache.get('k', async () => 1);
      later(1000);
      expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe(1);
      await flush();
      const load = counter();
      expect(await cache.get('k', async () => 10 + (await load()))).toBe(1);
      await flush();
      expect(load.calls).toBe(1);
      expect(await cache.get('k', load)).toBe(11);
    });

    it('makes callers wait for a fresh load once the stale window has passed', async () => {
      const cache = new TtlCache<number>(1000, { staleMs: 5000 });
      await cache.get('k', async () => 1);
      later(6000);
      expect(await cache.get('k', async () => 2)).toBe(2);
    });
  });
});
