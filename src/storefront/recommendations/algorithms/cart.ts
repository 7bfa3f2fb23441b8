/**
 * CART: complements of the cart (`params.cart`, or the cart-page / popup cart): products added to cart or
 * bought in the same sessions as the cart's products, most significant first (JLH over baskets,
 * computed by the co-occurrence job: src/events/queries/baskets.ts), in stock only, never the cart's own groups.
 * Cold start and fill-up: popular in-stock products of the cart's categories, then popular in-stock
 * products of the market, so the list always fills.
 */
import type { CoOccurringProduct } from '../../../events/queries/coOccurring';
import { anyOf, popularStage } from '../query';
import type { AlgorithmInput, AlgorithmModule, SourceProduct, Stage } from '../types';

/** How many co-occurring products to ask behaviour for: the list, with room for filtered-out ones. */
export const coOccurringWanted = (limit: number) => Math.min(200, limit * 2 + 10);

/** Popular in-stock products sharing a category with `products`, then any popular in-stock products. */
export function complementFallback(input: AlgorithmInput, products: SourceProduct[]): Stage[] {
  const categories = anyOf('categoryIds', [...new Set(products.flatMap((p) => p.categoryIds))]);
  return [...(categories ? [popularStage(input.context, [categories], true)] : []), popularStage(input.context, [], true)];
}

export const cart: AlgorithmModule<CoOccurringProduct[]> = {
  algorithm: 'CART',
  softDedupe: true,
  needsProduct: false,
  coldSignals: [],
  signals: (b, { keys, context }) =>
    keys.cartKeys.length ? b.coOccurring({ market: context.market, keys: keys.cartKeys, limit: coOccurringWanted(keys.limit) }) : Promise.resolve([]),
  stages(input, together) {
    return [
      ...(together.length ? [{ kind: 'keys' as const, keys: together.map((p) => p.productKey), inStockOnly: true, boughtTogether: true }] : []),
      ...complementFallback(input, input.list.cart),
    ];
  },
};
