/**
 * Tree operations of navigation imports. Pure: the existing tree (in tree order) and a validated import
 * in, the new tree (in tree order, with positions) or problems out.
 *
 * One procedure serves the three import types; they differ only in which existing nodes are retained:
 *   PARTIAL keeps every node, minus `remove` and their descendants;
 *   FULL keeps only the nodes made in the merchandising application (origin `app`); an app node whose
 *        parent is gone is deleted with its descendants ("nodes left without a parent are deleted");
 *   FORCE keeps nothing.
 * Imported nodes replace retained ones with the same id and become `import` nodes.
 *
 * Sibling order: imported nodes appear in their order of appearance; retained nodes that are not imported
 * keep their relative positions. Imported nodes that stay under the same parent fill the places they held
 * (new and moved-in nodes follow the imported node before them); when none of them stays, they go after
 * the retained siblings. Moving a node (a new parentId) moves its subtree.
 */
import { Problems, field, item } from '../../kernel/validation';
import type { NavigationImport, NavigationNode, PlacedNode, StoredNode } from './types';

export type TreeResult = { ok: true; nodes: PlacedNode[] } | { ok: false; problems: Problems };

const ROOT = '';
const parentKey = (n: NavigationNode): string => n.parentId ?? ROOT;

export function applyNavigationImport(existing: readonly StoredNode[], request: NavigationImport): TreeResult {
  const p = new Problems();
  const importIndex = new Map(request.addOrUpdate.map((n, i) => [n.id, i]));
  const at = (id: string, name: string) => field(item('addOrUpdate', importIndex.get(id)!), name);

  // Candidates: retained existing nodes, then the imported ones (replacing any with the same id).
  const nodes = new Map<string, StoredNode>();
  for (const n of existing) {
    if (importIndex.has(n.id) || request.type === 'FORCE' || (request.type === 'FULL' && n.origin === 'import')) continue;
    nodes.set(n.id, n);
  }
  for (const n of request.addOrUpdate) nodes.set(n.id, { ...n, origin: 'import' });
  const removed = new Set(request.remove.filter((id) => nodes.has(id))); // unknown ids: nothing to remove

  // Parents of imported nodes: present, not removed, a PAGE; and no cycles.
  const inCycle = new Set<string>();
  for (const n of request.addOrUpdate) {
    if (n.parentId === undefined) continue;
    const parent = nodes.get(n.parentId);
    if (!parent) p.add(at(n.id, 'parentId'), `no node "${n.parentId}" in this import or in the navigation of ${request.market}/${request.locale}`);
    else if (removed.has(parent.id)) p.add(at(n.id, 'parentId'), `node "${parent.id}" is removed by this import`);
    else if (parent.type !== 'PAGE') p.add(at(n.id, 'parentId'), `node "${parent.id}" is a ${parent.type}; only PAGE nodes can have children`);
    else if (!inCycle.has(n.id)) {
      const cycle = cycleThrough(n.id, nodes);
      if (cycle) p.add(at(n.id, 'parentId'), `would make a cycle: ${cycle.join(' → ')}`);
      cycle?.forEach((id) => inCycle.add(id)); // reported once, at its first imported node
    }
  }
  if (p.any) return { ok: false, problems: p };

  // What survives: nodes whose ancestors all exist and none is removed.
  const kept = new Map<string, StoredNode>();
  const survives = (n: StoredNode): boolean => {
    if (kept.has(n.id)) return true;
    if (removed.has(n.id)) return false;
    const parent = n.parentId === undefined ? undefined : nodes.get(n.parentId);
    if (n.parentId !== undefined && (!parent || !survives(parent))) return false;
    kept.set(n.id, n);
    return true;
  };
  for (const n of nodes.values()) {
    if (survives(n) || !importIndex.has(n.id)) continue;
    const line = ancestors(n, nodes);
    const gone = line.find((a) => removed.has(a));
    const orphan = line.find((a) => !nodes.has(nodes.get(a)?.parentId ?? a));
    p.add(
      at(n.id, 'parentId'),
      gone !== undefined
        ? `its ancestor "${gone}" is removed by this import`
        : `its ancestor "${orphan}" is deleted: its parent "${nodes.get(orphan!)?.parentId}" is not in this import`,
    );
  }
  // A node that lost its PAGE type may not keep children the import does not move away.
  const stranded = new Map<string, string[]>();
  for (const n of kept.values()) {
    const parent = n.parentId === undefined ? undefined : kept.get(n.parentId);
    if (parent && parent.type !== 'PAGE' && importIndex.has(parent.id) && !importIndex.has(n.id))
      stranded.set(parent.id, [...(stranded.get(parent.id) ?? []), n.id]);
  }
  for (const [parent, children] of stranded) {
    p.add(
      at(parent, 'type'),
      `node "${parent}" has child nodes not in this import (${children.map((c) => `"${c}"`).join(', ')}); only PAGE nodes can have children`,
    );
  }
  if (p.any) return { ok: false, problems: p };

  return { ok: true, nodes: place(existing, kept, request.addOrUpdate) };
}

/** The ids from `id` up its parents back to `id`, if they form a cycle. */
function cycleThrough(id: string, nodes: ReadonlyMap<string, StoredNode>): string[] | undefined {
  const path = [id];
  const seen = new Set<string>();
  for (let cur = nodes.get(id)?.parentId; cur !== undefined; cur = nodes.get(cur)?.parentId) {
    path.push(cur);
    if (cur === id) return path;
    if (seen.has(cur)) return undefined; // a cycle further up, reported at its own nodes
    seen.add(cur);
  }
  return undefined;
}

function ancestors(n: StoredNode, nodes: ReadonlyMap<string, StoredNode>): string[] {
  const out: string[] = [];
  for (let cur = n.parentId; cur !== undefined && !out.includes(cur); cur = nodes.get(cur)?.parentId) out.push(cur);
  return out;
}

/** Orders every parent's children (see the module comment) and lays the tree out depth first. */
function place(existing: readonly StoredNode[], kept: ReadonlyMap<string, StoredNode>, imported: readonly NavigationNode[]): PlacedNode[] {
  const before = childrenOf(existing);
  const incoming = childrenOf(imported.filter((n) => kept.has(n.id)));
  const parents = new Set([ROOT, ...[...kept.values()].map(parentKey)]);
  const children = new Map<string, string[]>();
  for (const parent of parents) {
    const staying = (before.get(parent) ?? []).filter((id) => kept.has(id) && parentKey(kept.get(id)!) === parent);
    children.set(parent, mergeSiblings(staying, incoming.get(parent) ?? []));
  }
  const out: PlacedNode[] = [];
  const visit = (parent: string, depth: number) => {
    for (const id of children.get(parent) ?? []) {
      out.push({ ...kept.get(id)!, position: out.length, depth });
      visit(id, depth + 1);
    }
  };
  visit(ROOT, 0);
  return out;
}

function childrenOf(nodes: readonly NavigationNode[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of nodes) {
    const list = out.get(parentKey(n)) ?? [];
    list.push(n.id);
    out.set(parentKey(n), list);
  }
  return out;
}

/**
 * One parent's children: `staying` are its current children that remain (in current order), `imported`
 * the imported nodes under it (in order of appearance). Exported for unit tests.
 */
export function mergeSiblings(staying: readonly string[], imported: readonly string[]): string[] {
  const importedSet = new Set(imported);
  const stayingSet = new Set(staying);
  // Imported nodes in groups, each led by one that already stays here; leading newcomers join the first.
  const groups: string[][] = [];
  let pending: string[] = [];
  for (const id of imported) {
    if (stayingSet.has(id)) {
      if (groups.length === 0) {
        groups.push([...pending, id]);
        pending = [];
      } else groups.push([id]);
    } else if (groups.length === 0) pending.push(id);
    else groups[groups.length - 1].push(id);
  }
  const out: string[] = [];
  let next = 0;
  for (const id of staying) out.push(...(importedSet.has(id) ? groups[next++] : [id]));
  out.push(...pending);
  return out;
}
