/**
 * Versions of the merchandising data: every import kept with when, its name and who (the person named at
 * login, the key's role and a short key id). Two
 * versions side by side with what was added, removed and changed field by field; a rollback (after a
 * confirmation) makes a new version equal to the chosen one through the same import.
 */
import { useEffect, useState } from 'preact/hooks';
import { AdminError } from '../shared/admin';
import { diffOf, historyOf, HISTORY_KINDS, productTitles, rollBack, type Diff, type HistoryKind, type Version, type Where } from './api';
import { productKeysOf, productsOfChange, productsOfEntry, type NamedProduct } from './diffProducts';

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

export function History({ where }: { where: Where }) {
  const [kind, setKind] = useState<HistoryKind>('pages');
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [pair, setPair] = useState<{ from?: string; to?: string }>({});
  const [diff, setDiff] = useState<Diff | null>(null);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const scope: Record<string, string> =
    kind === 'navigation' ? { market: where.market, locale: where.locale } : kind === 'pages' || kind === 'facets' ? { market: where.market } : {};
  const load = () =>
    historyOf(kind, scope).then(
      (h) => {
        setVersions(h.versions);
        setPair({ from: h.versions[1]?.id, to: h.versions[0]?.id });
      },
      (err: Error) => setStatus({ kind: 'error', text: err.message }),
    );
  useEffect(() => {
    setVersions(null);
    setDiff(null);
    void load();
  }, [kind, where.market, where.locale]);
  useEffect(() => {
    setDiff(null);
    setTitles({});
    if (!pair.from || !pair.to || pair.from === pair.to) return;
    let current = true;
    diffOf(kind, pair.from, pair.to).then(
      (d) => {
        if (!current) return;
        setDiff(d);
        // One lookup for every product the diff names; without it the keys are shown alone.
        const keys = productKeysOf(d);
        if (keys.length)
          productTitles(where, keys).then(
            (t) => {
              if (current) setTitles(t);
            },
            () => undefined,
          );
      },
      (err: Error) => setStatus({ kind: 'error', text: err.message }),
    );
    return () => {
      current = false;
    };
  }, [pair.from, pair.to]);

  const rollback = async (v: Version) => {
    if (
      !window.confirm(
        `Roll ${kind} back to the version of ${new Date(v.at).toLocaleString()}${v.name ? ` (“${v.name}”)` : ''}? This makes a new version equal to it.`,
      )
    )
      return;
    try {
      await rollBack(kind, v.id);
      setStatus({ kind: 'ok', text: 'Rolled back: the storefront shows that version now.' });
      await load();
    } catch (err) {
      const e = err as AdminError;
      setStatus({ kind: 'error', text: e.status === 409 ? 'Another import is running: try again in a moment.' : e.message });
    }
  };

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <div class="filters-form">
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.currentTarget.value as HistoryKind)}>
            {HISTORY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <span class="muted">
          {Object.entries(scope)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}
        </span>
      </div>
      {status && (
        <p role={status.kind === 'error' ? 'alert' : 'status'} class={status.kind}>
          {status.text}
        </p>
      )}
      {!versions ? (
        <p class="muted">Loading…</p>
      ) : versions.length === 0 ? (
        <p class="muted">No versions yet: every import from now on is kept.</p>
      ) : (
        <table aria-label="Versions" class="stack-on-phone">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Name</th>
              <th scope="col">By</th>
              <th scope="col">Key</th>
              <th scope="col">Summary</th>
              <th scope="col">Compare</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v, i) => (
              <tr key={v.id}>
                <th scope="row">{new Date(v.at).toLocaleString()}</th>
                <td data-label="Name">{v.name ?? ''}</td>
                <td data-label="By">
                  {v.user ?? ''}
                  {v.role ? <span class="muted">{v.user ? ` (${v.role})` : v.role}</span> : ''}
                </td>
                <td data-label="Key">
                  <code>{v.keyId ?? ''}</code>
                </td>
                <td data-label="Summary">{v.summary ?? ''}</td>
                <td data-label="Compare" class="compare">
                  <label>
                    <input type="radio" name="from" checked={pair.from === v.id} onChange={() => setPair({ ...pair, from: v.id })} /> from
                  </label>
                  <label>
                    <input type="radio" name="to" checked={pair.to === v.id} onChange={() => setPair({ ...pair, to: v.id })} /> to
                  </label>
                </td>
                <td>
                  {i > 0 && (
                    <button type="button" onClick={() => rollback(v)} aria-label={`Roll back to the version of ${new Date(v.at).toLocaleString()}`}>
                      Roll back
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {diff && <DiffView diff={diff} titles={titles} />}
    </section>
  );
}

/** Products by title, the key in smaller text (a key the live catalog lacks is shown alone). */
function Products({ products }: { products: NamedProduct[] }) {
  if (!products.length) return <span class="muted">none</span>;
  return (
    <ul class="diff-products">
      {products.map((p, i) => (
        <li key={i} class="diff-product">
          {p.title ?? p.key}
          {p.title !== undefined && <small class="muted"> {p.key}</small>}
          {p.position !== undefined && <span> at position {p.position}</span>}
        </li>
      ))}
    </ul>
  );
}

function Value({ path, value, titles }: { path: string; value: unknown; titles: Record<string, string> }) {
  const products = value === undefined ? undefined : productsOfChange(path, value, titles);
  return products ? <Products products={products} /> : <>{show(value)}</>;
}

function Entry({ entry, titles }: { entry: unknown; titles: Record<string, string> }) {
  const products = productsOfEntry(entry, titles);
  return (
    <>
      <code>{show(entry)}</code>
      {products.length > 0 && (
        <div>
          Products: <Products products={products} />
        </div>
      )}
    </>
  );
}

function DiffView({ diff, titles }: { diff: Diff; titles: Record<string, string> }) {
  const none = !diff.added.length && !diff.removed.length && !diff.changed.length;
  return (
    <section aria-label="Differences" class="diff">
      <h3>Differences</h3>
      {none && <p class="muted">The two versions are equal.</p>}
      {diff.changed.map((c) => (
        <div key={c.id} class="diff-entry">
          <h4>Changed: {c.id}</h4>
          <table aria-label={`Changes of ${c.id}`} class="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {c.fields.map((f, i) => (
                <tr key={i}>
                  <th scope="row">
                    <code>{f.path}</code>
                  </th>
                  <td data-label="Before" class="before">
                    <Value path={f.path} value={f.from} titles={titles} />
                  </td>
                  <td data-label="After" class="after">
                    <Value path={f.path} value={f.to} titles={titles} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      {diff.added.length > 0 && (
        <div class="diff-entry">
          <h4>Added</h4>
          <ul>
            {diff.added.map((a, i) => (
              <li key={i} class="after">
                <Entry entry={a} titles={titles} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {diff.removed.length > 0 && (
        <div class="diff-entry">
          <h4>Removed</h4>
          <ul>
            {diff.removed.map((r, i) => (
              <li key={i} class="before">
                <Entry entry={r} titles={titles} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
