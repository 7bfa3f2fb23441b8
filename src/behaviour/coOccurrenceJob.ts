/**
 * The co-occurrence job: reads every basket of the last `historyDays` from the events index, scores what
 * is bought together (queries/baskets.ts) and publishes the answer as a new index behind the alias
 * `<prefix>-co-occurrence` (mappings/co-occurrence.json), the way a catalog version is published: load
 * with no refresh, refresh and merge to one segment, swap the alias in one call (search/versionedAlias.ts,
 * which manages the indices: this job holds no client). Readers see the previous run's answer until the swap
 * and never a half-written one.
 *
 * Why a job and not a search per page: asking the events index which sessions hold the product and what
 * else they hold takes two dependent aggregations per list, on the index that is refreshed every second
 * while events arrive; product pages got slower under ingestion by that much (docs/benchmarks.md). What is
 * bought together changes slowly; the job's interval is CO_OCCURRENCE_INTERVAL_SECONDS.
 *
 * Only the holder of the `co-occurrence` lease runs it periodically (periodicJob.ts).
 */
import type { Logger } from '../kernel/log';
import type { DocumentIndex } from '../search/documents';
import type { VersionedAlias } from '../search/versionedAlias';
import type { BehaviourIndexNames } from '../search/indexNames';
import type { Lease } from './lease';
import { LeasedJob } from './periodicJob';
import { BasketCounts, basketsSearch, readBasketsPage, type BasketsAfterKey, type CoOccurrenceEntry } from '../events/queries/baskets';

export interface CoOccurrenceJobDeps {
  /** The events' baskets are read through the document-index access. */
  documents: DocumentIndex;
  /** The answer's versions behind `<prefix>-co-occurrence` (search/versionedAlias.ts: load, seal, swap). */
  versions: VersionedAlias;
  log: Logger;
  names: Pick<BehaviourIndexNames, 'events'>;
  lease: Lease;
  historyDays: number;
  now?: () => Date;
}

export interface CoOccurrenceRun {
  /** Products (market × product key) in a basket. */
  products: number;
  /** Products with at least one related product. */
  withRelated: number;
  /** Index now behind the alias. */
  index: string;
  tookMs: number;
}

export interface CoOccurrenceDocument extends CoOccurrenceEntry {
  relatedKeys: string[];
  computedAt: string;
}

/** Bytes per `_bulk` (a document holds up to RELATED_KEPT related products, a few KB). */
export const CO_OCCURRENCE_BULK_BYTES = 5 * 1024 * 1024;

export class CoOccurrenceJob extends LeasedJob<CoOccurrenceRun> {
  constructor(private readonly deps: CoOccurrenceJobDeps) {
    super('co-occurrence', deps);
  }

  /** Computes and publishes one co-occurrence index; callable directly (tests, benchmarks). */
  async run(): Promise<CoOccurrenceRun> {
    const started = Date.now();
    const now = this.now();
    const counts = await this.countBaskets(now);
    const computedAt = now.toISOString();
    // Loaded and sealed as a catalog version is; on failure the new index is deleted and the alias left alone.
    const { index, filled } = await this.deps.versions.build(now, async (write) => {
      const written = { products: 0, withRelated: 0 };
      for (const e of counts.entries()) {
        await write(`${e.market}|${e.productKey}`, { ...e, relatedKeys: e.related.map((r) => r.productKey), computedAt } satisfies CoOccurrenceDocument);
        written.products++;
        if (e.related.length) written.withRelated++;
      }
      return written;
    });
    await this.deps.versions.publish(index);
    return { ...filled, index, tookMs: Date.now() - started };
  }

  private async countBaskets(now: Date): Promise<BasketCounts> {
    const counts = new BasketCounts();
    const scope = { index: this.deps.names.events, now, historyDays: this.deps.historyDays };
    let after: BasketsAfterKey | undefined;
    do {
      const page = readBasketsPage(await this.deps.documents.search(basketsSearch(scope, after)));
      counts.add(page.buckets);
      after = page.after;
    } while (after);
    return counts;
  }
}
