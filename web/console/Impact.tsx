/**
 * An import's impact before it goes live: the operator picks a full catalog file; the service builds it as a
 * candidate beside the live catalog, runs the last 7 days' most searched phrases against both, and deletes the
 * candidate (`PUT /api/admin/v4/import/catalog?validationOnly=true&impactReport=true`). Nothing live changes.
 */
import { useState } from 'preact/hooks';
import { adminFetch, AdminError } from '../shared/admin';

interface PhraseImpact {
  market: string;
  locale: string;
  phrase: string;
  searches: number;
  liveTotalHits: number;
  candidateTotalHits?: number;
  leaving: string[];
  entering?: string[];
  autoCorrectedTo?: string;
}
interface ImpactReport {
  window: { days: number; from: string; to: string };
  lines: number;
  dangerous: string[];
  totals: Record<string, number>;
  findNothing: PhraseImpact[];
  topChanged: PhraseImpact[];
  /** Product group key → title, for the groups the lists name. */
  titles?: Record<string, string>;
}

/** The report's totals in a person's words, in the order they are read; a total the service adds later shows by its field name. */
const TOTALS: [field: string, label: string][] = [
  ['phrases', 'Phrases compared'],
  ['findNothing', 'Phrases that would find nothing'],
  ['newlyFindNothing', 'Phrases that find products now and would find nothing'],
  ['topChanged', 'Phrases whose top 10 products change'],
  ['firstProductChanged', 'Phrases whose first product changes'],
  ['unchanged', 'Phrases unchanged'],
  ['productsLeaving', 'Products leaving a top 10'],
  ['productsEntering', 'Products entering a top 10'],
  ['skipped', 'Phrases that could not be asked'],
];
const totalsInWords = (totals: Record<string, number>) => [
  ...TOTALS.filter(([field]) => field in totals).map(([field, label]) => [label, totals[field]] as const),
  ...Object.entries(totals).filter(([field]) => !TOTALS.some(([f]) => f === field)),
];

export function Impact() {
  // Kept in state so that it keeps what the person typed after a run re-renders the form.
  const [phrases, setPhrases] = useState('100');
  const [report, setReport] = useState<ImpactReport | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'running' | 'error'; text?: string; errors?: { path: string; message: string }[] }>({ kind: 'idle' });
  const run = async (e: Event) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget as HTMLFormElement);
    const file = data.get('catalog');
    if (!(file instanceof File) || !file.size) return setState({ kind: 'error', text: 'Choose a catalog file (JSON lines, or .gz).' });
    setReport(null);
    setState({ kind: 'running' });
    try {
      const gzip = file.name.endsWith('.gz');
      const query = new URLSearchParams({ validationOnly: 'true', impactReport: 'true', impactPhrases: phrases || '100', blockingTimeout: 'PT10M' });
      const answer = await adminFetch<ImpactReport | { id: string; status: string }>(`/api/admin/v4/import/catalog?${query}`, {
        method: 'PUT',
        file,
        headers: { 'Content-Type': 'application/jsonlines', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) },
      });
      if ('totals' in answer) {
        setReport(answer);
        setState({ kind: 'idle' });
      } else setState({ kind: 'error', text: `The report is still being made (job ${answer.id}); ask the import status for it.` });
    } catch (err) {
      const a = err as AdminError;
      setState({ kind: 'error', text: a.status === 409 ? 'Another import is running: try again in a moment.' : a.message, errors: a.errors });
    }
  };
  return (
    <section aria-labelledby="impact-heading">
      <h2 id="impact-heading">Import impact</h2>
      <p class="muted">
        See what a catalog file would do to search before it goes live. The file is built as a candidate, the most searched phrases of the last 7 days are asked
        of the live catalog and of the candidate, and the candidate is deleted.
      </p>
      <form class="filters-form" onSubmit={run}>
        <label>
          Catalog file <input type="file" name="catalog" accept=".jsonl,.json,.gz,.ndjson" required />
        </label>
        <label>
          Phrases <input type="number" name="phrases" min={1} max={1000} value={phrases} onInput={(e) => setPhrases(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={state.kind === 'running'}>
          {state.kind === 'running' ? 'Running…' : 'Run impact report'}
        </button>
      </form>
      {state.kind === 'error' && (
        <div role="alert" class="error">
          <p>{state.text}</p>
          {state.errors && (
            <ul>
              {state.errors.slice(0, 20).map((e, i) => (
                <li key={i}>
                  <code>{e.path}</code>: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {report && (
        <>
          <p role="status">
            {report.lines} lines; phrases of {report.window.from.slice(0, 10)} to {report.window.to.slice(0, 10)}.
          </p>
          {report.dangerous.length > 0 && <p class="notice">A real import of this file would be refused without force: {report.dangerous.join('; ')}</p>}
          <dl class="impact-totals">
            {totalsInWords(report.totals).map(([label, v]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <ImpactTable title="Phrases that would find nothing" rows={report.findNothing} titles={report.titles ?? {}} />
          <ImpactTable title="Phrases whose top 10 products change" rows={report.topChanged} titles={report.titles ?? {}} />
        </>
      )}
    </section>
  );
}

/** Products by title, each with its key in smaller text (a group without a known title shows its key). */
function Products({ keys, titles, label }: { keys: string[]; titles: Record<string, string>; label: string }) {
  if (!keys.length) return <span class="muted">none</span>;
  return (
    <ul class="impact-products" aria-label={label}>
      {keys.map((k) => (
        <li key={k}>
          {titles[k] ?? k}
          {titles[k] !== undefined && <small class="muted"> {k}</small>}
        </li>
      ))}
    </ul>
  );
}

function ImpactTable({ title, rows, titles }: { title: string; rows: PhraseImpact[]; titles: Record<string, string> }) {
  return (
    <section>
      <h3>{title}</h3>
      {!rows.length ? (
        <p class="muted">None.</p>
      ) : (
        <table aria-label={title} class="stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Phrase</th>
              <th scope="col">Market</th>
              <th scope="col">Searches</th>
              <th scope="col">Products found now → with the file</th>
              <th scope="col">Leaving the top 10</th>
              <th scope="col">Entering the top 10</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.market}/${r.locale}/${r.phrase}`}>
                <th scope="row">{r.phrase}</th>
                <td data-label="Market">
                  {r.market} {r.locale}
                </td>
                <td data-label="Searches">{r.searches}</td>
                <td data-label="Products found now → with the file">
                  {r.liveTotalHits} → {r.candidateTotalHits ?? 0}
                </td>
                <td data-label="Leaving the top 10" class="before">
                  <Products keys={r.leaving} titles={titles} label={`Leaving for ${r.phrase}`} />
                </td>
                <td data-label="Entering the top 10" class="after">
                  <Products keys={r.entering ?? []} titles={titles} label={`Entering for ${r.phrase}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
