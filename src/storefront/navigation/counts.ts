/**
 * Navigation counts (pure builders): the product groups every PAGE node's page lists, counted for the
 * whole tree in one size-0 search (a `filters` aggregation, one bucket per node), shared by
 * navigation-tree and landing-page.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { groupCountAggregation, readGroupCount } from '../groupCount';
import { productsFilters, type PageProducts, type Place } from '../pageProducts';

type Query = estypes.QueryDslQueryContainer;

/**
 * Navigation counts are menu figures computed for every node at once: exact up to 3,000 groups that
 * suppress duplicates per node, approximate above (HyperLogLog, typically within 1%), which keeps the
 * search cheap (see groupCount.ts).
 */
export const NODE_COUNT_PRECISION = 3_000;

/**
 * One size-0 search counting, per navigation node, the product groups its page lists (distinct collapse
 * keys when the market collapses, else products), and the whole market-locale for the root.
 */
export function nodeCountSearch(at: Place, nodes: ReadonlyMap<string, PageProducts>, collapse: boolean): estypes.SearchRequest {
  const filters: Record<string, Query> = {};
  for (const [id, products] of nodes) filters[id] = { bool: { filter: productsFilters(at, products).slice(2) } };
  return {
    size: 0,
    track_total_hits: true,
    query: { bool: { filter: productsFilters(at, { filters: [], blocked: [] }) } },
    aggs: {
      ...(collapse ? groupCountAggregation(NODE_COUNT_PRECISION) : {}),
      ...(nodes.size ? { [AGG.nodes]: { filters: { filters }, ...(collapse ? { aggs: groupCountAggregation(NODE_COUNT_PRECISION) } : {}) } } : {}),
    },
  };
}

/** Product groups per node id from a nodeCountSearch response. */
export function nodeCounts(response: estypes.SearchResponse<unknown>, collapse: boolean): Map<string, number> {
  const out = new Map<string, number>();
  const buckets =
    (response.aggregations?.[AGG.nodes] as { buckets?: Record<string, { doc_count: number } & Record<string, unknown>> } | undefined)?.buckets ?? {};
  for (const [id, b] of Object.entries(buckets)) {
    out.set(id, collapse ? (readGroupCount(b) ?? 0) : b.doc_count);
  }
  return out;
}
