/**
 * Multi-select faceting: selections filter the hits through `post_filter`, and each facet is aggregated
 * inside a filter aggregation applying every OTHER selection, so a facet's own values keep their counts
 * while the visitor picks several of them.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { groupCountAggregation, readGroupCount } from '../groupCount';
import type { FacetResult } from '../responseTypes';
import type { Selections } from './selections';
import type { AggResults, Aggs, Facet } from './types';

export function selectionFilters(facets: Facet[], selections: Selections, except?: string): estypes.QueryDslQueryContainer[] {
  return facets.filter((f) => f.id !== except && selections.has(f.id)).map((f) => f.filter(selections.get(f.id)!));
}

const all = (filters: estypes.QueryDslQueryContainer[]): estypes.QueryDslQueryContainer => (filters.length ? { bool: { filter: filters } } : { match_all: {} });

/** The `post_filter` for the hits: every selection; undefined when nothing is selected. */
export function postFilter(facets: Facet[], selections: Selections): estypes.QueryDslQueryContainer | undefined {
  const filters = selectionFilters(facets, selections);
  return filters.length ? all(filters) : undefined;
}

/**
 * One wrapper aggregation per facet. `collapse` (the market has groups that suppress duplicates): every
 * value is counted in product groups, as `totalHits` counts what selecting it gives, not in products.
 */
export function facetAggregations(facets: Facet[], selections: Selections, collapse = false): Aggs {
  const aggs: Aggs = {};
  for (const f of facets) {
    aggs[AGG.facet(f.id)] = { filter: all(selectionFilters(facets, selections, f.id)), aggs: collapse ? countingGroups(f.aggregations()) : f.aggregations() };
  }
  return aggs;
}

/** Distinct groups counted exactly up to this many per value (more costs memory per bucket for no visible gain). */
const FACET_GROUP_PRECISION = 3_000;

/**
 * The facet's aggregations with a product-group count (groupCount.ts) in every bucket that counts products:
 * terms, filter and missing buckets, and reverse_nested ones (back at product level); none inside `nested`,
 * where the collapse key is out of reach. The facet kinds stay unaware: shapeFacets reads the counts back.
 */
export function countingGroups(aggs: Aggs, inNested = false): Aggs {
  const out: Aggs = {};
  for (const [name, agg] of Object.entries(aggs)) {
    const nested = agg.nested ? true : agg.reverse_nested ? false : inNested;
    const counts = !nested && (agg.terms !== undefined || agg.filter !== undefined || agg.missing !== undefined || agg.reverse_nested !== undefined);
    const inner = agg.aggs ? countingGroups(agg.aggs as Aggs, nested) : undefined;
    out[name] = counts || inner ? { ...agg, aggs: { ...inner, ...(counts ? groupCountAggregation(FACET_GROUP_PRECISION) : {}) } } : agg;
  }
  return out;
}

/** Aggregation results with each bucket's `doc_count` replaced by its product-group count, where it has one. */
function withGroupCounts(results: unknown): unknown {
  if (Array.isArray(results)) return results.map(withGroupCounts);
  if (typeof results !== 'object' || results === null) return results;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(results)) out[k] = withGroupCounts(v);
  const groups = readGroupCount(results as Record<string, unknown>);
  if (groups !== undefined) out.doc_count = groups;
  return out;
}

/** A filter aggregation applying every selection around `inner` (counts that must match the hits). */
export function underAllSelections(facets: Facet[], selections: Selections, inner: Aggs): estypes.AggregationsAggregationContainer {
  return { filter: all(selectionFilters(facets, selections)), aggs: inner };
}

export function shapeFacets(facets: Facet[], selections: Selections, aggregations: AggResults | undefined): FacetResult[] {
  return facets.flatMap((f) => {
    const wrapper = withGroupCounts(aggregations?.[AGG.facet(f.id)]) as AggResults | undefined;
    const facet = f.shape(wrapper ?? {}, selections.get(f.id));
    return facet ? [facet] : [];
  });
}
