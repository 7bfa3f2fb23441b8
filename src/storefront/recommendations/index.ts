/**
 * Recommendation lists: the one entry point every endpoint with `recommendationLists` uses (product-page,
 * cart-page, add-to-cart-popup, landing-page). Parsing validates the request body's lists (400 naming the
 * field, request.ts); running answers each list with its algorithm (run.ts, one module per algorithm in
 * algorithms/, each documenting its definition and cold start). See docs/recommendations.md.
 */
import type { RecommendationListResult } from '../responseTypes';
import type { QueryContext } from '../request';
import { parseRecommendationListsStrict } from './request';
import { runLists, type RecommendationServices } from './run';
import type { RecommendationDefaults, RecommendationListRequest } from './types';

export type { Algorithm, RecommendationDefaults, RecommendationListRequest } from './types';
import type { Algorithm } from './types';
import { variantSettings } from '../experiments';

/** Validates a body's `recommendationLists` (400 naming `recommendationLists[i].field`). */
export function parseRecommendationLists(value: unknown): RecommendationListRequest[] {
  return parseRecommendationListsStrict(value);
}

/** Answers every list, in request order; a list an A/B variant of the visitor overrides runs with the variant's algorithm. */
export async function runRecommendationLists(
  s: RecommendationServices,
  context: QueryContext,
  lists: RecommendationListRequest[],
  defaults: RecommendationDefaults,
): Promise<RecommendationListResult[]> {
  if (!lists.length) return [];
  const overrides = (await variantSettings(s, context)).overrides.recommendations;
  const chosen = overrides ? lists.map((l) => (Object.hasOwn(overrides, l.id) ? { ...l, algorithm: overrides[l.id].algorithm as Algorithm } : l)) : lists;
  return runLists(s, context, chosen, defaults);
}
