/**
 * Search analytics for analysts and merchandisers, served at /analytics/ behind the admin key: searches,
 * zero-result rate and click-through rate per day, week or month (the API chooses from the range), the totals
 * with refinements beside searches, the top phrases and the phrases that find
 * nothing, for a market, an optional locale and a date range (kept in the URL, so a view can be shared).
 */
import './main.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { adminFetch, adminKey, logOut, startAdminPage, type MarketInfo } from '../shared/admin';
import { Login } from '../shared/Login';
import { Chart } from './Chart';
import { PhraseTable } from './PhraseTable';
import { decimal, filtersOf, percent, queryOf, type DailyReport, type Filters, type SearchesReport } from './report';

interface Reports { top: SearchesReport; zero: SearchesReport; daily: DailyReport }

async function loadReports(filters: Filters): Promise<Reports> {
  const [top, zero, daily] = await Promise.all([
    adminFetch<SearchesReport>(`/api/admin/v4/analytics/searches?${queryOf(filters, { limit: '100', sort: 'searches' })}`),
    adminFetch<SearchesReport>(`/api/admin/v4/analytics/searches?${queryOf(filters, { limit: '100', sort: 'zeroResultSearches' })}`),
    adminFetch<DailyReport>(`/api/admin/v4/analytics/searches/daily?${queryOf(filters)}`),
  ]);
  return { top, zero: { ...zero, phrases: zero.phrases.filter((p) => p.zeroResultSearches > 0) }, daily };
}

function FiltersForm({ markets, filters, onChange }: { markets: MarketInfo[]; filters: Filters; onChange: (f: Filters) => void }) {
  const market = markets.find((m) => m.id === filters.market) ?? markets[0]!;
  const submit = (e: Event) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget as HTMLFormElement);
    const locale = String(data.get('locale') ?? '');
    onChange({ market: String(data.get('market')), ...(locale ? { locale } : {}), from: String(data.get('from')), to: String(data.get('to')) });
  };
  return (
    <form class="filters-form" onSubmit={submit} aria-label="Filters">
      <label>Market
        <select name="market" value={market.id} onChange={(e) => onChange({ ...filters, market: e.currentTarget.value, locale: undefined })}>
          {markets.map((m) => <option key={m.id} value={m.id}>{m.id}</option>)}
        </select>
      </label>
      <label>Locale
        <select name="locale" value={filters.locale ?? ''}>
          <option value="">All</option>
          {market.locales.map((l) => <option key={l} value={l}>{l}</option>)}
        </select>
      </label>
      <label>From <input type="date" name="from" value={filters.from} required /></label>
      <label>To <input type="date" name="to" value={filters.to} required /></label>
      <button type="submit" class="primary">Apply</button>
    </form>
  );
}

function Tiles({ report, currency }: { report: SearchesReport; currency: string | null }) {
  const t = report.totals;
  const money = (n: number) => (currency ? n.toLocaleString(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }) : n.toLocaleString());
  const byKind = `facet ${t.facetRefinements.toLocaleString()} · sort ${t.sortRefinements.toLocaleString()} · page ${t.pageRefinements.toLocaleString()}`;
  const tiles: [string, string, string?][] = [
    ['Searches', t.searches.toLocaleString()], ['Refinements', t.refinements.toLocaleString(), byKind], ['Sessions', t.sessions.toLocaleString()],
    ['Zero-result rate', percent(t.zeroResultRate)], ['Click-through rate', percent(t.clickThroughRate)], ['Add-to-cart rate', percent(t.addToCartRate)],
    ['Conversion rate', percent(t.conversionRate)], ['Revenue', money(t.revenue)], ['Avg. click position', decimal(t.averageClickPosition)],
  ];
  return (
    <dl class="tiles" aria-label="Totals">
      {tiles.map(([label, value, detail]) => (
        <div key={label} class="tile"><dt>{label}</dt><dd>{value}</dd>{detail && <dd class="tile-detail">{detail}</dd>}</div>
      ))}
    </dl>
  );
}

function Dashboard({ markets }: { markets: MarketInfo[] }) {
  const [url, setUrl] = useState(() => location.href);
  const filters = filtersOf(new URL(url).searchParams, markets[0]!.id);
  const [reports, setReports] = useState<Reports | null>(null);
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
      (r) => { if (current) setReports(r); },
      (err: { status?: number; message: string }) => { if (!current) return; if (err.status === 403) setLoggedIn(false); else setError(err.message); },
    );
    return () => { current = false; };
  }, [key, loggedIn]);

  const change = (next: Filters) => {
    history.pushState(null, '', `/analytics/?${queryOf(next)}`);
    setUrl(location.href);
  };
  if (!loggedIn) return <Login title="Search analytics" check={() => adminFetch(`/api/admin/v4/analytics/searches?${queryOf(filters, { limit: '1' })}`)} onLoggedIn={() => setLoggedIn(true)} />;
  const currency = markets.find((m) => m.id === filters.market)?.currency ?? null;
  const days = reports?.daily.days ?? [];
  const dates = days.map((d) => d.date);
  const per = reports?.daily.interval ?? 'day';
  return (
    <>
      <header class="admin-header">
        <h1>Search analytics</h1>
        <button type="button" class="link-button" onClick={() => { logOut(); setLoggedIn(false); }}>Log out</button>
      </header>
      <main class="page analytics">
        <FiltersForm markets={markets} filters={filters} onChange={change} />
        {error && <p role="alert" class="error">{error}</p>}
        {!reports ? <p class="muted" aria-busy="true">Loading…</p> : (
          <>
            <p class="muted range">{reports.top.from} to {reports.top.to}, market {filters.market}{filters.locale ? `, ${filters.locale}` : ', all locales'}</p>
            <Tiles report={reports.top} currency={currency} />
            <div class="charts">
              <Chart title={`Searches per ${per}`} interval={per} series={{ dates, values: days.map((d) => d.searches), format: (v) => (v === null ? '–' : String(Math.round(v))), colour: '#1f5f4a', minTop: 1 }} />
              <Chart title={`Zero-result rate per ${per}`} interval={per} series={{ dates, values: days.map((d) => d.zeroResultRate), format: percent, colour: '#b3261e', minTop: 0.1 }} />
              <Chart title={`Click-through rate per ${per}`} interval={per} series={{ dates, values: days.map((d) => d.clickThroughRate), format: percent, colour: '#3f5e7a', minTop: 0.1 }} />
            </div>
            <PhraseTable title="Top phrases" rows={reports.top.phrases} filters={filters} initialSort="searches" empty="No searches in this range." />
            <PhraseTable title="Phrases with no results" rows={reports.zero.phrases} filters={filters} initialSort="zeroResultSearches" empty="Every phrase found something." />
          </>
        )}
      </main>
    </>
  );
}

void startAdminPage((markets, root) => render(<Dashboard markets={markets} />, root));
