/**
 * A page's `recLists` as recommendation list requests, merged with the request body's lists (pure).
 * The saved page configuration takes precedence over the body (elevate-notes section 10): a body list
 * with the id of a page list keeps only what the page leaves unset (label, showMoreLink, visualization,
 * params, and limit or rules when the page has none); the page's lists come first, in page order, then
 * the body's other lists in body order.
 */
import type { RecList } from '../../merchandising/pages/types';
import type { RecommendationListRequest } from '../recommendations';

export function pageRecommendationList(r: RecList): RecommendationListRequest {
  return {
    id: r.id,
    algorithm: r.algorithm ?? 'TOP_PRODUCTS',
    ...(r.limit !== undefined ? { limit: r.limit } : {}),
    ...(r.rules ? { productRules: r.rules } : {}),
    ...(r.pinned?.length ? { pinned: r.pinned } : {}),
    ...(r.blocked?.length ? { blocked: r.blocked } : {}),
  };
}

export function mergeRecommendationLists(page: readonly RecList[], body: readonly RecommendationListRequest[]): RecommendationListRequest[] {
  const fromBody = new Map(body.map((l) => [l.id, l]));
  const pageIds = new Set(page.map((r) => r.id));
  const merged = page.map((r) => {
    const { productFilter, ...requested } = fromBody.get(r.id) ?? ({} as Partial<RecommendationListRequest>);
    // Page rules replace the body's rules of either kind.
    return { ...requested, ...(r.rules || productFilter === undefined ? {} : { productFilter }), ...pageRecommendationList(r) };
  });
  return [...merged, ...body.filter((l) => !pageIds.has(l.id))];
}
