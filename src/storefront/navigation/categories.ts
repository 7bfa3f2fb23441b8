/**
 * search-page navigation: the categories of a search's hits as a navigation state tree (the official
 * client's `Navigation`), the way landing-page shapes its imported tree (shape.ts).
 *
 * - Nodes: one per category path among the hits (`categoryPaths`: `A`, `A > B`, ...), type `PRODUCT`
 *   (the client's node with a `path` and no page behind it), `label` the path's last segment, `path` the
 *   whole category path: the value a shop sends back as `selectedCategory`. `count` is the product groups
 *   of the phrase's hits in the category, counted without `selectedCategory` (so the siblings of the
 *   selected category keep their counts; the sidebar is for moving between them) and without facet
 *   selections (navigation counts are menu figures, as on landing-page).
 * - Children follow the counts, most groups first, then the label: the categories that hold most of the
 *   result come first in a result page's sidebar.
 * - State: the top level is always present; the nodes on the path to `selectedCategory` are `selected`
 *   and expanded (their children present), other nodes' children are left out; `expandable` says a
 *   category has sub-categories among the hits. The root is an unlabelled `LABEL` counting every group of
 *   the phrase's hits.
 * - Breadcrumbs: each level of `selectedCategory`, top first, also when the category has no hits (the
 *   visitor is there; the trail back must still be drawn).
 */
import type { Breadcrumb, NavigationResult, NavigationStateNodeResult } from './shape';

const SEPARATOR = ' > ';

/** `' A >B > C '` → `['A', 'A > B', 'A > B > C']`, in the form `categoryPaths` stores. */
export function categoryLevels(category: string): string[] {
  const parts = category
    .split('>')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.map((_, i) => parts.slice(0, i + 1).join(SEPARATOR));
}

const parentOf = (path: string): string => path.split(SEPARATOR).slice(0, -1).join(SEPARATOR);
const leafOf = (path: string): string => path.split(SEPARATOR).pop() ?? path;

export interface CategoryCount {
  path: string;
  count: number;
}

/** The navigation of a search page from its hits' category counts (pure). */
export function categoryNavigation(categories: readonly CategoryCount[], rootCount: number, selectedCategory: string | undefined): NavigationResult {
  const levels = selectedCategory ? categoryLevels(selectedCategory) : [];
  const onPath = new Set(levels);
  const children = new Map<string, CategoryCount[]>();
  const known = new Set(categories.map((c) => c.path));
  for (const c of categories) {
    const parent = parentOf(c.path);
    // A truncated bucket list can hold a category without its parent: it has no place in the tree.
    if (parent && !known.has(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const byCount = (a: CategoryCount, b: CategoryCount) => b.count - a.count || leafOf(a.path).localeCompare(leafOf(b.path));
  const shape = (c: CategoryCount): NavigationStateNodeResult => {
    const below = [...(children.get(c.path) ?? [])].sort(byCount);
    return {
      type: 'PRODUCT',
      path: c.path,
      label: leafOf(c.path),
      customData: {},
      count: c.count,
      expandable: below.length > 0,
      selected: onPath.has(c.path),
      children: onPath.has(c.path) ? below.map(shape) : [],
    };
  };
  const top = [...(children.get('') ?? [])].sort(byCount);
  const breadcrumbs: Breadcrumb[] = levels.map((path) => ({ label: leafOf(path), path }));
  return {
    breadcrumbs,
    tree: { type: 'LABEL', label: '', customData: {}, count: rootCount, expandable: top.length > 0, selected: false, children: top.map(shape) },
  };
}
