/**
 * Multi-select faceting: selections filter the hits through `post_filter`, and each facet is aggregated
 * inside a filter aggregation applying every OTHER selection, so a facet's own values keep their counts
 * while the visitor picks several of them.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import type { FacetResult } from '../responseTypes';
import type { Selections } from './selections';
import type { AggResults, Aggs, Facet } from './types';

export function selectionFilters(facets: Facet[], selections: Selections, except?: string): estypes.QueryDslQueryContainer[] {
  return facets.filter((f) => f.id !== except && selections.has(f.id)).map((f) => f.filter(selections.get(f.id)!));
}

const all = (filters: estypes.QueryDslQueryContainer[]): estypes.QueryDslQueryContainer =>
  (filters.length ? { bool: { filter: filters } } : { match_all: {} });

/** The `post_filter` for the hits: every selection; undefined when nothing is selected. */
export function postFilter(facets: Facet[], selections: Selections): estypes.QueryDslQueryContainer | undefined {
  const filters = selectionFilters(facets, selections);
  return filters.length ? all(filters) : undefined;
}

/** One wrapper aggregation per facet. `extra` aggregations sit in a wrapper applying every selection. */
export function facetAggregations(facets: Facet[], selections: Selections): Aggs {
  const aggs: Aggs = {};
  for (const f of facets) aggs[AGG.facet(f.id)] = { filter: all(selectionFilters(facets, selections, f.id)), aggs: f.aggregations() };
  return aggs;
}

/** A filter aggregation applying every selection around `inner` (counts that must match the hits). */
export function underAllSelections(facets: Facet[], selections: Selections, inner: Aggs): estypes.AggregationsAggregationContainer {
  return { filter: all(selectionFilters(facets, selections)), aggs: inner };
}

export function shapeFacets(facets: Facet[], selections: Selections, aggregations: AggResults | undefined): FacetResult[] {
  return facets.flatMap((f) => {
    const wrapper = aggregations?.[AGG.facet(f.id)] as unknown as AggResults | undefined;
    const facet = f.shape(wrapper ?? {}, selections.get(f.id));
    return facet ? [facet] : [];
  });
}
