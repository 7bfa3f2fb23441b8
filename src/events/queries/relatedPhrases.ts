/**
 * Phrases visitors searched in the same sessions as a phrase (search-page `relatedSearches`): the sessions
 * that searched the phrase in the market over the history window (the latest RELATED_SESSIONS), then the
 * other phrases with results those sessions searched, by the number of those sessions (ties by phrase).
 * What visitors searched next and what co-occurs in their sessions are the same question at this grain.
 */
import type { estypes } from '@elastic/elasticsearch';
import { normalizePhrase } from '../events';
import { aggregationsOf, aggregationsOnly, bucketsOf, since, term, terms, valueOf, type QueryScope } from './common';

export interface RelatedPhrasesInput {
  market: string;
  phrase: string;
  limit: number;
}

/** Sessions of the phrase looked at, at most (the most recent ones). */
export const RELATED_SESSIONS = 1000;
const AGG = { sessions: 'sessions', latest: 'latest', phrases: 'phrases', sessionCount: 'sessionCount' } as const;

/** Step 1: the sessions that searched the phrase. */
export function phraseSessionsSearch(input: RelatedPhrasesInput, scope: QueryScope): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    {
      bool: {
        filter: [term('market', input.market), term('type', 'search'), term('phrase', normalizePhrase(input.phrase)), since(scope.now, scope.historyDays)],
      },
    },
    {
      [AGG.sessions]: {
        terms: { field: 'sessionKey', size: RELATED_SESSIONS, order: { [AGG.latest]: 'desc' } },
        aggs: { [AGG.latest]: { max: { field: '@timestamp' } } },
      },
    },
  );
}

export function readPhraseSessions(response: estypes.SearchResponse<unknown>): string[] {
  return bucketsOf(aggregationsOf(response)[AGG.sessions]).map((b) => b.key);
}

/** Step 2: the other phrases with results of those sessions, by sessions. */
export function sessionPhrasesSearch(input: RelatedPhrasesInput, sessions: readonly string[], scope: QueryScope): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    {
      bool: {
        filter: [
          term('market', input.market),
          term('type', 'search'),
          terms('sessionKey', sessions),
          { range: { totalHits: { gt: 0 } } },
          since(scope.now, scope.historyDays),
        ],
        must_not: [term('phrase', normalizePhrase(input.phrase))],
      },
    },
    {
      [AGG.phrases]: {
        terms: { field: 'phrase', size: input.limit, order: [{ [AGG.sessionCount]: 'desc' }, { _key: 'asc' }] },
        aggs: { [AGG.sessionCount]: { cardinality: { field: 'sessionKey' } } },
      },
    },
  );
}

export function readSessionPhrases(response: estypes.SearchResponse<unknown>): { phrase: string; sessions: number }[] {
  return bucketsOf(aggregationsOf(response)[AGG.phrases]).map((b) => ({ phrase: b.key, sessions: valueOf(b[AGG.sessionCount]) ?? 0 }));
}
