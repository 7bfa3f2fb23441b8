/**
 * The visitor's affinity: top brands and categories (category ids, locale-independent) weighted by the
 * kind of interaction (AFFINITY_WEIGHTS), and the typical price level (quartiles of the prices of the
 * products they interacted with). Brand, category and price are copied into events when they are written.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, FEW_EVENTS_TERMS, ofTypes, type QueryScope, since, term } from './common';
import { AFFINITY_TYPES, AFFINITY_WEIGHTS } from './weights';

export interface AffinityInput {
  market: string;
  customerKey: string;
}
export interface Scored {
  value: string;
  score: number;
}
export interface Affinity {
  brands: Scored[];
  categories: Scored[];
  /** Quartiles of the prices seen; absent without priced events. */
  price?: { p25: number; median: number; p75: number };
  /** Events the affinity is based on. */
  events: number;
}

export const AFFINITY_TOP = 10;
const AGG = { brands: 'brands', categories: 'categories', types: 'types', price: 'price' } as const;

export function affinitySearch(input: AffinityInput, scope: QueryScope): estypes.SearchRequest {
  const byType = { [AGG.types]: { terms: { field: 'type', size: AFFINITY_TYPES.length, ...FEW_EVENTS_TERMS } } };
  return {
    ...aggregationsOnly(
      scope,
      {
        bool: {
          filter: [term('market', input.market), term('customerKey', input.customerKey), ofTypes(...AFFINITY_TYPES), since(scope.now, scope.historyDays)],
        },
      },
      {
        [AGG.brands]: { terms: { field: 'brand', size: AFFINITY_TOP * 3, ...FEW_EVENTS_TERMS }, aggs: byType },
        [AGG.categories]: { terms: { field: 'categoryIds', size: AFFINITY_TOP * 3, ...FEW_EVENTS_TERMS }, aggs: byType },
        [AGG.price]: { percentiles: { field: 'price', percents: [25, 50, 75] } },
      },
    ),
    track_total_hits: true,
  };
}

export function readAffinity(response: estypes.SearchResponse<unknown>): Affinity {
  const aggs = aggregationsOf(response);
  const scored = (agg: unknown): Scored[] =>
    bucketsOf(agg)
      .map((b) => ({
        value: b.key,
        score: bucketsOf(b[AGG.types]).reduce((s, t) => s + (AFFINITY_WEIGHTS[t.key as keyof typeof AFFINITY_WEIGHTS] ?? 0) * t.doc_count, 0),
      }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.value.localeCompare(b.value))
      .slice(0, AFFINITY_TOP);
  const q = (aggs[AGG.price] as { values?: Record<string, number | null> } | undefined)?.values ?? {};
  const [p25, median, p75] = ['25.0', '50.0', '75.0'].map((k) => q[k]);
  const total = response.hits.total;
  return {
    brands: scored(aggs[AGG.brands]),
    categories: scored(aggs[AGG.categories]),
    ...(typeof median === 'number' && typeof p25 === 'number' && typeof p75 === 'number' ? { price: { p25, median, p75 } } : {}),
    events: typeof total === 'number' ? total : (total?.value ?? 0),
  };
}
