/**
 * The clauses of a search, counted before it is sent. Elasticsearch refuses a query of more clauses than
 * `indices.query.bool.max_clause_count` (since 8.1 computed from the heap and the search threads: 4,096 on a
 * 1 GB node, never below 1,024) and takes ever longer on the way there; what a caller sends (rules, selected
 * values, filters) must not get that far. Counted as Lucene counts them: every leaf query is one clause, a
 * `terms` query one however many values it holds, and compound queries (bool, nested, constant_score, ...)
 * only through what they hold. A text query counts one as written: Elasticsearch expands it per analysed word
 * and field, which the phrase length limit bounds, and should that still be too much, its refusal is a 400
 * too (search/errors.ts requestRefusal). The query, the post filter and each aggregation's filter are
 * separate queries to Elasticsearch and are counted apart. Limits in docs/storefront.md#limits.
 */
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../kernel/errors';

type Query = estypes.QueryDslQueryContainer;

/** Elasticsearch's smallest computed clause limit: a search within it runs on any node. */
export const MAX_QUERY_CLAUSES = 1024;

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The clauses of one query. */
export function countClauses(query: Query | undefined): number {
  if (!query || typeof query !== 'object') return 0;
  let total = 0;
  for (const [kind, body] of Object.entries(query) as [string, Record<string, unknown>][]) {
    switch (kind) {
      case 'bool':
        for (const occur of ['must', 'filter', 'should', 'must_not'])
          for (const q of list(body[occur] as Query | Query[] | undefined)) total += countClauses(q);
        break;
      case 'nested':
      case 'has_child':
      case 'has_parent':
      case 'script_score':
        total += countClauses(body.query as Query);
        break;
      case 'constant_score':
        total += countClauses(body.filter as Query);
        break;
      case 'function_score':
        total += countClauses(body.query as Query);
        for (const f of list(body.functions as { filter?: Query }[] | undefined)) total += countClauses(f.filter);
        break;
      case 'dis_max':
        for (const q of list(body.queries as Query[] | undefined)) total += countClauses(q);
        break;
      case 'boosting':
        total += countClauses(body.positive as Query) + countClauses(body.negative as Query);
        break;
      default:
        total += 1;
    }
  }
  return total;
}

/** The queries of aggregations (filter and filters aggregations, at any depth). */
function aggregationQueries(aggs: Record<string, estypes.AggregationsAggregationContainer> | undefined): Query[] {
  const out: Query[] = [];
  for (const agg of Object.values(aggs ?? {})) {
    if (agg.filter) out.push(agg.filter);
    const filters = agg.filters?.filters;
    if (filters) out.push(...(Array.isArray(filters) ? filters : Object.values(filters)));
    out.push(...aggregationQueries(agg.aggs ?? agg.aggregations));
  }
  return out;
}

/** The clauses of the largest query of a search (the query, the post filter, an aggregation's filter). */
export function searchClauses(search: estypes.SearchRequest): number {
  const queries = [search.query, search.post_filter, ...aggregationQueries(search.aggs ?? search.aggregations)];
  return Math.max(0, ...queries.map(countClauses));
}

/** 400 when a search holds more than MAX_QUERY_CLAUSES clauses: the caller asked for too much at once. */
export function checkClauses(search: estypes.SearchRequest): void {
  const clauses = searchClauses(search);
  if (clauses > MAX_QUERY_CLAUSES) {
    throw invalid(
      `The request makes a search of ${clauses} query clauses; at most ${MAX_QUERY_CLAUSES} are allowed: send fewer product rules, restrictions, filter attributes or selected values`,
    );
  }
}
