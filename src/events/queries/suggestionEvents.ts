/**
 * The events the suggestions miner reads (src/events/suggestionMiner.ts): one market's searches, clicks and
 * add-to-carts of the last days, in session order, as a bounded scan (search_after pages). Pure request and reader.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { EventDocument } from '../events';
import type { SessionEvent } from '../suggestionMiner';
import { ofTypes, since, term, type Query } from './common';

export interface SuggestionEventsInput {
  market: string;
  locale?: string;
  days: number;
}

export type SuggestionEventSource = Pick<
  EventDocument,
  | '@timestamp'
  | 'type'
  | 'sessionKey'
  | 'locale'
  | 'phrase'
  | 'totalHits'
  | 'continued'
  | 'queryId'
  | 'queryPhrase'
  | 'queryLocale'
  | 'productKey'
  | 'position'
  | 'categoryIds'
  | 'category'
>;

/** Sorted by session, then time, so a page boundary splits at most one session across two pages. */
export function suggestionEventsSearch(index: string, input: SuggestionEventsInput, now: Date): estypes.SearchRequest & { sort: estypes.Sort } {
  const filter: Query[] = [term('market', input.market), ofTypes('search', 'click', 'add-to-cart'), since(now, input.days)];
  if (input.locale) filter.push({ bool: { should: [term('locale', input.locale), term('queryLocale', input.locale)], minimum_should_match: 1 } });
  return {
    index,
    ignore_unavailable: true,
    track_total_hits: false,
    query: { bool: { filter } },
    // _doc breaks ties of one session's events stamped in the same millisecond (scan needs a total order).
    sort: [{ sessionKey: 'asc' }, { '@timestamp': 'asc' }, { _doc: { order: 'asc' } }],
    _source: [
      '@timestamp',
      'type',
      'sessionKey',
      'locale',
      'phrase',
      'totalHits',
      'continued',
      'queryId',
      'queryPhrase',
      'queryLocale',
      'productKey',
      'position',
      'categoryIds',
      'category',
    ],
  };
}

/** A stored event as the miner reads it; undefined for one it cannot use (no session, an unknown type). */
export function sessionEventOf(source: SuggestionEventSource | undefined): SessionEvent | undefined {
  if (!source?.sessionKey) return undefined;
  const at = Date.parse(source['@timestamp']);
  if (Number.isNaN(at)) return undefined;
  const locale = source.queryLocale ?? source.locale ?? '';
  const list = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
  const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  if (source.type === 'search') {
    const phrase = single(source.phrase);
    if (phrase === undefined) return undefined;
    return {
      sessionKey: source.sessionKey,
      at,
      type: 'search',
      locale: source.locale ?? locale,
      phrase,
      totalHits: source.totalHits ?? 0,
      ...(source.continued ? { continued: true } : {}),
      ...(source.queryId ? { queryId: source.queryId } : {}),
    };
  }
  if (source.type !== 'click' && source.type !== 'add-to-cart') return undefined;
  const categoryIds = list(source.categoryIds);
  const category = list(source.category);
  return {
    sessionKey: source.sessionKey,
    at,
    type: source.type,
    locale,
    ...(source.queryPhrase !== undefined ? { phrase: source.queryPhrase } : {}),
    ...(source.queryId ? { queryId: source.queryId } : {}),
    ...(single(source.productKey) !== undefined ? { productKey: single(source.productKey) } : {}),
    ...(source.position !== undefined ? { position: source.position } : {}),
    ...(categoryIds ? { categoryIds } : {}),
    ...(category ? { category } : {}),
  };
}
