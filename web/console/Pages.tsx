/**
 * Landing pages of a market: listed by locale and path; one page edited at a time. The product list is the
 * page's real answer (explain/landing-page, of the preview view once a preview was saved), pinned products
 * first. Drag a product (or use its buttons) to pin it at a position; hide products; edit the product rules,
 * checked as you type, and the page's facets, sort orders and product lists (PageSettings.tsx). "Preview" saves
 * the changes with the page import's previewOnly (storefront requests with viewId=PREVIEW see them, the live
 * storefront does not); "Save" publishes them, with any earlier preview changes of the page.
 * The product picker (ProductPicker.tsx) finds any product by title or key to pin at a position or hide; "Show
 * more" lists the page's next 24 products. Both are PARTIAL page imports through the admin API: the console has no second write path. "New page" and
 * "Copy page" (a new path, the same settings) publish a page, "Delete page" removes one, each after a
 * confirmation; a page's schedule (our addition) sets when the storefront serves it (campaigns).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProductGroup } from '@apptus/esales-api';
import { createPage, deletePage, explainLandingPage, exportPages, savePage, type ExplainedGroup, type ExplainedPage, type Page, type Where } from './api';
import { Field, SaveStatus, useImport, type Problem } from './importForm';
import { copyOf, draftChanged, draftOf, forImport, idOfPath, scheduleState, type Draft, type Schedule } from './pageDraft';
import { FacetsSection, RecListsSection, SortSection } from './PageSettings';
import { ProductPicker } from './ProductPicker';
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
  const [creating, setCreating] = useState(false);
  // What the last create, copy or delete did: its form is gone by then, so the message stays here.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    setPages(null);
    exportPages(where.market).then(setPages, (err: Error) => setError(err.message));
    exportPages(where.market, 'PUBLISHED_ONLY').then(setPublished, (err: Error) => setError(err.message));
  }, [where.market]);
  const page = pages?.find((p) => p.id === selected);
  const live = published.find((p) => p.id === selected);
  const withPath = (pages ?? []).filter((p) => p.paths?.[where.locale]).sort((a, b) => a.paths![where.locale]!.localeCompare(b.paths![where.locale]!));
  const now = new Date();
  const added = (p: Page, what: string) => {
    setNotice(`${what}: the storefront serves ${p.paths?.[where.locale] ?? p.id} now.`);
    setPages([...(pages ?? []).filter((x) => x.id !== p.id), p]);
    setPublished([...published.filter((x) => x.id !== p.id), p]);
    setCreating(false);
    setSelected(p.id);
  };
  const removed = (id: string) => {
    setNotice(`Deleted ${(pages ?? []).find((x) => x.id === id)?.paths?.[where.locale] ?? id}: the storefront no longer serves it.`);
    setPages((pages ?? []).filter((x) => x.id !== id));
    setPublished(published.filter((x) => x.id !== id));
    setSelected(null);
  };
  return (
    <section aria-labelledby="pages-heading">
      <h2 id="pages-heading">Landing pages</h2>
      <div class="filters-form">
        <WherePicker where={where} onChange={onWhere} />
        <button
          type="button"
          onClick={() => {
            if (leaveAllowed()) {
              setSelected(null);
              setNotice(null);
              setCreating(true);
            }
          }}
          disabled={creating}
        >
          New page
        </button>
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" class="ok">
          {notice}
        </p>
      )}
      <div class="pages-layout">
        <nav aria-label="Pages" class="page-list">
          {!pages ? (
            <p class="muted">Loading…</p>
          ) : (
            <ul>
              {withPath.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    class="page-button"
                    aria-current={p.id === selected ? 'true' : undefined}
                    onClick={() => {
                      if (p.id !== selected && leaveAllowed()) setSelected(p.id);
                    }}
                  >
                    <span>{p.paths![where.locale]}</span>
                    <span class="muted">{p.headings?.[where.locale] ?? p.id}</span>
                    <ScheduleBadge schedule={p.schedule} now={now} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {creating ? (
          <NewPageForm where={where} taken={(pages ?? []).map((p) => p.id)} onCreated={(p) => added(p, 'Created')} onCancel={() => setCreating(false)} />
        ) : page ? (
          <PageEditor
            key={`${page.id}/${where.locale}`}
            page={page}
            where={where}
            unpublished={JSON.stringify(live) !== JSON.stringify(page)}
            onSaved={(p, previewOnly) => {
              setPages(pages!.map((x) => (x.id === p.id ? p : x)));
              if (!previewOnly) setPublished([...published.filter((x) => x.id !== p.id), p]);
            }}
            taken={(pages ?? []).map((p) => p.id)}
            onCopied={(p) => added(p, 'Copied')}
            onDeleted={removed}
          />
        ) : (
          <p class="muted">Choose a page.</p>
        )}
      </div>
    </section>
  );
}

/** The page's place in the import body: the editor saves one page, `addOrUpdate[0]`. */
const AT = 'addOrUpdate[0]';
const SETTINGS = [`${AT}.primaryList.facetsOverride`, `${AT}.primaryList.sortOrderOverride`, `${AT}.recLists`, `${AT}.schedule`];

interface EditorProps {
  page: Page;
  where: Where;
  unpublished: boolean;
  onSaved: (p: Page, previewOnly: boolean) => void;
  /** Ids of the market's pages, so a copy's new path is refused before it is sent when taken. */
  taken: string[];
  onCopied: (p: Page) => void;
  onDeleted: (id: string) => void;
}

/** `unpublished`: the page has preview changes the live storefront does not show (Save publishes them). */
function PageEditor({ page, where, unpublished, onSaved, taken, onCopied, onDeleted }: EditorProps) {
  const path = page.paths![where.locale]!;
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  const [answer, setAnswer] = useState<ExplainedPage | null>(null);
  const [view, setView] = useState<'live' | 'preview'>('live');
  const [previewed, setPreviewed] = useState(unpublished);
  const { status, setStatus, save: send } = useImport();
  const [dragged, setDragged] = useState<string | null>(null);
  // The products "Show more" added after the answer's first 24, and those the picker found (a pin the answer lacks shows as found).
  const [more, setMore] = useState<ExplainedGroup[]>([]);
  const [found, setFound] = useState<Record<string, ProductGroup>>({});
  const [position, setPosition] = useState(() => draft.pinned.length + 1);
  const [loadingMore, setLoadingMore] = useState(false);
  // After "Show more", focus goes to the first product it added, so a keyboard user continues where the list grew.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusKey) list.current?.querySelector<HTMLElement>(`li[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  }, [focusKey]);

  const load = (preview: boolean) =>
    explainLandingPage(where, path, preview).then(
      (a) => {
        setAnswer(a);
        setMore([]);
        setFocusKey(null);
      },
      (err: Error) => setStatus({ kind: 'error', text: err.message, problems: [] }),
    );
  useEffect(() => {
    void load(false);
  }, [path, where.market, where.locale, where.touchpoint]);

  const keyOf = (g: ProductGroup) => g.products[0]?.key ?? g.key;
  const first = answer ? (answer.primaryList?.productGroups ?? []) : null;
  const groups = first ? [...first, ...more.filter((g) => !first.some((x) => keyOf(x) === keyOf(g)))] : null;
  const totalHits = answer?.primaryList?.totalHits ?? 0;
  const showMore = async () => {
    if (!groups) return;
    setLoadingMore(true);
    try {
      const next = (await explainLandingPage(where, path, view === 'preview', groups.length)).primaryList?.productGroups ?? [];
      const added = next.filter((g) => !groups.some((x) => keyOf(x) === keyOf(g)));
      setMore([...more, ...added]);
      setFocusKey(added[0] ? keyOf(added[0]) : null);
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message, problems: [] });
    } finally {
      setLoadingMore(false);
    }
  };
  const groupOf = (k: string): ExplainedGroup | undefined => groups?.find((g) => keyOf(g) === k) ?? found[k];
  // The picker's position is 1-based among the pins (pins are the first products of the page, in order).
  const pinFromPicker = (key: string) => {
    const pinned = pinAt(draft.pinned, key, Math.min(position, draft.pinned.length + 1) - 1);
    setDraft({ ...draft, pinned, blocked: draft.blocked.filter((k) => k !== key) });
    setPosition(pinned.length + 1);
  };
  const hideFromPicker = (key: string) =>
    setDraft({ ...draft, blocked: [...draft.blocked.filter((k) => k !== key), key], pinned: draft.pinned.filter((k) => k !== key) });
  // The list as it will be: the draft's pins first, in their order, then the rest as the answer ranks them.
  const ordered = groups
    ? [
        ...draft.pinned.map(groupOf).filter((g): g is ExplainedGroup => !!g),
        ...groups.filter((g) => !draft.pinned.includes(keyOf(g)) && !draft.blocked.includes(keyOf(g))),
      ]
    : [];
  const changed = draftChanged(page, draft);
  useUnsavedChanges(changed);
  const valid = checkRules(draft.rules).ok;
  const problems = status?.problems ?? [];

  const save = async (previewOnly: boolean) => {
    const next = forImport(page, draft);
    const state = scheduleState(next.schedule, new Date());
    const done = previewOnly
      ? 'Saved as a preview: the live storefront is unchanged.'
      : state === 'upcoming'
        ? `Saved: the storefront serves the page from ${when(next.schedule!.start!)}.`
        : state === 'ended'
          ? 'Saved: its schedule has ended, so the storefront no longer serves the page.'
          : 'Saved: the storefront shows it now.';
    const live = previewOnly
      ? undefined
      : {
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

  const remove = async () => {
    const done = await send(() => deletePage(where.market, page.id), 'Deleted.', {
      title: `Delete the page ${path}?`,
      detail: `Shoppers in market ${where.market} no longer find it: the storefront answers it as an unknown page. The history keeps it, so a rollback brings it back.`,
      action: 'Delete',
    });
    if (done) onDeleted(page.id);
  };

  return (
    <div class="page-editor">
      <div class="page-editor-head">
        <h3>
          {page.headings?.[where.locale] ?? page.id} <span class="muted">{path}</span>
        </h3>
        <div class="page-actions">
          <CopyPage page={page} where={where} taken={taken} onCopied={onCopied} />
          <button type="button" class="danger" onClick={remove}>
            Delete page
          </button>
        </div>
      </div>
      <RulesField value={draft.rules} onChange={(rules) => setDraft({ ...draft, rules })} />
      <ScheduleSection value={draft.schedule} onChange={(schedule) => setDraft({ ...draft, schedule })} problems={problems} />
      <div class="page-settings-grid">
        <FacetsSection at={AT} value={draft.facetsOverride} onChange={(facetsOverride) => setDraft({ ...draft, facetsOverride })} problems={problems} />
        <SortSection at={AT} value={draft.sortOrderOverride} onChange={(sortOrderOverride) => setDraft({ ...draft, sortOrderOverride })} problems={problems} />
        <RecListsSection at={AT} value={draft.recLists} onChange={(recLists) => setDraft({ ...draft, recLists })} problems={problems} />
      </div>
      <div class="editor-actions">
        <button type="button" onClick={() => save(true)} disabled={!valid}>
          Preview
        </button>
        <button type="button" class="primary" onClick={() => save(false)} disabled={!valid || (!changed && !previewed)}>
          Save
        </button>
        <button type="button" class="link-button" onClick={() => setDraft(draftOf(page))} disabled={!changed}>
          Discard changes
        </button>
        <span class="muted">
          Showing the {view} view{previewed ? ' · the preview has changes the live storefront does not show yet: Save publishes them' : ''}
        </span>
      </div>
      <SaveStatus status={status} placed={(p) => SETTINGS.some((prefix) => p === prefix || p.startsWith(`${prefix}.`) || p.startsWith(`${prefix}[`))} />
      {answer && <AnswerSummary answer={answer} view={view} />}
      <section aria-label="Find products to pin or hide" class="page-picker">
        <h4>Pin or hide any product</h4>
        <p class="muted">A page's pins are its first products, in order: a pin goes at a position from 1 to {draft.pinned.length + 1}.</p>
        <ProductPicker
          where={where}
          position={Math.min(position, draft.pinned.length + 1)}
          onPosition={(n) => setPosition(Math.min(n, draft.pinned.length + 1))}
          onFound={(gs) => setFound((f) => ({ ...f, ...Object.fromEntries(gs.map((g) => [keyOf(g), g])) }))}
          onPin={pinFromPicker}
          onHide={hideFromPicker}
          pinned={draft.pinned.map((productKey, i) => ({ productKey, position: i + 1 }))}
          hidden={draft.blocked}
        />
      </section>
      <p class="muted">
        Drag a product onto a position to pin it there. Pinned: {draft.pinned.length}, hidden: {draft.blocked.length}.
      </p>
      {!groups ? (
        <p class="muted">Loading products…</p>
      ) : (
        <ol class="product-rows" aria-label="Page products" ref={list}>
          {ordered.map((g, i) => {
            const key = keyOf(g);
            const pinned = draft.pinned.indexOf(key);
            return (
              <li
                key={key}
                data-key={key}
                tabIndex={-1}
                draggable
                class={dragged === key ? 'dragging' : undefined}
                onDragStart={(e) => {
                  setDragged(key);
                  e.dataTransfer?.setData('text/plain', key);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  const k = e.dataTransfer?.getData('text/plain') || dragged;
                  if (k) setDraft({ ...draft, pinned: pinAt(draft.pinned, k, i) });
                  setDragged(null);
                }}
              >
                <ProductRow group={g} position={i + 1} badge={pinned >= 0 ? `pinned ${pinned + 1}` : undefined}>
                  <button
                    type="button"
                    onClick={() => setDraft({ ...draft, pinned: pinAt(draft.pinned, key, 0) })}
                    aria-label={`Pin first: ${g.products[0]?.title}`}
                  >
                    Pin first
                  </button>
                  {pinned >= 0 && (
                    <button
                      type="button"
                      onClick={() => setDraft({ ...draft, pinned: draft.pinned.filter((k) => k !== key) })}
                      aria-label={`Unpin ${g.products[0]?.title}`}
                    >
                      Unpin
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() => setDraft({ ...draft, blocked: [...draft.blocked, key], pinned: draft.pinned.filter((k) => k !== key) })}
                    aria-label={`Hide ${g.products[0]?.title}`}
                  >
                    Hide
                  </button>
                </ProductRow>
              </li>
            );
          })}
        </ol>
      )}
      {groups && (
        <p class="show-more">
          <span class="muted">
            Showing {groups.length} of {totalHits} products
          </span>
          {groups.length < totalHits && (
            <button type="button" onClick={showMore} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Show more'}
            </button>
          )}
        </p>
      )}
      {draft.blocked.length > 0 && (
        <section aria-label="Hidden products">
          <h4>Hidden products</h4>
          <ul class="hidden-list">
            {draft.blocked.map((k) => (
              <li key={k}>
                <code>{k}</code>{' '}
                <button type="button" class="link-button" onClick={() => setDraft({ ...draft, blocked: draft.blocked.filter((x) => x !== k) })}>
                  Show again
                </button>
              </li>
            ))}
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
        <div>
          <dt>Facets</dt>
          <dd>{facets.length ? facets.map((f) => f.label || f.id).join(', ') : 'none'}</dd>
        </div>
        <div>
          <dt>Sort orders</dt>
          <dd>{sorts.length ? sorts.map((s) => s.label || s.id).join(', ') : 'none'}</dd>
        </div>
        <div>
          <dt>Product lists</dt>
          <dd>{lists.length ? lists.map((l) => `${l.id} (${l.productGroups.length})`).join(', ') : 'none'}</dd>
        </div>
      </dl>
    </>
  );
}

/** `2026-12-01T08:00:00.000Z` as a datetime-local input shows it (local time), and back. */
const localInputOf = (iso: string | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where a page stands on its schedule, in words, beside it in the list. */
function ScheduleBadge({ schedule, now }: { schedule: Schedule | undefined; now: Date }) {
  const state = scheduleState(schedule, now);
  if (!state) return null;
  const text =
    state === 'upcoming'
      ? `Starts ${when(schedule!.start!)}`
      : state === 'ended'
        ? `Ended ${when(schedule!.end!)}`
        : `Until ${schedule!.end ? when(schedule!.end) : 'further notice'}`;
  return <span class={`schedule-badge ${state}`}>{text}</span>;
}

/** The page's schedule (our addition): served from Starts until Ends, in this browser's time; empty: always. */
function ScheduleSection({ value, onChange, problems }: { value: Schedule; onChange: (s: Schedule) => void; problems: readonly Problem[] }) {
  const base = `${AT}.schedule`;
  return (
    <fieldset class="page-settings schedule" aria-label="Schedule of the page">
      <legend>Schedule</legend>
      <p class="muted">The live storefront serves the page from its start until its end (your time zone); empty: always. The preview shows it at any time.</p>
      <div class="field-grid">
        <Field label="Starts" path={`${base}.start`} problems={problems}>
          {(aria) => (
            <input
              {...aria}
              type="datetime-local"
              value={localInputOf(value.start)}
              onChange={(e) => onChange({ ...value, start: isoOf(e.currentTarget.value) })}
            />
          )}
        </Field>
        <Field label="Ends" path={`${base}.end`} problems={problems}>
          {(aria) => (
            <input
              {...aria}
              type="datetime-local"
              value={localInputOf(value.end)}
              onChange={(e) => onChange({ ...value, end: isoOf(e.currentTarget.value) })}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

/** A path form of New page and Copy page: the path in the chosen locale, which is also the page's id. */
function pathProblem(path: string, taken: string[]): string | undefined {
  if (!path.startsWith('/')) return 'Start the path with "/", like /campaign/winter.';
  if (!idOfPath(path)) return 'Use letters, digits, "-" and "/" only.';
  if (taken.includes(path)) return `The page ${path} exists already.`;
  return undefined;
}

function NewPageForm({ where, taken, onCreated, onCancel }: { where: Where; taken: string[]; onCreated: (p: Page) => void; onCancel: () => void }) {
  const { status, setStatus, save } = useImport();
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const path = String(form.get('path') ?? '').trim();
    const heading = String(form.get('heading') ?? '').trim();
    const problem = pathProblem(path, taken);
    if (problem) return setStatus({ kind: 'error', text: problem, problems: [] });
    // An empty primaryList: the page lists products (the whole assortment until it gets rules); without one it would list none.
    const page: Page = { id: path, paths: { [where.locale]: path }, ...(heading ? { headings: { [where.locale]: heading } } : {}), primaryList: {} };
    const done = await save(() => createPage(where.market, page, 'console new page'), 'Created.', {
      title: `Create the page ${path}?`,
      detail: `It is published in market ${where.market} at once, showing the whole assortment until you give it rules.`,
      action: 'Create',
    });
    if (done) onCreated(page);
  };
  return (
    <form class="page-editor new-page" aria-labelledby="new-page-heading" onSubmit={submit}>
      <h3 id="new-page-heading">New page</h3>
      <label>
        Path ({where.locale})<input name="path" required placeholder="/campaign/winter" autoComplete="off" />
      </label>
      <label>
        Heading (optional)
        <input name="heading" maxLength={200} autoComplete="off" />
      </label>
      <div class="editor-actions">
        <button type="submit" class="primary">
          Create page
        </button>
        <button type="button" class="link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <SaveStatus status={status} placed={() => false} />
    </form>
  );
}

/** "Copy page": the page as stored (saved changes only) at a new path, published after a confirmation. */
function CopyPage({ page, where, taken, onCopied }: { page: Page; where: Where; taken: string[]; onCopied: (p: Page) => void }) {
  const [open, setOpen] = useState(false);
  const { status, setStatus, save } = useImport();
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Copy page
      </button>
    );
  const submit = async (e: Event) => {
    e.preventDefault();
    const path = String(new FormData(e.currentTarget as HTMLFormElement).get('path') ?? '').trim();
    const problem = pathProblem(path, taken);
    if (problem) return setStatus({ kind: 'error', text: problem, problems: [] });
    const copy = copyOf(page, path, where.locale, path);
    const done = await save(() => createPage(where.market, copy, 'console copy'), 'Copied.', {
      title: `Copy ${page.paths?.[where.locale] ?? page.id} to ${path}?`,
      detail: `The copy has the same rules, pins, facets, sort orders, lists and schedule, and is published in market ${where.market} at once.`,
      action: 'Copy',
    });
    if (done) {
      setOpen(false);
      onCopied(copy);
    }
  };
  return (
    <form class="copy-page" aria-label="Copy page" onSubmit={submit}>
      <label>
        New path ({where.locale})<input name="path" required placeholder="/campaign/winter-2" autoComplete="off" />
      </label>
      <button type="submit" class="primary">
        Copy
      </button>
      <button type="button" class="link-button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <SaveStatus status={status} placed={() => false} />
    </form>
  );
}
