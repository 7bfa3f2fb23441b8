/**
 * One value loaded from Elasticsearch and kept for a short time: what the merchandising stores read per query
 * (facets, labels, synonyms), so that every API process sees an import within `ttlMs` and the importing
 * process at once (it clears the cache). Concurrent readers share one load; a failed load is forgotten.
 * A named cache counts its reads made while serving a request as hits or misses (GET /metrics).
 */
import { currentRequest } from './requestContext';

export class ShortCache<T> {
  private cached?: { at: number; value: Promise<T> };

  constructor(private readonly ttlMs: number, private readonly load: () => Promise<T>, private readonly name?: string) {}

  /** The cached value while younger than the TTL, else a new load; `fresh` always loads. */
  get(fresh = false): Promise<T> {
    const hit = !fresh && !!this.cached && Date.now() - this.cached.at < this.ttlMs;
    if (this.name) currentRequest()?.cacheRead?.(this.name, hit);
    if (hit) return this.cached!.value;
    const value = this.load();
    this.cached = { at: Date.now(), value };
    value.catch(() => { if (this.cached?.value === value) this.cached = undefined; });
    return value;
  }

  clear(): void {
    this.cached = undefined;
  }
}
