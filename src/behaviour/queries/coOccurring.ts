/**
 * Products added to cart or bought in the same sessions as `keys` (product or variant keys): the
 * "bought together" signal of CART, ADD_TO_CART_RECS and UPSELL-style lists.
 *
 * Two requests, because the events index holds events, not sessions:
 * 1. coSessionsSearch: the most recent sessions (up to CO_SESSIONS) with an add-to-cart or purchase of
 *    any key, and the product keys the given keys belong to (to leave them out of the answer).
 * 2. coOccurringSearch: over the add-to-cart and purchase events of those sessions, a significant_terms
 *    on productKey against the market's add-to-cart and purchase events as background (JLH score), so a
 *    product everybody buys does not win just by being common. A plain terms aggregation ordered by
 *    distinct sessions fills the list when few products are significant; those come after, with score 0.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, FEW_EVENTS_CARDINALITY, FEW_EVENTS_TERMS, latest, ofTypes, type Query, type QueryScope, since, term, terms, valueOf } from './common';

export interface CoOccurringInput { market: string; keys: string[]; limit?: number }
export interface CoOccurringProduct { productKey: string; score: number; sessions: number }
export interface CoSessions { sessions: string[]; productKeys: string[] }

export const CO_OCCURRING_LIMIT = 20;
export const CO_SESSIONS = 1000;
const AGG = { sessions: 'sessions', products: 'products', significant: 'significant', frequent: 'frequent', count: 'session_count' } as const;

const basket = (market: string, scope: QueryScope): Query[] => [term('market', market), ofTypes('add-to-cart', 'purchase'), since(scope.now, scope.historyDays)];

export function coSessionsSearch(input: CoOccurringInput, scope: QueryScope): estypes.SearchRequest {
  return aggregationsOnly(scope,
    { bool: { filter: [...basket(input.market, scope), { bool: { should: [terms('productKey', input.keys), terms('variantKey', input.keys)], minimum_should_match: 1 } }] } },
    {
      [AGG.sessions]: { terms: { field: 'sessionKey', size: CO_SESSIONS, ...FEW_EVENTS_TERMS, order: { at: 'desc' } }, aggs: { at: latest() } },
      [AGG.products]: { terms: { field: 'productKey', size: Math.min(1000, input.keys.length * 2 + 10), ...FEW_EVENTS_TERMS } },
    });
}

export function readCoSessions(response: estypes.SearchResponse<unknown>): CoSessions {
  const aggs = aggregationsOf(response);
  return { sessions: bucketsOf(aggs[AGG.sessions]).map((b) => b.key), productKeys: bucketsOf(aggs[AGG.products]).map((b) => b.key) };
}

export function coOccurringSearch(input: CoOccurringInput, co: CoSessions, scope: QueryScope): estypes.SearchRequest {
  const limit = input.limit ?? CO_OCCURRING_LIMIT;
  const exclude = [...new Set([...co.productKeys, ...input.keys])];
  return aggregationsOnly(scope,
    { bool: { filter: [...basket(input.market, scope), terms('sessionKey', co.sessions)] } },
    {
      [AGG.significant]: {
        significant_terms: { field: 'productKey', size: limit, min_doc_count: 1, ...FEW_EVENTS_TERMS, exclude, background_filter: { bool: { filter: basket(input.market, scope) } } },
        aggs: { [AGG.count]: { cardinality: { field: 'sessionKey', ...FEW_EVENTS_CARDINALITY } } },
      },
      [AGG.frequent]: {
        terms: { field: 'productKey', size: limit, ...FEW_EVENTS_TERMS, exclude, order: [{ [AGG.count]: 'desc' }, { _key: 'asc' }] },
        aggs: { [AGG.count]: { cardinality: { field: 'sessionKey', ...FEW_EVENTS_CARDINALITY } } },
      },
    });
}

export function readCoOccurring(response: estypes.SearchResponse<unknown>, input: CoOccurringInput): CoOccurringProduct[] {
  const aggs = aggregationsOf(response);
  const result: CoOccurringProduct[] = bucketsOf(aggs[AGG.significant])
    .map((b) => ({ productKey: b.key, score: round((b as { score?: number }).score ?? 0), sessions: valueOf(b[AGG.count]) ?? 0 }))
    .sort((a, b) => b.score - a.score || b.sessions - a.sessions || a.productKey.localeCompare(b.productKey));
  const seen = new Set(result.map((r) => r.productKey));
  for (const b of bucketsOf(aggs[AGG.frequent])) {
    if (!seen.has(b.key)) result.push({ productKey: b.key, score: 0, sessions: valueOf(b[AGG.count]) ?? 0 });
  }
  return result.slice(0, input.limit ?? CO_OCCURRING_LIMIT);
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
