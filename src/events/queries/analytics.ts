/**
 * Search analytics over the events index: one aggregation request per answer, pure builders and readers.
 *
 * Every counted event carries the query it belongs to (src/events/attribution.ts): search events their own,
 * clicks, add-to-carts and purchases the search they are attributed to (`queryId`, `queryPhrase`,
 * `queryAt`, `queryLocale`). So one terms aggregation over `queryPhrase` and one date histogram over
 * `queryAt` count everything about a phrase or a day, and an attributed event counts on its search's day.
 *
 * Definitions (docs/behaviour.md "Search analytics"):
 * - a search: a search event that is not `continued` (an answer for the phrase of the session's search before it is not another search);
 * - a refinement: a continued search event that changed facets, sort or page (its `refinement` names which);
 * - zero-result: its totalHits is 0;
 * - clickThroughRate, addToCartRate, conversionRate: searches with at least one attributed click
 *   (add-to-cart, purchase line) / searches; a rate whose denominator is 0 is null;
 * - purchases: the purchase notifications with at least one attributed line (lines stored before purchase ids
 *   each count as one);
 * - revenue: the sum of quantity × selling price of the attributed purchase lines;
 * - averageClickPosition: the mean 1-based position of the attributed clicks on the primary list (other
 *   lists number their own positions).
 * Sessions and "searches with at least one ..." are distinct counts (cardinality): exact up to 40,000
 * distinct values per number, HyperLogLog++ estimates above (typically within 1 %).
 */
import type { estypes } from '@elastic/elasticsearch';
import { roundMoney, type EventDocument } from '../events';
import { REFINEMENT_KINDS, type RefinementKind } from '../searchSessions';
import { exists, ofTypes, term, type Aggregations, type Query } from './common';
import type { DailyAnswer, Interval, PhraseProductsAnswer, PhraseStatistics, ProductStatistics, SearchesAnswer, SearchTotals } from '../../contract/analytics';

export const ANALYTICS_SORTS = ['searches', 'zeroResultSearches', 'noClickSearches', 'clickThroughRate', 'addToCartRate', 'revenue'] as const;
export type AnalyticsSort = (typeof ANALYTICS_SORTS)[number];

/** Which searches: a market, an inclusive range of UTC days, optionally a locale and a touchpoint. */
export interface AnalyticsFilter {
  market: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
  locale?: string;
  touchpoint?: 'DESKTOP' | 'MOBILE';
}

export interface SearchesRequest extends AnalyticsFilter {
  limit: number;
  sort: AnalyticsSort;
}

/** The answers are the contract's (src/contract/analytics.ts), which the analytics page reads too. */
export { INTERVALS } from '../../contract/analytics';
export type {
  DailyAnswer,
  Interval,
  PhraseProductsAnswer,
  PhraseStatistics,
  PreviousPeriod,
  ProductStatistics,
  SearchesAnswer,
  SearchTotals,
  TouchpointTotals,
} from '../../contract/analytics';

export interface PhraseProductsRequest extends AnalyticsFilter {
  phrase: string;
  limit: number;
}
export interface DailyRequest extends AnalyticsFilter {
  interval: Interval;
}

/** Phrases a rate sort ranks: the most searched ones (one bucket each in a single request). */
export const RATE_SORT_PHRASES = 10_000;
/**
 * Distinct counts are exact up to this many values: 40,000 for the totals and each day, 3,000 per phrase
 * (thousands of phrase buckets each holding four counters). `direct` hashes the values instead of keeping
 * a bitset of the field's global ordinals per bucket (query ids and sessions have millions of them).
 */
const PRECISION = { totals: 40_000, phrase: 3000 } as const;
type Precision = keyof typeof PRECISION;

const field = (name: keyof EventDocument) => name;
const AGG = {
  touchpoints: 'touchpoints',
  products: 'products',
  refinements: 'refinements',
  orders: 'orders',
  unnumbered: 'unnumbered',
  searches: 'searches',
  sessions: 'sessions',
  zero: 'zero',
  clicks: 'clicks',
  clicked: 'queries',
  primary: 'primary',
  position: 'position',
  carts: 'addToCarts',
  purchases: 'purchases',
  revenue: 'revenue',
  phrases: 'phrases',
  days: 'days',
  rate: 'rate',
} as const;

const DAY_MS = 86_400_000;
export const dayStart = (date: string) => `${date}T00:00:00.000Z`;
export const nextDay = (date: string) => new Date(Date.parse(dayStart(date)) + DAY_MS).toISOString().slice(0, 10);

/** The events counted for the filter (each type's own sub-aggregation picks its events). */
export function analyticsQuery(f: AnalyticsFilter): Query {
  return {
    bool: {
      filter: [
        term('market', f.market),
        ofTypes('search', 'click', 'add-to-cart', 'purchase'),
        exists('queryPhrase'),
        { range: { [field('queryAt')]: { gte: dayStart(f.from), lt: dayStart(nextDay(f.to)) } } },
        ...(f.locale ? [term('queryLocale', f.locale)] : []),
        ...(f.touchpoint ? [term('touchpoint', f.touchpoint)] : []),
      ],
    },
  };
}

/** The numbers of one phrase, one day or the totals. */
export function metricAggregations(precision: Precision = 'totals'): Aggregations {
  const distinct = (name: keyof EventDocument): estypes.AggregationsAggregationContainer => ({
    cardinality: { field: field(name), precision_threshold: PRECISION[precision], execution_hint: 'direct' },
  });
  const distinctQueries = distinct('queryId');
  const kinds: Aggregations = precision === 'totals' ? Object.fromEntries(REFINEMENT_KINDS.map((k) => [k, { filter: term('refinement', k) }])) : {};
  return {
    [AGG.refinements]: {
      filter: { bool: { filter: [term('type', 'search'), term('continued', true), exists('refinement')] } },
      ...(precision === 'totals' ? { aggs: kinds } : {}),
    },
    [AGG.searches]: {
      filter: { bool: { filter: [term('type', 'search')], must_not: [term('continued', true)] } },
      aggs: {
        [AGG.sessions]: distinct('sessionKey'),
        [AGG.zero]: { filter: { term: { [field('totalHits')]: 0 } } },
      },
    },
    [AGG.clicks]: {
      filter: term('type', 'click'),
      aggs: {
        [AGG.clicked]: distinctQueries,
        [AGG.primary]: { filter: term('listId', 'PRIMARY_LIST'), aggs: { [AGG.position]: { avg: { field: field('position') } } } },
      },
    },
    [AGG.carts]: { filter: term('type', 'add-to-cart'), aggs: { [AGG.clicked]: distinctQueries } },
    [AGG.purchases]: {
      filter: term('type', 'purchase'),
      aggs: {
        [AGG.clicked]: distinctQueries,
        [AGG.revenue]: { sum: { field: field('revenue') } },
        [AGG.orders]: distinct('purchaseId'),
        [AGG.unnumbered]: { filter: { bool: { must_not: [exists('purchaseId')] } } },
      },
    },
  };
}

function envelope(index: string, f: AnalyticsFilter, aggs: Aggregations): estypes.SearchRequest {
  return { index, ignore_unavailable: true, allow_no_indices: true, size: 0, track_total_hits: false, query: analyticsQuery(f), aggs };
}

export type RankedSort = 'clickThroughRate' | 'addToCartRate' | 'noClickSearches';
/** Sorts by a number computed from several counts, which cannot order a terms aggregation: ranked in the service. */
export const isRateSort = (sort: AnalyticsSort): sort is RankedSort => sort === 'clickThroughRate' || sort === 'addToCartRate' || sort === 'noClickSearches';

/**
 * `GET /analytics/searches`: the totals and the phrases, ordered by `sort` (ties: more searches, then the
 * phrase). A rate sort is answered in two requests: rateRankingSearch ranks, then this one with `only` (the
 * phrases ranked first) computes their numbers.
 */
export function searchesSearch(index: string, r: SearchesRequest, only?: string[]): estypes.SearchRequest {
  const totals = metricAggregations('totals');
  const metrics = metricAggregations('phrase');
  const ordered = (first?: string): estypes.AggregationsAggregateOrder => [
    ...(first ? [{ [first]: 'desc' as const }] : []),
    { [AGG.searches]: 'desc' },
    { _key: 'asc' },
  ];
  const first = r.sort === 'zeroResultSearches' ? `${AGG.searches}>${AGG.zero}` : r.sort === 'revenue' ? `${AGG.purchases}>${AGG.revenue}` : undefined;
  const size = only ? only.length : r.limit;
  const phrases: estypes.AggregationsAggregationContainer = {
    terms: {
      field: field('queryPhrase'),
      size: Math.max(size, 1),
      shard_size: Math.max(size * 2, 1000),
      order: ordered(first),
      ...(only?.length ? { include: only } : {}),
    },
    aggs: metrics,
  };
  // Two buckets (desktop, mobile) of the totals' numbers: the touchpoint split needs no request of its own.
  const touchpoints: estypes.AggregationsAggregationContainer = { terms: { field: field('touchpoint'), size: 10 }, aggs: metricAggregations('totals') };
  return envelope(index, r, { ...totals, [AGG.touchpoints]: touchpoints, [AGG.phrases]: phrases });
}

/** The totals alone (the previous period of a comparison): no phrase buckets, the cheapest answer. */
export function totalsSearch(index: string, f: AnalyticsFilter): estypes.SearchRequest {
  return envelope(index, f, metricAggregations('totals'));
}

/** Pure: the range of as many days just before `f` (the comparison period). */
export function previousRange(f: Pick<AnalyticsFilter, 'from' | 'to'>): { from: string; to: string } {
  const days = Math.round((Date.parse(dayStart(f.to)) - Date.parse(dayStart(f.from))) / DAY_MS) + 1;
  const to = new Date(Date.parse(dayStart(f.from)) - DAY_MS).toISOString().slice(0, 10);
  const from = new Date(Date.parse(dayStart(f.from)) - days * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * The products the searches for one phrase led to: attributed clicks, add-to-carts and purchase lines per
 * product, most clicked first. Only events attributed to a search of the phrase (its `queryPhrase`) count.
 */
export function phraseProductsSearch(index: string, r: PhraseProductsRequest): estypes.SearchRequest {
  const base = analyticsQuery(r);
  const query: Query = { bool: { filter: [...(base.bool!.filter as Query[]), ofTypes('click', 'add-to-cart', 'purchase'), term('queryPhrase', r.phrase)] } };
  return {
    index,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: 0,
    track_total_hits: false,
    query,
    aggs: {
      [AGG.products]: {
        terms: { field: field('productKey'), size: r.limit, order: [{ [AGG.clicks]: 'desc' }, { _count: 'desc' }, { _key: 'asc' }] },
        aggs: {
          [AGG.clicks]: {
            filter: term('type', 'click'),
            aggs: { [AGG.primary]: { filter: term('listId', 'PRIMARY_LIST'), aggs: { [AGG.position]: { avg: { field: field('position') } } } } },
          },
          [AGG.carts]: { filter: term('type', 'add-to-cart') },
          [AGG.purchases]: {
            filter: term('type', 'purchase'),
            aggs: {
              [AGG.revenue]: { sum: { field: field('revenue') } },
              [AGG.orders]: { cardinality: { field: field('purchaseId') } },
              [AGG.unnumbered]: { filter: { bool: { must_not: [exists('purchaseId')] } } },
            },
          },
        },
      },
    },
  };
}

/** The titles and links of the drill-down's products: one document per product (the locale asked, else any). */
export function productTitlesSearch(index: string, f: Pick<AnalyticsFilter, 'market' | 'locale'>, keys: string[]): estypes.SearchRequest {
  return {
    index,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: keys.length,
    track_total_hits: false,
    query: { bool: { filter: [term('market', f.market), { terms: { productKey: keys } }, ...(f.locale ? [term('locale', f.locale)] : [])] } },
    collapse: { field: 'productKey' },
    sort: [{ locale: 'asc' }],
    _source: ['productKey', 'title', 'url'],
  };
}

export function withTitles(
  answer: PhraseProductsAnswer,
  response: estypes.SearchResponse<{ productKey?: string; title?: string; url?: string }>,
): PhraseProductsAnswer {
  const found = new Map(response.hits.hits.map((h) => [h._source?.productKey, h._source]));
  return {
    ...answer,
    products: answer.products.map((p) => {
      const s = found.get(p.productKey);
      return { ...p, ...(s?.title ? { title: s.title } : {}), ...(s?.url ? { url: s.url } : {}) };
    }),
  };
}

export function readPhraseProducts(response: estypes.SearchResponse<unknown>, r: PhraseProductsRequest): PhraseProductsAnswer {
  const buckets = (sub(response.aggregations ?? {}, AGG.products)?.buckets ?? []) as (Tree & { key: string })[];
  const products = buckets.map((b): ProductStatistics => {
    const purchases = sub(b, AGG.purchases);
    const average = value(sub(sub(sub(b, AGG.clicks), AGG.primary), AGG.position));
    return {
      productKey: b.key,
      clicks: count(sub(b, AGG.clicks)),
      addToCarts: count(sub(b, AGG.carts)),
      purchases: (value(sub(purchases, AGG.orders)) ?? 0) + count(sub(purchases, AGG.unnumbered)),
      revenue: roundMoney(value(sub(purchases, AGG.revenue)) ?? 0),
      averageClickPosition: average === null ? null : average + 1,
    };
  });
  return { from: r.from, to: r.to, phrase: r.phrase, products };
}

/**
 * The first request of a rate sort: for the RATE_SORT_PHRASES most searched phrases, only what the rate
 * needs (searches, and searches with a click or an add-to-cart). A rate cannot order a terms aggregation
 * (and bucket_sort is not in every distribution), so rankByRate ranks them here.
 */
export function rateRankingSearch(index: string, r: SearchesRequest & { sort: RankedSort }): estypes.SearchRequest {
  const numerator = r.sort === 'addToCartRate' ? AGG.carts : AGG.clicks;
  const type = r.sort === 'addToCartRate' ? 'add-to-cart' : 'click';
  return envelope(index, r, {
    [AGG.phrases]: {
      terms: { field: field('queryPhrase'), size: RATE_SORT_PHRASES, order: [{ [AGG.searches]: 'desc' }, { _key: 'asc' }] },
      aggs: {
        [AGG.searches]: {
          filter: { bool: { filter: [term('type', 'search')], must_not: [term('continued', true)] } },
          aggs: { [AGG.zero]: { filter: { term: { [field('totalHits')]: 0 } } } },
        },
        [numerator]: {
          filter: term('type', type),
          aggs: { [AGG.clicked]: { cardinality: { field: field('queryId'), precision_threshold: PRECISION.phrase, execution_hint: 'direct' } } },
        },
      },
    },
  });
}

/** The phrases of a rate sort, best first (see rankByRate), at most `limit`. */
export function readRateRanking(response: estypes.SearchResponse<unknown>, r: SearchesRequest & { sort: RankedSort }): string[] {
  const buckets = (sub(response.aggregations ?? {}, AGG.phrases)?.buckets ?? []) as (Tree & { key: string })[];
  return rankByRate(
    buckets.map((b) => phraseOf(b.key, readMetrics(b))),
    r.sort,
  )
    .slice(0, r.limit)
    .map((p) => p.phrase);
}

/** Pure: the bucket of a range: days up to a month, weeks up to about half a year, months beyond. */
export function intervalFor(f: Pick<AnalyticsFilter, 'from' | 'to'>): Interval {
  const days = Math.round((Date.parse(dayStart(f.to)) - Date.parse(dayStart(f.from))) / DAY_MS) + 1;
  return days <= 31 ? 'day' : days <= 183 ? 'week' : 'month';
}

/** Pure: the first day of the bucket holding `date`. */
export function bucketStart(date: string, interval: Interval): string {
  const d = new Date(dayStart(date));
  if (interval === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (interval === 'month') d.setUTCDate(1);
  return d.toISOString().slice(0, 10);
}

/** Pure: the first day of the bucket after the one starting at `start`. */
export function nextBucket(start: string, interval: Interval): string {
  const d = new Date(dayStart(start));
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + 1);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * `GET /analytics/searches/daily`: the totals of every bucket (day, ISO week or month) of the range, empty
 * buckets included; the first and last may cover only part of their week or month (the range's days).
 */
export function dailySearch(index: string, f: DailyRequest): estypes.SearchRequest {
  return envelope(index, f, {
    [AGG.days]: {
      date_histogram: {
        field: field('queryAt'),
        calendar_interval: f.interval,
        time_zone: 'UTC',
        format: 'yyyy-MM-dd',
        min_doc_count: 0,
        extended_bounds: { min: bucketStart(f.from, f.interval), max: f.to },
      },
      aggs: metricAggregations(),
    },
  });
}

// ----- reading ---------------------------------------------------------------------------------

type Tree = Record<string, unknown>;
const sub = (t: Tree | undefined, name: string): Tree | undefined => t?.[name] as Tree | undefined;
const count = (t: Tree | undefined): number => Number(t?.doc_count ?? 0);
const value = (t: Tree | undefined): number | null => (typeof t?.value === 'number' ? t.value : null);

/** numerator / denominator, null when the denominator is 0. */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

interface Metrics {
  refinements: number;
  byKind: Record<RefinementKind, number>;
  searches: number;
  sessions: number;
  zero: number;
  clicks: number;
  clicked: number;
  addToCarts: number;
  carted: number;
  purchases: number;
  bought: number;
  revenue: number;
  position: number | null;
}

export function readMetrics(t: Tree | undefined): Metrics {
  const searches = sub(t, AGG.searches);
  const clicks = sub(t, AGG.clicks);
  const carts = sub(t, AGG.carts);
  const purchases = sub(t, AGG.purchases);
  const average = value(sub(sub(clicks, AGG.primary), AGG.position));
  const refinements = sub(t, AGG.refinements);
  return {
    refinements: count(refinements),
    byKind: { facet: count(sub(refinements, 'facet')), sort: count(sub(refinements, 'sort')), page: count(sub(refinements, 'page')) },
    searches: count(searches),
    sessions: value(sub(searches, AGG.sessions)) ?? 0,
    zero: count(sub(searches, AGG.zero)),
    clicks: count(clicks),
    clicked: value(sub(clicks, AGG.clicked)) ?? 0,
    addToCarts: count(carts),
    carted: value(sub(carts, AGG.clicked)) ?? 0,
    purchases: (value(sub(purchases, AGG.orders)) ?? 0) + count(sub(purchases, AGG.unnumbered)),
    bought: value(sub(purchases, AGG.clicked)) ?? 0,
    revenue: roundMoney(value(sub(purchases, AGG.revenue)) ?? 0),
    // Positions are 0-based in tickets.
    position: average === null ? null : average + 1,
  };
}

/** Distinct clicked searches are an estimate above 3,000 per phrase: never below 0. */
const noClicks = (m: Metrics) => Math.max(0, m.searches - m.zero - m.clicked);

export function totalsOf(m: Metrics): SearchTotals {
  return {
    searches: m.searches,
    refinements: m.refinements,
    facetRefinements: m.byKind.facet,
    sortRefinements: m.byKind.sort,
    pageRefinements: m.byKind.page,
    sessions: m.sessions,
    zeroResultSearches: m.zero,
    zeroResultRate: rate(m.zero, m.searches),
    noClickSearches: noClicks(m),
    clickThroughRate: rate(m.clicked, m.searches),
    addToCartRate: rate(m.carted, m.searches),
    conversionRate: rate(m.bought, m.searches),
    revenue: m.revenue,
    averageClickPosition: m.position,
  };
}

export function phraseOf(phrase: string, m: Metrics): PhraseStatistics {
  return {
    phrase,
    searches: m.searches,
    refinements: m.refinements,
    sessions: m.sessions,
    zeroResultSearches: m.zero,
    noClickSearches: noClicks(m),
    clicks: m.clicks,
    clickThroughRate: rate(m.clicked, m.searches),
    addToCarts: m.addToCarts,
    addToCartRate: rate(m.carted, m.searches),
    purchases: m.purchases,
    conversionRate: rate(m.bought, m.searches),
    revenue: m.revenue,
    averageClickPosition: m.position,
  };
}

/** `ranking`: the order of a rate sort's phrases (readRateRanking). */
export function readSearches(response: estypes.SearchResponse<unknown>, r: SearchesRequest, ranking?: string[]): SearchesAnswer {
  const aggs = (response.aggregations ?? {}) as Tree;
  const buckets = (sub(aggs, AGG.phrases)?.buckets ?? []) as (Tree & { key: string })[];
  const phrases = buckets.map((b) => phraseOf(b.key, readMetrics(b)));
  const rank = new Map(ranking?.map((p, i) => [p, i]));
  const ordered = ranking ? phrases.filter((p) => rank.has(p.phrase)).sort((a, b) => rank.get(a.phrase)! - rank.get(b.phrase)!) : phrases;
  const touchpoints = ((sub(aggs, AGG.touchpoints)?.buckets ?? []) as (Tree & { key: string })[]).map((b) => ({
    touchpoint: b.key,
    ...totalsOf(readMetrics(b)),
  }));
  return { from: r.from, to: r.to, totals: totalsOf(readMetrics(aggs)), touchpoints, phrases: ordered };
}

/** Highest rate first (null last), then more searches, then the phrase. */
export function rankByRate(phrases: PhraseStatistics[], by: RankedSort): PhraseStatistics[] {
  return [...phrases].sort((a, b) => (b[by] ?? -1) - (a[by] ?? -1) || b.searches - a.searches || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0));
}

/** Every bucket of the range, in order (the histogram's bounds already cover them; filled here too). */
export function readDaily(response: estypes.SearchResponse<unknown>, f: DailyRequest): DailyAnswer {
  const buckets = (sub(response.aggregations ?? {}, AGG.days)?.buckets ?? []) as (Tree & { key_as_string: string })[];
  const byStart = new Map(buckets.map((b) => [b.key_as_string, b]));
  const days: DailyAnswer['days'] = [];
  for (let d = bucketStart(f.from, f.interval); d <= f.to; d = nextBucket(d, f.interval)) days.push({ date: d, ...totalsOf(readMetrics(byStart.get(d))) });
  return { from: f.from, to: f.to, interval: f.interval, days };
}
