/**
 * The questions asked of recorded behaviour (recent searches, trending and popular phrases, recently viewed,
 * favourites, the session's cart, what is bought together, the visitor's affinity): each a pure builder in
 * ./queries plus one Elasticsearch call. Storefront queries and recommendation lists ask these; the
 * behaviour use cases (src/behaviour) write what they read.
 *
 * Queries see an event once it is written (within the writer's flush interval) and refreshed (1 s): a
 * removal takes a second or two to show, as in Elevate, whose clients hide recent searches for a few seconds
 * after removing them.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { DocumentIndex } from '../search/documents';
import type { BehaviourIndexNames } from '../search/indexNames';
import type { EventRecorder } from './fromQueries';
import { affinitySearch, readAffinity, type Affinity, type AffinityInput } from './queries/affinity';
import { cartSearch, readCart, type CartEvent, type CartInput } from './queries/cart';
import {
  coOccurrenceSearch,
  mergeCoOccurring,
  readCoOccurrence,
  type CoOccurrenceHit,
  type CoOccurringInput,
  type CoOccurringProduct,
} from './queries/coOccurring';
import type { QueryScope } from './queries/common';
import { favouritesSearch, readFavourites, type FavouritesInput } from './queries/favourites';
import { popularPhrasesSearch, readPopularPhrases, type PopularPhrase, type PopularPhrasesInput } from './queries/popularPhrases';
import { readRecentlyViewed, recentlyViewedSearch, type RecentlyViewedInput } from './queries/recentlyViewed';
import { readRecentSearches, recentSearchesSearch, type RecentSearchesInput } from './queries/recentSearches';
import { phraseSessionsSearch, readPhraseSessions, readSessionPhrases, sessionPhrasesSearch, type RelatedPhrasesInput } from './queries/relatedPhrases';
import { readTopContent, topContentSearch, type TopContentInput } from './queries/topContent';
import { readTopPhrases, topPhrasesSearch, type TopPhrase, type TopPhrasesInput } from './queries/topPhrases';
import { readSearchClicks, searchClicksSearch, type SearchClick } from './queries/searchClicks';
import { readTrendingPhrases, trendingPhrasesSearch, type ScoredPhrase, type TrendingPhrasesInput } from './queries/trendingPhrases';

export interface BehaviourQuestionsDeps {
  /** The events and co-occurrence reads (plain searches, search/documents.ts): canned answers in unit tests. */
  documents: Pick<DocumentIndex, 'search'>;
  names: Pick<BehaviourIndexNames, 'events' | 'coOccurrence'>;
  /** How far back the questions look (BEHAVIOUR_HISTORY_DAYS). */
  historyDays: number;
  now: () => Date;
}

/**
 * A question as one search that a storefront query sends in its own msearch (no round trip of its own),
 * with the reader of its response. The body holds no index and no URL parameters: msearch sends those.
 */
export interface BehaviourLookup<T> {
  index: string;
  body: estypes.SearchRequest;
  read(response: estypes.SearchResponse<unknown>): T;
}

function lookup<T>(request: estypes.SearchRequest, read: (response: estypes.SearchResponse<unknown>) => T): BehaviourLookup<T> {
  const { index, ignore_unavailable: _unavailable, allow_no_indices: _noIndices, ...body } = request;
  return { index: String(index), body, read };
}

export class BehaviourQuestions {
  constructor(private readonly deps: BehaviourQuestionsDeps) {}

  /** The questions autocomplete asks on every keystroke, as lookups for its one msearch (see BehaviourLookup). */
  readonly lookups = {
    recentSearches: (input: RecentSearchesInput): BehaviourLookup<string[]> =>
      lookup(recentSearchesSearch(input, this.scope()), (r) => readRecentSearches(r, input)),
    trendingPhrases: (input: TrendingPhrasesInput): BehaviourLookup<ScoredPhrase[]> =>
      lookup(trendingPhrasesSearch(input, this.scope()), (r) => readTrendingPhrases(r, input)),
    popularPhrases: (input: PopularPhrasesInput): BehaviourLookup<PopularPhrase[]> => lookup(popularPhrasesSearch(input, this.scope()), readPopularPhrases),
    recentlyViewed: (input: RecentlyViewedInput): BehaviourLookup<string[]> =>
      lookup(recentlyViewedSearch(input, this.scope()), (r) => readRecentlyViewed(r, input)),
    /** relatedPhrases in two steps: the sessions of the phrase, then (only when there are some) their phrases. */
    phraseSessions: (input: RelatedPhrasesInput): BehaviourLookup<string[]> => lookup(phraseSessionsSearch(input, this.scope()), readPhraseSessions),
    sessionPhrases: (input: RelatedPhrasesInput, sessions: readonly string[]): BehaviourLookup<string[]> =>
      lookup(sessionPhrasesSearch(input, sessions, this.scope()), (r) => readSessionPhrases(r).map((p) => p.phrase)),
  };

  /** The visitor's distinct recent phrases (normalised), newest first, minus removed ones. */
  async recentSearches(input: RecentSearchesInput): Promise<string[]> {
    return readRecentSearches(await this.deps.documents.search(recentSearchesSearch(input, this.scope())), input);
  }

  /** Phrases of the market searched most with results lately, time-decayed, best first. */
  async trendingPhrases(input: TrendingPhrasesInput): Promise<ScoredPhrase[]> {
    return readTrendingPhrases(await this.deps.documents.search(trendingPhrasesSearch(input, this.scope())), input);
  }

  /** Phrases starting with `prefix` searched with results, by distinct sessions (autocomplete suggestions). */
  async popularPhrases(input: PopularPhrasesInput): Promise<PopularPhrase[]> {
    return readPopularPhrases(await this.deps.documents.search(popularPhrasesSearch(input, this.scope())));
  }

  /** Product keys the visitor viewed or clicked, newest first, minus removed ones and `excludeKeys`. */
  async recentlyViewed(input: RecentlyViewedInput): Promise<string[]> {
    return readRecentlyViewed(await this.deps.documents.search(recentlyViewedSearch(input, this.scope())), input);
  }

  /** The visitor's current favourite product keys, most recently added first. */
  async favourites(input: FavouritesInput): Promise<string[]> {
    return readFavourites(await this.deps.documents.search(favouritesSearch(input, this.scope())));
  }

  /** Phrases searched in the same sessions as `phrase`, most sessions first (search-page related searches). */
  async relatedPhrases(input: RelatedPhrasesInput): Promise<string[]> {
    const sessions = readPhraseSessions(await this.deps.documents.search(phraseSessionsSearch(input, this.scope())));
    if (!sessions.length) return [];
    return readSessionPhrases(await this.deps.documents.search(sessionPhrasesSearch(input, sessions, this.scope()))).map((p) => p.phrase);
  }

  /** Content keys by clicks in the market, most clicked first (TOP_CONTENT). */
  async topContent(input: TopContentInput): Promise<string[]> {
    return readTopContent(await this.deps.documents.search(topContentSearch(input, this.scope())));
  }

  /** Variant (or product) keys added to cart in the session since its last `end`, newest first. */
  async cartOf(input: CartInput): Promise<string[]> {
    return readCart(await this.deps.documents.search<CartEvent>(cartSearch(input, this.scope())));
  }

  /**
   * Products added to cart or bought in the same sessions as `keys`, most significant first, as of the
   * co-occurrence job's last run (empty before the first).
   */
  async coOccurring(input: CoOccurringInput): Promise<CoOccurringProduct[]> {
    if (!input.keys.length) return [];
    const response = await this.deps.documents.search<CoOccurrenceHit>(coOccurrenceSearch(input, this.deps.names.coOccurrence));
    return mergeCoOccurring(readCoOccurrence(response), input);
  }

  /** The visitor's top brands, categories (ids) and price level. */
  async affinity(input: AffinityInput): Promise<Affinity> {
    return readAffinity(await this.deps.documents.search(affinitySearch(input, this.scope())));
  }

  /** The phrases searched most in the last `days` days, with their market and locale (the impact report). */
  async topPhrases(input: TopPhrasesInput): Promise<TopPhrase[]> {
    return readTopPhrases(await this.deps.documents.search(topPhrasesSearch(input, this.scope())), input.limit);
  }

  /** Clicks and add-to-carts from the answers of `phrases` in the last `days` days, by market, product and rank (replays). */
  async searchClicks(input: { days: number; phrases: readonly string[] }): Promise<SearchClick[]> {
    const out: SearchClick[] = [];
    if (!input.phrases.length) return out;
    let after: Record<string, string | number> | undefined;
    // Bounded: a window of a busy shop still ends (a replay asks at most 1000 phrases).
    for (let page = 0; page < 100; page++) {
      const read = readSearchClicks(await this.deps.documents.search(searchClicksSearch({ ...input, ...(after ? { after } : {}) }, this.scope())));
      out.push(...read.clicks);
      if (!read.after) break;
      after = read.after;
    }
    return out;
  }

  private scope(): QueryScope {
    return { index: this.deps.names.events, now: this.deps.now(), historyDays: this.deps.historyDays };
  }
}

/** What storefront queries need of behaviour: the questions, and a recorder for the events they register. */
export type VisitorBehaviour = Pick<
  BehaviourQuestions,
  | 'lookups'
  | 'recentSearches'
  | 'trendingPhrases'
  | 'popularPhrases'
  | 'recentlyViewed'
  | 'favourites'
  | 'cartOf'
  | 'coOccurring'
  | 'affinity'
  | 'topContent'
  | 'relatedPhrases'
> &
  EventRecorder;
