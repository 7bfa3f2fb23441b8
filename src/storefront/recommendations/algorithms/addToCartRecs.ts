/**
 * ADD_TO_CART_RECS: complements of the variant just added (`variantKey` of add-to-cart-popup, or
 * `params.variantKey` / `params.productKey`): first products bought together with that product, then
 * with the rest of the cart (co-occurrence in sessions, as CART), then the product's `styleWith` keys, in
 * stock only, never the added product's group or the cart's. Cold start: the `styleWith` keys, then
 * popular in-stock products of other categories than the added product (a complement, not an alternative).
 * Does not fill up with unrelated products beyond that.
 */
import type { CoOccurringProduct } from '../../../events/queries/coOccurring';
import { anyOf, popularityOrder, stockFirst } from '../query';
import { inStockQuery } from '../../stock';
import type { AlgorithmModule, Stage } from '../types';
import { coOccurringWanted } from './cart';

export interface AddToCartSignals {
  withProduct: CoOccurringProduct[];
  withCart: CoOccurringProduct[];
}

const keysStage = (keys: string[], boughtTogether = false): Stage[] => (keys.length ? [{ kind: 'keys', keys, inStockOnly: true, boughtTogether }] : []);

export const addToCartRecs: AlgorithmModule<AddToCartSignals> = {
  algorithm: 'ADD_TO_CART_RECS',
  softDedupe: true,
  needsProduct: false,
  coldSignals: { withProduct: [], withCart: [] },
  async signals(b, { keys, context }) {
    const added = keys.variantKey ?? keys.aboutKey;
    const limit = coOccurringWanted(keys.limit);
    const [withProduct, withCart] = await Promise.all([
      added ? b.coOccurring({ market: context.market, keys: [added], limit }) : [],
      keys.cartKeys.length ? b.coOccurring({ market: context.market, keys: keys.cartKeys, limit }) : [],
    ]);
    return { withProduct, withCart };
  },
  stages({ list, context }, s) {
    const product = list.product;
    const otherCategories = product && anyOf('categoryIds', product.categoryIds);
    return [
      ...keysStage(
        s.withProduct.map((p) => p.productKey),
        true,
      ),
      ...keysStage(
        s.withCart.map((p) => p.productKey),
        true,
      ),
      ...keysStage(product?.styleWith ?? []),
      ...(product
        ? [
            {
              kind: 'search' as const,
              query: { bool: { must: [stockFirst(context)], filter: [inStockQuery(context)], ...(otherCategories ? { must_not: [otherCategories] } : {}) } },
              sort: popularityOrder(),
            },
          ]
        : []),
    ];
  },
};
