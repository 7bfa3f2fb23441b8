/**
 * A market-locale's navigation tree as a form: each imported node with its title, id, type, page (PAGE) or
 * address (LINK) and parent, indented under it; siblings moved up and down, nodes added and removed. Saved as a
 * FULL navigation import (the imported nodes become exactly these; nodes made in the app stay), a refused
 * import's problems at the node and field their path names.
 */
import { useEffect, useState } from 'preact/hooks';
import { exportNavigation, importNavigation, type NavigationNode } from './api';
import { Field, MarketLocalePicker, RowActions, SaveStatus, problemsAt, useImport } from './importForm';
import { leaveAllowed, useBaseline } from './safeEditing';
import { useMarkets } from './markets';

/**
 * The nodes parents first, each followed by its subtree, siblings in their order, with their depth; a node
 * whose parent is missing comes last at depth 0 (the import then names its parentId). The form keeps its
 * nodes in this order, so `addOrUpdate[i]` of an import's problem is row i.
 */
export function treeOrder(nodes: readonly NavigationNode[]): { node: NavigationNode; depth: number }[] {
  const ids = new Set(nodes.map((n) => n.id));
  const out: { node: NavigationNode; depth: number }[] = [];
  const seen = new Set<NavigationNode>();
  const visit = (parent: string | undefined, depth: number) => {
    for (const node of nodes) {
      if (seen.has(node) || (node.parentId || undefined) !== parent) continue;
      seen.add(node);
      out.push({ node, depth });
      visit(node.id, depth + 1);
    }
  };
  visit(undefined, 0);
  for (const node of nodes) if (!seen.has(node)) out.push({ node, depth: node.parentId && ids.has(node.parentId) ? 1 : 0 });
  return out;
}

/** The import's node: only the field its type takes (pageId for PAGE, url for LINK), empty fields left out. */
function forImport(node: NavigationNode): NavigationNode {
  const { pageId, url, parentId, ...rest } = node;
  return {
    ...rest,
    ...(parentId ? { parentId } : {}),
    ...(node.type === 'PAGE' && pageId ? { pageId } : {}),
    ...(node.type === 'LINK' && url ? { url } : {}),
  };
}

/** The ids under `id` (its subtree), which cannot become its parent. */
function subtreeOf(nodes: readonly NavigationNode[], id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const n of nodes)
      if (n.parentId && out.has(n.parentId) && !out.has(n.id)) {
        out.add(n.id);
        grew = true;
      }
  }
  return out;
}

export function Navigation() {
  const markets = useMarkets();
  const [market, setMarket] = useState(markets[0]!.id);
  const locales = markets.find((m) => m.id === market)?.locales ?? [];
  const [locale, setLocale] = useState(locales[0] ?? '');
  const [nodes, setNodes] = useState<NavigationNode[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { status, setStatus, save } = useImport();
  const { settle } = useBaseline(nodes);
  useEffect(() => {
    setNodes(null);
    setLoadError(null);
    setStatus(null);
    exportNavigation(market, locale).then(
      (n) => setNodes(treeOrder(n).map((x) => x.node)),
      (err: Error) => setLoadError(err.message),
    );
  }, [market, locale]);

  const pickers = (
    <MarketLocalePicker
      markets={markets}
      market={market}
      locale={locale}
      setMarket={(m) => {
        if (leaveAllowed()) setMarket(m);
      }}
      setLocale={(l) => {
        if (leaveAllowed()) setLocale(l);
      }}
    />
  );
  if (!nodes)
    return (
      <section>
        <h2>Navigation</h2>
        {pickers}
        {loadError ? (
          <p role="alert" class="error">
            {loadError}
          </p>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    );

  const rows = treeOrder(nodes);
  const setOrdered = (next: NavigationNode[]) => setNodes(treeOrder(next).map((x) => x.node));
  const update = (i: number, change: Partial<NavigationNode>) => {
    const old = nodes[i]!;
    // A new id carries its children along.
    setOrdered(nodes.map((n, j) => (j === i ? { ...n, ...change } : change.id !== undefined && n.parentId === old.id ? { ...n, parentId: change.id } : n)));
  };
  /** Swaps node i with its previous or next sibling. */
  const moveAmongSiblings = (i: number, step: -1 | 1) => {
    const siblings = nodes.map((n, j) => ({ n, j })).filter(({ n }) => (n.parentId || undefined) === (nodes[i]!.parentId || undefined));
    const at = siblings.findIndex(({ j }) => j === i);
    const other = siblings[at + step];
    if (!other) return;
    const next = [...nodes];
    [next[i], next[other.j]] = [next[other.j]!, next[i]!];
    setOrdered(next);
  };
  const remove = (i: number) => {
    const gone = subtreeOf(nodes, nodes[i]!.id);
    setOrdered(nodes.filter((n) => !gone.has(n.id)));
  };
  const problems = status?.problems ?? [];
  const rowOf = (path: string) => {
    const at = /^addOrUpdate\[(\d+)\]/.exec(path);
    return at && Number(at[1]) < nodes.length ? Number(at[1]) : undefined;
  };
  const pageNodes = nodes.filter((n) => n.type === 'PAGE');

  return (
    <section aria-labelledby="navigation-heading">
      <h2 id="navigation-heading">Navigation</h2>
      {pickers}
      {nodes.length === 0 && (
        <p class="muted">
          {market} {locale} has no imported navigation.
        </p>
      )}
      <ol class="form-rows" aria-label={`Navigation of ${market} ${locale}`}>
        {rows.map(({ node, depth }, i) => {
          const at = `addOrUpdate[${i}]`;
          const mine = problemsAt(problems, at);
          const siblings = nodes.filter((n) => (n.parentId || undefined) === (node.parentId || undefined));
          const place = siblings.indexOf(node);
          const fields = ['id', 'title', 'type', 'parentId', ...(node.type === 'PAGE' ? ['pageId'] : []), ...(node.type === 'LINK' ? ['url'] : [])].map(
            (f) => `${at}.${f}`,
          );
          const excluded = subtreeOf(nodes, node.id);
          return (
            <li key={i} class={`nav-depth-${Math.min(depth, 3)}`}>
              <fieldset class={`compact${mine.length ? ' invalid' : ''}`} aria-label={`Node ${node.title || node.id || i + 1}`}>
                <div class="field-grid">
                  <Field label="Title" path={`${at}.title`} problems={problems}>
                    {(aria) => <input {...aria} value={node.title} onInput={(e) => update(i, { title: e.currentTarget.value })} />}
                  </Field>
                  <Field label="Id" path={`${at}.id`} problems={problems}>
                    {(aria) => <input {...aria} value={node.id} onChange={(e) => update(i, { id: e.currentTarget.value.trim() })} />}
                  </Field>
                  <Field label="Type" path={`${at}.type`} problems={problems}>
                    {(aria) => (
                      <select {...aria} value={node.type} onChange={(e) => update(i, { type: e.currentTarget.value as NavigationNode['type'] })}>
                        <option value="PAGE">PAGE (landing page)</option>
                        <option value="LABEL">LABEL (heading)</option>
                        <option value="LINK">LINK (address)</option>
                      </select>
                    )}
                  </Field>
                  {node.type === 'PAGE' && (
                    <Field label="Page id" path={`${at}.pageId`} problems={problems}>
                      {(aria) => <input {...aria} value={node.pageId ?? ''} onInput={(e) => update(i, { pageId: e.currentTarget.value.trim() })} />}
                    </Field>
                  )}
                  {node.type === 'LINK' && (
                    <Field label="Address" path={`${at}.url`} problems={problems} wide>
                      {(aria) => <input {...aria} type="url" value={node.url ?? ''} onInput={(e) => update(i, { url: e.currentTarget.value.trim() })} />}
                    </Field>
                  )}
                  <Field label="Parent" path={`${at}.parentId`} problems={problems}>
                    {(aria) => (
                      <select {...aria} value={node.parentId ?? ''} onChange={(e) => update(i, { parentId: e.currentTarget.value || undefined })}>
                        <option value="">(top level)</option>
                        {pageNodes
                          .filter((p) => !excluded.has(p.id))
                          .map((p) => (
                            <option key={p.id} value={p.id}>
                              {p.title || p.id}
                            </option>
                          ))}
                        {node.parentId && !pageNodes.some((p) => p.id === node.parentId) && (
                          <option value={node.parentId}>{node.parentId} (not a page node here)</option>
                        )}
                      </select>
                    )}
                  </Field>
                  <RowActions
                    name={`node ${node.title || node.id || i + 1}`}
                    i={place}
                    count={siblings.length}
                    move={(_, to) => moveAmongSiblings(i, to < place ? -1 : 1)}
                    remove={() => remove(i)}
                  />
                </div>
                {mine
                  .filter((p) => !fields.includes(p.path))
                  .map((p, k) => (
                    <p key={k} class="error">
                      {p.message}
                    </p>
                  ))}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div class="editor-actions">
        <button type="button" onClick={() => setOrdered([...nodes, { id: `node-${Date.now().toString(36)}`, title: '', type: 'PAGE' }])}>
          Add a node
        </button>
        <button
          type="button"
          class="primary"
          onClick={async () => {
            if (
              await save(() => importNavigation(market, locale, nodes.map(forImport)), 'Saved: the storefront shows this navigation now.', {
                title: `Publish the navigation of ${market} ${locale}?`,
                detail: `The storefront of ${market} in ${locale} shows this navigation as soon as you publish.`,
              })
            )
              settle(nodes);
          }}
        >
          Save navigation
        </button>
      </div>
      <SaveStatus status={status} placed={(path) => rowOf(path) !== undefined} />
    </section>
  );
}
