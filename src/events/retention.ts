/**
 * How the events index lives as it grows, as pure decisions (the events maintenance job in
 * src/behaviour/eventsMaintenanceJob.ts reads the state and carries them out):
 *
 * - **Rollover.** Events are written through the write alias `<prefix>-events`; the job rolls it over to a new
 *   backing index once the write index is older than rolloverPeriodDays(BEHAVIOUR_HISTORY_DAYS) or holds
 *   `rolloverMaxDocs` events. An empty write index is never rolled over (a quiet shop gets no empty indices).
 * - **Retention.** A backing index that is not the write index is deleted once its newest event is older
 *   than BEHAVIOUR_HISTORY_DAYS: no behaviour question reads that far back. The write index is never deleted.
 *
 * Old indices stay behind the alias (not as its write index), so every reader of `<prefix>-events` (the
 * behaviour questions, analytics, the UBI export, Kibana's data view) sees all of them.
 */
import type { estypes } from '@elastic/elasticsearch';

const DAY_MS = 86_400_000;

/** One backing index of the events alias, as the decisions see it. */
export interface EventsIndexFacts {
  index: string;
  isWriteIndex: boolean;
  createdAt: Date;
  /** Events it holds. */
  docs: number;
  /** `@timestamp` of its newest event; undefined when it holds none. */
  newestEventAt?: Date;
}

export interface EventsRetention {
  /** BEHAVIOUR_HISTORY_DAYS. */
  historyDays: number;
  /** The write index is rolled over once it holds this many events, whatever its age. */
  rolloverMaxDocs: number;
}

export interface EventsMaintenancePlan {
  rollover?: { from: string; to: string; because: 'age' | 'docs' };
  /** Backing indices to delete, oldest first; never the write index. */
  delete: string[];
}

/**
 * How old the write index may get before it is rolled over: a tenth of the history, at least a day.
 * Retention deletes whole indices, so an index outlives its oldest events by up to one period: a tenth keeps
 * at most about 10 % more than the history, in about 11 backing indices whatever the history (each index is a
 * shard the cluster keeps in memory). Less than a day would make many small indices for a short history.
 */
export function rolloverPeriodDays(historyDays: number): number {
  return Math.max(1, historyDays / 10);
}

/** What to roll over and what to delete now. Decisions on the current state: an index rolled over now is judged for deletion at a later run. */
export function planEventsMaintenance(alias: string, indices: readonly EventsIndexFacts[], now: Date, retention: EventsRetention): EventsMaintenancePlan {
  const plan: EventsMaintenancePlan = { delete: [] };
  const write = indices.find((i) => i.isWriteIndex);
  if (write && write.docs > 0) {
    const because =
      write.docs >= retention.rolloverMaxDocs
        ? 'docs'
        : now.getTime() - write.createdAt.getTime() >= rolloverPeriodDays(retention.historyDays) * DAY_MS
          ? 'age'
          : undefined;
    if (because)
      plan.rollover = {
        from: write.index,
        to: nextEventsIndex(
          alias,
          indices.map((i) => i.index),
        ),
        because,
      };
  }
  const horizon = now.getTime() - retention.historyDays * DAY_MS;
  plan.delete = indices
    .filter((i) => !i.isWriteIndex && (i.newestEventAt ?? i.createdAt).getTime() < horizon)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((i) => i.index);
  return plan;
}

/**
 * The name of the next backing index: one past the highest `<alias>-NNNNNN` in use. Named by the job rather
 * than by Elasticsearch so that two runs rolling over from the same write index make the same name, and the
 * second is refused (the index exists) instead of rolling over twice.
 */
export function nextEventsIndex(alias: string, indices: readonly string[]): string {
  const pattern = new RegExp(`^${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)$`);
  const highest = Math.max(1, ...indices.map((i) => Number(pattern.exec(i)?.[1] ?? 0)));
  return `${alias}-${String(highest + 1).padStart(6, '0')}`;
}

const AGG = 'indices';

/** Pure: events and the newest event time per backing index of `alias` (`indices`: how many there are). */
export function eventsPerIndexSearch(alias: string, indices: number): estypes.SearchRequest {
  return {
    index: alias,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: 0,
    track_total_hits: false,
    aggs: { [AGG]: { terms: { field: '_index', size: Math.max(1, indices) }, aggs: { newest: { max: { field: '@timestamp' } } } } },
  };
}

/** Pure: the answer of eventsPerIndexSearch; an index without events has no entry. */
export function readEventsPerIndex(response: estypes.SearchResponse<unknown>): Map<string, Pick<EventsIndexFacts, 'docs' | 'newestEventAt'>> {
  const agg = response.aggregations?.[AGG] as { buckets?: { key: string; doc_count: number; newest?: { value: number | null } }[] } | undefined;
  return new Map(
    (agg?.buckets ?? []).map((b) => [
      b.key,
      {
        docs: b.doc_count,
        ...(typeof b.newest?.value === 'number' ? { newestEventAt: new Date(b.newest.value) } : {}),
      },
    ]),
  );
}
