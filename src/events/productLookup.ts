/**
 * Product facts by product or variant key, per market, from the live products index: to validate the keys
 * of favourite and purchase notifications, and to copy brand, category and price into events when they are
 * written. One search for a whole batch of keys, then a small LRU cache (found keys only: a key imported a
 * moment ago must not stay unknown). A product removed from the catalog may be accepted for up to the TTL.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { DocumentIndex } from '../search/documents';
import type { ProductDocument } from '../catalog/documentTypes';
import type { ProductFacts } from './events';
import { LruCache } from './lru';

const MAX_KEYS_PER_SEARCH = 5000;

type FactsSource = Pick<ProductDocument, 'productKey' | 'variantKeys' | 'brand' | 'category' | 'categoryIds'> & { price?: { selling?: { min?: number } } };

/** Pure: one search finding the products (one document each) that have any of `keys` as product or variant key. */
export function productLookupSearch(index: string, market: string, keys: string[]): estypes.SearchRequest {
  return {
    index,
    ignore_unavailable: true,
    size: keys.length,
    track_total_hits: false,
    query: {
      bool: {
        filter: [{ term: { market } }, { bool: { should: [{ terms: { productKey: keys } }, { terms: { variantKeys: keys } }], minimum_should_match: 1 } }],
      },
    },
    collapse: { field: 'productKey' },
    sort: [{ locale: 'asc' }],
    _source: ['productKey', 'variantKeys', 'brand', 'category', 'categoryIds', 'price.selling.min'],
  };
}

/** Pure: the facts of each asked key (product keys and variant keys both map to their product). */
export function readProductFacts(response: estypes.SearchResponse<FactsSource>, keys: string[]): Map<string, ProductFacts> {
  const wanted = new Set(keys);
  const found = new Map<string, ProductFacts>();
  for (const hit of response.hits.hits) {
    const s = hit._source;
    if (!s) continue;
    const facts: ProductFacts = {
      productKey: s.productKey,
      category: s.category ?? [],
      categoryIds: s.categoryIds ?? [],
      ...(s.brand ? { brand: s.brand } : {}),
      ...(s.price?.selling?.min !== undefined ? { price: s.price.selling.min } : {}),
    };
    if (wanted.has(s.productKey)) found.set(s.productKey, facts);
    for (const v of s.variantKeys ?? []) if (wanted.has(v)) found.set(v, facts);
  }
  return found;
}

export class ProductLookup {
  private readonly cache: LruCache<ProductFacts>;

  constructor(
    private readonly documents: Pick<DocumentIndex, 'search'>,
    private readonly index: string,
    options: { maxEntries?: number; ttlMs?: number } = {},
  ) {
    this.cache = new LruCache(options.maxEntries ?? 50_000, options.ttlMs ?? 60_000);
  }

  /** Facts of the keys that exist in `market` (product or variant keys); unknown keys are absent. */
  async resolve(market: string, keys: readonly string[]): Promise<Map<string, ProductFacts>> {
    const result = new Map<string, ProductFacts>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const hit = this.cache.get(cacheKey(market, key));
      if (hit) result.set(key, hit);
      else missing.push(key);
    }
    for (let i = 0; i < missing.length; i += MAX_KEYS_PER_SEARCH) {
      const chunk = missing.slice(i, i + MAX_KEYS_PER_SEARCH);
      const response = await this.documents.search<FactsSource>(productLookupSearch(this.index, market, chunk));
      for (const [key, facts] of readProductFacts(response, chunk)) {
        this.cache.set(cacheKey(market, key), facts);
        result.set(key, facts);
      }
    }
    return result;
  }
}

const cacheKey = (market: string, key: string) => `${market}\u0000${key}`;
