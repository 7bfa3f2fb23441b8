/**
 * The behaviour service the composition root builds once: record events (buffered, see eventWriter.ts), the
 * questions asked of them (src/events/questions.ts, offered here too so one object serves the storefront),
 * two periodic jobs that write derived behaviour back (popularity into product documents, what is bought
 * together into the co-occurrence index) and one that keeps the events index's size (rollover, retention of
 * BEHAVIOUR_HISTORY_DAYS). All state lives in Elasticsearch, so several API processes
 * can serve side by side. Recording is fire-and-forget: record() never throws and never waits.
 */
import type { Client } from '@elastic/elasticsearch';
import { elasticsearchDocuments } from '../search/documents';
import type { ConfigurationReader } from '../configuration/store';
import type { Logger } from '../kernel/log';
import { EventWriter, type EventWriterStats } from './eventWriter';
import type { BehaviourIndexNames } from '../search/indexNames';
import type { IndexLayout } from '../search/mappings';
import type { BehaviourEvent, EventDocument, ProductFacts } from '../events/events';
import { Lease } from './lease';
import type { Experiment } from '../merchandising/experiments/types';
import type { BehaviourOptions } from '../kernel/config';
import { PopularityJob, type PopularityJobDeps, type PopularityRun } from './popularityJob';
import { CO_OCCURRENCE_BULK_BYTES, CoOccurrenceJob, type CoOccurrenceRun } from './coOccurrenceJob';
import { versionedAlias } from '../search/versionedAlias';
import { VERSIONED_MAPPINGS } from '../search/indexRegistry';
import { EventsMaintenanceJob, type EventsMaintenanceRun } from './eventsMaintenanceJob';
import { ProductLookup } from '../events/productLookup';
import { Attribution } from '../events/attribution';
import { BehaviourQuestions } from '../events/questions';
import type { Affinity, AffinityInput } from '../events/queries/affinity';
import type { TopContentInput } from '../events/queries/topContent';
import type { RelatedPhrasesInput } from '../events/queries/relatedPhrases';
import type { CartInput } from '../events/queries/cart';
import type { CoOccurringInput, CoOccurringProduct } from '../events/queries/coOccurring';
import type { FavouritesInput } from '../events/queries/favourites';
import type { PopularPhrase, PopularPhrasesInput } from '../events/queries/popularPhrases';
import type { RecentlyViewedInput } from '../events/queries/recentlyViewed';
import type { RecentSearchesInput } from '../events/queries/recentSearches';
import type { ScoredPhrase, TrendingPhrasesInput } from '../events/queries/trendingPhrases';
import type { TopPhrase, TopPhrasesInput } from '../events/queries/topPhrases';
import type { SearchClick } from '../events/queries/searchClicks';

export interface BehaviourDeps {
  es: Client;
  log: Logger;
  names: BehaviourIndexNames;
  /** Alias of the live products over every locale (key lookups). */
  productsAlias: string;
  /** Alias of one locale's live products (popularity updates by id). */
  productsIndex: (locale: string) => string;
  configuration: ConfigurationReader;
  /** Version of the live catalog (the popularity job rewrites scores when it changes). */
  liveVersion: () => Promise<string | undefined>;
  /** Identifies this process in the popularity lease. */
  holder: string;
  /** Where the popularity job keeps behaviour's query → category prior (the vocabulary store). */
  phrasePriors?: PopularityJobDeps['phrasePriors'];
  options: BehaviourOptions;
  /** Shards and replicas of the indices the behaviour creates (events, co-occurrence versions). */
  layout?: IndexLayout;
  now?: () => Date;
  /** The A/B experiments, read from the experiment store's cache (events carry their visitor's variants). */
  experiments?: () => Promise<readonly Experiment[]>;
}

/** A job renews its lease every tick (at most 15 s); a dead holder's lease is taken over after this. */
const JOB_LEASE_TTL_MS = 60_000;

export class BehaviourService {
  private readonly writer: EventWriter;
  private readonly lookup: ProductLookup;
  private readonly popularity: PopularityJob;
  private readonly coOccurrence: CoOccurrenceJob;
  private readonly eventsMaintenance: EventsMaintenanceJob;
  private readonly questions: BehaviourQuestions;
  private readonly now: () => Date;

  constructor(private readonly deps: BehaviourDeps) {
    this.now = deps.now ?? (() => new Date());
    const documents = elasticsearchDocuments(deps.es);
    this.lookup = new ProductLookup(documents, deps.productsAlias);
    this.questions = new BehaviourQuestions({ documents, names: deps.names, historyDays: deps.options.historyDays, now: this.now });
    const attribution = new Attribution(deps.es, deps.names.events, deps.options.attributionWindowHours * 3_600_000);
    this.writer = new EventWriter({
      es: deps.es,
      log: deps.log,
      names: deps.names,
      lookup: this.lookup,
      attribution,
      options: deps.options,
      layout: deps.layout,
      now: this.now,
      experiments: deps.experiments,
    });
    this.popularity = new PopularityJob({
      documents,
      log: deps.log,
      names: deps.names,
      productsIndex: deps.productsIndex,
      configuration: deps.configuration,
      liveVersion: deps.liveVersion,
      lease: new Lease(documents, deps.names.leases, 'popularity', deps.holder, JOB_LEASE_TTL_MS),
      options: deps.options,
      now: this.now,
      ...(deps.phrasePriors ? { phrasePriors: deps.phrasePriors } : {}),
    });
    this.coOccurrence = new CoOccurrenceJob({
      documents,
      versions: versionedAlias(deps.es, {
        alias: deps.names.coOccurrence,
        mapping: VERSIONED_MAPPINGS.coOccurrence,
        layout: deps.layout,
        bulkBytes: CO_OCCURRENCE_BULK_BYTES,
      }),
      log: deps.log,
      names: deps.names,
      lease: new Lease(documents, deps.names.leases, 'co-occurrence', deps.holder, JOB_LEASE_TTL_MS),
      historyDays: deps.options.historyDays,
      now: this.now,
    });
    this.eventsMaintenance = new EventsMaintenanceJob({
      es: deps.es,
      log: deps.log,
      names: deps.names,
      lease: new Lease(documents, deps.names.leases, 'events-maintenance', deps.holder, JOB_LEASE_TTL_MS),
      retention: { historyDays: deps.options.historyDays, rolloverMaxDocs: deps.options.eventsRolloverMaxDocs },
      layout: deps.layout,
      now: this.now,
    });
  }

  // ----- recording -------------------------------------------------------------------------------

  /** Buffers an event for writing; never throws, never waits. Callers skip it when `notify=false`. */
  record(event: BehaviourEvent): void {
    this.writer.record(event);
  }

  /** Buffers the events of one notification, all or none; false (counted as refused) when the buffer is full. */
  accept(events: readonly BehaviourEvent[]): boolean {
    return this.writer.accept(events);
  }

  /** Resolves once every event recorded before the call is written (not yet refreshed). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Stops the periodic jobs and writes every buffered event. Await it before closing the client. */
  async close(): Promise<void> {
    await Promise.all([this.popularity.stop(), this.coOccurrence.stop(), this.eventsMaintenance.stop()]);
    await this.writer.close();
  }

  /**
   * Replaces the stored events of every session whose key starts with `sessionPrefix` by `documents` (generated
   * history: the sample shop's, src/sample/sampleBehaviour.ts), dated as they say, then refreshes. Answers how many were written.
   */
  async replaceSessionEvents(sessionPrefix: string, documents: readonly EventDocument[]): Promise<number> {
    const { es, names } = this.deps;
    // Deleted by id in rounds (the smallest distributions have no _delete_by_query): each round finds what is left.
    await es.indices.refresh({ index: names.events });
    for (;;) {
      const found = await es.search({
        index: names.events,
        size: 5000,
        track_total_hits: false,
        _source: false,
        query: { prefix: { sessionKey: sessionPrefix } },
      });
      if (!found.hits.hits.length) break;
      const removed = await es.bulk({ operations: found.hits.hits.map((hit) => ({ delete: { _index: hit._index, _id: hit._id! } })) });
      const failed = removed.items.find((item) => item.delete?.error);
      if (failed) throw new Error(`generated events not removed: ${failed.delete?.error?.type}: ${failed.delete?.error?.reason}`);
      await es.indices.refresh({ index: names.events });
    }
    let written = 0;
    for (let i = 0; i < documents.length; i += 5000) {
      const chunk = documents.slice(i, i + 5000);
      const response = await es.bulk({ index: names.events, require_alias: true, operations: chunk.flatMap((d) => [{ create: {} }, d]) });
      const failed = response.items.find((item) => item.create?.error);
      if (failed) throw new Error(`generated events not written: ${failed.create?.error?.type}: ${failed.create?.error?.reason}`);
      written += chunk.length;
    }
    await es.indices.refresh({ index: names.events });
    return written;
  }

  get stats(): EventWriterStats {
    return this.writer.stats;
  }

  /** Facts of product or variant keys that exist in the market's live catalog (unknown keys are absent). */
  resolveProducts(market: string, keys: readonly string[]): Promise<Map<string, ProductFacts>> {
    return this.lookup.resolve(market, keys);
  }

  // ----- questions (src/events/questions.ts) ---------------------------------------------------

  get lookups(): BehaviourQuestions['lookups'] {
    return this.questions.lookups;
  }
  recentSearches(input: RecentSearchesInput): Promise<string[]> {
    return this.questions.recentSearches(input);
  }
  trendingPhrases(input: TrendingPhrasesInput): Promise<ScoredPhrase[]> {
    return this.questions.trendingPhrases(input);
  }
  popularPhrases(input: PopularPhrasesInput): Promise<PopularPhrase[]> {
    return this.questions.popularPhrases(input);
  }
  recentlyViewed(input: RecentlyViewedInput): Promise<string[]> {
    return this.questions.recentlyViewed(input);
  }
  favourites(input: FavouritesInput): Promise<string[]> {
    return this.questions.favourites(input);
  }
  cartOf(input: CartInput): Promise<string[]> {
    return this.questions.cartOf(input);
  }
  coOccurring(input: CoOccurringInput): Promise<CoOccurringProduct[]> {
    return this.questions.coOccurring(input);
  }
  affinity(input: AffinityInput): Promise<Affinity> {
    return this.questions.affinity(input);
  }
  topContent(input: TopContentInput): Promise<string[]> {
    return this.questions.topContent(input);
  }
  relatedPhrases(input: RelatedPhrasesInput): Promise<string[]> {
    return this.questions.relatedPhrases(input);
  }
  topPhrases(input: TopPhrasesInput): Promise<TopPhrase[]> {
    return this.questions.topPhrases(input);
  }
  searchClicks(input: { days: number; phrases: readonly string[] }): Promise<SearchClick[]> {
    return this.questions.searchClicks(input);
  }

  // ----- popularity ------------------------------------------------------------------------------

  /** Computes and writes every product's popularity once. */
  updatePopularity(): Promise<PopularityRun> {
    return this.popularity.run();
  }

  /** Runs updatePopularity every `intervalMs` in the one process holding the lease (0 = off). */
  startPopularityJob(intervalMs = this.deps.options.popularityIntervalMs): void {
    this.popularity.start(intervalMs);
  }

  /** Stops the periodic job (waits for a run in progress) and gives the lease up. */
  stopPopularityJob(): Promise<void> {
    return this.popularity.stop();
  }

  /** The last computed popularity of products (0 when none), kept across catalog imports. */
  popularityOf(market: string, productKeys: string[]): Promise<Map<string, number>> {
    return this.popularity.popularityOf(market, productKeys);
  }

  // ----- co-occurrence ---------------------------------------------------------------------------

  /** Computes what is bought together from the baskets and publishes it once. */
  updateCoOccurrence(): Promise<CoOccurrenceRun> {
    return this.coOccurrence.run();
  }

  /** Runs updateCoOccurrence every `intervalMs` in the one process holding the lease (0 = off). */
  startCoOccurrenceJob(intervalMs = this.deps.options.coOccurrenceIntervalMs): void {
    this.coOccurrence.start(intervalMs);
  }

  // ----- events maintenance ----------------------------------------------------------------------

  /** Rolls the events index over when due and deletes backing indices older than the history, once. */
  maintainEvents(): Promise<EventsMaintenanceRun> {
    return this.eventsMaintenance.run();
  }

  /** Runs maintainEvents every `intervalMs` in the one process holding the lease (0 = off). */
  startEventsMaintenanceJob(intervalMs = this.deps.options.eventsMaintenanceIntervalMs): void {
    this.eventsMaintenance.start(intervalMs);
  }

  /** Stops the periodic job (waits for a run in progress) and gives the lease up. */
  stopEventsMaintenanceJob(): Promise<void> {
    return this.eventsMaintenance.stop();
  }
}
