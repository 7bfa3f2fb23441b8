/**
 * The analytics answers as CSV (`format=csv`): what the page's tables and tiles show, for a spreadsheet.
 * Pure. RFC 4180 quoting, CRLF line ends, and a cell that a spreadsheet would run as a formula (a phrase is what
 * a visitor typed: "=HYPERLINK(...)") is prefixed with an apostrophe.
 */
import type { DailyAnswer, PhraseProductsAnswer, SearchesAnswer, SearchTotals } from '../events/queries/analytics';

type Cell = string | number | null;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  let text = String(cell);
  if (typeof cell === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const TOTALS: (keyof SearchTotals)[] = [
  'searches',
  'refinements',
  'facetRefinements',
  'sortRefinements',
  'pageRefinements',
  'sessions',
  'zeroResultSearches',
  'zeroResultRate',
  'noClickSearches',
  'clickThroughRate',
  'addToCartRate',
  'conversionRate',
  'revenue',
  'averageClickPosition',
];
const PHRASE = [
  'phrase',
  'searches',
  'refinements',
  'sessions',
  'zeroResultSearches',
  'noClickSearches',
  'clicks',
  'clickThroughRate',
  'addToCarts',
  'addToCartRate',
  'purchases',
  'conversionRate',
  'revenue',
  'averageClickPosition',
] as const;

/** The phrases table. */
export function phrasesCsv(answer: SearchesAnswer): string {
  return toCsv(
    [...PHRASE],
    answer.phrases.map((p) => PHRASE.map((k) => p[k])),
  );
}

/**
 * The range's totals: one row for the range (touchpoint `all`), one per touchpoint, and with a comparison one
 * row for the previous period (`period` tells which).
 */
export function totalsCsv(answer: SearchesAnswer): string {
  const row = (period: string, from: string, to: string, touchpoint: string, t: SearchTotals): Cell[] => [
    period,
    from,
    to,
    touchpoint,
    ...TOTALS.map((k) => t[k]),
  ];
  return toCsv(
    ['period', 'from', 'to', 'touchpoint', ...TOTALS],
    [
      row('current', answer.from, answer.to, 'all', answer.totals),
      ...answer.touchpoints.map((t) => row('current', answer.from, answer.to, t.touchpoint, t)),
      ...(answer.previous ? [row('previous', answer.previous.from, answer.previous.to, 'all', answer.previous.totals)] : []),
    ],
  );
}

/** One row per bucket (day, week or month). */
export function dailyCsv(answer: DailyAnswer): string {
  return toCsv(
    ['date', ...TOTALS],
    answer.days.map((d) => [d.date, ...TOTALS.map((k) => d[k])]),
  );
}

export function phraseProductsCsv(answer: PhraseProductsAnswer): string {
  return toCsv(
    ['phrase', 'productKey', 'title', 'clicks', 'addToCarts', 'purchases', 'revenue', 'averageClickPosition'],
    answer.products.map((p) => [answer.phrase, p.productKey, p.title ?? null, p.clicks, p.addToCarts, p.purchases, p.revenue, p.averageClickPosition]),
  );
}
