export interface TtlCacheOptions<V> {
  /** Beyond this many keys the oldest goes first. */
  maxEntries?: number;
  /**
   * Stale-while-revalidate: for this long after a value expires it is still answered at once while one reload
   * runs in the background, and replaced when the reload succeeds (0: callers wait for the reload).
   */
  staleMs?: number;
  /** Whether a loaded value may be kept: one that may not is handed to the callers waiting for it, then forgotten. */
  keep?: (value: V) => boolean;
}

interface Entry<V> {
  value: Promise<V>;
  /** Infinity while the load runs: an answer on its way is always shared. */
  expires: number;
  reloading: boolean;
}

/**
 * A small in-process cache for answers that may be a little old (counts, the taxonomy, who holds an access token,
 * the sitemap). Callers asking for a key while its load runs share that one load; a value is kept ttlMs from when
 * its load finished; a failed load (rejected, or refused by keep) is not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly maxEntries: number;
  private readonly staleMs: number;
  private readonly keep: (value: V) => boolean;

  constructor(
    private readonly ttlMs: number,
    options: TtlCacheOptions<V> = {},
  ) {
    this.maxEntries = options.maxEntries ?? 500;
    this.staleMs = options.staleMs ?? 0;
    this.keep = options.keep ?? (() => true);
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now < hit.expires) return hit.value;
    if (hit && now < hit.expires + this.staleMs) {
      if (!hit.reloading) this.reload(key, hit, load);
      return hit.value;
    }
    const entry: Entry<V> = { value: load(), expires: Infinity, reloading: false };
    this.store(key, entry);
    entry.value.then(
      (v) => (this.keep(v) ? (entry.expires = Date.now() + this.ttlMs) : this.forget(key, entry)),
      () => this.forget(key, entry),
    );
    return entry.value;
  }

  /** Forgets every value, so the next get of each key loads it afresh (after a write that changes them). */
  clear(): void {
    this.entries.clear();
  }

  /** Loads a stale key again in the background; its old value stays until the new one is good. */
  private reload(key: string, stale: Entry<V>, load: () => Promise<V>): void {
    stale.reloading = true;
    const value = load();
    const done = () => (stale.reloading = false);
    value.then((v) => (this.keep(v) ? this.store(key, { value, expires: Date.now() + this.ttlMs, reloading: false }) : done()), done);
  }

  private store(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops a key's entry unless a newer one has replaced it meanwhile. */
  private forget(key: string, entry: Entry<V>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
