/**
 * Label overrides per market and locale as a form: rows of a key (facet, sort option or badge; the known keys
 * offered) and the text a visitor reads instead of the built-in one (shown as the placeholder). Saved as the
 * labels import (PUT: every market at once), a refused import's problems at the row whose key the path names.
 */
import { useEffect, useState } from 'preact/hooks';
import { BUILT_IN_LABEL_KEYS, builtInLabel } from '../../src/merchandising/labels';
import { exportLabels, importLabels, type LabelConfiguration } from './api';
import { Field, MarketLocalePicker, problemsAt, RowActions, SaveStatus, useImport } from './importForm';
import { useBaseline } from './safeEditing';
import { useMarkets } from './markets';
import { emptyMap, own } from '../shared/lookup';

/** Rows keep the order a merchandiser typed them in and allow a key being edited (or empty) for a while. */
type Rows = Record<string, Record<string, { key: string; text: string }[]>>;

const rowsOf = (c: LabelConfiguration): Rows =>
  Object.fromEntries(
    Object.entries(c.markets).map(([market, locales]) => [
      market,
      Object.fromEntries(Object.entries(locales).map(([locale, labels]) => [locale, Object.entries(labels).map(([key, text]) => ({ key, text }))])),
    ]),
  );

/** The import body; a locale without rows, and a market without any, are left out (back to the built-in texts). */
function configurationOf(rows: Rows): LabelConfiguration {
  const markets: LabelConfiguration['markets'] = emptyMap();
  for (const [market, locales] of Object.entries(rows)) {
    for (const [locale, list] of Object.entries(locales)) {
      if (!list.length) continue;
      (markets[market] ??= emptyMap())[locale] = Object.fromEntries(list.map((r) => [r.key, r.text]));
    }
  }
  return { markets };
}

export function Labels() {
  const markets = useMarkets();
  const [market, setMarket] = useState(markets[0]!.id);
  const locales = markets.find((m) => m.id === market)?.locales ?? [];
  const [locale, setLocale] = useState(locales[0] ?? '');
  const [rows, setRows] = useState<Rows | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { status, save } = useImport();
  const { settle } = useBaseline(rows);
  useEffect(() => {
    exportLabels().then(
      (c) => setRows(rowsOf(c)),
      (err: Error) => setLoadError(err.message),
    );
  }, []);
  if (!rows)
    return (
      <section>
        <h2>Labels</h2>
        {loadError ? (
          <p role="alert" class="error">
            {loadError}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    );

  const list = own(own(rows, market), locale) ?? [];
  const setList = (next: { key: string; text: string }[]) => setRows({ ...rows, [market]: { ...rows[market], [locale]: next } });
  const update = (i: number, change: Partial<{ key: string; text: string }>) => setList(list.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const at = (key: string) => `markets.${market}.${locale}.${key}`;
  const problems = status?.problems ?? [];
  const counts = new Map<string, number>();
  for (const r of list) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
  const placed = (path: string) => list.some((r) => path === at(r.key));

  return (
    <section aria-labelledby="labels-heading">
      <h2 id="labels-heading">Labels</h2>
      <p class="muted">
        The texts a visitor reads for facets, sort options and badges, instead of the built-in ones. A facet's own label (Facets) comes first.
      </p>
      <MarketLocalePicker markets={markets} market={market} locale={locale} setMarket={setMarket} setLocale={setLocale} />
      <datalist id="label-keys">
        {BUILT_IN_LABEL_KEYS.map((k) => (
          <option key={k} value={k}>
            {builtInLabel(locale, k)}
          </option>
        ))}
      </datalist>
      {list.length === 0 && (
        <p class="muted">
          {market} {locale} shows the built-in texts.
        </p>
      )}
      <ol class="form-rows" aria-label={`Labels of ${market} ${locale}`}>
        {list.map((r, i) => {
          const name = `label ${i + 1}`;
          const mine = problemsAt(problems, at(r.key)).filter((p) => p.path === at(r.key));
          return (
            <li key={i}>
              <fieldset class={`compact${mine.length ? ' invalid' : ''}`} aria-label={`Label ${i + 1}`}>
                <div class="field-grid">
                  <Field label="Key" path={`label-${i}-key`} problems={[]} wide>
                    {(aria) => (
                      <input
                        {...aria}
                        list="label-keys"
                        value={r.key}
                        placeholder="facet.brand, sort.NEWEST_FIRST, badge.SALE…"
                        onInput={(e) => update(i, { key: e.currentTarget.value.trim() })}
                      />
                    )}
                  </Field>
                  <Field label="Text" path={at(r.key)} fieldId={`label-${i}-text`} problems={problems} wide>
                    {(aria) => (
                      <input
                        {...aria}
                        value={r.text}
                        placeholder={builtInLabel(locale, r.key) ?? ''}
                        onInput={(e) => update(i, { text: e.currentTarget.value })}
                      />
                    )}
                  </Field>
                  <RowActions name={name} i={i} count={list.length} remove={() => setList(list.filter((_, j) => j !== i))} />
                </div>
                {builtInLabel(locale, r.key) !== undefined && <p class="muted built-in">Built in: {builtInLabel(locale, r.key)}</p>}
                {twice.includes(r.key) && <p class="error">This key has another row: the last one wins.</p>}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div class="editor-actions">
        <button type="button" onClick={() => setList([...list, { key: '', text: '' }])}>
          Add a label
        </button>
        <button
          type="button"
          class="primary"
          onClick={async () => {
            if (
              await save(() => importLabels(configurationOf(rows)), 'Saved: visitors read these labels now.', {
                title: 'Publish these labels?',
                detail: 'Shoppers read these labels as soon as you publish.',
              })
            )
              settle(rows);
          }}
        >
          Save labels
        </button>
      </div>
      <SaveStatus status={status} placed={placed} />
    </section>
  );
}
