/**
 * STYLE_WITH completes a look: first the product's `styleWith` keys from the feed in feed order, then
 * products bought together with it (co-occurrence in sessions), then, from the category tree, popular
 * products of other categories of its department (`Dam > Kläder` for `Dam > Skor > Sneakers`), its brand
 * first. Never its own leaf category nor its siblings (that is ALTERNATIVES: another shoe does not complete
 * a shoe), never another department (a floor lamp does not go with a jacket). In stock only.
 */
import type { CoOccurringProduct } from '../../../events/queries/coOccurring';
import { anyOf, defined, popularityOrder, stockFirst } from '../query';
import { inStockQuery } from '../../stock';
import type { AlgorithmInput, AlgorithmModule, Query, Stage } from '../types';
import { coOccurringWanted } from './cart';

export function styleWithStages({ list, context }: AlgorithmInput, together: CoOccurringProduct[]): Stage[] {
  const p = list.product;
  if (!p) return [];
  const stages: Stage[] = [];
  if (p.styleWith.length) stages.push({ kind: 'keys', keys: p.styleWith, inStockOnly: true });
  if (together.length) stages.push({ kind: 'keys', keys: together.map((t) => t.productKey), inStockOnly: true });
  const { departments, own } = categoryTree(p.categories);
  if (!departments.length) return stages;
  const mustNot = defined([anyOf('categoryIds', p.categoryIds), anyOf('categoryPaths', own)]);
  const complement = (filter: Query[]): Stage => ({
    kind: 'search',
    query: { bool: { must: [stockFirst(context)], filter: [{ terms: { categoryPaths: departments } }, inStockQuery(context), ...filter], must_not: mustNot } },
    sort: popularityOrder(),
  });
  if (p.brand) stages.push(complement([{ term: { brand: p.brand } }]));
  stages.push(complement([]));
  return stages;
}

/**
 * The departments of the product's category paths (their first level), and the paths it shares with its
 * alternatives: each path's parent when that is below the department (`Dam > Skor`), else the path itself.
 */
export function categoryTree(paths: readonly string[]): { departments: string[]; own: string[] } {
  const departments = new Set<string>();
  const own = new Set<string>();
  for (const path of paths) {
    const levels = path.split('>').map((l) => l.trim()).filter(Boolean);
    if (!levels.length) continue;
    departments.add(levels[0]);
    own.add(levels.slice(0, Math.max(levels.length - 1, 2)).join(' > '));
  }
  return { departments: [...departments], own: [...own] };
}

export const styleWith: AlgorithmModule<CoOccurringProduct[]> = {
  algorithm: 'STYLE_WITH',
  softDedupe: false,
  needsProduct: true,
  coldSignals: [],
  signals: (b, { keys, context }) =>
    (keys.aboutKey ? b.coOccurring({ market: context.market, keys: [keys.aboutKey], limit: coOccurringWanted(keys.limit) }) : Promise.resolve([])),
  stages: styleWithStages,
};
