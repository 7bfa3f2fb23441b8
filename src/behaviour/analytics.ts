/**
 * The search analytics use case (`GET /api/admin/v4/analytics/searches` and `/searches/daily`): query
 * parameters parsed into a request (every failure a 400 naming the parameter), checked against the
 * configured markets and locales, answered with one aggregation over the events (src/events/queries/analytics.ts).
 */
import type { DocumentIndex } from '../search/documents';
import type { CatalogConfiguration } from '../catalog/types';
import type { ConfigurationReader } from '../configuration/store';
import { invalid } from '../kernel/errors';
import { integer, oneOf, required, single, type RawQuery } from '../kernel/params';
import {
  ANALYTICS_SORTS,
  INTERVALS,
  dailySearch,
  intervalFor,
  isRateSort,
  phraseProductsSearch,
  previousRange,
  productTitlesSearch,
  withTitles,
  rateRankingSearch,
  readDaily,
  readMetrics,
  readPhraseProducts,
  readRateRanking,
  readSearches,
  searchesSearch,
  totalsOf,
  totalsSearch,
  type AnalyticsFilter,
  type DailyAnswer,
  type DailyRequest,
  type PhraseProductsAnswer,
  type PhraseProductsRequest,
  type SearchesAnswer,
  type SearchesRequest,
} from '../events/queries/analytics';

export const DEFAULT_DAYS = 7;
export const MAX_DAYS = 400;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function date(query: RawQuery, name: string): string | undefined {
  const v = single(query, name)?.trim();
  if (!v) return undefined;
  const parsed = DATE.test(v) ? new Date(`${v}T00:00:00Z`) : undefined;
  const valid = !!parsed && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === v;
  if (!valid) throw invalid(`Query parameter ${name} must be a date YYYY-MM-DD (got "${v}")`);
  return v;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * market (required, configured), from and to (UTC days, inclusive; by default the last 7 days up to
 * today: `to` defaults to today, `from` to six days before `to`), locale (one of the market's), touchpoint.
 */
export function parseAnalyticsFilter(query: RawQuery, configuration: CatalogConfiguration | undefined, today: Date): AnalyticsFilter {
  const market = required(query, 'market').trim();
  const settings = configuration && Object.hasOwn(configuration.markets, market) ? configuration.markets[market] : undefined;
  if (!settings) throw invalid(`Query parameter market: unknown market "${market}"${configuration ? '' : ' (no markets are configured)'}`);
  const locale = single(query, 'locale')?.trim() || undefined;
  if (locale !== undefined && !settings.locales.includes(locale))
    throw invalid(`Query parameter locale: "${locale}" is not a locale of market ${market} (${settings.locales.join(', ')})`);
  const touchpoint = oneOf(query, 'touchpoint', ['DESKTOP', 'MOBILE'] as const);
  const to = date(query, 'to') ?? today.toISOString().slice(0, 10);
  const from = date(query, 'from') ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw invalid(`Query parameter from (${from}) is after to (${to})`);
  const days = daysIn(from, to);
  if (days > MAX_DAYS) throw invalid(`Query parameters from and to: the range covers ${days} days, at most ${MAX_DAYS}`);
  return { market, from, to, ...(locale ? { locale } : {}), ...(touchpoint ? { touchpoint } : {}) };
}

export function parseSearchesRequest(query: RawQuery, configuration: CatalogConfiguration | undefined, today: Date): SearchesRequest & { compare?: true } {
  const filter = parseAnalyticsFilter(query, configuration, today);
  const compare = oneOf(query, 'compare', ['previous'] as const) === 'previous';
  const limit = integer(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const sort = single(query, 'sort')?.trim() || 'searches';
  if (!(ANALYTICS_SORTS as readonly string[]).includes(sort))
    throw invalid(`Query parameter sort must be one of ${ANALYTICS_SORTS.join(', ')} (got "${sort}")`);
  return { ...filter, limit, sort: sort as SearchesRequest['sort'], ...(compare ? { compare } : {}) };
}

/** The filter, `phrase` (required, normalised as searches store it) and `limit` of the clicked-products drill-down. */
export function parsePhraseProductsRequest(query: RawQuery, configuration: CatalogConfiguration | undefined, today: Date): PhraseProductsRequest {
  const filter = parseAnalyticsFilter(query, configuration, today);
  const phrase = required(query, 'phrase').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!phrase) throw invalid('Query parameter phrase must not be empty');
  return { ...filter, phrase, limit: integer(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT) };
}

/** The filter and `interval` (day, week, month; by default chosen from the range: intervalFor). */
export function parseDailyRequest(query: RawQuery, configuration: CatalogConfiguration | undefined, today: Date): DailyRequest {
  const filter = parseAnalyticsFilter(query, configuration, today);
  return { ...filter, interval: oneOf(query, 'interval', INTERVALS) ?? intervalFor(filter) };
}

export interface AnalyticsDeps {
  /** The events and products reads (search/documents.ts): canned answers in unit tests. */
  documents: Pick<DocumentIndex, 'search'>;
  /** The events alias. */
  events: string;
  /** The live products alias (the drill-down's titles). */
  products: string;
  configuration: Pick<ConfigurationReader, 'get'>;
  now?: () => Date;
}

export type SearchAnalytics = ReturnType<typeof searchAnalytics>;

export function searchAnalytics(deps: AnalyticsDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async searches(query: RawQuery): Promise<SearchesAnswer> {
      const request = parseSearchesRequest(query, await deps.configuration.get(), now());
      const answer = async (): Promise<SearchesAnswer> => {
        if (!isRateSort(request.sort)) return readSearches(await deps.documents.search(searchesSearch(deps.events, request)), request);
        const ranking = readRateRanking(await deps.documents.search(rateRankingSearch(deps.events, { ...request, sort: request.sort })), {
          ...request,
          sort: request.sort,
        });
        return readSearches(await deps.documents.search(searchesSearch(deps.events, request, ranking)), request, ranking);
      };
      if (!request.compare) return answer();
      // The previous period is the totals alone over the preceding range, asked alongside (no phrase buckets).
      const range = previousRange(request);
      const [current, previous] = await Promise.all([answer(), deps.documents.search(totalsSearch(deps.events, { ...request, ...range }))]);
      return { ...current, previous: { ...range, totals: totalsOf(readMetrics(previous.aggregations)) } };
    },
    async phraseProducts(query: RawQuery): Promise<PhraseProductsAnswer> {
      const request = parsePhraseProductsRequest(query, await deps.configuration.get(), now());
      const answer = readPhraseProducts(await deps.documents.search(phraseProductsSearch(deps.events, request)), request);
      if (!answer.products.length) return answer;
      return withTitles(
        answer,
        await deps.documents.search(
          productTitlesSearch(
            deps.products,
            request,
            answer.products.map((p) => p.productKey),
          ),
        ),
      );
    },
    async daily(query: RawQuery): Promise<DailyAnswer> {
      const request = parseDailyRequest(query, await deps.configuration.get(), now());
      return readDaily(await deps.documents.search(dailySearch(deps.events, request)), request);
    },
  };
}
