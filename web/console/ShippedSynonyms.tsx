/**
 * The general synonyms shipped for a locale's language, read-only beside the shop's own rules: a shop rule
 * naming one of these terms replaces what the term stands for (docs/language.md "General synonyms").
 */
import { useEffect, useState } from 'preact/hooks';
import { exportShippedSynonyms, type SynonymRule } from './api';

export function ShippedSynonyms({ locale }: { locale: string }) {
  const [rules, setRules] = useState<SynonymRule[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRules(null);
    setError(null);
    if (locale) exportShippedSynonyms(locale).then(setRules, (err: Error) => setError(err.message));
  }, [locale]);
  return (
    <details class="shipped-synonyms">
      <summary>
        Shipped synonyms of {locale}
        {rules ? ` (${rules.length})` : ''}
      </summary>
      <p class="muted">
        Applied beside the rules above. A rule above that names one of these terms replaces what it stands for; a one-way rule from a term to itself switches it
        off.
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {rules && !rules.length && <p class="muted">None for this language.</p>}
      {rules && rules.length > 0 && (
        <table class="synonyms" aria-label={`Shipped synonyms of ${locale}`}>
          <thead>
            <tr>
              <th scope="col">Terms</th>
              <th scope="col">Stands for</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, i) => (
              <tr key={i}>
                <td>{('from' in rule ? rule.from : rule.terms).join(', ')}</td>
                <td>{'from' in rule ? rule.to.join(', ') : <span class="muted">each other</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
