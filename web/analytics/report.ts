/**
 * The analytics API's answers (docs/behaviour.md "Search analytics": `GET /api/admin/v4/analytics/searches` and
 * `/searches/daily`) and the page's filters, which live in the URL (never the key).
 */
// The answers' shapes are the service's own (type-only: nothing of the service's code enters the bundle).
import type { DailyAnswer, PhraseStatistics, SearchesAnswer, SearchTotals } from '../../src/events/queries/analytics';

export type Totals = SearchTotals;
export type PhraseRow = PhraseStatistics;
export type SearchesReport = SearchesAnswer;
export type DailyReport = DailyAnswer;

export const SORTS = ['searches', 'zeroResultSearches', 'clickThroughRate', 'addToCartRate', 'revenue'] as const;
export type ServerSort = (typeof SORTS)[number];

export interface Filters { market: string; locale?: string; from: string; to: string }

/** A date `YYYY-MM-DD` (UTC) `days` before today. */
export function daysAgo(days: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

/** The filters of a URL's query; the last 7 days by default, as the API. */
export function filtersOf(params: URLSearchParams, defaultMarket: string, now = new Date()): Filters {
  const date = (name: string, fallback: string) => { const v = params.get(name); return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : fallback; };
  const locale = params.get('locale') || undefined;
  return { market: params.get('market') || defaultMarket, ...(locale ? { locale } : {}), from: date('from', daysAgo(6, now)), to: date('to', daysAgo(0, now)) };
}

export function queryOf(filters: Filters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ market: filters.market, from: filters.from, to: filters.to, ...extra });
  if (filters.locale) params.set('locale', filters.locale);
  return params.toString();
}

/** A rate as a percentage with one decimal, or "–" when it has no denominator (null). */
export function percent(rate: number | null): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(1)} %`;
}

export function decimal(value: number | null, digits = 1): string {
  return value === null ? '–' : value.toFixed(digits);
}
