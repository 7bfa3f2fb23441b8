/**
 * The category a phrase without results is nearest to, for the zero-result page's top products: the
 * navigation tree's category whose label shares the most letter trigrams with the phrase (folded,
 * lower-case; "jakets" is nearest "Jackets"), else the first top-level category, so the page is never empty.
 */
import type { NavigationNode } from '@apptus/esales-api';

export interface CategoryLink {
  label: string;
  path: string;
}

const fold = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');

function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** Categories of the tree with a landing path, parents before their children. */
function categories(nodes: NavigationNode[]): CategoryLink[] {
  return nodes.flatMap((node) => {
    if (node.type === 'SPACER') return [];
    const path = node.type === 'PAGE_LINK' ? node.link : node.type === 'PRODUCT' ? node.path : undefined;
    const own = path && node.label ? [{ label: node.label, path }] : [];
    return [...own, ...categories(node.children ?? [])];
  });
}

export function nearestCategory(tree: NavigationNode[], phrase: string): CategoryLink | undefined {
  const all = categories(tree);
  const wanted = trigrams(phrase);
  let best: CategoryLink | undefined;
  let bestShared = 0;
  for (const c of all) {
    const shared = [...trigrams(c.label)].filter((t) => wanted.has(t)).length;
    if (shared > bestShared) {
      best = c;
      bestShared = shared;
    }
  }
  return best ?? all[0];
}
