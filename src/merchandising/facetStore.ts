/**
 * The facet configuration in Elasticsearch, one document per market. The storefront reads it per query
 * through a short cache (every API process sees an import within STORE_CACHE_MS; the importing process
 * at once).
 */
import type { BulkOptions, MerchandisingIndex } from './indices';
import type { FacetConfiguration, MarketFacets } from './facets/types';
import { ShortCache } from '../kernel/shortCache';

interface FacetDocument extends MarketFacets { market: string; updatedAt: string }

export class FacetStore {
  private readonly cache: ShortCache<FacetConfiguration>;

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(private readonly index: MerchandisingIndex, private readonly bulk: BulkOptions, cacheMs: number) {
    this.cache = new ShortCache(cacheMs, () => this.load(), 'facets');
  }

  /** The market's configuration, undefined when it has none (the service's defaults apply). */
  async market(market: string): Promise<MarketFacets | undefined> {
    const all = await this.all();
    return Object.hasOwn(all.markets, market) ? all.markets[market] : undefined;
  }

  /** Every market's configuration; `fresh` bypasses the cache. */
  all(fresh = false): Promise<FacetConfiguration> {
    return this.cache.get(fresh);
  }

  /** Replaces the whole configuration: markets not in `next` go back to the defaults. */
  async replace(next: FacetConfiguration): Promise<void> {
    const current = await this.all(true);
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await this.index.write({
      index: Object.entries(next.markets).map(([market, m]) => ({ id: market, document: { market, ...m, updatedAt } satisfies FacetDocument })),
      delete: Object.keys(current.markets).filter((market) => !Object.hasOwn(next.markets, market)),
    }, this.bulk);
    this.cache.clear();
  }

  private async load(): Promise<FacetConfiguration> {
    const markets: Record<string, MarketFacets> = {};
    for await (const doc of this.index.scan<FacetDocument>({ match_all: {} }, [{ market: 'asc' }])) {
      markets[doc.market] = { facets: doc.facets, ...(doc.dynamicFacets !== undefined ? { dynamicFacets: doc.dynamicFacets } : {}) };
    }
    return { markets };
  }
}
