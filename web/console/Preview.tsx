/**
 * Search preview: the real search-page answer for a phrase in a market, locale and touchpoint (through the
 * explain endpoint, which answers search-page's JSON plus a reason list per product).
 */
import { useState } from 'preact/hooks';
import { explainSearch, type ExplainedPage, type Where } from './api';
import { ProductRow } from './ProductRow';
import { WherePicker } from './WherePicker';

export function Preview({ where, onWhere }: { where: Where; onWhere: (w: Where) => void }) {
  const [q, setQ] = useState('');
  const [answer, setAnswer] = useState<ExplainedPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try { setAnswer(await explainSearch(where, q.trim())); } catch (err) { setError((err as Error).message); }
  };
  const list = answer?.primaryList;
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading">Search preview</h2>
      <form class="filters-form" onSubmit={run}>
        <label>Phrase <input type="search" name="q" value={q} onInput={(e) => setQ(e.currentTarget.value)} required /></label>
        <WherePicker where={where} onChange={onWhere} />
        <button type="submit" class="primary">Preview</button>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {answer && list && (
        <>
          <p class="muted" role="status">{list.totalHits} products for “{answer.q}”{answer.autoCorrect ? ` (auto-corrected from “${q}”)` : ''}</p>
          <ol class="product-rows" aria-label="Preview results">
            {list.productGroups.map((g, i) => <li key={g.key}><ProductRow group={g} position={i + 1} /></li>)}
          </ol>
        </>
      )}
    </section>
  );
}
