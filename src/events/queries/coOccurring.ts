/**
 * Products added to cart or bought in the same sessions as `keys` (product or variant keys): the
 * "bought together" signal of CART, ADD_TO_CART_RECS and STYLE_WITH.
 *
 * Storefront queries read it from the co-occurrence index the job writes (baskets.ts scores each
 * product's related products; ../coOccurrenceJob.ts stores them), one search for every key of a list:
 * the events index, busy with writes, is not asked. With several keys (a cart), a product's score and
 * shared baskets are summed over the keys it goes with, and the keys' own products are left out.
 */
import type { estypes } from '@elastic/elasticsearch';
import { byScore, round, type CoOccurrenceEntry, type CoOccurringProduct } from './baskets';

export type { CoOccurringProduct } from './baskets';

export interface CoOccurringInput {
  market: string;
  keys: string[];
  limit?: number;
}

export const CO_OCCURRING_LIMIT = 20;

export type CoOccurrenceHit = Pick<CoOccurrenceEntry, 'productKey' | 'related'>;

/** The entries of the keys' products (a key matches its product's key or one of its variant keys). */
export function coOccurrenceSearch(input: CoOccurringInput, index: string): estypes.SearchRequest {
  return {
    index,
    ignore_unavailable: true,
    allow_no_indices: true,
    track_total_hits: false,
    // The index changes only when the job publishes a new one, so repeated questions are cached.
    request_cache: true,
    size: input.keys.length,
    query: {
      bool: {
        filter: [
          { term: { market: input.market } },
          { bool: { should: [{ terms: { productKey: input.keys } }, { terms: { variantKeys: input.keys } }], minimum_should_match: 1 } },
        ],
      },
    },
    _source: ['productKey', 'related'],
  };
}

/** Sums the entries' related products, leaves the keys' own products out, best first. Pure. */
export function mergeCoOccurring(entries: readonly CoOccurrenceHit[], input: CoOccurringInput): CoOccurringProduct[] {
  const excluded = new Set([...input.keys, ...entries.map((e) => e.productKey)]);
  const merged = new Map<string, CoOccurringProduct>();
  for (const entry of entries) {
    for (const r of entry.related) {
      if (excluded.has(r.productKey)) continue;
      const m = merged.get(r.productKey);
      if (m) {
        m.score = round(m.score + r.score);
        m.sessions += r.sessions;
      } else merged.set(r.productKey, { ...r });
    }
  }
  return [...merged.values()].sort(byScore).slice(0, input.limit ?? CO_OCCURRING_LIMIT);
}

export function readCoOccurrence(response: estypes.SearchResponse<CoOccurrenceHit>): CoOccurrenceHit[] {
  return response.hits.hits.flatMap((h) => (h._source ? [h._source] : []));
}
