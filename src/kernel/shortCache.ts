/**
 * One value of a store (facets, labels, synonyms, templates, compounds, vocabulary, the catalog view) held in
 * the service's cache (cache.ts) under one key: readers within `ttlMs` share it, `fresh` reads what is stored
 * now (imports, before they write), `clear` and `set` are the importing process forgetting
 * at once or keeping what it wrote.
 *
 * Every store is read by almost every storefront request, so a reload inside a request is a round trip a
 * shopper waits for (issue 41: autocomplete at 1.10 round trips at first sight). A read of a value past
 * REFRESH_AHEAD_SHARE of the TTL reloads it in the background (`background`: outside the request's count):
 * under steady traffic no request waits for a store, and no value served is older than the TTL.
 */
import { Cache } from './cache';

const ONE = '';

/** Share of the TTL from which a read starts the background reload: one reload per 3/4 TTL while read. */
export const REFRESH_AHEAD_SHARE = 0.75;

export interface ShortCacheOptions {
  /** The `cache` label of its reads in the metrics. */
  name?: string;
  /** Runs the background reload (the search layer's `untimed`: no request's work). */
  background?: <V>(load: () => Promise<V>) => Promise<V>;
  clock?: () => number;
}

export class ShortCache<T> {
  private readonly cache: Cache<T>;

  constructor(
    ttlMs: number,
    private readonly load: () => Promise<T>,
    options: ShortCacheOptions = {},
  ) {
    this.cache = new Cache<T>({
      ttlMs,
      refreshAheadMs: ttlMs * REFRESH_AHEAD_SHARE,
      ...(options.name ? { name: options.name } : {}),
      ...(options.background ? { background: options.background } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
  }

  /** The cached value while younger than the TTL, else a new load; `fresh` always loads. */
  get(fresh = false): Promise<T> {
    return this.cache.get(ONE, this.load, fresh ? { maxAgeMs: 0 } : {});
  }

  /** Keeps `value` as read now (what this process has just written). */
  set(value: T): void {
    this.cache.set(ONE, value);
  }

  clear(): void {
    this.cache.forget();
  }
}
