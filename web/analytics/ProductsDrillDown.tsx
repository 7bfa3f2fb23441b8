/**
 * The drill-down of one phrase: the products its searches led to (attributed clicks, add-to-carts, purchase
 * lines; `GET /api/admin/v4/analytics/searches/products`), most clicked first, each named by its title (and key)
 * and opening in the storefront.
 * Opening it moves the focus to its heading, so a keyboard or screen-reader user lands on what they asked for.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { adminFetch } from '../shared/admin';
import { CsvButton } from './CsvButton';
import { decimal, queryOf, type Filters, type ProductsReport } from './report';

const PRODUCTS = '/api/admin/v4/analytics/searches/products';

export function ProductsDrillDown({ phrase, filters, onClose }: { phrase: string; filters: Filters; onClose: () => void }) {
  const [report, setReport] = useState<ProductsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const query = queryOf(filters, { phrase });
  useEffect(() => {
    let current = true;
    setReport(null);
    setError(null);
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
    adminFetch<ProductsReport>(`${PRODUCTS}?${query}`).then(
      (r) => {
        if (current) setReport(r);
      },
      (err: Error) => {
        if (current) setError(err.message);
      },
    );
    return () => {
      current = false;
    };
  }, [query]);
  const title = `Clicked products for "${phrase}"`;
  // The catalog's own product link, with the key the storefront's product page asks for.
  const productHref = (key: string, url?: string) =>
    `${url ?? `/product/${encodeURIComponent(key.toLowerCase())}`}?${new URLSearchParams({ pk: key, market: filters.market, ...(filters.locale ? { locale: filters.locale } : {}) })}`;
  return (
    <section class="table-section drill-down" aria-labelledby="drill-heading">
      <div class="section-head">
        <h2 id="drill-heading" tabIndex={-1} ref={heading}>
          {title}
        </h2>
        <CsvButton path={`${PRODUCTS}?${queryOf(filters, { phrase, format: 'csv' })}`} label={`Download ${title} as CSV`} />
        <button type="button" class="link-button" onClick={onClose}>
          Close
        </button>
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!report ? (
        !error && (
          <p class="muted" aria-busy="true">
            Loading…
          </p>
        )
      ) : report.products.length === 0 ? (
        <p class="muted">No search for this phrase led to a click in this range.</p>
      ) : (
        <div class="table-scroll" role="region" tabIndex={0} aria-label={`${title} (scrolls sideways)`}>
          <table aria-label={title}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Clicks</th>
                <th scope="col">Add-to-carts</th>
                <th scope="col">Purchases</th>
                <th scope="col">Revenue</th>
                <th scope="col">Avg. click position</th>
              </tr>
            </thead>
            <tbody>
              {report.products.map((p) => (
                <tr key={p.productKey}>
                  <th scope="row">
                    <a href={productHref(p.productKey, p.url)} target="_blank" rel="noopener">
                      {p.title ?? p.productKey}
                    </a>{' '}
                    <span class="muted product-key">{p.productKey}</span>
                  </th>
                  <td>{p.clicks}</td>
                  <td>{p.addToCarts}</td>
                  <td>{p.purchases}</td>
                  <td>{p.revenue.toLocaleString(undefined, { maximumFractionDigits: 0 })}</td>
                  <td>{decimal(p.averageClickPosition)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
