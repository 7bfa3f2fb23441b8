/**
 * Landing pages of a market: listed by locale and path; one page edited at a time. The product list is the
 * page's real answer (explain/landing-page, of the preview view once a preview was saved), pinned products
 * first. Drag a product (or use its buttons) to pin it at a position; hide products; edit the product rules,
 * checked as you type, and the page's facets, sort orders and product lists (PageSettings.tsx). "Preview" saves
 * the changes with the page import's previewOnly (storefront requests with viewId=PREVIEW see them, the live
 * storefront does not); "Save" publishes them, with any earlier preview changes of the page.
 * Both are PARTIAL page imports through the admin API: the console has no second write path.
 */
import { useEffect, useState } from 'preact/hooks';
import { explainLandingPage, exportPages, savePage, type ExplainedGroup, type ExplainedPage, type Page, type Where } from './api';
import { SaveStatus, useImport } from './importForm';
import { draftChanged, draftOf, forImport, type Draft } from './pageDraft';
import { FacetsSection, RecListsSection, SortSection } from './PageSettings';
import { ProductRow } from './ProductRow';
import { leaveAllowed, useUnsavedChanges } from './safeEditing';
import { checkRules, RulesField } from './RulesField';
import { WherePicker } from './WherePicker';

/** Pins `key` at 0-based `index` of the pinned list (after the pins when the index is past them). */
export function pinAt(pinned: string[], key: string, index: number): string[] {
  const rest = pinned.filter((k) => k !== key);
  rest.splice(Math.min(index, rest.length), 0, key);
  return rest;
}

export function Pages({ where, onWhere }: { where: Where; onWhere: (w: Where) => void }) {
  const [pages, setPages] = useState<Page[] | null>(null);
  // What the live storefront shows of each page: a page whose preview differs has changes to publish.
  const [published, setPublished] = useState<Page[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPages(null);
    exportPages(where.market).then(setPages, (err: Error) => setError(err.message));
    exportPages(where.market, 'PUBLISHED_ONLY').then(setPublished, (err: Error) => setError(err.message));
  }, [where.market]);
  const page = pages?.find((p) => p.id === selected);
  const live = published.find((p) => p.id === selected);
  const withPath = (pages ?? []).filter((p) => p.paths?.[where.locale]).sort((a, b) => a.paths![where.locale]!.localeCompare(b.paths![where.locale]!));
  return (
    <section aria-labelledby="pages-heading">
      <h2 id="pages-heading">Landing pages</h2>
      <div class="filters-form"><WherePicker where={where} onChange={onWhere} /></div>
      {error && <p role="alert" class="error">{error}</p>}
      <div class="pages-layout">
        <nav aria-label="Pages" class="page-list">
          {!pages ? <p class="muted">Loading…</p> : (
            <ul>
              {withPath.map((p) => (
                <li key={p.id}>
                  <button type="button" class="page-button" aria-current={p.id === selected ? 'true' : undefined} onClick={() => { if (p.id !== selected && leaveAllowed()) setSelected(p.id); }}>
                    <span>{p.paths![where.locale]}</span>
                    <span class="muted">{p.headings?.[where.locale] ?? p.id}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {page ? (
          <PageEditor
            key={`${page.id}/${where.locale}`} page={page} where={where}
            unpublished={JSON.stringify(live) !== JSON.stringify(page)}
            onSaved={(p, previewOnly) => {
              setPages(pages!.map((x) => (x.id === p.id ? p : x)));
              if (!previewOnly) setPublished([...published.filter((x) => x.id !== p.id), p]);
            }}
          />
        ) : <p class="muted">Choose a page.</p>}
      </div>
    </section>
  );
}

/** The page's place in the import body: the editor saves one page, `addOrUpdate[0]`. */
const AT = 'addOrUpdate[0]';
const SETTINGS = [`${AT}.primaryList.facetsOverride`, `${AT}.primaryList.sortOrderOverride`, `${AT}.recLists`];

/** `unpublished`: the page has preview changes the live storefront does not show (Save publishes them). */
function PageEditor({ page, where, unpublished, onSaved }: { page: Page; where: Where; unpublished: boolean; onSaved: (p: Page, previewOnly: boolean) => void }) {
  const path = page.paths![where.locale]!;
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  const [answer, setAnswer] = useState<ExplainedPage | null>(null);
  const [view, setView] = useState<'live' | 'preview'>('live');
  const [previewed, setPreviewed] = useState(unpublished);
  const { status, setStatus, save: send } = useImport();
  const [dragged, setDragged] = useState<string | null>(null);

  const load = (preview: boolean) => explainLandingPage(where, path, preview).then(setAnswer, (err: Error) => setStatus({ kind: 'error', text: err.message, problems: [] }));
  useEffect(() => { void load(false); }, [path, where.market, where.locale, where.touchpoint]);

  const groups = answer ? answer.primaryList?.productGroups ?? [] : null;
  const keyOf = (g: ExplainedGroup) => g.products[0]?.key ?? g.key;
  // The list as it will be: the draft's pins first, in their order, then the rest as the answer ranks them.
  const ordered = groups ? [
    ...draft.pinned.map((k) => groups.find((g) => keyOf(g) === k)).filter((g): g is ExplainedGroup => !!g),
    ...groups.filter((g) => !draft.pinned.includes(keyOf(g)) && !draft.blocked.includes(keyOf(g))),
  ] : [];
  const changed = draftChanged(page, draft);
  useUnsavedChanges(changed);
  const valid = checkRules(draft.rules).ok;
  const problems = status?.problems ?? [];

  const save = async (previewOnly: boolean) => {
    const next = forImport(page, draft);
    const done = previewOnly ? 'Saved as a preview: the live storefront is unchanged.' : 'Saved: the storefront shows it now.';
    const live = previewOnly ? undefined : {
      title: `Publish ${path} to the live storefront?`,
      detail: `Shoppers in market ${where.market} see these changes as soon as you publish. Preview shows them without publishing.`,
    };
    if (!(await send(() => savePage(where.market, next, previewOnly), done, live))) return;
    // The stored page is the page with the parts sent (a PARTIAL import keeps what it is not given); a preview is
    // stored too, so its changes are no longer unsaved.
    onSaved({ ...page, ...next, primaryList: { ...page.primaryList, ...next.primaryList } }, previewOnly);
    setPreviewed(previewOnly);
    setView(previewOnly ? 'preview' : 'live');
    await load(previewOnly);
  };

  return (
    <div class="page-editor">
      <h3>{page.headings?.[where.locale] ?? page.id} <span class="muted">{path}</span></h3>
      <RulesField value={draft.rules} onChange={(rules) => setDraft({ ...draft, rules })} />
      <div class="page-settings-grid">
        <FacetsSection at={AT} value={draft.facetsOverride} onChange={(facetsOverride) => setDraft({ ...draft, facetsOverride })} problems={problems} />
        <SortSection at={AT} value={draft.sortOrderOverride} onChange={(sortOrderOverride) => setDraft({ ...draft, sortOrderOverride })} problems={problems} />
        <RecListsSection at={AT} value={draft.recLists} onChange={(recLists) => setDraft({ ...draft, recLists })} problems={problems} />
      </div>
      <div class="editor-actions">
        <button type="button" onClick={() => save(true)} disabled={!valid}>Preview</button>
        <button type="button" class="primary" onClick={() => save(false)} disabled={!valid || (!changed && !previewed)}>Save</button>
        <button type="button" class="link-button" onClick={() => setDraft(draftOf(page))} disabled={!changed}>Discard changes</button>
        <span class="muted">Showing the {view} view{previewed ? ' · the preview has changes the live storefront does not show yet: Save publishes them' : ''}</span>
      </div>
      <SaveStatus status={status} placed={(p) => SETTINGS.some((prefix) => p === prefix || p.startsWith(`${prefix}.`) || p.startsWith(`${prefix}[`))} />
      {answer && <AnswerSummary answer={answer} view={view} />}
      <p class="muted">Drag a product onto a position to pin it there. Pinned: {draft.pinned.length}, hidden: {draft.blocked.length}.</p>
      {!groups ? <p class="muted">Loading products…</p> : (
        <ol class="product-rows" aria-label="Page products">
          {ordered.map((g, i) => {
            const key = keyOf(g);
            const pinned = draft.pinned.indexOf(key);
            return (
              <li
                key={key}
                draggable
                class={dragged === key ? 'dragging' : undefined}
                onDragStart={(e) => { setDragged(key); e.dataTransfer?.setData('text/plain', key); }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => { e.preventDefault(); const k = e.dataTransfer?.getData('text/plain') || dragged; if (k) setDraft({ ...draft, pinned: pinAt(draft.pinned, k, i) }); setDragged(null); }}
              >
                <ProductRow group={g} position={i + 1} badge={pinned >= 0 ? `pinned ${pinned + 1}` : undefined}>
                  <button type="button" onClick={() => setDraft({ ...draft, pinned: pinAt(draft.pinned, key, 0) })} aria-label={`Pin first: ${g.products[0]?.title}`}>Pin first</button>
                  {pinned >= 0 && <button type="button" onClick={() => setDraft({ ...draft, pinned: draft.pinned.filter((k) => k !== key) })} aria-label={`Unpin ${g.products[0]?.title}`}>Unpin</button>}
                  <button type="button" onClick={() => setDraft({ ...draft, blocked: [...draft.blocked, key], pinned: draft.pinned.filter((k) => k !== key) })} aria-label={`Hide ${g.products[0]?.title}`}>Hide</button>
                </ProductRow>
              </li>
            );
          })}
        </ol>
      )}
      {draft.blocked.length > 0 && (
        <section aria-label="Hidden products">
          <h4>Hidden products</h4>
          <ul class="hidden-list">
            {draft.blocked.map((k) => <li key={k}><code>{k}</code> <button type="button" class="link-button" onClick={() => setDraft({ ...draft, blocked: draft.blocked.filter((x) => x !== k) })}>Show again</button></li>)}
          </ul>
        </section>
      )}
    </div>
  );
}

/** What the shown view of the page answers besides its products: the storefront's facets, sort options and lists. */
function AnswerSummary({ answer, view }: { answer: ExplainedPage; view: 'live' | 'preview' }) {
  const facets = answer.primaryList?.facets ?? [];
  const sorts = answer.primaryList?.sort?.options ?? [];
  const lists = answer.recommendationLists ?? [];
  return (
    <>
      <p class="muted answer-caption">What the {view} view answers besides the products:</p>
      <dl class="answer-summary" aria-label={`The ${view} answer`}>
        <div><dt>Facets</dt><dd>{facets.length ? facets.map((f) => f.label || f.id).join(', ') : 'none'}</dd></div>
        <div><dt>Sort orders</dt><dd>{sorts.length ? sorts.map((s) => s.label || s.id).join(', ') : 'none'}</dd></div>
        <div><dt>Product lists</dt><dd>{lists.length ? lists.map((l) => `${l.id} (${l.productGroups.length})`).join(', ') : 'none'}</dd></div>
      </dl>
    </>
  );
}
