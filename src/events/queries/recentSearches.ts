/**
 * The visitor's recent searches: distinct normalised phrases, newest first, minus removed ones.
 *
 * Removal is applied at query time (no state document): `remove-recent-searches` is itself an event whose
 * `phrase` holds the removed phrases, or `removeAll`. A phrase is shown when it was searched after its
 * latest removal and after the latest remove-all. One terms aggregation over the phrase, ordered by the
 * latest search, asks for more candidates than `limit` so removed ones can be left out.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, candidates, FEW_EVENTS_TERMS, latest, latestOf, ofTypes, type QueryScope, since, term } from './common';

export interface RecentSearchesInput {
  market: string;
  customerKey: string;
  limit?: number;
}

export const RECENT_SEARCHES_LIMIT = 10;
const AGG = { cleared: 'cleared', phrases: 'phrases', searched: 'searched', removed: 'removed' } as const;

export function recentSearchesSearch(input: RecentSearchesInput, scope: QueryScope): estypes.SearchRequest {
  const limit = input.limit ?? RECENT_SEARCHES_LIMIT;
  return aggregationsOnly(
    scope,
    {
      bool: {
        filter: [
          term('market', input.market),
          term('customerKey', input.customerKey),
          ofTypes('search', 'remove-recent-searches'),
          since(scope.now, scope.historyDays),
        ],
      },
    },
    {
      [AGG.cleared]: latest({ bool: { filter: [term('type', 'remove-recent-searches'), term('removeAll', true)] } }),
      [AGG.phrases]: {
        terms: { field: 'phrase', size: candidates(limit), ...FEW_EVENTS_TERMS, order: { [`${AGG.searched}>at`]: 'desc' } },
        aggs: { [AGG.searched]: latest(term('type', 'search')), [AGG.removed]: latest(term('type', 'remove-recent-searches')) },
      },
    },
  );
}

export function readRecentSearches(response: estypes.SearchResponse<unknown>, input: RecentSearchesInput): string[] {
  const aggs = aggregationsOf(response);
  const cleared = latestOf(aggs[AGG.cleared]) ?? Number.NEGATIVE_INFINITY;
  return bucketsOf(aggs[AGG.phrases])
    .filter((b) => {
      const searched = latestOf(b[AGG.searched]);
      const removed = latestOf(b[AGG.removed]) ?? Number.NEGATIVE_INFINITY;
      return searched !== undefined && searched > cleared && searched > removed;
    })
    .slice(0, input.limit ?? RECENT_SEARCHES_LIMIT)
    .map((b) => b.key);
}
