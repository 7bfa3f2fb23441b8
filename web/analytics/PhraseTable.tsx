/**
 * A table of phrases, sortable by any column (the page's click re-sorts what the API answered; the API's own
 * `sort` chose which phrases came back). Each phrase opens in the storefront; its clicked products open below
 * (onProducts), and a phrase to fix links to the console's synonyms form with the phrase filled in (fix).
 */
import { useState } from 'preact/hooks';
import { CsvButton } from './CsvButton';
import { decimal, percent, type Filters, type PhraseRow } from './report';

/** The console's synonyms form, opened with the phrase as a new rule (saved there through the synonyms import, with history). */
export function synonymFormLink(phrase: string, filters: Filters): string {
  return `/console/synonyms?${new URLSearchParams({ phrase, ...(filters.locale ? { locale: filters.locale } : {}) })}`;
}

type Column = { key: keyof PhraseRow; label: string; show: (row: PhraseRow) => string };

const COLUMNS: Column[] = [
  { key: 'searches', label: 'Searches', show: (r) => String(r.searches) },
  { key: 'refinements', label: 'Refinements', show: (r) => String(r.refinements) },
  { key: 'sessions', label: 'Sessions', show: (r) => String(r.sessions) },
  { key: 'zeroResultSearches', label: 'No results', show: (r) => String(r.zeroResultSearches) },
  { key: 'noClickSearches', label: 'No clicks', show: (r) => String(r.noClickSearches) },
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

interface Props {
  title: string;
  rows: PhraseRow[];
  filters: Filters;
  initialSort: keyof PhraseRow;
  empty: string;
  /** The admin API path of the same table as CSV. */
  csv: string;
  onProducts: (phrase: string) => void;
  /** Offer "Add a synonym" on each row (phrases that find nothing or get no click). */
  fix?: boolean;
}

export function PhraseTable({ title, rows, filters, initialSort, empty, csv, onProducts, fix }: Props) {
  const [sort, setSort] = useState<{ key: keyof PhraseRow; descending: boolean }>({ key: initialSort, descending: true });
  const sorted = [...rows].sort((a, b) => (sort.descending ? -1 : 1) * compare(a, b, sort.key) || a.phrase.localeCompare(b.phrase));
  const storefront = (phrase: string) =>
    `/search?${new URLSearchParams({ q: phrase, market: filters.market, ...(filters.locale ? { locale: filters.locale } : {}) })}`;
  const header = (key: keyof PhraseRow, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <button type="button" class="sort-button" onClick={() => setSort({ key, descending: sort.key === key ? !sort.descending : key !== 'phrase' })}>
        {label}
        {sort.key === key ? (sort.descending ? ' ↓' : ' ↑') : ''}
      </button>
    </th>
  );
  return (
    <section class="table-section" aria-labelledby={`${title}-heading`}>
      <div class="section-head">
        <h2 id={`${title}-heading`}>{title}</h2>
        <CsvButton path={csv} label={`Download ${title} as CSV`} />
      </div>
      {rows.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <div class="table-scroll" role="region" tabIndex={0} aria-label={`${title} (scrolls sideways)`}>
          <table aria-label={title}>
            <thead>
              <tr>
                {header('phrase', 'Phrase')}
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
                {COLUMNS.map((c) => header(c.key, c.label))}
              </tr>
            </thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={row.phrase}>
                  <th scope="row">
                    <a href={storefront(row.phrase)} target="_blank" rel="noopener">
                      {row.phrase}
                    </a>
                  </th>
                  <td class="row-actions">
                    <button type="button" class="link-button" aria-label={`Clicked products for "${row.phrase}"`} onClick={() => onProducts(row.phrase)}>
                      Products
                    </button>
                    {fix && (
                      <a href={synonymFormLink(row.phrase, filters)} aria-label={`Add a synonym for "${row.phrase}"`}>
                        Add a synonym
                      </a>
                    )}
                  </td>
                  {COLUMNS.map((c) => (
                    <td key={c.key}>{c.show(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
