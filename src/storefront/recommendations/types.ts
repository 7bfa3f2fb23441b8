/**
 * The shapes an algorithm works with. An algorithm turns a resolved list (its settings with the page's
 * defaults applied, the products it is about, and the behaviour it asked for) into stages: ordered sources
 * of candidates, best first. The runner searches every stage of every list in one msearch and fills each
 * list from its stages in order, so a cold-start fallback is simply a later stage.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { VisitorBehaviour } from '../../events/questions';
import type { PageType } from '../../events/tickets';
import type { QueryContext } from '../request';

export type Query = estypes.QueryDslQueryContainer;

export type Algorithm =
  | 'TOP_PRODUCTS'
  | 'PERSONAL'
  | 'CART'
  | 'STYLE_WITH'
  | 'ALTERNATIVES'
  | 'UPSELL'
  | 'NEWEST_PRODUCTS'
  | 'FAVORITES'
  | 'MORE_FROM_SERIES'
  | 'RECENTLY_VIEWED'
  | 'ADD_TO_CART_RECS';

/** One list to compute, from a request body or from a page's `recLists`. */
export interface RecommendationListRequest {
  id: string;
  algorithm: Algorithm;
  label?: string;
  showMoreLink?: string;
  visualization?: 'CAROUSEL' | 'GRID';
  /** 1..200, default 4. */
  limit?: number;
  /** Product rule expression (src/rules). */
  productRules?: string;
  /** Deprecated productFilter object (src/rules/productFilter). */
  productFilter?: unknown;
  /** Keys always first (page recLists `pinned`) and never shown (`blocked`). */
  pinned?: string[];
  blocked?: string[];
  params?: { productKey?: string; variantKey?: string; cart?: string[] };
  /** False for lists hidden in the app: answered with no product groups. */
  visible?: boolean;
}

/** What the page is about, used when a list's params leave it out. */
export interface RecommendationDefaults {
  productKey?: string;
  variantKey?: string;
  cart?: string[];
  /** Page type in the tickets of the lists' products; default LANDING_PAGE. */
  pageType?: PageType;
  /** Query id of the registered answer (landing-page), carried by the lists' tickets. */
  queryId?: string;
  /**
   * Products the page looks up anyway (product-page: its product), by key; undefined for a key looked up
   * and not found. The lists take them from here instead of searching for them again.
   */
  known?: Promise<ReadonlyMap<string, SourceProduct | undefined>>;
}

/** What a list needs to know about a product it is about (the page's product, the cart's products). */
export interface SourceProduct {
  productKey: string;
  productGroupKey: string;
  /** The key it was asked by when that was a variant key. */
  variantKey?: string;
  title?: string;
  brand?: string;
  series?: string;
  categoryIds: string[];
  /** Its category paths in the locale (`Dam > Skor > Sneakers`): the first level is its department. */
  categories: string[];
  gender: string[];
  age: string[];
  productType: string[];
  styleWith: string[];
  price?: number;
}

/**
 * The keys a list is about, known before any lookup: behaviour questions start from these, in parallel
 * with looking the products up.
 */
export interface ListKeys {
  limit: number;
  /** The product (or variant) key the list is about: `params.productKey`, the page's product, the added variant. */
  aboutKey?: string;
  /** The variant just added (ADD_TO_CART_RECS). */
  variantKey?: string;
  /** The cart's keys as given (product or variant keys). */
  cartKeys: string[];
}

/** A list ready to run: settings validated and defaults applied. */
export interface ResolvedList extends ListKeys {
  id: string;
  algorithm: Algorithm;
  /** Compiled productRules / productFilter (undefined: no restriction). */
  rules?: Query;
  pinned: string[];
  blocked: string[];
  /** The product the list is about (UPSELL, ALTERNATIVES, STYLE_WITH, MORE_FROM_SERIES; a popup's variant). */
  product?: SourceProduct;
  /** A key asked for but not in the catalog: lists about it answer nothing. */
  unknownProduct: boolean;
  /** Cart products found in the catalog, in cart order. */
  cart: SourceProduct[];
}

/**
 * A product a stage proposes, before its document is fetched. `groupProductKeys` comes from doc values:
 * the group's product keys sorted, not in group order.
 */
export interface Candidate {
  productKey: string;
  productGroupKey: string;
  groupProductKeys: string[];
}

/** Where candidates come from, best first. */
export type Stage =
  /**
   * These product keys in this order (behaviour answers, styleWith, pinned products). `boughtTogether`: the
   * keys are co-purchase answers (a list none of whose products comes from one says so in its label).
   */
  | { kind: 'keys'; keys: string[]; inStockOnly: boolean; boughtTogether?: boolean }
  /**
   * A search: `query` decides membership and score, `sort` the order. `take`: the list takes at most this
   * many of it (room for a later stage, as STYLE_WITH leaves for accessories); default as many as fit.
   */
  | { kind: 'search'; query: Query; sort: estypes.SortCombinations[]; take?: number };

/** What behaviour questions start from. */
export interface SignalInput {
  keys: ListKeys;
  context: QueryContext;
}

export interface AlgorithmInput {
  list: ResolvedList;
  context: QueryContext;
}

/** The behaviour questions algorithms ask (a subset of VisitorBehaviour, so unit tests can fake it). */
export type BehaviourQuestions = Pick<VisitorBehaviour, 'affinity' | 'coOccurring' | 'favourites' | 'recentlyViewed'>;

export interface AlgorithmModule<Signals = unknown> {
  algorithm: Algorithm;
  /**
   * Soft de-duplication (Elevate's matrix): the list prefers groups no earlier list of the request shows,
   * and takes already shown ones only to fill up.
   */
  softDedupe: boolean;
  /** Whether the list is about one product (`params.productKey` or the page's product is required). */
  needsProduct: boolean;
  /** The signals of a visitor without behaviour (also used when behaviour cannot be read). */
  coldSignals: Signals;
  /** Asks behaviour what the algorithm needs (no call when it needs nothing). */
  signals(b: BehaviourQuestions, input: SignalInput): Promise<Signals>;
  /** Pure: the stages, best first; later stages are the fallback when behaviour is thin. */
  stages(input: AlgorithmInput, signals: Signals): Stage[];
}
