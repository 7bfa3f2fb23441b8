/**
 * The label overrides in Elasticsearch, one document per market. Read like the facet configuration
 * (cachedDocuments.ts): through a short cache, so every API process sees an import within STORE_CACHE_MS
 * and the importing process at once.
 */
import type { BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import type { LabelConfiguration } from './labelConfiguration';
import { MarketDocuments } from './cachedDocuments';

type MarketLabels = LabelConfiguration['markets'][string];
interface LabelDocument {
  market: string;
  locales: MarketLabels;
  updatedAt: string;
}

export class LabelStore extends MarketDocuments<MarketLabels> {
  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(documents: DocumentIndex, index: string, bulk: BulkOptions, cacheMs: number) {
    super(documents, index, bulk, cacheMs, 'labels');
  }

  protected document(market: string, locales: MarketLabels, updatedAt: string): LabelDocument {
    return { market, locales, updatedAt };
  }

  protected value(document: Record<string, unknown>): MarketLabels {
    return (document as unknown as LabelDocument).locales;
  }
}
