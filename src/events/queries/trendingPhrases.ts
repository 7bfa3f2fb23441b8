/**
 * Trending phrases of a market (optionally one locale): phrases searched with results (totalHits > 0)
 * in the last TRENDING_DAYS, scored by distinct visitors per time window, each window weighted by
 * exponential decay of its mid-point age (half-life TRENDING_HALF_LIFE_DAYS). Distinct visitors, not
 * searches, so one visitor repeating a phrase cannot make it trend. Candidates are the phrases searched
 * most over the whole period; the decay then re-ranks them.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, DAY_MS, since, term, valueOf, type Query, type QueryScope } from './common';
import { decay } from './weights';

export interface TrendingPhrasesInput {
  market: string;
  locale?: string;
  limit?: number;
}
export interface ScoredPhrase {
  phrase: string;
  score: number;
}

export const TRENDING_LIMIT = 10;
export const TRENDING_DAYS = 14;
export const TRENDING_HALF_LIFE_DAYS = 2;
/** Windows as [from, to) in days before now. */
export const TRENDING_WINDOWS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 2],
  [2, 4],
  [4, 7],
  [7, 14],
];

const AGG = { phrases: 'phrases', windows: 'windows', visitors: 'visitors' } as const;

export function trendingPhrasesSearch(input: TrendingPhrasesInput, scope: QueryScope): estypes.SearchRequest {
  const limit = input.limit ?? TRENDING_LIMIT;
  const at = (days: number) => scope.now.getTime() - days * DAY_MS;
  const filter: Query[] = [
    term('market', input.market),
    term('type', 'search'),
    { range: { totalHits: { gt: 0 } } },
    since(scope.now, TRENDING_DAYS),
    ...(input.locale ? [term('locale', input.locale)] : []),
  ];
  return aggregationsOnly(
    scope,
    { bool: { filter } },
    {
      [AGG.phrases]: {
        terms: { field: 'phrase', size: Math.min(1000, limit * 10 + 50) },
        aggs: {
          [AGG.windows]: {
            range: { field: '@timestamp', ranges: TRENDING_WINDOWS.map(([from, to]) => ({ key: `${from}-${to}`, from: at(to), to: at(from) })) },
            aggs: { [AGG.visitors]: { cardinality: { field: 'customerKey' } } },
          },
        },
      },
    },
  );
}

export function readTrendingPhrases(response: estypes.SearchResponse<unknown>, input: TrendingPhrasesInput): ScoredPhrase[] {
  const weightOf = new Map(TRENDING_WINDOWS.map(([from, to]) => [`${from}-${to}`, decay((from + to) / 2, TRENDING_HALF_LIFE_DAYS)]));
  return bucketsOf(aggregationsOf(response)[AGG.phrases])
    .map((b) => ({
      phrase: b.key,
      score: bucketsOf(b[AGG.windows]).reduce((sum, w) => sum + (weightOf.get(w.key) ?? 0) * (valueOf(w[AGG.visitors]) ?? 0), 0),
    }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase))
    .slice(0, input.limit ?? TRENDING_LIMIT)
    .map((p) => ({ phrase: p.phrase, score: round(p.score) }));
}

const round = (n: number) => Math.round(n * 1000) / 1000;
