/**
 * The answers of the search analytics API (`GET /api/admin/v4/analytics/...`, docs/behaviour.md), written once
 * for the service (src/behaviour/analytics.ts builds them) and the analytics page (web/analytics/report.ts
 * reads them). Pure types and constants: contract/ imports nothing.
 */

export interface SearchTotals {
  searches: number;
  /** Answers that refined a search (facet, sort or page changes), of each kind below (one answer may change several). */
  refinements: number;
  facetRefinements: number;
  sortRefinements: number;
  pageRefinements: number;
  sessions: number;
  zeroResultSearches: number;
  zeroResultRate: number | null;
  /** Searches that found something and got no attributed click (searches − zero-result − clicked). */
  noClickSearches: number;
  clickThroughRate: number | null;
  addToCartRate: number | null;
  conversionRate: number | null;
  revenue: number;
  averageClickPosition: number | null;
}

export interface PhraseStatistics {
  phrase: string;
  searches: number;
  refinements: number;
  sessions: number;
  zeroResultSearches: number;
  noClickSearches: number;
  clicks: number;
  clickThroughRate: number | null;
  addToCarts: number;
  addToCartRate: number | null;
  purchases: number;
  conversionRate: number | null;
  revenue: number;
  averageClickPosition: number | null;
}

export interface TouchpointTotals extends SearchTotals {
  touchpoint: string;
}
/** The same totals over the range just before (as many days, ending the day before `from`). */
export interface PreviousPeriod {
  from: string;
  to: string;
  totals: SearchTotals;
}
export interface SearchesAnswer {
  from: string;
  to: string;
  totals: SearchTotals;
  /** The totals split by the searches' touchpoint (DESKTOP, MOBILE), most searches first. */
  touchpoints: TouchpointTotals[];
  phrases: PhraseStatistics[];
  /** With `compare=previous` only. */
  previous?: PreviousPeriod;
}

/** The clicked products of one phrase (`GET /analytics/searches/products`). */
export interface ProductStatistics {
  productKey: string;
  /** The product's title and link in the locale asked (else the first of its locales by name), when it is still in the catalog. */
  title?: string;
  url?: string;
  clicks: number;
  addToCarts: number;
  purchases: number;
  revenue: number;
  averageClickPosition: number | null;
}
export interface PhraseProductsAnswer {
  from: string;
  to: string;
  phrase: string;
  products: ProductStatistics[];
}
/** The buckets of the over-time answer: each `date` is the first day of its day, ISO week (Monday) or month. */
export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];
export interface DailyAnswer {
  from: string;
  to: string;
  interval: Interval;
  days: (SearchTotals & { date: string })[];
}
