/**
 * The query → category prior: for each title head noun of a catalog (as a type key, productTypes.ts), which
 * product types the products whose titles end on that noun are. A query's head noun then boosts the types its
 * word most often names, also where the type's own name is another word ("earbuds" → headphone, "tv" →
 * television, "macbook" → laptop), which the type boost alone (query head = product type) cannot reach.
 * Counted at import beside the vocabulary and stored with it (vocabularyStore.ts): read per catalog version
 * from a cached document, never on the request path. Pure.
 */
import { headNounKeys } from './productTypes';

/** Title heads counted per locale at most: a catalog's nouns, not its every token. */
export const MAX_PRIOR_HEADS = 100_000;
/** A head needs this many products before its distribution says anything. */
export const MIN_PRIOR_SUPPORT = 3;
/** A type needs this share of a head's products to be one the head names. */
export const MIN_PRIOR_SHARE = 0.25;
/** Types kept per head, most likely first. */
export const MAX_PRIOR_TYPES = 3;

/** Where a title's first phrase ends: a comma, a parenthesis, or a dash or bar between spaces. */
const TITLE_PHRASE_END = /,|\(|\s[-–—|]\s/;

/** Head key → [type key, share of the head's products of that type], most likely first. */
export type TypePrior = Map<string, [string, number][]>;

/** Counts of title heads against product types of one locale, filled during an import. */
export class TypePriorCounter {
  private readonly heads = new Map<string, { products: number; types: Map<string, number> }>();

  constructor(private readonly language: string) {}

  /** One product: its title and its type keys (document `productTypeKeys`). */
  add(title: string | undefined, types: readonly string[]): void {
    if (!title || !types.length) return;
    // The title's first phrase names the product; later phrases list what it fits or has ("Laptop Stand for
    // Desk, Adjustable Laptop Riser" is a stand, not a laptop).
    const first = title.split(TITLE_PHRASE_END)[0];
    for (const head of new Set(headNounKeys(first, this.language))) {
      let entry = this.heads.get(head);
      if (!entry) {
        if (this.heads.size >= MAX_PRIOR_HEADS) continue;
        this.heads.set(head, (entry = { products: 0, types: new Map() }));
      }
      entry.products++;
      for (const t of new Set(types)) entry.types.set(t, (entry.types.get(t) ?? 0) + 1);
    }
  }

  prior(): TypePrior {
    const out: TypePrior = new Map();
    for (const [head, { products, types }] of this.heads) {
      if (products < MIN_PRIOR_SUPPORT) continue;
      const likely = [...types]
        .map(([t, n]): [string, number] => [t, Math.round((n / products) * 100) / 100])
        .filter(([, share]) => share >= MIN_PRIOR_SHARE)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, MAX_PRIOR_TYPES);
      if (likely.length) out.set(head, likely);
    }
    return out;
  }
}

/**
 * The types a phrase's head keys are likely to name, with their shares, leaving out the keys themselves (the
 * type boost already counts a product of the query's own type). The best share of a type wins.
 */
export function priorTypes(headKeys: readonly string[], prior: ReadonlyMap<string, readonly [string, number][]>): [string, number][] {
  const own = new Set(headKeys);
  const best = new Map<string, number>();
  for (const k of headKeys) {
    for (const [t, share] of prior.get(k) ?? []) if (!own.has(t) && share > (best.get(t) ?? 0)) best.set(t, share);
  }
  return [...best].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
