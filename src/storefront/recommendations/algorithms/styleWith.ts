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
  if (together.length) stages.push({ kind: 'keys', keys: together.map((t) => t.productKey), inStockOnly: true, boughtTogether: true });
  const { departments, own } = categoryTree(p.categories);
  if (!departments.length) return stages;
  const mustNot = defined([anyOf('categoryIds', p.categoryIds), anyOf('categoryPaths', own)]);
  const complement = (filter: Query[]): Extract<Stage, { kind: 'search' }> => ({
    kind: 'search',
    query: { bool: { must: [stockFirst(context)], filter: [{ terms: { categoryPaths: departments } }, inStockQuery(context), ...filter], must_not: mustNot } },
    sort: popularityOrder(),
  });
  if (p.brand) stages.push(complement([{ term: { brand: p.brand } }]));
  const accessories = p.age.length && !departments.some(isAccessories) ? ACCESSORY_DEPARTMENTS : [];
  if (!accessories.length) {
    stages.push(complement([]));
    return stages;
  }
  // A look is completed by the department's other categories and by accessories: the department fills at
  // most its share first, then accessories (the seed's gender first), then the department fills the rest.
  const accessoryShare = Math.floor(list.limit / 3);
  stages.push({ ...complement([]), take: Math.max(1, list.limit - accessoryShare) });
  stages.push({
    kind: 'search',
    query: {
      bool: {
        must: [stockFirst(context)],
        should: p.gender.length ? [{ constant_score: { filter: { terms: { gender: p.gender } }, boost: 1 } }] : [],
        filter: [{ terms: { categoryPaths: accessories } }, inStockQuery(context)],
        must_not: mustNot,
      },
    },
    sort: popularityOrder(),
  });
  stages.push(complement([]));
  return stages;
}

/**
 * Departments (first category level, as the locales name it) whose products accessorise a look: the sample
 * assortment's and the usual words for it. A product with an age group (a thing worn) gets them after its own
 * department's complements; a lamp or a pan does not.
 */
export const ACCESSORY_DEPARTMENTS = ['Accessories', 'Accessoarer', 'Tillbehör', 'Tilbehør', 'Zubehör', 'Accessoires', 'Asusteet'];
const isAccessories = (department: string) => ACCESSORY_DEPARTMENTS.includes(department);

/**
 * The departments of the product's category paths (their first level), and the paths it shares with its
 * alternatives: each path's parent when that is below the department (`Dam > Skor`), else the path itself.
 */
export function categoryTree(paths: readonly string[]): { departments: string[]; own: string[] } {
  const departments = new Set<string>();
  const own = new Set<string>();
  for (const path of paths) {
    const levels = path
      .split('>')
      .map((l) => l.trim())
      .filter(Boolean);
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
    keys.aboutKey ? b.coOccurring({ market: context.market, keys: [keys.aboutKey], limit: coOccurringWanted(keys.limit) }) : Promise.resolve([]),
  stages: styleWithStages,
};
