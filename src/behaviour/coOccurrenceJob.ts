/**
 * The co-occurrence job: reads every basket of the last `historyDays` from the events index, scores what
 * is bought together (queries/baskets.ts) and publishes the answer as a new index behind the alias
 * `<prefix>-co-occurrence` (mappings/co-occurrence.json), the way a catalog version is published: load
 * with no refresh, refresh and merge to one segment, swap the alias in one call. Readers see the previous
 * run's answer until the swap and never a half-written one. The index replaced by this run is kept until
 * the next run, so searches in flight during the swap still find it; older ones are deleted.
 *
 * Why a job and not a search per page: asking the events index which sessions hold the product and what
 * else they hold takes two dependent aggregations per list, on the index that is refreshed every second
 * while events arrive; product pages got slower under ingestion by that much (docs/benchmarks.md). What is
 * bought together changes slowly; the job's interval is CO_OCCURRENCE_INTERVAL_SECONDS.
 *
 * Only the holder of the `co-occurrence` lease runs it periodically (periodicJob.ts).
 */
import type { Client } from '@elastic/elasticsearch';
import type { Logger } from '../kernel/log';
import { BulkWriter } from '../search/bulkWriter';
import { LOADING_SETTINGS, sealIndices } from '../search/catalogIndices';
import { newCatalogVersion } from '../search/indexNames';
import { VERSIONED_MAPPINGS } from '../search/indexRegistry';
import { layoutSettings, plainIndexDefinition, SINGLE_NODE_LAYOUT, type IndexLayout } from '../search/mappings';
import type { BehaviourIndexNames } from '../search/indexNames';
import type { Lease } from './lease';
import { LeasedJob } from './periodicJob';
import { BasketCounts, basketsSearch, readBasketsPage, type BasketsAfterKey, type CoOccurrenceEntry } from '../events/queries/baskets';

export interface CoOccurrenceJobDeps {
  es: Client;
  log: Logger;
  names: Pick<BehaviourIndexNames, 'events' | 'coOccurrence'>;
  lease: Lease;
  historyDays: number;
  /** Shards and replicas of new indices (one shard here, the replicas of INDEX_REPLICAS). */
  layout?: IndexLayout;
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

export interface CoOccurrenceDocument extends CoOccurrenceEntry { relatedKeys: string[]; computedAt: string }

/** Bytes per `_bulk` (a document holds up to RELATED_KEPT related products, a few KB). */
const BULK_BYTES = 5 * 1024 * 1024;

export class CoOccurrenceJob extends LeasedJob<CoOccurrenceRun> {
  constructor(private readonly deps: CoOccurrenceJobDeps) {
    super('co-occurrence', deps);
  }

  /** Computes and publishes one co-occurrence index; callable directly (tests, benchmarks). */
  async run(): Promise<CoOccurrenceRun> {
    const started = Date.now();
    const now = this.now();
    const counts = await this.countBaskets(now);
    const index = `${this.deps.names.coOccurrence}-v${newCatalogVersion(now)}`;
    const written = await this.load(index, counts.entries(), now.toISOString());
    await this.publish(index);
    return { ...written, index, tookMs: Date.now() - started };
  }

  private async countBaskets(now: Date): Promise<BasketCounts> {
    const counts = new BasketCounts();
    const scope = { index: this.deps.names.events, now, historyDays: this.deps.historyDays };
    let after: BasketsAfterKey | undefined;
    do {
      const page = readBasketsPage(await this.deps.es.search(basketsSearch(scope, after)));
      counts.add(page.buckets);
      after = page.after;
    } while (after);
    return counts;
  }

  /**
   * Creates `index` and writes the entries as they come, loaded and sealed as a catalog version is; on
   * failure the index is deleted and the alias left alone.
   */
  private async load(index: string, entries: Iterable<CoOccurrenceEntry>, computedAt: string): Promise<Pick<CoOccurrenceRun, 'products' | 'withRelated'>> {
    const { es } = this.deps;
    const def = plainIndexDefinition(VERSIONED_MAPPINGS.coOccurrence);
    await es.indices.create({ index, mappings: def.mappings, settings: { ...def.settings, ...layoutSettings(this.deps.layout ?? SINGLE_NODE_LAYOUT), ...LOADING_SETTINGS } });
    const written = { products: 0, withRelated: 0 };
    try {
      const writer = new BulkWriter(es, { maxBytes: BULK_BYTES, concurrency: 1 });
      for (const e of entries) {
        await writer.index(index, `${e.market}|${e.productKey}`, { ...e, relatedKeys: e.related.map((r) => r.productKey), computedAt } satisfies CoOccurrenceDocument);
        written.products++;
        if (e.related.length) written.withRelated++;
      }
      await writer.flush();
      await sealIndices(es, index);
      await es.indices.forcemerge({ index, max_num_segments: 1 });
    } catch (err) {
      await es.indices.delete({ index }, { ignore: [404] });
      throw err;
    }
    return written;
  }

  /** Points the alias at `index` in one call, then deletes every older index but the one just replaced. */
  private async publish(index: string): Promise<void> {
    const { es, names } = this.deps;
    const alias = names.coOccurrence;
    const current = (await es.indices.existsAlias({ name: alias })) ? Object.keys(await es.indices.getAlias({ name: alias })) : [];
    await es.indices.updateAliases({ actions: [...current.map((i) => ({ remove: { index: i, alias } })), { add: { index, alias } }] });
    const all = Object.keys(await es.indices.get({ index: `${alias}-v*`, allow_no_indices: true, expand_wildcards: 'open' }));
    const stale = all.filter((i) => i !== index && !current.includes(i));
    if (stale.length) await es.indices.delete({ index: stale.join(','), ignore_unavailable: true });
  }
}
