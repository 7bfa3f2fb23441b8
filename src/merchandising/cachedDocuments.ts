/**
 * A merchandising resource kept as one document per key (a market, a template id) and read whole through a
 * short cache, so every API process sees an import within STORE_CACHE_MS and the importing process at once.
 * The facet, label and template stores differ only in their documents; the cache and the writes are here.
 */
import { sourcesOf, writeChange, type BulkChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';

export abstract class CachedDocuments<All> {
  private readonly cache: ShortCache<All>;

  /** `cacheMs`: STORE_CACHE_MS; `name` names the cache in metrics. */
  constructor(
    protected readonly documents: DocumentIndex,
    protected readonly index: string,
    private readonly bulk: BulkOptions,
    cacheMs: number,
    name: string,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.load(), { name, background: untimed });
  }

  /** The whole resource; `fresh` bypasses the cache. */
  all(fresh = false): Promise<All> {
    return this.cache.get(fresh);
  }

  /** Every stored document read back into the whole resource. */
  protected abstract load(): Promise<All>;

  /** Writes and deletes by id; the cache is cleared before and after, so no read in between keeps the old whole. */
  protected async write(change: BulkChange): Promise<void> {
    this.cache.clear();
    await writeChange(this.documents, this.index, change, this.bulk);
    this.cache.clear();
  }
}

/** A resource of one document per market (`{"markets": {...}}`), replaced whole by each import. */
export abstract class MarketDocuments<Market> extends CachedDocuments<{ markets: Record<string, Market> }> {
  /** The stored document of one market's part. */
  protected abstract document(market: string, value: Market, updatedAt: string): object;
  /** One market's part of a stored document. */
  protected abstract value(document: Record<string, unknown>): Market;

  /** Replaces every market's part: markets not in `next` go back to the defaults. */
  async replace(next: { markets: Record<string, Market> }): Promise<void> {
    const current = await this.all(true);
    const updatedAt = new Date().toISOString();
    await this.write({
      index: Object.entries(next.markets).map(([market, value]) => ({ id: market, document: this.document(market, value, updatedAt) })),
      delete: Object.keys(current.markets).filter((market) => !Object.hasOwn(next.markets, market)),
    });
  }

  protected async load(): Promise<{ markets: Record<string, Market> }> {
    const markets: Record<string, Market> = {};
    for await (const doc of sourcesOf<Record<string, unknown> & { market: string }>(this.documents, this.index, { match_all: {} }, [{ market: 'asc' }]))
      markets[doc.market] = this.value(doc);
    return { markets };
  }
}
