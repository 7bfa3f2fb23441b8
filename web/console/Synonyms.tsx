/**
 * Synonyms per locale as a form: each rule is a row of equivalent terms, or one-way "from → to". Saved as the
 * synonyms import (PUT: the whole set); a refused import shows each problem at the rule its path names.
 * `?phrase=...&locale=...` (the analytics page's "Add a synonym") starts a new rule with the phrase filled in;
 * `?terms=a,b&locale=...` (a suggestion's "Apply") a new rule of those equivalent terms, unsaved.
 */
import { useEffect, useState } from 'preact/hooks';
import { AdminError } from '../shared/admin';
import { exportSynonyms, importSynonyms, type SynonymRule, type SynonymSets } from './api';
import { useMarkets } from './markets';
import { confirmGoingLive, useBaseline } from './safeEditing';
import { ShippedSynonyms } from './ShippedSynonyms';
import { own } from '../shared/lookup';

const split = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export function Synonyms() {
  const markets = useMarkets();
  const locales = [...new Set(markets.flatMap((m) => m.locales))];
  const [locale, setLocale] = useState(locales[0] ?? '');
  const [sets, setSets] = useState<SynonymSets | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string; errors?: { path: string; message: string }[] } | null>(null);
  const { settle } = useBaseline(sets);
  useEffect(() => {
    exportSynonyms().then(
      (stored) => {
        const asked = new URLSearchParams(location.search);
        const phrase = asked.get('phrase')?.trim();
        const terms = split(asked.get('terms') ?? '');
        if (!phrase && !terms.length) {
          setSets(stored);
          return;
        }
        const at = locales.includes(asked.get('locale') ?? '') ? asked.get('locale')! : locale;
        setLocale(at);
        setSets({ ...stored, [at]: [...(stored[at] ?? []), { terms: terms.length ? terms : [phrase!] }] });
        setStatus({
          kind: 'ok',
          text: terms.length
            ? `The suggested rule (${terms.join(', ')}) is at the end, not saved: search does not use it until you save.`
            : `"${phrase}" is in a new rule at the end: add the words it should find the same as, then save.`,
        });
        // Once: a reload shows what is stored, not a second new rule.
        history.replaceState(null, '', location.pathname);
      },
      (err: Error) => setStatus({ kind: 'error', text: err.message }),
    );
  }, []);
  if (!sets)
    return (
      <section>
        <h2>Synonyms</h2>
        {status ? (
          <p role="alert" class="error">
            {status.text}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    );
  const rules = own(sets, locale) ?? [];
  const setRules = (next: SynonymRule[]) => setSets({ ...sets, [locale]: next });
  const errorAt = (i: number) => status?.errors?.filter((e) => e.path.startsWith(`locales.${locale}[${i}]`)) ?? [];
  const save = async () => {
    if (!(await confirmGoingLive('Publish these synonyms?', 'Search uses these synonyms in every market as soon as you publish.'))) return;
    setStatus(null);
    try {
      await importSynonyms(sets);
      settle(sets);
      setStatus({ kind: 'ok', text: 'Saved: search uses these synonyms now.' });
    } catch (err) {
      const e = err as AdminError;
      setStatus({
        kind: 'error',
        text: e.status === 409 ? 'Another import is running: try again in a moment. Nothing was lost.' : e.message,
        errors: e.errors,
      });
    }
  };
  return (
    <section aria-labelledby="synonyms-heading">
      <h2 id="synonyms-heading">Synonyms</h2>
      <div class="filters-form">
        <label>
          Locale
          <select value={locale} onChange={(e) => setLocale(e.currentTarget.value)}>
            {locales.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      <table class="synonyms" aria-label={`Synonyms of ${locale}`}>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Terms (comma-separated)</th>
            <th scope="col">Stands for</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, i) => {
            const oneWay = 'from' in rule;
            const update = (next: SynonymRule) => setRules(rules.map((r, j) => (j === i ? next : r)));
            const problems = errorAt(i);
            return (
              <tr key={i} class={problems.length ? 'invalid' : undefined}>
                <td data-label="Kind">
                  <select
                    aria-label={`Kind of rule ${i + 1}`}
                    value={oneWay ? 'one-way' : 'equivalent'}
                    onChange={(e) =>
                      update(
                        e.currentTarget.value === 'one-way'
                          ? { from: 'terms' in rule ? rule.terms : rule.from, to: [] }
                          : { terms: 'from' in rule ? [...rule.from, ...rule.to] : rule.terms },
                      )
                    }
                  >
                    <option value="equivalent">equivalent</option>
                    <option value="one-way">one-way</option>
                  </select>
                </td>
                <td data-label="Terms">
                  <input
                    aria-label={`Terms of rule ${i + 1}`}
                    value={(oneWay ? rule.from : rule.terms).join(', ')}
                    onChange={(e) => update(oneWay ? { from: split(e.currentTarget.value), to: rule.to } : { terms: split(e.currentTarget.value) })}
                  />
                  {problems.map((p, k) => (
                    <p key={k} class="error">
                      {p.message}
                    </p>
                  ))}
                </td>
                <td data-label="Stands for">
                  {oneWay ? (
                    <input
                      aria-label={`Replacements of rule ${i + 1}`}
                      value={rule.to.join(', ')}
                      onChange={(e) => update({ from: rule.from, to: split(e.currentTarget.value) })}
                    />
                  ) : (
                    <span class="muted">each other</span>
                  )}
                </td>
                <td>
                  <button type="button" class="link-button" onClick={() => setRules(rules.filter((_, j) => j !== i))}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div class="editor-actions">
        <button type="button" onClick={() => setRules([...rules, { terms: [] }])}>
          Add a rule
        </button>
        <button type="button" class="primary" onClick={save}>
          Save synonyms
        </button>
      </div>
      {status && (
        <div role={status.kind === 'error' ? 'alert' : 'status'} class={`save-status ${status.kind === 'error' ? 'error' : 'ok'}`}>
          <p>{status.text}</p>
          {status.errors && status.errors.some((e) => !e.path.startsWith(`locales.${locale}[`)) && (
            <ul>
              {status.errors
                .filter((e) => !e.path.startsWith(`locales.${locale}[`))
                .map((e, i) => (
                  <li key={i}>
                    <code>{e.path}</code>: {e.message}
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
      <ShippedSynonyms locale={locale} />
    </section>
  );
}
