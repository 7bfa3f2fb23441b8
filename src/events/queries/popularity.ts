/**
 * Popularity per product: a time-decayed sum of behaviour, without scripts (the server has no painless).
 *
 * A composite aggregation walks (market, productKey, day, type) buckets of the last `windowDays`; each
 * bucket adds `weight(type) × events × 0.5^(age / halfLife)`, the age taken at the middle of its UTC day.
 * Weights: views 1, clicks 2, add-to-cart 5, purchases 10 (POPULARITY_WEIGHTS). The composite pages keep
 * the bucket count per response bounded however large the catalog.
 */
import type { estypes } from '@elastic/elasticsearch';
import { DAY_MS, exists, ofTypes, readCompositePage, since, type QueryScope } from './common';
import { decay, POPULARITY_TYPES, POPULARITY_WEIGHTS, type PopularityEventType } from './weights';

export interface PopularityWindow {
  windowDays: number;
  halfLifeDays: number;
}
export type CompositeKey = Record<string, string | number>;
export interface PopularityBucket {
  key: { market: string; productKey: string; day: number; type: string };
  doc_count: number;
}

export const POPULARITY_PAGE = 5000;
const AGG = 'products';

export function popularitySearch(window: PopularityWindow, scope: Pick<QueryScope, 'index' | 'now'>, after?: CompositeKey): estypes.SearchRequest {
  return {
    index: scope.index,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: 0,
    track_total_hits: false,
    query: { bool: { filter: [ofTypes(...POPULARITY_TYPES), since(scope.now, window.windowDays), exists('productKey')] } },
    aggs: {
      [AGG]: {
        composite: {
          size: POPULARITY_PAGE,
          sources: [
            { market: { terms: { field: 'market' } } },
            { productKey: { terms: { field: 'productKey' } } },
            { day: { date_histogram: { field: '@timestamp', fixed_interval: '1d' } } },
            { type: { terms: { field: 'type' } } },
          ],
          ...(after ? { after } : {}),
        },
      },
    },
  };
}

/** Buckets of one page and the key to continue after (undefined on the last page). */
export const readPopularityPage = (response: estypes.SearchResponse<unknown>) => readCompositePage<PopularityBucket, CompositeKey>(response, AGG);

/** Adds one page of buckets into `scores` (key `market|productKey`). */
export function accumulatePopularity(scores: Map<string, number>, buckets: PopularityBucket[], now: Date, halfLifeDays: number): void {
  for (const b of buckets) {
    const weight = POPULARITY_WEIGHTS[b.key.type as PopularityEventType] ?? 0;
    if (!weight) continue;
    const ageDays = (now.getTime() - (b.key.day + DAY_MS / 2)) / DAY_MS;
    const id = popularityId(b.key.market, b.key.productKey);
    scores.set(id, (scores.get(id) ?? 0) + weight * b.doc_count * decay(ageDays, halfLifeDays));
  }
}

export const popularityId = (market: string, productKey: string) => `${market}|${productKey}`;

export function splitPopularityId(id: string): { market: string; productKey: string } {
  const i = id.indexOf('|');
  return { market: id.slice(0, i), productKey: id.slice(i + 1) };
}
