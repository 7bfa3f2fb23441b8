/**
 * One value of a store (facets, labels, synonyms, templates, compounds, vocabulary, the catalog view) held in
 * the service's cache (cache.ts) under one key: readers within `ttlMs` share it, `fresh` reads what is stored
 * now (imports, before they write), `clear` and `set` are the importing process forgetting
 * at once or keeping what it wrote.
 */
import { Cache } from './cache';

const ONE = '';

export class ShortCache<T> {
  private readonly cache: Cache<T>;

  constructor(
    ttlMs: number,
    private readonly load: () => Promise<T>,
    name?: string,
    clock?: () => number,
  ) {
    this.cache = new Cache<T>({ ttlMs, name, clock });
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
