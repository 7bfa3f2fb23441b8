/**
 * STYLE_WITH: products that go with the product style-wise: first its `styleWith` keys from the feed in
 * feed order, then products bought together with it (co-occurrence in sessions), then popular products of
 * its brand in other categories (a similar look, not an alternative). In stock only. Cold start: the
 * `styleWith` keys and the same-brand complements. It does not fill up beyond these.
 */
import type { CoOccurringProduct } from '../../../events/queries/coOccurring';
import { anyOf, popularityOrder, stockFirst } from '../query';
import { inStockQuery } from '../../stock';
import type { AlgorithmInput, AlgorithmModule, Stage } from '../types';
import { coOccurringWanted } from './cart';

export function styleWithStages({ list, context }: AlgorithmInput, together: CoOccurringProduct[]): Stage[] {
  const p = list.product;
  if (!p) return [];
  const stages: Stage[] = [];
  if (p.styleWith.length) stages.push({ kind: 'keys', keys: p.styleWith, inStockOnly: true });
  if (together.length) stages.push({ kind: 'keys', keys: together.map((t) => t.productKey), inStockOnly: true });
  const categories = anyOf('categoryIds', p.categoryIds);
  if (p.brand) {
    stages.push({
      kind: 'search',
      query: { bool: { must: [stockFirst(context)], filter: [{ term: { brand: p.brand } }, inStockQuery(context)], ...(categories ? { must_not: [categories] } : {}) } },
      sort: popularityOrder(),
    });
  }
  return stages;
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
