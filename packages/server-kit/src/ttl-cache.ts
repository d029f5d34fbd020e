import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions<V> {
  /** Beyond this many keys the least recently used goes first. */
  maxEntries?: number;
  /**
   * Stale-while-revalidate: for this long after a value expires it is still answered at once while one reload
   * runs in the background, and replaced when the reload succeeds (0: callers wait for the reload).
   */
  staleMs?: number;
  /** Whether a loaded value may be kept: one that may not is handed to the callers waiting for it, then forgotten. */
  keep?: (value: V) => boolean;
}

/** A value kept, with the promise every hit answers (made once, so a hit allocates nothing). */
interface Kept<V> {
  answer: Promise<V>;
}

/** A loaded value keep() refused: it travels to the waiting callers as a rejection, which the cache never keeps. */
class Refused<V> {
  constructor(readonly value: V) {}
}

/**
 * The options of a hit: a fresh value only, and a stale one left in place for the reload (one shared object, so a
 * hit allocates nothing; lru-cache writes its `status` field back, which is never read).
 */
const FRESH = { allowStale: false, noDeleteOnStaleGet: true };

/**
 * A small in-process cache for answers that may be a little old (counts, the taxonomy, who holds an access token,
 * the sitemap), on lru-cache: callers asking for a key while its load runs share that one load (its fetch); a value
 * is kept ttlMs from when its load finished; a failed load (rejected, or refused by keep) is not kept, and a stale
 * value it was replacing stays.
 */
export class TtlCache<V> {
  private readonly cache: LRUCache<string, Kept<V>, () => Promise<V>>;
  private readonly staleMs: number;

  constructor(ttlMs: number, options: TtlCacheOptions<V> = {}) {
    this.staleMs = options.staleMs ?? 0;
    const keep = options.keep ?? (() => true);
    this.cache = new LRUCache<string, Kept<V>, () => Promise<V>>({
      max: options.maxEntries ?? 500,
      // lru-cache holds a value fresh while no older than ttl; here it expires once ttlMs old (whole milliseconds).
      ttl: Math.max(1, ttlMs - 1),
      // Date.now read on each check: the default caches it behind a timer per millisecond.
      ttlResolution: 0,
      perf: Date,
      // A failed reload leaves the stale value it was replacing (tried again on the next call); with none, the key
      // is forgotten and its callers get the failure.
      noDeleteOnFetchRejection: true,
      // clear() during a load: its callers still get its value, which is not kept (it may be older than the write).
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context: load }) => {
        const value = await load();
        if (!keep(value)) throw new Refused(value);
        return { answer: Promise.resolve(value) };
      },
    });
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.cache.get(key, FRESH);
    return kept ? kept.answer : this.load(key, load);
  }

  /** Forgets every value, so the next get of each key loads it afresh (after a write that changes them). */
  clear(): void {
    this.cache.clear();
  }

  /** A key not fresh: its load under way, a new one, or (within staleMs of expiring) its stale value while one reloads. */
  private async load(key: string, load: () => Promise<V>): Promise<V> {
    // Less than ttlMs + staleMs old (the remaining TTL counts from ttlMs - 1, see the constructor).
    const allowStale = this.staleMs > 0 && this.cache.getRemainingTTL(key) > -1 - this.staleMs;
    try {
      return (await this.cache.fetch(key, { context: load, allowStale }))!.answer;
    } catch (err) {
      if (err instanceof Refused) return err.value as V;
      throw err;
    }
  }
}
