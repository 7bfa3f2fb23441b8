/**
 * Pins as query scores (pure), shared by landing-page's pinned products and search-page's phrase rules.
 */
import type { estypes } from '@elastic/elasticsearch';

type Query = estypes.QueryDslQueryContainer;

/**
 * Score added to the i-th of n pins: (n - i) × PIN_WEIGHT. Far above any listing score (relevance × the
 * stock tier stays below 1e12), so pins come first, in their order, whatever their stock.
 */
export const PIN_WEIGHT = 1e15;

/** Adds the pin scores on top of a listing query; products that are not pinned keep their order. */
export function pinnedFirst(query: Query, pins: string[]): Query {
  if (pins.length === 0) return query;
  return {
    function_score: {
      query,
      functions: pins.map((key, i) => ({ filter: { term: { productKey: key } }, weight: (pins.length - i) * PIN_WEIGHT })),
      score_mode: 'first',
      boost_mode: 'sum',
    },
  };
}
