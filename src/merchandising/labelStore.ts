/**
 * The label overrides in Elasticsearch, one document per market. Read like the facet configuration
 * (facetStore.ts): through a short cache, so every API process sees an import within STORE_CACHE_MS and
 * the importing process at once.
 */
import type { BulkOptions, MerchandisingIndex } from './indices';
import type { LabelConfiguration } from './labelConfiguration';
import { ShortCache } from '../kernel/shortCache';

interface LabelDocument { market: string; locales: Record<string, Record<string, string>>; updatedAt: string }

export class LabelStore {
  private readonly cache: ShortCache<LabelConfiguration>;

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(private readonly index: MerchandisingIndex, private readonly bulk: BulkOptions, cacheMs: number) {
    this.cache = new ShortCache(cacheMs, () => this.load(), 'labels');
  }

  /** Every market's overrides; `fresh` bypasses the cache. */
  all(fresh = false): Promise<LabelConfiguration> {
    return this.cache.get(fresh);
  }

  /** Replaces every override: markets not in `next` go back to the built-in texts. */
  async replace(next: LabelConfiguration): Promise<void> {
    const current = await this.all(true);
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await this.index.write({
      index: Object.entries(next.markets).map(([market, locales]) => ({ id: market, document: { market, locales, updatedAt } satisfies LabelDocument })),
      delete: Object.keys(current.markets).filter((market) => !Object.hasOwn(next.markets, market)),
    }, this.bulk);
    this.cache.clear();
  }

  private async load(): Promise<LabelConfiguration> {
    const markets: LabelConfiguration['markets'] = {};
    for await (const doc of this.index.scan<LabelDocument>({ match_all: {} }, [{ market: 'asc' }])) markets[doc.market] = doc.locales;
    return { markets };
  }
}
