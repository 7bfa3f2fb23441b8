/**
 * Preview: the real search-page answer for a phrase, or the real landing-page answer for a page, in a market,
 * locale and touchpoint (through the explain endpoints, which answer the storefront's JSON plus a reason list
 * per product). On a landing page each product has "Pin at position 1": one gesture that saves the pin as a
 * PARTIAL page import (the page's other pins follow it), so the storefront answers that product first. A phrase
 * has no page of its own to pin on (see docs/storefront.md), so the search preview explains and does not pin.
 */
import { useEffect, useState } from 'preact/hooks';
import { AdminError } from '../shared/admin';
import {
  explainLandingPage,
  explainSearch,
  exportPage,
  exportPages,
  savePage,
  type ExplainedGroup,
  type ExplainedPage,
  type Page,
  type Understanding,
  type Where,
} from './api';
import { pinFirst } from './pageDraft';
import { ProductRow } from './ProductRow';
import { Replay } from './Replay';
import { WherePicker } from './WherePicker';

type Shown = { kind: 'phrase'; q: string; answer: ExplainedPage } | { kind: 'page'; path: string; page: Page; answer: ExplainedPage };

export function Preview({ where, onWhere }: { where: Where; onWhere: (w: Where) => void }) {
  const [q, setQ] = useState('');
  const [pages, setPages] = useState<Page[]>([]);
  const [pageId, setPageId] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pinStatus, setPinStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [replaying, setReplaying] = useState(false);
  useEffect(() => {
    setPageId('');
    exportPages(where.market).then(setPages, (err: Error) => setError(err.message));
  }, [where.market]);
  const withPath = pages.filter((p) => p.paths?.[where.locale]).sort((a, b) => a.paths![where.locale]!.localeCompare(b.paths![where.locale]!));

  const run = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setPinStatus(null);
    try {
      setShown({ kind: 'phrase', q, answer: await explainSearch(where, q.trim()) });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const showPage = async (page: Page) => {
    const path = page.paths![where.locale]!;
    setShown({ kind: 'page', path, page, answer: await explainLandingPage(where, path) });
  };
  const runPage = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setPinStatus(null);
    const page = withPath.find((p) => p.id === pageId);
    if (page)
      try {
        await showPage(page);
      } catch (err) {
        setError((err as Error).message);
      }
  };
  const pin = async (page: Page, path: string, group: ExplainedGroup) => {
    const key = group.products[0]?.key ?? group.key;
    const title = group.products[0]?.title ?? key;
    setPinStatus(null);
    try {
      // The pins as stored now (not as loaded), so a pin saved meanwhile is kept. A normal PARTIAL import starts
      // from the page's preview version and publishes it: say so when the page had unsaved preview changes.
      const [newest, published] = await Promise.all([
        exportPage(where.market, page.id, 'INCLUDE_UNPUBLISHED'),
        exportPage(where.market, page.id, 'PUBLISHED_ONLY'),
      ]);
      const current = newest ?? page;
      await savePage(where.market, pinFirst(current, key), false);
      const alsoPublished = newest && JSON.stringify(newest) !== JSON.stringify(published);
      setPinStatus({
        kind: 'ok',
        text: `Pinned ${title} at position 1 of ${path}: the storefront shows it first now.${alsoPublished ? " The page's earlier preview changes went live with it." : ''}`,
      });
      await showPage(current);
    } catch (err) {
      const e = err as AdminError;
      setPinStatus({ kind: 'error', text: e.status === 409 ? 'Another import is running: try again in a moment. Nothing was lost.' : e.message });
    }
  };

  const list = shown?.answer.primaryList;
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading">Search preview</h2>
      <form class="filters-form" onSubmit={run}>
        <label>
          Phrase <input type="search" name="q" value={q} onInput={(e) => setQ(e.currentTarget.value)} required />
        </label>
        <WherePicker where={where} onChange={onWhere} />
        <button type="submit" class="primary">
          Preview
        </button>
        <button type="button" aria-expanded={replaying} aria-controls="replay-panel" onClick={() => setReplaying(!replaying)}>
          Replay
        </button>
      </form>
      <form class="filters-form" onSubmit={runPage} aria-label="Landing page preview">
        <label>
          Landing page
          <select value={pageId} onChange={(e) => setPageId(e.currentTarget.value)} required>
            <option value="">Choose a page</option>
            {withPath.map((p) => (
              <option key={p.id} value={p.id}>
                {p.paths![where.locale]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Preview the page</button>
      </form>
      {replaying && (
        <div id="replay-panel">
          <Replay />
        </div>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {pinStatus && (
        <p role={pinStatus.kind === 'error' ? 'alert' : 'status'} class={pinStatus.kind === 'error' ? 'error' : 'ok'}>
          {pinStatus.text}
        </p>
      )}
      {shown && list && (
        <>
          <p class="muted" role="status">
            {shown.kind === 'phrase'
              ? `${list.totalHits} products for “${shown.answer.q}”${shown.answer.autoCorrect ? ` (auto-corrected from “${shown.q}”)` : ''}`
              : `${list.totalHits} products on ${shown.path}, as the storefront shows them`}
          </p>
          {shown.kind === 'phrase' && shown.answer.understanding && (
            <p class="muted" role="note" aria-label="Understood">
              {understoodText(shown.answer.understanding)}
            </p>
          )}
          <ol class="product-rows" aria-label="Preview results">
            {list.productGroups.map((g, i) => (
              <li key={g.key}>
                <ProductRow
                  group={g}
                  position={i + 1}
                  understanding={shown.kind === 'phrase' ? shown.answer.understanding : undefined}
                  phrase={shown.kind === 'phrase' ? shown.answer.q : undefined}
                >
                  {shown.kind === 'page' && (
                    <button
                      type="button"
                      onClick={() => pin(shown.page, shown.path, g)}
                      aria-label={`Pin ${g.products[0]?.title ?? g.key} at position 1 of ${shown.path}`}
                    >
                      Pin at position 1
                    </button>
                  )}
                </ProductRow>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** "from 500 to 1000", "at most 500", "at least 500". */
function priceText(p: { min?: number; max?: number }): string {
  if (p.min !== undefined && p.max !== undefined) return `from ${p.min} to ${p.max}`;
  return p.max !== undefined ? `at most ${p.max}` : `at least ${p.min}`;
}

/** One sentence of what the phrase was understood as: "Understood: colour Svart (“svarta”), price at most 500; words searched: “skor”." */
function understoodText(u: Understanding): string {
  const parts = [
    ...u.colours.map((c) => `colour ${c.names[0]} (“${c.typed}”)`),
    ...u.genders.map((g) => `gender ${g.values.join(' or ')} (“${g.typed}”)`),
    ...(u.brands ?? []).map((b) => `brand ${b.values.join(' or ')} (“${b.typed}”)`),
    ...(u.sizes ?? []).map((z) => `size ${z.values.join(' or ')} (“${z.typed}”)`),
    ...(u.attributes ?? []).map((a) => `${a.name} ${a.values.join(' or ')} (“${a.typed}”)`),
    ...(u.price ? [`price ${priceText(u.price)} (“${u.price.typed}”)`] : []),
  ];
  const how = u.mode === 'boost' ? 'ranked first' : u.applied ? 'required' : 'nothing passed, so the phrase as typed answered, then the words left';
  return `Understood: ${parts.join(', ')} (${how}); words searched: ${u.words ? `“${u.words}”` : 'none'}.`;
}
