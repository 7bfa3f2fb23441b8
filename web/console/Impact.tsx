/**
 * An import's impact before it goes live: the operator picks a full catalog file; the service builds it as a
 * candidate beside the live catalog, runs the last 7 days' most searched phrases against both, and deletes the
 * candidate (`PUT /api/admin/v4/import/catalog?validationOnly=true&impactReport=true`). Nothing live changes.
 */
import { useState } from 'preact/hooks';
import { adminFetch, AdminError } from '../shared/admin';

interface PhraseImpact { market: string; locale: string; phrase: string; searches: number; liveTotalHits: number; candidateTotalHits?: number; leaving: string[]; entering?: string[]; autoCorrectedTo?: string }
interface ImpactReport {
  window: { days: number; from: string; to: string };
  lines: number;
  dangerous: string[];
  totals: Record<string, number>;
  findNothing: PhraseImpact[];
  topChanged: PhraseImpact[];
}

export function Impact() {
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
      const query = new URLSearchParams({ validationOnly: 'true', impactReport: 'true', impactPhrases: String(data.get('phrases') || '100'), blockingTimeout: 'PT10M' });
      const answer = await adminFetch<ImpactReport | { id: string; status: string }>(`/api/admin/v4/import/catalog?${query}`, {
        method: 'PUT', file, headers: { 'Content-Type': 'application/jsonlines', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) },
      });
      if ('totals' in answer) { setReport(answer); setState({ kind: 'idle' }); }
      else setState({ kind: 'error', text: `The report is still being made (job ${answer.id}); ask the import status for it.` });
    } catch (err) {
      const a = err as AdminError;
      setState({ kind: 'error', text: a.status === 409 ? 'Another import is running: try again in a moment.' : a.message, errors: a.errors });
    }
  };
  return (
    <section aria-labelledby="impact-heading">
      <h2 id="impact-heading">Import impact</h2>
      <p class="muted">See what a catalog file would do to search before it goes live. The file is built as a candidate, the most searched phrases of the last 7 days are asked of the live catalog and of the candidate, and the candidate is deleted.</p>
      <form class="filters-form" onSubmit={run}>
        <label>Catalog file <input type="file" name="catalog" accept=".jsonl,.json,.gz,.ndjson" required /></label>
        <label>Phrases <input type="number" name="phrases" min={1} max={1000} value={100} /></label>
        <button type="submit" class="primary" disabled={state.kind === 'running'}>{state.kind === 'running' ? 'Running…' : 'Run impact report'}</button>
      </form>
      {state.kind === 'error' && (
        <div role="alert" class="error"><p>{state.text}</p>{state.errors && <ul>{state.errors.slice(0, 20).map((e, i) => <li key={i}><code>{e.path}</code>: {e.message}</li>)}</ul>}</div>
      )}
      {report && (
        <>
          <p role="status">{report.lines} lines; phrases of {report.window.from.slice(0, 10)} to {report.window.to.slice(0, 10)}.</p>
          {report.dangerous.length > 0 && <p class="notice">A real import of this file would be refused without force: {report.dangerous.join('; ')}</p>}
          <dl class="impact-totals">{Object.entries(report.totals).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}</dl>
          <ImpactTable title="Phrases that would find nothing" rows={report.findNothing} />
          <ImpactTable title="Phrases whose top 10 changes" rows={report.topChanged} />
        </>
      )}
    </section>
  );
}

function ImpactTable({ title, rows }: { title: string; rows: PhraseImpact[] }) {
  return (
    <section>
      <h3>{title}</h3>
      {!rows.length ? <p class="muted">None.</p> : (
        <table aria-label={title}>
          <thead><tr><th scope="col">Phrase</th><th scope="col">Market</th><th scope="col">Searches</th><th scope="col">Hits live → candidate</th><th scope="col">Leaving</th><th scope="col">Entering</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.market}/${r.locale}/${r.phrase}`}>
                <th scope="row">{r.phrase}</th>
                <td>{r.market} {r.locale}</td>
                <td>{r.searches}</td>
                <td>{r.liveTotalHits} → {r.candidateTotalHits ?? 0}</td>
                <td class="before">{r.leaving.join(', ')}</td>
                <td class="after">{(r.entering ?? []).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
