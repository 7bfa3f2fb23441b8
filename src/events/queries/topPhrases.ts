/**
 * The phrases searched most in the last days, over every market and locale (the catalog import's impact
 * report, docs/merchandising.md "Merchandising console: explain, history, impact"): search events by count (a repeated
 * search counts each time, as each is a visitor looking at the answer), with and without hits, each with
 * the market and locale it was searched in (no locale recorded: empty, the caller picks the market's first).
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, since, term, type QueryScope } from './common';

export interface TopPhrasesInput {
  days: number;
  limit: number;
}
export interface TopPhrase {
  market: string;
  locale: string;
  phrase: string;
  searches: number;
}

const AGG = { markets: 'markets', locales: 'locales', phrases: 'phrases' } as const;
/** Markets and locales looked at, at most (a service has a few). */
const MAX_MARKETS = 200;
const MAX_LOCALES = 50;

/**
 * The top `limit` phrases of each market and locale (terms within terms: multi_terms is not in every
 * distribution); readTopPhrases keeps the top `limit` of them all, which are exactly the overall top ones.
 */
export function topPhrasesSearch(input: TopPhrasesInput, scope: Pick<QueryScope, 'index' | 'now'>): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    { bool: { filter: [term('type', 'search'), since(scope.now, input.days)] } },
    {
      [AGG.markets]: {
        terms: { field: 'market', size: MAX_MARKETS },
        aggs: {
          [AGG.locales]: {
            terms: { field: 'locale', size: MAX_LOCALES, missing: '' },
            aggs: { [AGG.phrases]: { terms: { field: 'phrase', size: input.limit, order: [{ _count: 'desc' }, { _key: 'asc' }] } } },
          },
        },
      },
    },
  );
}

/** Most searched first (ties by phrase, market, locale), at most `limit`. */
export function readTopPhrases(response: estypes.SearchResponse<unknown>, limit: number): TopPhrase[] {
  const all: TopPhrase[] = [];
  for (const m of bucketsOf(aggregationsOf(response)[AGG.markets])) {
    for (const l of bucketsOf(m[AGG.locales])) {
      for (const p of bucketsOf(l[AGG.phrases])) all.push({ market: String(m.key), locale: String(l.key), phrase: String(p.key), searches: p.doc_count });
    }
  }
  const order = (a: TopPhrase, b: TopPhrase) =>
    b.searches - a.searches || a.phrase.localeCompare(b.phrase) || a.market.localeCompare(b.market) || a.locale.localeCompare(b.locale);
  return all.sort(order).slice(0, limit);
}
