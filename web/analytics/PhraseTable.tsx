/**
 * A table of phrases, sortable by any column (the page's click re-sorts what the API answered; the API's own
 * `sort` chose which phrases came back). Each phrase opens in the storefront.
 */
import { useState } from 'preact/hooks';
import { decimal, percent, type Filters, type PhraseRow } from './report';

type Column = { key: keyof PhraseRow; label: string; show: (row: PhraseRow) => string };

const COLUMNS: Column[] = [
  { key: 'searches', label: 'Searches', show: (r) => String(r.searches) },
  { key: 'refinements', label: 'Refinements', show: (r) => String(r.refinements) },
  { key: 'sessions', label: 'Sessions', show: (r) => String(r.sessions) },
  { key: 'zeroResultSearches', label: 'No results', show: (r) => String(r.zeroResultSearches) },
  { key: 'clickThroughRate', label: 'Click-through', show: (r) => percent(r.clickThroughRate) },
  { key: 'addToCartRate', label: 'Add-to-cart', show: (r) => percent(r.addToCartRate) },
  { key: 'conversionRate', label: 'Conversion', show: (r) => percent(r.conversionRate) },
  { key: 'revenue', label: 'Revenue', show: (r) => r.revenue.toLocaleString(undefined, { maximumFractionDigits: 0 }) },
  { key: 'averageClickPosition', label: 'Avg. click position', show: (r) => decimal(r.averageClickPosition) },
];

function compare(a: PhraseRow, b: PhraseRow, key: keyof PhraseRow): number {
  const x = a[key];
  const y = b[key];
  if (x === y) return 0; // ties fall back to the phrase, A to Z, whichever the direction
  if (x === null) return 1; // rates without a denominator go last either way
  if (y === null) return -1;
  return typeof x === 'string' ? x.localeCompare(String(y)) : (x as number) - (y as number);
}

export function PhraseTable({ title, rows, filters, initialSort, empty }: { title: string; rows: PhraseRow[]; filters: Filters; initialSort: keyof PhraseRow; empty: string }) {
  const [sort, setSort] = useState<{ key: keyof PhraseRow; descending: boolean }>({ key: initialSort, descending: true });
  const sorted = [...rows].sort((a, b) => (sort.descending ? -1 : 1) * compare(a, b, sort.key) || a.phrase.localeCompare(b.phrase));
  const storefront = (phrase: string) => `/search?${new URLSearchParams({ q: phrase, market: filters.market, ...(filters.locale ? { locale: filters.locale } : {}) })}`;
  const header = (key: keyof PhraseRow, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <button type="button" class="sort-button" onClick={() => setSort({ key, descending: sort.key === key ? !sort.descending : key !== 'phrase' })}>
        {label}{sort.key === key ? (sort.descending ? ' ↓' : ' ↑') : ''}
      </button>
    </th>
  );
  return (
    <section class="table-section" aria-labelledby={`${title}-heading`}>
      <h2 id={`${title}-heading`}>{title}</h2>
      {rows.length === 0 ? <p class="muted">{empty}</p> : (
        <div class="table-scroll">
          <table aria-label={title}>
            <thead><tr>{header('phrase', 'Phrase')}{COLUMNS.map((c) => header(c.key, c.label))}</tr></thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={row.phrase}>
                  <th scope="row"><a href={storefront(row.phrase)} target="_blank" rel="noopener">{row.phrase}</a></th>
                  {COLUMNS.map((c) => <td key={c.key}>{c.show(row)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
