/** Pure shaping of a stored tree (in tree order) into the export container and the storefront's nested tree. */
import type { NavigationContainer, NavigationNode, NavigationTreeNode, StoredNode } from './types';

/** The node as imported: without the storage fields (origin, position, depth, market, locale, dates). */
export function importedShape(n: StoredNode): NavigationNode {
  const out: NavigationNode = { id: n.id, title: n.title, type: n.type };
  if (n.customData !== undefined) out.customData = n.customData;
  if (n.iconPath !== undefined) out.iconPath = n.iconPath;
  if (n.pageId !== undefined) out.pageId = n.pageId;
  if (n.parentId !== undefined) out.parentId = n.parentId;
  if (n.url !== undefined) out.url = n.url;
  return out;
}

/**
 * The export: a FULL container, parents before children, siblings in order. Without app nodes, imported
 * nodes under an app node are still exported (their parent stays in the tree, and a FULL import keeps it).
 */
export function navigationContainer(market: string, locale: string, nodes: readonly StoredNode[], includeAppNodes: boolean): NavigationContainer {
  return {
    market,
    locale,
    type: 'FULL',
    addOrUpdate: nodes.filter((n) => includeAppNodes || n.origin !== 'app').map(importedShape),
  };
}

/** Nodes nested under their parents. Without app nodes, an app node's whole subtree is left out. */
export function nestTree(nodes: readonly StoredNode[], includeAppNodes: boolean): NavigationTreeNode[] {
  const roots: NavigationTreeNode[] = [];
  const byId = new Map<string, NavigationTreeNode>();
  for (const n of nodes) {
    if (!includeAppNodes && n.origin === 'app') continue;
    const node: NavigationTreeNode = { ...importedShape(n), origin: n.origin, children: [] };
    if (n.parentId === undefined) roots.push(node);
    else {
      const parent = byId.get(n.parentId);
      if (!parent) continue; // under a left-out node
      parent.children.push(node);
    }
    byId.set(n.id, node);
  }
  return roots;
}
