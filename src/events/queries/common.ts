/**
 * Small typed pieces every behaviour query shares: filters on event fields (names checked against
 * EventDocument), time windows, and readers for the few aggregation shapes the shapers use.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { EventField, EventType } from '../events';

export type Query = estypes.QueryDslQueryContainer;
export type Aggregations = Record<string, estypes.AggregationsAggregationContainer>;

export const DAY_MS = 86_400_000;

/** Where a behaviour query runs: the events alias, the clock, and how far back it looks. */
export interface QueryScope {
  index: string;
  now: Date;
  historyDays: number;
}

export const term = (field: EventField, value: string | boolean): Query => ({ term: { [field]: value } });
export const terms = (field: EventField, values: readonly string[]): Query => ({ terms: { [field]: [...values] } });
export const ofTypes = (...types: EventType[]): Query => terms('type', types);
export const exists = (field: EventField): Query => ({ exists: { field } });

/**
 * For aggregations over one visitor's events or a few sessions' events: read the values of the matching
 * events (`execution_hint: map`) instead of the index's global ordinals. The events index refreshes every second
 * while events arrive, and global ordinals are rebuilt over the whole index after each refresh: a cost that
 * grows with every event stored and falls on whichever storefront query comes first.
 */
export const FEW_EVENTS_TERMS = { execution_hint: 'map' } as const;

/** Events at or after `days` days before `now`. */
export function since(now: Date, days: number): Query {
  return { range: { '@timestamp': { gte: new Date(now.getTime() - days * DAY_MS).toISOString() } } };
}

/** The latest event time of the bucket: `{ filter, aggs: { at: max } }` or a plain max. */
export const latest = (filter?: Query): estypes.AggregationsAggregationContainer =>
  filter ? { filter, aggs: { at: { max: { field: '@timestamp' } } } } : { max: { field: '@timestamp' } };

/** Common request envelope: no hits, no total, and no error when the events index does not exist yet. */
export function aggregationsOnly(scope: Pick<QueryScope, 'index'>, query: Query, aggs: Aggregations): estypes.SearchRequest {
  return { index: scope.index, ignore_unavailable: true, allow_no_indices: true, size: 0, track_total_hits: false, query, aggs };
}

/** Loose view of a response's aggregations, read by the shapers. */
export type AggregateTree = Record<string, unknown>;

export interface Bucket<K = string> {
  key: K;
  doc_count: number;
  [sub: string]: unknown;
}

export function aggregationsOf(response: estypes.SearchResponse<unknown>): AggregateTree {
  return response.aggregations ?? {};
}

export function bucketsOf<K = string>(agg: unknown): Bucket<K>[] {
  return (agg as { buckets?: Bucket<K>[] } | undefined)?.buckets ?? [];
}

export function valueOf(agg: unknown): number | undefined {
  const v = (agg as { value?: number | null } | undefined)?.value;
  return typeof v === 'number' ? v : undefined;
}

/** Time of a `latest(filter)` sub-aggregation (or a plain max), undefined when no event matched. */
export function latestOf(agg: unknown): number | undefined {
  const a = agg as { at?: unknown; value?: unknown } | undefined;
  return a && 'at' in a ? valueOf(a.at) : valueOf(a);
}

/** Buckets of one page of a composite aggregation and the key to continue after (undefined on the last page). */
export function readCompositePage<B, K>(response: estypes.SearchResponse<unknown>, name: string): { buckets: B[]; after?: K } {
  const agg = (response.aggregations?.[name] ?? {}) as { buckets?: B[]; after_key?: K };
  const buckets = agg.buckets ?? [];
  return { buckets, ...(buckets.length && agg.after_key ? { after: agg.after_key } : {}) };
}

/** Candidates to ask for when some buckets may be filtered out afterwards (removed items). */
export const candidates = (limit: number) => Math.min(1000, limit * 3 + 20);
