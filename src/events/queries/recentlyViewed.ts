/**
 * Products the visitor viewed (product-view events and clicks on products), newest first, minus removed
 * ones and `excludeKeys`. Removal works as for recent searches: `remove-recently-viewed` events carry the
 * removed keys in `productKey`, or `removeAll`; a product is shown when viewed after its latest removal
 * and after the latest remove-all.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, candidates, FEW_EVENTS_TERMS, latest, latestOf, ofTypes, type QueryScope, since, term } from './common';

export interface RecentlyViewedInput {
  market: string;
  customerKey: string;
  limit?: number;
  excludeKeys?: string[];
}

export const RECENTLY_VIEWED_LIMIT = 20;
const AGG = { cleared: 'cleared', products: 'products', viewed: 'viewed', removed: 'removed' } as const;

export function recentlyViewedSearch(input: RecentlyViewedInput, scope: QueryScope): estypes.SearchRequest {
  const limit = input.limit ?? RECENTLY_VIEWED_LIMIT;
  return aggregationsOnly(
    scope,
    {
      bool: {
        filter: [
          term('market', input.market),
          term('customerKey', input.customerKey),
          ofTypes('product-view', 'click', 'remove-recently-viewed'),
          since(scope.now, scope.historyDays),
        ],
      },
    },
    {
      [AGG.cleared]: latest({ bool: { filter: [term('type', 'remove-recently-viewed'), term('removeAll', true)] } }),
      [AGG.products]: {
        terms: {
          field: 'productKey',
          size: candidates(limit),
          ...FEW_EVENTS_TERMS,
          order: { [`${AGG.viewed}>at`]: 'desc' },
          ...(input.excludeKeys?.length ? { exclude: [...input.excludeKeys] } : {}),
        },
        aggs: { [AGG.viewed]: latest(ofTypes('product-view', 'click')), [AGG.removed]: latest(term('type', 'remove-recently-viewed')) },
      },
    },
  );
}

export function readRecentlyViewed(response: estypes.SearchResponse<unknown>, input: RecentlyViewedInput): string[] {
  const aggs = aggregationsOf(response);
  const cleared = latestOf(aggs[AGG.cleared]) ?? Number.NEGATIVE_INFINITY;
  return bucketsOf(aggs[AGG.products])
    .filter((b) => {
      const viewed = latestOf(b[AGG.viewed]);
      const removed = latestOf(b[AGG.removed]) ?? Number.NEGATIVE_INFINITY;
      return viewed !== undefined && viewed > cleared && viewed > removed;
    })
    .slice(0, input.limit ?? RECENTLY_VIEWED_LIMIT)
    .map((b) => b.key);
}
