/**
 * A/B experiments (docs/merchandising.md "Experiments"): the stored experiments with their period and status,
 * a form that creates one and starts it now (a control and one variant B, half the visitors each, B with the
 * relevance and synonym settings chosen), each experiment's results with their plain reading ("not significant
 * yet", or the difference with its 95% interval), and "End now".
 */
import { useEffect, useState } from 'preact/hooks';
import { endExperiment, experimentResults, exportExperiments, saveExperiment, type Experiment, type ExperimentResults } from './api';
import { useMarkets } from './markets';

const DAY = 86_400_000;
const statusOf = (e: Experiment, now = Date.now()) => (now < Date.parse(e.start) ? 'scheduled' : now < Date.parse(e.end) ? 'running' : 'ended');
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const idOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48) || 'experiment';

interface Draft {
  name: string;
  market: string;
  days: number;
  relaxedMatching: boolean;
  behaviourWeight: string;
  queryUnderstanding: '' | 'filter' | 'boost' | 'off';
  synonyms: '' | 'shop-only' | 'none';
}

/** The variant B of the form: only what differs from the live settings. */
function overridesOf(d: Draft): Record<string, unknown> {
  const relevance: Record<string, unknown> = {};
  if (!d.relaxedMatching) relevance.relaxedMatching = false;
  if (d.behaviourWeight.trim() !== '') relevance.behaviourWeight = Number(d.behaviourWeight);
  if (d.queryUnderstanding) relevance.queryUnderstanding = d.queryUnderstanding;
  return { ...(Object.keys(relevance).length ? { relevance } : {}), ...(d.synonyms ? { synonyms: d.synonyms } : {}) };
}

function Results({ results }: { results: ExperimentResults }) {
  const name = results.experiment.name;
  return (
    <div class="experiment-results">
      <table aria-label={`Results of ${name}`}>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Visitors</th>
            <th scope="col">Searches</th>
            <th scope="col">Click-through</th>
            <th scope="col">Add to cart</th>
            <th scope="col">Conversion</th>
            <th scope="col">Revenue per visitor</th>
          </tr>
        </thead>
        <tbody>
          {results.variants.map((v) => (
            <tr key={v.id}>
              <th scope="row">
                {v.id}
                {v.control && v.id !== 'control' ? ' (control)' : ''}
              </th>
              <td>{v.visitors}</td>
              <td>{v.searches}</td>
              <td>{percent(v.clickThroughRate)}</td>
              <td>{percent(v.addToCartRate)}</td>
              <td>{percent(v.conversionRate)}</td>
              <td>{v.revenuePerVisitor.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={`Reading of ${name}`}>
        {results.variants
          .filter((v) => v.versusControl)
          .map((v) => (
            <li key={v.id}>
              <strong>{v.id}</strong> against the control: conversion {v.versusControl!.conversion.reading}; click-through{' '}
              {v.versusControl!.clickThrough.reading}; add to cart {v.versusControl!.addToCart.reading}; revenue per visitor{' '}
              {v.versusControl!.revenuePerVisitor.reading}.
            </li>
          ))}
      </ul>
      {results.sampleRatio.mismatch && (
        <p role="alert" class="error">
          The visitors do not split as the shares say (sample ratio mismatch, p = {results.sampleRatio.pValue.toPrecision(2)}): distrust these results.
        </p>
      )}
    </div>
  );
}

export function Experiments() {
  const markets = useMarkets();
  const [experiments, setExperiments] = useState<Experiment[] | null>(null);
  const [results, setResults] = useState<Record<string, ExperimentResults>>({});
  const [status, setStatus] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [draft, setDraft] = useState<Draft>({
    name: '',
    market: markets[0]!.id,
    days: 14,
    relaxedMatching: true,
    behaviourWeight: '',
    queryUnderstanding: '',
    synonyms: '',
  });
  const reload = () => exportExperiments().then(setExperiments, (err: Error) => setStatus({ kind: 'error', text: err.message }));
  useEffect(() => {
    void reload();
  }, []);
  const update = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setStatus({ kind: 'ok', text: done });
      await reload();
    } catch (err) {
      const e = err as Error & { errors?: { path: string; message: string }[] };
      setStatus({ kind: 'error', text: [e.message, ...(e.errors ?? []).map((p) => `${p.path}: ${p.message}`)].join(' ') });
    }
  };
  const create = (e: Event) => {
    e.preventDefault();
    const now = Date.now();
    const experiment: Experiment = {
      id: `${idOf(draft.name)}-${now.toString(36)}`,
      name: draft.name.trim(),
      start: new Date(now).toISOString(),
      end: new Date(now + draft.days * DAY).toISOString(),
      markets: [draft.market],
      variants: [
        { id: 'control', share: 50, overrides: {} },
        { id: 'B', share: 50, overrides: overridesOf(draft) },
      ],
    };
    void act(() => saveExperiment(experiment), `Started "${experiment.name}".`);
  };
  const showResults = (e: Experiment) => act(async () => setResults({ ...results, [e.id]: await experimentResults(e.id) }), `Results of "${e.name}" read.`);

  return (
    <section aria-labelledby="experiments-heading">
      <h2 id="experiments-heading">Experiments</h2>
      <p class="muted">A/B tests of ranking and merchandising on real traffic: each visitor sees one variant, chosen by a stable hash of their customer key.</p>
      {status && (
        <p role={status.kind === 'error' ? 'alert' : 'status'} class={status.kind}>
          {status.text}
        </p>
      )}
      <form class="experiment-form" aria-label="New experiment" onSubmit={create}>
        <label>
          Name <input required value={draft.name} onInput={(e) => update({ name: e.currentTarget.value })} />
        </label>
        <label>
          Market{' '}
          <select value={draft.market} onChange={(e) => update({ market: e.currentTarget.value })}>
            {markets.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Days <input type="number" min={1} max={365} value={draft.days} onInput={(e) => update({ days: Number(e.currentTarget.value) || 14 })} />
        </label>
        <fieldset>
          <legend>Variant B (half the visitors; the control keeps the live settings)</legend>
          <label class="inline">
            <input type="checkbox" checked={draft.relaxedMatching} onChange={(e) => update({ relaxedMatching: e.currentTarget.checked })} /> Relaxed matching
          </label>
          <label>
            Behaviour weight{' '}
            <input
              type="number"
              min={0}
              max={10}
              step={0.1}
              placeholder="1 (live)"
              value={draft.behaviourWeight}
              onInput={(e) => update({ behaviourWeight: e.currentTarget.value })}
            />
          </label>
          <label>
            Query understanding{' '}
            <select value={draft.queryUnderstanding} onChange={(e) => update({ queryUnderstanding: e.currentTarget.value as Draft['queryUnderstanding'] })}>
              <option value="">live setting</option>
              <option value="filter">filter</option>
              <option value="boost">boost</option>
              <option value="off">off</option>
            </select>
          </label>
          <label>
            Synonyms{' '}
            <select value={draft.synonyms} onChange={(e) => update({ synonyms: e.currentTarget.value as Draft['synonyms'] })}>
              <option value="">the shop's and the shipped ones</option>
              <option value="shop-only">the shop's only</option>
              <option value="none">none</option>
            </select>
          </label>
        </fieldset>
        <button type="submit" class="primary">
          Create and start
        </button>
      </form>
      {!experiments ? (
        <p class="muted">Loading…</p>
      ) : experiments.length === 0 ? (
        <p class="muted">No experiments yet.</p>
      ) : (
        <ul class="experiments" aria-label="Experiments">
          {experiments.map((e) => (
            <li key={e.id} aria-label={e.name}>
              <h3>{e.name}</h3>
              <p class="muted">
                {e.markets.join(', ')} · {new Date(e.start).toLocaleString()} to {new Date(e.end).toLocaleString()} · <span>{statusOf(e)}</span> ·{' '}
                {e.variants.map((v) => `${v.id} ${v.share}%`).join(', ')}
              </p>
              <div class="actions">
                <button type="button" onClick={() => void showResults(e)}>
                  Results of {e.name}
                </button>
                {statusOf(e) === 'running' && (
                  <button type="button" onClick={() => void act(() => endExperiment(e.id), `Ended "${e.name}".`)}>
                    End {e.name} now
                  </button>
                )}
              </div>
              {results[e.id] && <Results results={results[e.id]!} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
