/**
 * Recommendation lists: the one entry point every endpoint with `recommendationLists` uses (product-page,
 * cart-page, add-to-cart-popup, landing-page). Parsing validates the request body's lists (400 naming the
 * field, request.ts); running answers each list with its algorithm (run.ts, one module per algorithm in
 * algorithms/, each documenting its definition and cold start). See docs/recommendations.md.
 */
import type { RecommendationListResult } from '../responseTypes';
import type { QueryContext } from '../request';
import type { StorefrontServices } from '../services';
import type { PageType } from '../tickets';
import { parseRecommendationListsStrict } from './request';
import { runLists } from './run';
import type { SourceProduct } from './types';

export type Algorithm =
  | 'TOP_PRODUCTS' | 'PERSONAL' | 'CART' | 'STYLE_WITH' | 'ALTERNATIVES' | 'UPSELL' | 'NEWEST_PRODUCTS'
  | 'FAVORITES' | 'MORE_FROM_SERIES' | 'RECENTLY_VIEWED' | 'ADD_TO_CART_RECS';

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
  /**
   * Products the page looks up anyway (product-page: its product), by key; undefined for a key looked up
   * and not found. The lists take them from here instead of searching for them again.
   */
  known?: Promise<ReadonlyMap<string, SourceProduct | undefined>>;
}

/** Validates a body's `recommendationLists` (400 naming `recommendationLists[i].field`). */
export function parseRecommendationLists(value: unknown): RecommendationListRequest[] {
  return parseRecommendationListsStrict(value);
}

/** Answers every list, in request order. */
export async function runRecommendationLists(
  s: StorefrontServices, context: QueryContext, lists: RecommendationListRequest[], defaults: RecommendationDefaults,
): Promise<RecommendationListResult[]> {
  return runLists(s, context, lists, defaults);
}
