/**
 * Pure shaping of the stored navigation (src/merchandising/navigation) into the storefront's navigation
 * nodes (the official client's `NavigationNode` / `NavigationStateNode`), shared by navigation-tree and
 * landing-page.
 *
 * - Types: a PAGE node is `PAGE_LINK` with `link` and `path` = its page's localized path in the
 *   request's locale (the page id when the page has none); a LINK node is `PAGE_LINK` with `link` (and
 *   `path`) = its url; a LABEL node is `LABEL`. The client models `link` on PAGE_LINK nodes only, and a
 *   PAGE node takes the visitor to its page, so it needs one (the spec's example node is a PAGE_LINK
 *   with both). `PRODUCT` and `SPACER` have no kind of imported node behind them and are never answered.
 *   `customData` is the node's (empty map when none), `iconPath` when set.
 * - `count`: the product groups the node's page lists (0 for LABEL and LINK nodes and for PAGE nodes
 *   whose page does not exist in the view).
 * - The tree is one root node (`LABEL`, empty label, count = every product group of the market-locale)
 *   whose children are the top-level nodes.
 * - State trees (landing-page): the nodes on the path from the root to the page's node are expanded,
 *   so the top level, the siblings along the path and the children of the page's node are present;
 *   deeper children are left out. `expandable` says a node has children (present or not); `selected`
 *   marks the page's node and its ancestors. Breadcrumbs follow the same path, root excluded.
 */
import type { NavigationTreeNode } from '../../merchandising/navigation/types';

/**
 * What a node's type decides (members of the official client's node union). `PRODUCT` nodes are the
 * categories of search-page navigation (categories.ts); imported nodes are never PRODUCT.
 */
export type NodeKind = { type: 'PAGE_LINK'; path: string; link: string } | { type: 'LABEL' } | { type: 'PRODUCT'; path: string };

export interface NodeCommon {
  label: string;
  iconPath?: string;
  customData: Record<string, string>;
  count: number;
}

export type NavigationNodeResult = NodeKind & NodeCommon & { children: NavigationNodeResult[] };

export type NavigationStateNodeResult = NodeKind & NodeCommon & { expandable: boolean; selected: boolean; children: NavigationStateNodeResult[] };

export interface Breadcrumb {
  label: string;
  path: string;
}

export interface NavigationResult {
  breadcrumbs: Breadcrumb[];
  tree: NavigationStateNodeResult;
}

export interface NodeFacts {
  locale: string;
  /** Localized paths of the pages the nodes name, by page id (pages that exist in the view). */
  pagePaths: ReadonlyMap<string, string | undefined>;
  /** Product groups per node id. */
  counts: ReadonlyMap<string, number>;
  /** Product groups of the whole market-locale. */
  rootCount: number;
}

export function nodePath(node: NavigationTreeNode, pagePaths: ReadonlyMap<string, string | undefined>): string | undefined {
  if (node.type === 'PAGE') return pagePaths.get(node.pageId ?? '') ?? node.pageId ?? '';
  if (node.type === 'LINK') return node.url ?? '';
  return undefined;
}

function nodeKind(node: NavigationTreeNode, pagePaths: ReadonlyMap<string, string | undefined>): NodeKind {
  const path = nodePath(node, pagePaths) ?? '';
  switch (node.type) {
    case 'PAGE':
    case 'LINK':
      return { type: 'PAGE_LINK', path, link: path };
    case 'LABEL':
      return { type: 'LABEL' };
    default: {
      const never: never = node.type;
      throw new Error(`unknown navigation node type ${String(never)}`);
    }
  }
}

function shapeNode(node: NavigationTreeNode, facts: NodeFacts): NodeKind & NodeCommon {
  return {
    ...nodeKind(node, facts.pagePaths),
    label: node.title,
    ...(node.iconPath !== undefined ? { iconPath: node.iconPath } : {}),
    customData: node.customData ?? {},
    count: facts.counts.get(node.id) ?? 0,
  };
}

const ROOT = { type: 'LABEL', label: '', customData: {} } as const;

/** The whole tree (navigation-tree). */
export function shapeTree(roots: readonly NavigationTreeNode[], facts: NodeFacts): NavigationNodeResult {
  const shape = (n: NavigationTreeNode): NavigationNodeResult => ({ ...shapeNode(n, facts), children: n.children.map(shape) });
  return { ...ROOT, count: facts.rootCount, children: roots.map(shape) };
}

/** Node ids from the top level down to the first PAGE node (tree order) showing `pageId`; empty when none. */
export function selectedPath(roots: readonly NavigationTreeNode[], pageId: string | undefined): string[] {
  if (pageId === undefined) return [];
  const walk = (nodes: readonly NavigationTreeNode[], above: string[]): string[] | undefined => {
    for (const n of nodes) {
      const here = [...above, n.id];
      if (n.type === 'PAGE' && n.pageId === pageId) return here;
      const found = walk(n.children, here);
      if (found) return found;
    }
    return undefined;
  };
  return walk(roots, []) ?? [];
}

/** Every node of the tree, parents first. */
export function allNodes(roots: readonly NavigationTreeNode[]): NavigationTreeNode[] {
  return roots.flatMap((n) => [n, ...allNodes(n.children)]);
}

/** The state tree and breadcrumbs of a page (landing-page). */
export function shapeNavigation(roots: readonly NavigationTreeNode[], path: readonly string[], facts: NodeFacts): NavigationResult {
  const onPath = new Set(path);
  const breadcrumbs: Breadcrumb[] = [];
  const shape = (n: NavigationTreeNode): NavigationStateNodeResult => {
    const node = shapeNode(n, facts);
    if (onPath.has(n.id)) breadcrumbs.push({ label: node.label, path: node.type === 'LABEL' ? '' : node.path });
    return {
      ...node,
      expandable: n.children.length > 0,
      selected: onPath.has(n.id),
      children: onPath.has(n.id) ? n.children.map(shape) : [],
    };
  };
  const children = roots.map(shape);
  return {
    breadcrumbs, // collected depth first, so in root-to-page order
    tree: { ...ROOT, count: facts.rootCount, expandable: roots.length > 0, selected: false, children },
  };
}
