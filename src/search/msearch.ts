/**
 * One `_msearch` round trip for several searches. A failed item fails the request (an internal error:
 * the caller gets a generic 500, the log what Elasticsearch said; a 400 when the request caused it,
 * src/http/errors.ts). A search of more clauses than Elasticsearch takes is not sent (clauses.ts).
 *
 * A listing search marked `splitAggregations` is sent as two searches of the same round trip: the page of
 * hits without aggregations, and a `size: 0` search with the aggregations and the total. Elasticsearch runs
 * them in parallel, and its shard request cache (which only caches `size: 0` searches) answers the facet
 * counts of a phrase searched again, until the catalog changes. The caller sees one merged response.
 *
 * Every search asks for the shard request cache (`request_cache: true`), which Elasticsearch otherwise
 * only uses for `size: 0`: a landing page, a recommendation list or a popular phrase is the same search
 * for every visitor, and the cache answers its query phase (top documents, aggregations) until the next
 * refresh that changes the index. Only the fetch of the shown documents' `_source` runs again. Searches
 * that use `now` are never cached by Elasticsearch, whatever the flag says.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { searchFailed } from './errors';
import { checkClauses } from './clauses';
import { CatalogVersionGone, isGoneType, lostToDeletion } from './catalogView';

export interface IndexedSearch {
  index: string;
  body: estypes.SearchRequest;
  /** Send hits and aggregations as two searches (see above). */
  splitAggregations?: boolean;
  /**
   * The index is a concrete catalog version pinned for the query (catalogView.ts): its absence is not an
   * empty catalog but a version deleted under the query, reported as CatalogVersionGone.
   */
  pinned?: boolean;
  /**
   * A lookup the request does without (a behaviour question folded into a storefront msearch): its failure
   * answers an empty response that failureOf() reports, instead of failing the request.
   */
  optional?: boolean;
  /**
   * Each hit's `matched_queries` carries the score of each named query (a search by words and meaning fuses
   * them: storefront/semantic.ts). Asked of the whole round (Elasticsearch takes it per request), which changes
   * nothing for searches without named queries; a reader of `matched_queries` reads either form.
   */
  namedScores?: boolean;
}

export type SearchResponse = estypes.SearchResponse<unknown>;
type Response = SearchResponse;

/** Pure: the hits part and the cacheable aggregations part of a listing search. */
export function splitSearch(body: estypes.SearchRequest): [hits: estypes.SearchRequest, aggregations: estypes.SearchRequest] {
  const { aggs, aggregations, track_total_hits: _total, ...rest } = body;
  const { query, post_filter } = body;
  return [
    { ...rest, track_total_hits: false },
    { query, ...(post_filter ? { post_filter } : {}), aggs: aggs ?? aggregations, size: 0, track_total_hits: body.track_total_hits ?? true },
  ];
}

/** Pure: the response the unsplit search would have given. */
export function mergeSplit(hits: Response, aggregations: Response): Response {
  return {
    ...hits,
    took: Math.max(hits.took, aggregations.took),
    hits: { ...hits.hits, total: aggregations.hits.total },
    aggregations: aggregations.aggregations,
  };
}

const FAILURE = Symbol('failure');

/** Pure: the empty response of a failed optional search, carrying what Elasticsearch said. */
export function failedSearch(error: estypes.ErrorCause): Response {
  const empty: Response = { took: 0, timed_out: false, _shards: { total: 0, successful: 0, failed: 0 }, hits: { hits: [] } };
  Object.defineProperty(empty, FAILURE, { value: error });
  return empty;
}

/** What Elasticsearch said about an optional search that failed; undefined when it answered. */
export function failureOf(response: Response | undefined): estypes.ErrorCause | undefined {
  return (response as { [FAILURE]?: estypes.ErrorCause } | undefined)?.[FAILURE];
}

/**
 * What Elasticsearch leaves out of every msearch answer: parts no caller reads (each hit's concrete index
 * name, the shard counts but their failures, `max_score`, `timed_out`, each item's `status`). JSON parsing of
 * Elasticsearch's answers is a large share of the API's CPU per search page (docs/benchmarks.md, "API CPU");
 * exclusions, not inclusions, so that a field a shaper starts reading is never silently missing. Kept:
 * `took` (the X-Elasticsearch-Took header), `_shards.failures` (lostToDeletion), items' `error`.
 */
export const MSEARCH_FILTER = [
  '-responses.hits.hits._index',
  '-responses.hits.max_score',
  '-responses.timed_out',
  '-responses.status',
  '-responses._shards.total',
  '-responses._shards.successful',
  '-responses._shards.skipped',
  '-responses._shards.failed',
];

export async function msearch(es: Client, searches: IndexedSearch[]): Promise<Response[]> {
  if (searches.length === 0) return [];
  for (const s of searches) checkClauses(s.body);
  const bodies = searches.flatMap((s) =>
    (s.splitAggregations && (s.body.aggs || s.body.aggregations) ? splitSearch(s.body) : [s.body]).map((body) => ({
      index: s.index,
      body,
      pinned: !!s.pinned,
      optional: !!s.optional,
    })),
  );
  // ignore_unavailable: a locale configured after the last full import has no index yet, and answers as an
  // empty catalog until the next one. A pinned version must exist.
  const namedScores = searches.some((s) => s.namedScores);
  const res = await es.msearch({
    filter_path: MSEARCH_FILTER,
    ...(namedScores ? { include_named_queries_score: true } : {}),
    searches: bodies.flatMap((s) => [{ index: s.index, request_cache: true, ignore_unavailable: !s.pinned }, s.body as estypes.MsearchMultisearchBody]),
  });
  const items = res.responses.map((item, i) => {
    const sent = nth(bodies, i);
    if ('error' in item) {
      if (sent.pinned && isGoneType(item.error.type)) throw new CatalogVersionGone(`${sent.index}: ${item.error.reason ?? item.error.type}`);
      if (sent.optional) return failedSearch(item.error);
      throw searchFailed(item);
    }
    if (sent.pinned && lostToDeletion(item)) throw new CatalogVersionGone(`${sent.index}: shards lost while searching`);
    return item;
  });
  const out: Response[] = [];
  let i = 0;
  for (const s of searches) {
    if (s.splitAggregations && (s.body.aggs || s.body.aggregations)) {
      out.push(mergeSplit(nth(items, i), nth(items, i + 1)));
      i += 2;
    } else out.push(nth(items, i++));
  }
  return out;
}

/** The `i`th of the searches sent or answered: msearch answers each search once, in order, so a gap is a bug. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`msearch: no search ${i} among ${list.length}`);
  return item;
}

export function totalOf(response: Response): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}
