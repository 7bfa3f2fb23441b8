/**
 * UPSELL: in-stock products costing more than the product (`params.productKey` or the page's product;
 * lowest selling price against lowest selling price), of the same gender and age group when the product
 * has them, sharing a category with it, most popular first. Fill-up: the same with the product type
 * instead of the category. It can be empty when nothing more expensive of that gender and age exists
 * (as in Elevate). Cold start: not behaviour-based; with no popularity the newest come first.
 */
import { inStockQuery } from '../../stock';
import { anyOf, defined, popularStage } from '../query';
import type { AlgorithmInput, AlgorithmModule, Query, Stage } from '../types';

export function upsellStages({ list, context }: AlgorithmInput): Stage[] {
  const p = list.product;
  if (!p) return [];
  const common: Query[] = defined([
    anyOf('gender', p.gender),
    anyOf('age', p.age),
    p.price !== undefined ? { range: { 'price.selling.min': { gt: p.price } } } : undefined,
    inStockQuery(context),
  ]);
  return defined([anyOf('categoryIds', p.categoryIds), anyOf('productType', p.productType)]).map((similar) => popularStage(context, [...common, similar]));
}

export const upsell: AlgorithmModule<undefined> = {
  algorithm: 'UPSELL',
  softDedupe: true,
  needsProduct: true,
  coldSignals: undefined,
  signals: async () => undefined,
  stages: (input) => upsellStages(input),
};
