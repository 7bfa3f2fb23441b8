/**
 * Suggestions from behaviour (GET /api/admin/v4/suggestions, docs/merchandising.md "Suggestions from behaviour"):
 * the market's synonyms, redirects, category boosts and pins that shoppers' searches and clicks propose, best
 * score first, each with its evidence (sessions and example journeys). "Apply" opens the form that makes it
 * (synonyms, search phrases) filled in and unpublished: the phrase rule in preview, the synonym unsaved.
 * Once applied and published, a suggestion no longer comes back.
 */
import { useEffect, useState } from 'preact/hooks';
import { adminFetch } from '../shared/admin';
import type { Journey, Suggestion, SuggestionsAnswer } from '../../src/contract/suggestions';
import type { Where } from './api';
import { WherePicker } from './WherePicker';

/** Which console view applies a suggestion, and what it is told to fill in. */
export interface Application {
  view: 'synonyms' | 'phrases';
  query: Record<string, string>;
}

export function applicationOf(s: Suggestion): Application {
  switch (s.kind) {
    case 'synonym':
      return { view: 'synonyms', query: { terms: `${s.phrase},${s.replacement}`, locale: s.locale } };
    case 'redirect':
      return { view: 'phrases', query: { phrase: s.phrase, locale: s.locale, redirect: s.redirect ?? '' } };
    case 'boost':
      return { view: 'phrases', query: { phrase: s.phrase, locale: s.locale, boost: s.boost ?? '' } };
    case 'pin':
      return { view: 'phrases', query: { phrase: s.phrase, locale: s.locale, pin: s.productKey, position: String(s.position) } };
  }
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function what(s: Suggestion): string {
  switch (s.kind) {
    case 'synonym':
      return `Make “${s.phrase}” find what “${s.replacement}” finds`;
    case 'redirect':
      return `Send “${s.phrase}” to ${s.redirect}`;
    case 'boost':
      return `Boost ${s.categoryName ?? s.categoryId} for “${s.phrase}”`;
    case 'pin':
      return `Pin ${s.productKey} first for “${s.phrase}”`;
  }
}

function why(s: Suggestion): string {
  switch (s.kind) {
    case 'synonym':
      return `${s.sessions} sessions searched “${s.phrase}” (${s.zeroHits ? 'no results' : 'no click'}), then “${s.replacement}” and clicked. ${percent(s.consistency)} of those who rephrased chose it; ${percent(s.conversion)} of its searches get a click or a cart.`;
    case 'redirect':
    case 'boost':
      return `${percent(s.share)} of ${s.clicks} clicks land in ${s.categoryName ?? s.categoryId} (${s.sessions} sessions).`;
    case 'pin':
      return `${s.sessions} sessions (${percent(s.share)} of those clicking) clicked it at position ${s.clickedAt}.`;
  }
}

const KIND_NAMES: Record<Suggestion['kind'], string> = { synonym: 'Synonym', redirect: 'Redirect', boost: 'Category boost', pin: 'Pin' };

function JourneyText({ journey }: { journey: Journey }) {
  return (
    <li>
      <span class="muted">{journey.day}: </span>
      {journey.steps.map((step, i) => (
        <span key={i}>
          {i > 0 && <span aria-hidden="true"> → </span>}
          {i > 0 && <span class="visually-hidden">, then </span>}“{step.phrase}” ({step.totalHits} results
          {step.clicks ? `, clicked ${step.clickedPositions.map((p) => `#${p}`).join(' ')}` : ', no click'}
          {step.addToCarts ? `, ${step.addToCarts} to cart` : ''}
          {i > 0 ? `, ${step.afterSeconds} s later` : ''})
        </span>
      ))}
    </li>
  );
}

export function Suggestions({ where, onWhere, onApply }: { where: Where; onWhere: (w: Where) => void; onApply: (a: Application) => void }) {
  const [answer, setAnswer] = useState<SuggestionsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setAnswer(null);
    setError(null);
    const query = new URLSearchParams({ market: where.market, locale: where.locale, limit: '100' });
    // An answer for a market or locale no longer chosen is dropped (the merchandiser switched while it ran).
    let current = true;
    adminFetch<SuggestionsAnswer>(`/api/admin/v4/suggestions?${query}`).then(
      (a) => {
        if (current) setAnswer(a);
      },
      (err: Error) => {
        if (current) setError(err.message);
      },
    );
    return () => {
      current = false;
    };
  }, [where.market, where.locale]);
  return (
    <section aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading">Suggestions</h2>
      <p class="muted">
        What shoppers' searches and clicks propose: phrases they rephrased, phrases whose clicks land in one category, products they dig for. Apply opens the
        form filled in; nothing changes until you publish.
      </p>
      <div class="filters-form">
        <WherePicker where={where} onChange={onWhere} />
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!answer && !error && <p class="muted">Loading…</p>}
      {answer && (
        <>
          <p class="muted">
            {answer.sessions} sessions from {answer.from} to {answer.to}
            {answer.truncated ? ` (the first ${answer.scannedEvents} events only)` : ''}.
          </p>
          {answer.suggestions.length === 0 ? (
            <p>
              No suggestions for {where.market} in {where.locale}: not enough behaviour, or everything suggested is applied.
            </p>
          ) : (
            <table class="suggestions stack-on-phone" aria-label={`Suggestions for ${answer.market} in ${answer.locale ?? 'every locale'}`}>
              <thead>
                <tr>
                  <th scope="col">Score</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Suggestion</th>
                  <th scope="col">Evidence</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.suggestions.map((s) => (
                  <tr key={s.id}>
                    <td data-label="Score">
                      <meter min={0} max={100} value={s.score} aria-label={`Score ${s.score} of 100`} /> {s.score}
                    </td>
                    <td data-label="Kind">{KIND_NAMES[s.kind]}</td>
                    <th scope="row" data-label="Suggestion">
                      {what(s)}
                    </th>
                    <td data-label="Evidence">
                      <p>{why(s)}</p>
                      {s.examples.length > 0 && (
                        <details>
                          <summary>Example journeys</summary>
                          <ul class="journeys">
                            {s.examples.map((j, i) => (
                              <JourneyText key={i} journey={j} />
                            ))}
                          </ul>
                        </details>
                      )}
                    </td>
                    <td>
                      <button type="button" aria-label={`Apply: ${what(s)}`} onClick={() => onApply(applicationOf(s))}>
                        Apply
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
