/**
 * Replay, beside Preview: the most searched phrases of the last days and every judged phrase, asked live and
 * with a pending change (the preview versions of pages and phrase rules, or an experiment's variant), as a
 * job the service runs (POST /api/admin/v4/replays, polled). Shows the totals, nDCG@10, and the phrases most
 * changed for the better and for the worse. Catalog strings (phrases, titles) are rendered as text.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { AdminError } from '../shared/admin';
import { exportExperiments, replayJob, startReplay, type Experiment, type PhraseChange, type ReplayChange, type ReplayReport } from './api';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; report: ReplayReport }
  | { kind: 'error'; text: string; errors?: { path: string; message: string }[] };

const POLL_MS = 500;

/** The change options: the preview, then each variant of each experiment but its control. */
function changeOptions(experiments: Experiment[]): { value: string; label: string; change: ReplayChange }[] {
  return [
    { value: 'preview', label: 'Preview changes (pages and phrase rules)', change: { kind: 'preview' } },
    ...experiments.flatMap((e) =>
      e.variants.slice(1).map((v) => ({
        value: `experiment:${e.id}:${v.id}`,
        label: `Experiment ${e.name}: variant ${v.id}`,
        change: { kind: 'experiment' as const, experimentId: e.id, variantId: v.id },
      })),
    ),
  ];
}

export function Replay() {
  const [experiments, setExperiments] = useState<Experiment[]>([]);
  const [choice, setChoice] = useState('preview');
  const [phrases, setPhrases] = useState('500');
  const [days, setDays] = useState('30');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    exportExperiments().then(setExperiments, () => setExperiments([]));
    return () => {
      alive.current = false;
    };
  }, []);
  const options = changeOptions(experiments);

  const run = async (e: Event) => {
    e.preventDefault();
    const change = options.find((o) => o.value === choice)?.change ?? { kind: 'preview' };
    setState({ kind: 'running', done: 0, total: 0 });
    try {
      const { id } = await startReplay({ change, phrases: Number(phrases), days: Number(days) });
      for (;;) {
        if (!alive.current) return;
        const job = await replayJob(id);
        if (job.status === 'SUCCESS' && job.report) {
          setState({ kind: 'done', report: job.report });
          return;
        }
        if (job.status === 'FAILURE') {
          setState({ kind: 'error', text: job.reason ?? 'The replay failed.' });
          return;
        }
        setState({ kind: 'running', done: job.done, total: job.total });
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (err) {
      const a = err as AdminError;
      setState({ kind: 'error', text: a.message, ...(a.errors?.length ? { errors: a.errors } : {}) });
    }
  };

  return (
    <section aria-labelledby="replay-heading" class="replay">
      <h3 id="replay-heading">Replay before publishing</h3>
      <p class="muted">Asks the most searched phrases, and every judged one, live and with the change, and shows what it does. Nothing is published.</p>
      <form class="filters-form" onSubmit={run} aria-label="Replay">
        <label>
          Change
          <select value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Phrases <input type="number" name="phrases" min={1} max={1000} value={phrases} onInput={(e) => setPhrases(e.currentTarget.value)} />
        </label>
        <label>
          Days <input type="number" name="days" min={1} max={90} value={days} onInput={(e) => setDays(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={state.kind === 'running'}>
          {state.kind === 'running' ? 'Replaying…' : 'Run replay'}
        </button>
      </form>
      {state.kind === 'running' && <p role="status">{state.total ? `Replayed ${state.done} of ${state.total} phrases…` : 'Starting the replay…'}</p>}
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
      {state.kind === 'done' && <ReplayResult report={state.report} />}
    </section>
  );
}

const ndcgText = (s: { phrases: number; live: number; candidate: number } | undefined, what: string) =>
  s
    ? `nDCG@10 on ${what} (${s.phrases} phrase${s.phrases === 1 ? '' : 's'}): ${s.live.toFixed(3)} live → ${s.candidate.toFixed(3)} with the change`
    : undefined;

function ReplayResult({ report }: { report: ReplayReport }) {
  const t = report.totals;
  const totals: [string, string | number][] = [
    ['Phrases replayed', t.phrases],
    ['Zero-result phrases rescued', t.zeroResultsLost],
    ['Phrases finding nothing now', t.zeroResultsGained],
    ['First three products change', t.firstThreeChanged],
    ['Clicked products moving', t.clickedMoved],
    ['Estimated clicks in the top 10', `${t.liveClicks} → ${t.candidateClicks}`],
  ];
  const ndcg = [ndcgText(report.ndcg.judged, 'judgments'), ndcgText(report.ndcg.implicit, 'judgments from clicks')].filter((x): x is string => !!x);
  return (
    <>
      <p role="status">
        Replayed {t.phrases} phrases of {report.window.from.slice(0, 10)} to {report.window.to.slice(0, 10)} in {(report.durationMs / 1000).toFixed(1)} s
        {t.skipped ? ` (${t.skipped} left out)` : ''}.
      </p>
      <dl class="impact-totals">
        {totals.map(([label, v]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {ndcg.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <ChangeTable title="Most changed for the better" rows={report.better} titles={report.titles} />
      <ChangeTable title="Most changed for the worse" rows={report.worse} titles={report.titles} />
    </>
  );
}

function FirstThree({ keys, titles, label }: { keys: string[]; titles: Record<string, string>; label: string }) {
  if (!keys.length) return <span class="muted">nothing found</span>;
  return (
    <ol class="impact-products" aria-label={label}>
      {keys.slice(0, 3).map((k) => (
        <li key={k}>{titles[k] ?? k}</li>
      ))}
    </ol>
  );
}

function ChangeTable({ title, rows, titles }: { title: string; rows: PhraseChange[]; titles: Record<string, string> }) {
  return (
    <section>
      <h4>{title}</h4>
      {!rows.length ? (
        <p class="muted">None.</p>
      ) : (
        <table aria-label={title} class="stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Phrase</th>
              <th scope="col">Market</th>
              <th scope="col">Searches</th>
              <th scope="col">What changes</th>
              <th scope="col">Estimated clicks</th>
              <th scope="col">First three live</th>
              <th scope="col">First three with the change</th>
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
                <td data-label="What changes">
                  {r.reasons.join('; ')}
                  {r.liveNdcg !== undefined && r.candidateNdcg !== undefined ? `; nDCG@10 ${r.liveNdcg.toFixed(2)} → ${r.candidateNdcg.toFixed(2)}` : ''}
                </td>
                <td data-label="Estimated clicks">
                  {r.liveClicks} → {r.candidateClicks}
                </td>
                <td data-label="First three live" class="before">
                  <FirstThree keys={r.live} titles={titles} label={`First three live for ${r.phrase}`} />
                </td>
                <td data-label="First three with the change" class="after">
                  <FirstThree keys={r.candidate} titles={titles} label={`First three with the change for ${r.phrase}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
