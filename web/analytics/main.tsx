/**
 * Search analytics for analysts and merchandisers, served at /analytics/ behind the admin key: searches,
 * zero-result rate and click-through rate per day, week or month (the API chooses from the range), the totals
 * with refinements beside searches and each one's change from the previous period, the split by touchpoint,
 * the top phrases, the phrases that find nothing and those whose searches get no click (each with its clicked
 * products, and a link to the console's synonyms form), every table as CSV, for a market, an optional locale
 * and touchpoint and a date range or preset (kept in the URL, so a view can be shared).
 */
import './main.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { adminFetch, adminKey, logOut, startAdminPage, type MarketInfo } from '../shared/admin';
import { Login } from '../shared/Login';
import { Chart } from './Chart';
import { CsvButton } from './CsvButton';
import { PhraseTable } from './PhraseTable';
import { ProductsDrillDown } from './ProductsDrillDown';
import {
  change,
  decimal,
  filtersOf,
  percent,
  PRESETS,
  presetRange,
  queryOf,
  TOUCHPOINTS,
  type DailyReport,
  type Filters,
  type SearchesReport,
  type Totals,
} from './report';

interface Reports {
  top: SearchesReport;
  zero: SearchesReport;
  noClicks: SearchesReport;
  daily: DailyReport;
}

const SEARCHES = '/api/admin/v4/analytics/searches';
const DAILY = '/api/admin/v4/analytics/searches/daily';
const TABLE = {
  top: { limit: '100', sort: 'searches' },
  zero: { limit: '100', sort: 'zeroResultSearches' },
  noClicks: { limit: '100', sort: 'noClickSearches' },
} as const;

async function loadReports(filters: Filters): Promise<Reports> {
  const [top, zero, noClicks, daily] = await Promise.all([
    // The previous period comes with the top phrases: the same totals over as many days before.
    adminFetch<SearchesReport>(`${SEARCHES}?${queryOf(filters, { ...TABLE.top, compare: 'previous' })}`),
    adminFetch<SearchesReport>(`${SEARCHES}?${queryOf(filters, TABLE.zero)}`),
    adminFetch<SearchesReport>(`${SEARCHES}?${queryOf(filters, TABLE.noClicks)}`),
    adminFetch<DailyReport>(`${DAILY}?${queryOf(filters)}`),
  ]);
  return {
    top,
    daily,
    zero: { ...zero, phrases: zero.phrases.filter((p) => p.zeroResultSearches > 0) },
    noClicks: { ...noClicks, phrases: noClicks.phrases.filter((p) => p.noClickSearches > 0) },
  };
}

function FiltersForm({ markets, filters, onChange }: { markets: MarketInfo[]; filters: Filters; onChange: (f: Filters) => void }) {
  const market = markets.find((m) => m.id === filters.market) ?? markets[0]!;
  const submit = (e: Event) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget as HTMLFormElement);
    const locale = String(data.get('locale') ?? '');
    const touchpoint = TOUCHPOINTS.find((t) => t === data.get('touchpoint'));
    onChange({
      market: String(data.get('market')),
      ...(locale ? { locale } : {}),
      ...(touchpoint ? { touchpoint } : {}),
      from: String(data.get('from')),
      to: String(data.get('to')),
    });
  };
  const today = presetRange(1).to;
  return (
    <form class="filters-form" onSubmit={submit} aria-label="Filters">
      <label>
        Market
        <select name="market" value={market.id} onChange={(e) => onChange({ ...filters, market: e.currentTarget.value, locale: undefined })}>
          {markets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}
            </option>
          ))}
        </select>
      </label>
      <label>
        Locale
        <select name="locale" value={filters.locale ?? ''}>
          <option value="">All</option>
          {market.locales.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <label>
        Touchpoint
        <select name="touchpoint" value={filters.touchpoint ?? ''}>
          <option value="">All</option>
          <option value="DESKTOP">Desktop</option>
          <option value="MOBILE">Mobile</option>
        </select>
      </label>
      <div class="presets" role="group" aria-label="Range">
        {PRESETS.map((n) => {
          const range = presetRange(n);
          const current = filters.to === today && filters.from === range.from;
          return (
            <button key={n} type="button" aria-pressed={current} onClick={() => onChange({ ...filters, ...range })}>
              Last {n} days
            </button>
          );
        })}
      </div>
      <label>
        From <input type="date" name="from" value={filters.from} required />
      </label>
      <label>
        To <input type="date" name="to" value={filters.to} required />
      </label>
      <button type="submit" class="primary">
        Apply
      </button>
    </form>
  );
}

type Kind = 'count' | 'rate' | 'position' | 'money';

function Tiles({ report, currency }: { report: SearchesReport; currency: string | null }) {
  const t = report.totals;
  const before = report.previous;
  const money = (n: number) => (currency ? n.toLocaleString(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }) : n.toLocaleString());
  const byKind = `facet ${t.facetRefinements.toLocaleString()} · sort ${t.sortRefinements.toLocaleString()} · page ${t.pageRefinements.toLocaleString()}`;
  const tiles: [string, keyof Totals, Kind, string?][] = [
    ['Searches', 'searches', 'count'],
    ['Refinements', 'refinements', 'count', byKind],
    ['Sessions', 'sessions', 'count'],
    ['Zero-result rate', 'zeroResultRate', 'rate'],
    ['Click-through rate', 'clickThroughRate', 'rate'],
    ['Add-to-cart rate', 'addToCartRate', 'rate'],
    ['Conversion rate', 'conversionRate', 'rate'],
    ['Revenue', 'revenue', 'money'],
    ['Avg. click position', 'averageClickPosition', 'position'],
  ];
  const show = (kind: Kind, v: number | null) =>
    kind === 'rate' ? percent(v) : kind === 'position' ? decimal(v) : kind === 'money' ? money(v ?? 0) : (v ?? 0).toLocaleString();
  // A higher zero-result rate or click position is worse: the colour says good or bad, the sign says up or down.
  const worseUp = new Set<keyof Totals>(['zeroResultRate', 'averageClickPosition']);
  return (
    <>
      {before && (
        <p class="muted compare">
          Change from the previous period, {before.from} to {before.to}
        </p>
      )}
      <dl class="tiles" aria-label="Totals">
        {tiles.map(([label, key, kind, detail]) => {
          const now = t[key] as number | null;
          const delta = before ? change(now, before.totals[key] as number | null, kind === 'money' ? 'count' : kind) : null;
          const good = delta && delta.direction !== 'same' ? (delta.direction === 'up') !== worseUp.has(key) : null;
          return (
            <div key={label} class="tile">
              <dt>{label}</dt>
              <dd>{show(kind, now)}</dd>
              {detail && <dd class="tile-detail">{detail}</dd>}
              {before && (
                <dd class={`tile-change${good === null ? '' : good ? ' good' : ' bad'}`}>
                  <span class="visually-hidden">Change: </span>
                  {delta ? delta.text : '–'} <span class="muted">vs. {show(kind, before.totals[key] as number | null)}</span>
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </>
  );
}

const TOUCHPOINT_NAMES: Record<string, string> = { DESKTOP: 'Desktop', MOBILE: 'Mobile' };

/** The totals per touchpoint (the searches' device), from the same answer as the tiles. */
function TouchpointSplit({ report, csv }: { report: SearchesReport; csv: string }) {
  return (
    <section class="table-section" aria-labelledby="touchpoint-heading">
      <div class="section-head">
        <h2 id="touchpoint-heading">By touchpoint</h2>
        <CsvButton path={csv} label="Download the totals as CSV" text="Totals CSV" />
      </div>
      {report.touchpoints.length === 0 ? (
        <p class="muted">No searches in this range.</p>
      ) : (
        <div class="table-scroll" role="region" tabIndex={0} aria-label="By touchpoint (scrolls sideways)">
          <table aria-label="By touchpoint">
            <thead>
              <tr>
                <th scope="col">Touchpoint</th>
                <th scope="col">Searches</th>
                <th scope="col">Share</th>
                <th scope="col">Zero-result rate</th>
                <th scope="col">No clicks</th>
                <th scope="col">Click-through</th>
                <th scope="col">Add-to-cart</th>
                <th scope="col">Conversion</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {report.touchpoints.map((t) => (
                <tr key={t.touchpoint}>
                  <th scope="row">{TOUCHPOINT_NAMES[t.touchpoint] ?? t.touchpoint}</th>
                  <td>{t.searches.toLocaleString()}</td>
                  <td>{percent(report.totals.searches ? t.searches / report.totals.searches : null)}</td>
                  <td>{percent(t.zeroResultRate)}</td>
                  <td>{t.noClickSearches.toLocaleString()}</td>
                  <td>{percent(t.clickThroughRate)}</td>
                  <td>{percent(t.addToCartRate)}</td>
                  <td>{percent(t.conversionRate)}</td>
                  <td>{t.revenue.toLocaleString(undefined, { maximumFractionDigits: 0 })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p class="muted note">
        Searches, clicks and add-to-carts count for the touchpoint their answer was shown on; purchases are notified without one, so they count in the totals
        only.
      </p>
    </section>
  );
}

function Dashboard({ markets }: { markets: MarketInfo[] }) {
  const [url, setUrl] = useState(() => location.href);
  const filters = filtersOf(new URL(url).searchParams, markets[0]!.id);
  const [reports, setReports] = useState<Reports | null>(null);
  const [drill, setDrill] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loggedIn, setLoggedIn] = useState(() => adminKey() !== null);
  const key = queryOf(filters);

  useEffect(() => {
    const onPop = () => setUrl(location.href);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    setError(null);
    loadReports(filters).then(
      (r) => {
        if (current) setReports(r);
      },
      (err: { status?: number; message: string }) => {
        if (!current) return;
        if (err.status === 403) setLoggedIn(false);
        else setError(err.message);
      },
    );
    return () => {
      current = false;
    };
  }, [key, loggedIn]);

  const change = (next: Filters) => {
    history.pushState(null, '', `/analytics/?${queryOf(next)}`);
    setUrl(location.href);
  };
  if (!loggedIn)
    return (
      <Login
        title="Search analytics"
        check={() => adminFetch(`/api/admin/v4/analytics/searches?${queryOf(filters, { limit: '1' })}`)}
        onLoggedIn={() => setLoggedIn(true)}
      />
    );
  const currency = markets.find((m) => m.id === filters.market)?.currency ?? null;
  const days = reports?.daily.days ?? [];
  const dates = days.map((d) => d.date);
  const per = reports?.daily.interval ?? 'day';
  return (
    <>
      <header class="admin-header">
        <h1>Search analytics</h1>
        <button
          type="button"
          class="link-button"
          onClick={() => {
            logOut();
            setLoggedIn(false);
          }}
        >
          Log out
        </button>
      </header>
      <main class="page analytics">
        <FiltersForm markets={markets} filters={filters} onChange={change} />
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        {!reports ? (
          <p class="muted" aria-busy="true">
            Loading…
          </p>
        ) : (
          <>
            <p class="muted range">
              {reports.top.from} to {reports.top.to}, market {filters.market}
              {filters.locale ? `, ${filters.locale}` : ', all locales'}
            </p>
            <Tiles report={reports.top} currency={currency} />
            <div class="charts">
              <Chart
                title={`Searches per ${per}`}
                interval={per}
                series={{
                  dates,
                  values: days.map((d) => d.searches),
                  format: (v) => (v === null ? '–' : String(Math.round(v))),
                  colour: '#1f5f4a',
                  minTop: 1,
                  integer: true,
                }}
              />
              <Chart
                title={`Zero-result rate per ${per}`}
                interval={per}
                series={{ dates, values: days.map((d) => d.zeroResultRate), format: percent, colour: '#b3261e', minTop: 0.1 }}
              />
              <Chart
                title={`Click-through rate per ${per}`}
                interval={per}
                series={{ dates, values: days.map((d) => d.clickThroughRate), format: percent, colour: '#3f5e7a', minTop: 0.1 }}
              />
            </div>
            <p class="chart-csv">
              <CsvButton path={`${DAILY}?${queryOf(filters, { format: 'csv' })}`} label={`Download the numbers per ${per} as CSV`} text={`Per ${per} CSV`} />
            </p>
            <TouchpointSplit
              report={reports.top}
              csv={`${SEARCHES}?${queryOf(filters, { ...TABLE.top, compare: 'previous', format: 'csv', table: 'totals' })}`}
            />
            {drill !== null && <ProductsDrillDown phrase={drill} filters={filters} onClose={() => setDrill(null)} />}
            <PhraseTable
              title="Top phrases"
              rows={reports.top.phrases}
              filters={filters}
              initialSort="searches"
              empty="No searches in this range."
              csv={`${SEARCHES}?${queryOf(filters, { ...TABLE.top, format: 'csv' })}`}
              onProducts={setDrill}
            />
            <PhraseTable
              title="Phrases with no results"
              rows={reports.zero.phrases}
              filters={filters}
              initialSort="zeroResultSearches"
              empty="Every phrase found something."
              csv={`${SEARCHES}?${queryOf(filters, { ...TABLE.zero, format: 'csv' })}`}
              onProducts={setDrill}
              fix
            />
            <PhraseTable
              title="Searches with no clicks"
              rows={reports.noClicks.phrases}
              filters={filters}
              initialSort="noClickSearches"
              empty="Every search that found something got a click."
              csv={`${SEARCHES}?${queryOf(filters, { ...TABLE.noClicks, format: 'csv' })}`}
              onProducts={setDrill}
              fix
            />
          </>
        )}
      </main>
    </>
  );
}

void startAdminPage((markets, root) => render(<Dashboard markets={markets} />, root));
