/**
 * The same place in another market or language. Category paths are the locale's own words (`/dam/skor`,
 * `/women/shoes`), but a market's navigation trees have the same shape in each of its locales (one tree,
 * labelled per locale), so a page is found in another locale at the same position. Each tree is asked once
 * per market and locale and shared with the category menu, so switching adds no request the next page would
 * not make anyway.
 */
import type { NavigationTree } from '@apptus/esales-api';
import { apiFor } from './api';
import { pathAt, positionOf, type Locator } from './route';

const trees = new Map<string, Promise<NavigationTree>>();

/** The navigation tree of a market and locale, asked once. */
export function navigationTree(at: Locator): Promise<NavigationTree> {
  const key = `${at.market}/${at.locale}`;
  let tree = trees.get(key);
  if (!tree) {
    tree = apiFor(at.market, at.locale).query.navigationTree({});
    tree.catch(() => trees.delete(key));
    trees.set(key, tree);
  }
  return tree;
}

/** The path of the same category page in another market or language, if both trees have it. */
export async function samePage(path: string, from: Locator, to: Locator): Promise<string | undefined> {
  if (path === '/') return '/';
  const [source, target] = await Promise.all([navigationTree(from), navigationTree(to)]);
  const position = positionOf(source.tree, path);
  return position ? pathAt(target.tree, position) : undefined;
}
