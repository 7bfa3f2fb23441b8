/**
 * The behaviour service other modules call: record events (buffered, see eventWriter.ts) and ask what the
 * recorded behaviour says. Every question is a pure builder in ./queries plus one Elasticsearch call; two
 * periodic jobs write derived behaviour back (popularity into product documents, what is bought together
 * into the co-occurrence index). All state lives in Elasticsearch, so several API processes can serve side by side.
 *
 * Recording is fire-and-forget: record() never throws and never waits. Queries see an event once it is
 * written (within `flushIntervalMs`) and refreshed (1 s): a removal takes a second or two to show, as in
 * Elevate, whose clients hide recent searches for a few seconds after removing them.
 */
import type { Client } from '@elastic/elasticsearch';
import type { ConfigurationReader } from '../configuration/store';
import type { Logger } from '../kernel/log';
import { EventWriter, type EventWriterStats } from './eventWriter';
import type { BehaviourIndexNames } from './eventsIndex';
import type { BehaviourEvent, ProductFacts } from './events';
import { Lease } from './lease';
import type { BehaviourOptions } from '../kernel/config';
import { PopularityJob, type PopularityRun } from './popularityJob';
import { CoOccurrenceJob, type CoOccurrenceRun } from './coOccurrenceJob';
import { ProductLookup } from './productLookup';
import { affinitySearch, readAffinity, type Affinity, type AffinityInput } from './queries/affinity';
import { cartSearch, readCart, type CartEvent, type CartInput } from './queries/cart';
import { coOccurrenceSearch, mergeCoOccurring, readCoOccurrence, type CoOccurrenceHit, type CoOccurringInput, type CoOccurringProduct } from './queries/coOccurring';
import type { QueryScope } from './queries/common';
import { favouritesSearch, readFavourites, type FavouritesInput } from './queries/favourites';
import { popularPhrasesSearch, readPopularPhrases, type PopularPhrase, type PopularPhrasesInput } from './queries/popularPhrases';
import { readRecentlyViewed, recentlyViewedSearch, type RecentlyViewedInput } from './queries/recentlyViewed';
import { readRecentSearches, recentSearchesSearch, type RecentSearchesInput } from './queries/recentSearches';
import { readTrendingPhrases, trendingPhrasesSearch, type ScoredPhrase, type TrendingPhrasesInput } from './queries/trendingPhrases';

export interface BehaviourDeps {
  es: Client;
  log: Logger;
  names: BehaviourIndexNames;
  /** Alias of the live products index (key lookups, popularity). */
  productsAlias: string;
  configuration: ConfigurationReader;
  /** Version of the live catalog (the popularity job rewrites scores when it changes). */
  liveVersion(): Promise<string | undefined>;
  /** Identifies this process in the popularity lease. */
  holder: string;
  options: BehaviourOptions;
  now?: () => Date;
}

/** A job renews its lease every tick (at most 15 s); a dead holder's lease is taken over after this. */
const JOB_LEASE_TTL_MS = 60_000;

export class BehaviourService {
  private readonly writer: EventWriter;
  private readonly lookup: ProductLookup;
  private readonly popularity: PopularityJob;
  private readonly coOccurrence: CoOccurrenceJob;
  private readonly now: () => Date;

  constructor(private readonly deps: BehaviourDeps) {
    this.now = deps.now ?? (() => new Date());
    this.lookup = new ProductLookup(deps.es, deps.productsAlias);
    this.writer = new EventWriter({ es: deps.es, log: deps.log, names: deps.names, lookup: this.lookup, options: deps.options, now: this.now });
    this.popularity = new PopularityJob({
      es: deps.es, log: deps.log, names: deps.names, productsAlias: deps.productsAlias, configuration: deps.configuration,
      liveVersion: deps.liveVersion, lease: new Lease(deps.es, deps.names.leases, 'popularity', deps.holder, JOB_LEASE_TTL_MS),
      options: deps.options, now: this.now,
    });
    this.coOccurrence = new CoOccurrenceJob({
      es: deps.es, log: deps.log, names: deps.names, lease: new Lease(deps.es, deps.names.leases, 'co-occurrence', deps.holder, JOB_LEASE_TTL_MS),
      historyDays: deps.options.historyDays, now: this.now,
    });
  }

  // ----- recording -------------------------------------------------------------------------------

  /** Buffers an event for writing; never throws, never waits. Callers skip it when `notify=false`. */
  record(event: BehaviourEvent): void {
    this.writer.record(event);
  }

  /** Resolves once every event recorded before the call is written (not yet refreshed). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Stops the periodic jobs and writes every buffered event. Await it before closing the client. */
  async close(): Promise<void> {
    await Promise.all([this.popularity.stop(), this.coOccurrence.stop()]);
    await this.writer.close();
  }

  get stats(): EventWriterStats {
    return this.writer.stats;
  }

  /** Facts of product or variant keys that exist in the market's live catalog (unknown keys are absent). */
  resolveProducts(market: string, keys: readonly string[]): Promise<Map<string, ProductFacts>> {
    return this.lookup.resolve(market, keys);
  }

  // ----- questions -------------------------------------------------------------------------------

  /** The visitor's distinct recent phrases (normalised), newest first, minus removed ones. */
  async recentSearches(input: RecentSearchesInput): Promise<string[]> {
    return readRecentSearches(await this.deps.es.search(recentSearchesSearch(input, this.scope())), input);
  }

  /** Phrases of the market searched most with results lately, time-decayed, best first. */
  async trendingPhrases(input: TrendingPhrasesInput): Promise<ScoredPhrase[]> {
    return readTrendingPhrases(await this.deps.es.search(trendingPhrasesSearch(input, this.scope())), input);
  }

  /** Phrases starting with `prefix` searched with results, by distinct sessions (autocomplete suggestions). */
  async popularPhrases(input: PopularPhrasesInput): Promise<PopularPhrase[]> {
    return readPopularPhrases(await this.deps.es.search(popularPhrasesSearch(input, this.scope())));
  }

  /** Product keys the visitor viewed or clicked, newest first, minus removed ones and `excludeKeys`. */
  async recentlyViewed(input: RecentlyViewedInput): Promise<string[]> {
    return readRecentlyViewed(await this.deps.es.search(recentlyViewedSearch(input, this.scope())), input);
  }

  /** The visitor's current favourite product keys, most recently added first. */
  async favourites(input: FavouritesInput): Promise<string[]> {
    return readFavourites(await this.deps.es.search(favouritesSearch(input, this.scope())));
  }

  /** Variant (or product) keys added to cart in the session since its last `end`, newest first. */
  async cartOf(input: CartInput): Promise<string[]> {
    return readCart(await this.deps.es.search<CartEvent>(cartSearch(input, this.scope())));
  }

  /**
   * Products added to cart or bought in the same sessions as `keys`, most significant first, as of the
   * co-occurrence job's last run (empty before the first).
   */
  async coOccurring(input: CoOccurringInput): Promise<CoOccurringProduct[]> {
    if (!input.keys.length) return [];
    const response = await this.deps.es.search<CoOccurrenceHit>(coOccurrenceSearch(input, this.deps.names.coOccurrence));
    return mergeCoOccurring(readCoOccurrence(response), input);
  }

  /** The visitor's top brands, categories (ids) and price level. */
  async affinity(input: AffinityInput): Promise<Affinity> {
    return readAffinity(await this.deps.es.search(affinitySearch(input, this.scope())));
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

  private scope(): QueryScope {
    return { index: this.deps.names.events, now: this.now(), historyDays: this.deps.options.historyDays };
  }
}
