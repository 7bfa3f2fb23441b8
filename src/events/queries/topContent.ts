/**
 * Content items visitors click most (TOP_CONTENT content lists): click notifications whose ticket names a
 * content item, in the market over the history window, by clicks (ties by key, so the order is stable).
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, exists, since, term, type QueryScope } from './common';

export interface TopContentInput {
  market: string;
  limit: number;
}

/** Ranked content keys a list looks at, at most (a content filter may leave out many of the top ones). */
export const TOP_CONTENT_CANDIDATES = 500;
const AGG = { content: 'content' } as const;

export function topContentSearch(input: TopContentInput, scope: QueryScope): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    { bool: { filter: [term('market', input.market), term('type', 'click'), exists('contentKey'), since(scope.now, scope.historyDays)] } },
    {
      [AGG.content]: { terms: { field: 'contentKey', size: input.limit, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
    },
  );
}

/** Content keys, most clicked first. */
export function readTopContent(response: estypes.SearchResponse<unknown>): string[] {
  return bucketsOf(aggregationsOf(response)[AGG.content]).map((b) => b.key);
}
