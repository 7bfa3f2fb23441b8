/**
 * What storefront queries need at run time, built once by the composition root (app.ts) from narrow
 * dependencies: the search gateway, index names, the catalog facts cache, a clock, visitor behaviour
 * and the hooks. Queries call `onSearch` unless `notify=false`.
 */
import type { SearchGateway } from '../search/gateway';
import { roundsGateway } from '../search/rounds';
import type { Logger } from '../kernel/log';
import { searchEvent, searchedPhrase, type EventRecorder, type SearchFacts } from '../events/fromQueries';
import { SessionSearches } from '../events/searchSessions';
import type { BehaviourLookup, VisitorBehaviour } from '../events/questions';
import type { RelatedPhrasesInput } from '../events/queries/relatedPhrases';
import { failureOf } from '../search/msearch';
import type { ConfigurationReader } from '../configuration/store';
import type { MerchandisingStores } from '../merchandising';
import type { CatalogIndices } from '../search/catalogIndices';
import { CatalogVersionGone, type CatalogView, type CatalogViews } from '../search/catalogView';
import { CatalogFactsCache } from './catalogFacts';
import type { VocabularyStore } from '../catalog/vocabularyStore';
import { phraseLanguage, type PhraseLanguage, type PhraseLanguageSources } from './phraseExpansion';
import { RealWords, type LexiconReader, type RealWord } from './suggest/realWords';
import { RememberedSearches } from './rememberedSearches';
import { RememberedCandidates } from './facets/rememberedCandidates';
import type { QueryContext } from './request';
import type { UnderstandingMode } from './understanding';
import type { SemanticSearch } from './semantic';
import type { SynonymSetChoice } from '../merchandising/experiments/types';
import { ListingJsonCache } from './listingJson';

export interface SearchEvent extends SearchFacts {
  context: QueryContext;
}

export interface StorefrontHooks {
  /**
   * A search to register as visitor behaviour; returns the answer's query id (which its tickets carry),
   * undefined when nothing was registered. Must not throw; it is not awaited by the response.
   */
  onSearch(event: SearchEvent): string | void;
}

export interface StorefrontServices {
  /** Every Elasticsearch read of a query goes through this (a scripted one in unit tests). */
  search: SearchGateway;
  log: Logger;
  facts: CatalogFactsCache;
  /** STORE_CACHE_MS: how long the navigation and landing-page caches serve what they read. */
  cacheMs: number;
  /** The live products and content of a locale: each locale has its own index, analysed in its language. */
  index: { products(locale: string): string; content(locale: string): string };
  hooks: StorefrontHooks;
  /** The synonyms and compounds of a locale's phrases (phraseExpansion.ts). */
  language(locale: string, synonymSet?: SynonymSetChoice): Promise<PhraseLanguage>;
  /** As `language`, with other synonym rules than the store's (a replay's pending synonyms, searchPage/replayAnswers.ts). */
  languageWith?(locale: string, synonyms: PhraseLanguageSources['synonyms'], synonymSet?: SynonymSetChoice): Promise<PhraseLanguage>;
  /** Whether a word is a word of the locale's language (general lexicon); undefined without one. Spelling only. */
  realWords?(locale: string): Promise<RealWord | undefined>;
  /** search-page: which plain searches had a long primary list on their catalog version (rememberedSearches.ts). */
  longLists?: RememberedSearches;
  /** search-page: which searches' understood filter found products on their catalog version (no fallback search). */
  filledFilters?: RememberedSearches;
  /** search-page: which relaxing searches' whole primary list found products on their catalog version (no relaxed list asked). */
  wholeLists?: RememberedSearches;
  /** search-page and landing-page: each listing's dynamic facet candidates on its catalog version (facets/rememberedCandidates.ts). */
  dynamicCandidates?: RememberedCandidates;
  /** Visitor behaviour: recent searches, trending phrases, recently viewed, co-occurrence, affinity; recording. */
  behaviour: VisitorBehaviour;
  /** QUERY_UNDERSTANDING: what search-page does with the colour, gender and price words it understands (default filter). */
  understanding?: UnderstandingMode;
  /** Pages, navigation and response templates. */
  merchandising: MerchandisingStores;
  /** Search by meaning (semantic.ts): absent without the model. */
  semantic?: SemanticSearch;
  now(): Date;
  /**
   * Runs one query on one catalog version, from its first read to its last (src/search/catalogView.ts), and
   * once more on a fresh view when that version was deleted under it by a newer import.
   */
  onOneCatalogVersion<T>(run: (s: StorefrontServices) => Promise<T>): Promise<T>;
  /** The catalog version the query reads, inside onOneCatalogVersion; undefined where nothing is pinned. */
  catalogVersion?: string;
  /** search-page: product groups' listing JSON per document version (listingJson.ts); absent when LISTING_JSON_CACHE_MB is 0. */
  listingJson?: ListingJsonCache;
}

export type { PhraseLanguage };

export const noHooks: StorefrontHooks = { onSearch: () => undefined };

/**
 * The hooks that record searches as behaviour events through `recorder` (the default of storefrontServices),
 * each with its query id: a later page of the session's search keeps that search's id (searchSessions.ts).
 */
export function behaviourHooks(recorder: EventRecorder, sessions = new SessionSearches()): StorefrontHooks {
  return {
    onSearch(e) {
      const phrase = searchedPhrase(e);
      if (!phrase) return undefined;
      const registration = sessions.register(e.context.sessionKey, phrase, e.skip, e.state);
      const event = searchEvent(e, registration);
      if (!event) return undefined;
      recorder.record(event);
      return registration.queryId;
    },
  };
}

export interface StorefrontDeps {
  search: SearchGateway;
  log: Logger;
  indices: Pick<CatalogIndices, 'liveVersion' | 'names'>;
  configuration: ConfigurationReader;
  merchandising: MerchandisingStores;
  behaviour: VisitorBehaviour;
  /** DYNAMIC_FACETS: facets chosen per result set in markets without a facet configuration. */
  dynamicFacets: number;
  /** STORE_CACHE_MS: how long the catalog facts, navigation and landing-page caches serve what they read. */
  cacheMs: number;
  /** UNDERSTOOD_ATTRIBUTES: label attributes whose values query understanding recognises (default none). */
  understoodAttributes?: readonly string[];
  /** QUERY_UNDERSTANDING (default filter). */
  understanding?: UnderstandingMode;
  /** The catalog's compounds per locale, stored by the last full import. */
  vocabulary: Pick<VocabularyStore, 'compounds'>;
  /** The live catalog version of each query; without it (unit tests) queries read the aliases as they are. */
  views?: Pick<CatalogViews, 'current'>;
  /** The general lexicon, which spelling corrections never replace a word of (suggest/correction.ts). */
  lexicon?: LexiconReader;
  /** Search by meaning (semantic.ts): absent without the model. */
  semantic?: SemanticSearch;
  /** LISTING_JSON_CACHE_MB in bytes: the bound of the listing JSON kept (listingJson.ts); 0 or absent keeps none. */
  listingJsonBytes?: number;
}

/**
 * `behaviour` asking the questions that have lookups through a query's gateway, so that they join the
 * query's rounds: search-page's related phrases ride in the siblings round. A failed lookup throws, as the
 * question did (callers degrade).
 */
function behaviourThrough(search: SearchGateway, behaviour: VisitorBehaviour): VisitorBehaviour {
  if (!behaviour?.lookups) return behaviour; // unit tests without behaviour
  const ask = async <T>(l: BehaviourLookup<T>): Promise<T> => {
    const [response] = await search.msearch([{ index: l.index, body: l.body, optional: true }]);
    const failure = failureOf(response);
    if (failure) throw new Error(`behaviour lookup failed: ${failure.type}: ${failure.reason ?? ''}`);
    return l.read(response);
  };
  return Object.assign(Object.create(behaviour) as VisitorBehaviour, {
    relatedPhrases: async (input: RelatedPhrasesInput): Promise<string[]> => {
      const sessions = await ask(behaviour.lookups.phraseSessions(input));
      return sessions.length ? ask(behaviour.lookups.sessionPhrases(input, sessions)) : [];
    },
  });
}

/** `hooks` replaces the recording of searches (tests watch them). */
export function storefrontServices(deps: StorefrontDeps, hooks: Partial<StorefrontHooks> = behaviourHooks(deps.behaviour)): StorefrontServices {
  const realWords = deps.lexicon ? new RealWords(deps.lexicon) : undefined;
  const services: StorefrontServices = {
    search: deps.search,
    log: deps.log,
    facts: new CatalogFactsCache(
      deps.search,
      deps.indices,
      deps.configuration,
      deps.merchandising.facets,
      deps.merchandising.labels,
      deps.dynamicFacets,
      deps.cacheMs,
      deps.understoodAttributes,
    ),
    cacheMs: deps.cacheMs,
    index: {
      products: (locale) => deps.indices.names.catalogLocaleAlias('products', locale),
      content: (locale) => deps.indices.names.catalogLocaleAlias('content', locale),
    },
    hooks: { ...noHooks, ...hooks },
    language: (locale, synonymSet) =>
      phraseLanguage(
        { synonyms: deps.merchandising.synonyms, vocabulary: deps.vocabulary, excludedCompounds: deps.merchandising.compounds },
        locale,
        (what, err) => deps.log.warn(`phrase expansion without ${what}`, { err }),
        synonymSet,
      ),
    languageWith: (locale, synonyms, synonymSet) =>
      phraseLanguage(
        { synonyms, vocabulary: deps.vocabulary, excludedCompounds: deps.merchandising.compounds },
        locale,
        (what, err) => deps.log.warn(`phrase expansion without ${what}`, { err }),
        synonymSet,
      ),
    ...(realWords ? { realWords: (locale: string) => realWords.of(locale) } : {}),
    longLists: new RememberedSearches(),
    filledFilters: new RememberedSearches(),
    wholeLists: new RememberedSearches(),
    dynamicCandidates: new RememberedCandidates(),
    ...(deps.listingJsonBytes ? { listingJson: new ListingJsonCache(deps.listingJsonBytes) } : {}),
    behaviour: deps.behaviour,
    understanding: deps.understanding ?? 'filter',
    merchandising: deps.merchandising,
    ...(deps.semantic ? { semantic: deps.semantic } : {}),
    now: () => new Date(),
    onOneCatalogVersion: async (run) => {
      const { views } = deps;
      const pin = deps.search.pinned?.bind(deps.search);
      if (!views || !pin) return run(services);
      // One rounds gateway per query: its concurrent parts share round trips (search/rounds.ts), behaviour
      // questions with a lookup included.
      const onVersion = (view: CatalogView): StorefrontServices => {
        const search = roundsGateway(pin(view));
        return { ...services, search, behaviour: behaviourThrough(search, deps.behaviour), catalogVersion: view.version };
      };
      try {
        return await run(onVersion(await views.current()));
      } catch (err) {
        if (!(err instanceof CatalogVersionGone)) throw err;
        deps.log.debug('catalog version replaced under a query: run again on the live one', { detail: err.detail });
        return run(onVersion(await views.current(true)));
      }
    },
  };
  return services;
}
