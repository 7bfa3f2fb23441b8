/**
 * The analytics API's answers (docs/behaviour.md "Search analytics": `GET /api/admin/v4/analytics/searches` and
 * `/searches/daily`) and the page's filters, which live in the URL (never the key).
 */
// The answers' shapes are the service's own (type-only: nothing of the service's code enters the bundle).
import type { DailyAnswer, PhraseProductsAnswer, PhraseStatistics, SearchesAnswer, SearchTotals } from '../../src/contract/analytics';
import { AdminError, adminHeaders, adminKey } from '../shared/admin';

export type Totals = SearchTotals;
export type PhraseRow = PhraseStatistics;
export type SearchesReport = SearchesAnswer;
export type DailyReport = DailyAnswer;
export type ProductsReport = PhraseProductsAnswer;

export const SORTS = ['searches', 'zeroResultSearches', 'clickThroughRate', 'addToCartRate', 'revenue'] as const;
export type ServerSort = (typeof SORTS)[number];

export const TOUCHPOINTS = ['DESKTOP', 'MOBILE'] as const;
export interface Filters {
  market: string;
  locale?: string;
  touchpoint?: (typeof TOUCHPOINTS)[number];
  from: string;
  to: string;
}

/** The range presets: the last n days up to today (today included). */
export const PRESETS = [7, 30, 90] as const;
export function presetRange(days: number, now = new Date()): { from: string; to: string } {
  return { from: daysAgo(days - 1, now), to: daysAgo(0, now) };
}

/** A date `YYYY-MM-DD` (UTC) `days` before today. */
export function daysAgo(days: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

/** The filters of a URL's query; the last 7 days by default, as the API. */
export function filtersOf(params: URLSearchParams, defaultMarket: string, now = new Date()): Filters {
  const date = (name: string, fallback: string) => {
    const v = params.get(name);
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : fallback;
  };
  const locale = params.get('locale') || undefined;
  const touchpoint = TOUCHPOINTS.find((t) => t === params.get('touchpoint')?.toUpperCase());
  return {
    market: params.get('market') || defaultMarket,
    ...(locale ? { locale } : {}),
    ...(touchpoint ? { touchpoint } : {}),
    from: date('from', daysAgo(6, now)),
    to: date('to', daysAgo(0, now)),
  };
}

export function queryOf(filters: Filters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ market: filters.market, from: filters.from, to: filters.to, ...extra });
  if (filters.locale) params.set('locale', filters.locale);
  if (filters.touchpoint) params.set('touchpoint', filters.touchpoint);
  return params.toString();
}

/**
 * Downloads an admin API answer as a file (the CSV exports): fetched with the key in the header, so the key
 * never goes into a link; the file name is the service's (Content-Disposition).
 */
export async function adminDownload(path: string): Promise<void> {
  const key = adminKey();
  if (!key) throw new AdminError(403, 'Log in with an admin key');
  const res = await fetch(path, { headers: adminHeaders(key) });
  if (!res.ok) throw new AdminError(res.status, `${res.status} ${res.statusText}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'analytics.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The change from the previous period as the tiles show it: counts and money relatively ("+12.5 %"), rates in
 * percentage points ("+1.2 pp": a relative change of a rate reads as a much bigger move than it is), "new"
 * when the previous period had none, and null when there is nothing to compare.
 */
export function change(
  current: number | null,
  previous: number | null,
  kind: 'count' | 'rate' | 'position',
): { text: string; direction: 'up' | 'down' | 'same' } | null {
  if (current === null || previous === null) return null;
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'same';
  const sign = current > previous ? '+' : current < previous ? '−' : '±';
  if (kind === 'rate') return { text: `${sign}${(Math.abs(current - previous) * 100).toFixed(1)} pp`, direction };
  if (kind === 'position') return { text: `${sign}${Math.abs(current - previous).toFixed(1)}`, direction };
  if (previous === 0) return current === 0 ? { text: '±0 %', direction } : { text: 'new', direction };
  return { text: `${sign}${((Math.abs(current - previous) / previous) * 100).toFixed(1)} %`, direction };
}

/** A rate as a percentage with one decimal, or "–" when it has no denominator (null). */
export function percent(rate: number | null): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(1)} %`;
}

export function decimal(value: number | null, digits = 1): string {
  return value === null ? '–' : value.toFixed(digits);
}
