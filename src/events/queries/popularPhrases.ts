/**
 * Phrases starting with a prefix, for autocomplete phrase suggestions: phrases searched with results
 * (totalHits > 0) in the history window, ranked by the number of distinct sessions that searched them
 * (a session repeating a phrase counts once).
 */
import type { estypes } from '@elastic/elasticsearch';
import { normalizePhrase } from '../events';
import { aggregationsOf, aggregationsOnly, bucketsOf, since, term, valueOf, type Query, type QueryScope } from './common';

export interface PopularPhrasesInput {
  market: string;
  prefix: string;
  limit?: number;
}
export interface PopularPhrase {
  phrase: string;
  sessions: number;
}

export const POPULAR_PHRASES_LIMIT = 10;
const AGG = { phrases: 'phrases', sessions: 'sessions' } as const;

export function popularPhrasesSearch(input: PopularPhrasesInput, scope: QueryScope): estypes.SearchRequest {
  const prefix = normalizePhrase(input.prefix);
  const filter: Query[] = [
    term('market', input.market),
    term('type', 'search'),
    { range: { totalHits: { gt: 0 } } },
    since(scope.now, scope.historyDays),
    ...(prefix ? [{ prefix: { phrase: prefix } }] : []),
  ];
  return aggregationsOnly(
    scope,
    { bool: { filter } },
    {
      [AGG.phrases]: {
        terms: { field: 'phrase', size: input.limit ?? POPULAR_PHRASES_LIMIT, order: [{ [AGG.sessions]: 'desc' }, { _key: 'asc' }] },
        aggs: { [AGG.sessions]: { cardinality: { field: 'sessionKey' } } },
      },
    },
  );
}

export function readPopularPhrases(response: estypes.SearchResponse<unknown>): PopularPhrase[] {
  return bucketsOf(aggregationsOf(response)[AGG.phrases]).map((b) => ({ phrase: b.key, sessions: valueOf(b[AGG.sessions]) ?? 0 }));
}
