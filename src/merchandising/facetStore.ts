/**
 * The facet configuration in Elasticsearch, one document per market. The storefront reads it per query
 * through a short cache (cachedDocuments.ts: every API process sees an import within STORE_CACHE_MS; the
 * importing process at once).
 */
import type { BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import type { MarketFacets } from './facets/types';
import { MarketDocuments } from './cachedDocuments';

interface FacetDocument extends MarketFacets {
  market: string;
  updatedAt: string;
}

export class FacetStore extends MarketDocuments<MarketFacets> {
  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(documents: DocumentIndex, index: string, bulk: BulkOptions, cacheMs: number) {
    super(documents, index, bulk, cacheMs, 'facets');
  }

  /** The market's configuration, undefined when it has none (the service's defaults apply). */
  async market(market: string): Promise<MarketFacets | undefined> {
    const all = await this.all();
    return Object.hasOwn(all.markets, market) ? all.markets[market] : undefined;
  }

  protected document(market: string, m: MarketFacets, updatedAt: string): FacetDocument {
    return { market, ...m, updatedAt };
  }

  protected value(document: Record<string, unknown>): MarketFacets {
    const doc = document as unknown as FacetDocument;
    return { facets: doc.facets, ...(doc.dynamicFacets !== undefined ? { dynamicFacets: doc.dynamicFacets } : {}) };
  }
}
