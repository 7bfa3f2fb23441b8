/**
 * RECENTLY_VIEWED: products the visitor viewed (product-page queries) or clicked, newest first, minus the
 * ones removed with remove-recently-viewed, and never the products the list is about (the page's product,
 * the cart). Out-of-stock products are included. Cold start: empty (nothing was viewed); it never fills
 * up with other products.
 */
import { RECENTLY_VIEWED_LIMIT } from '../../../events/queries/recentlyViewed';
import type { AlgorithmModule } from '../types';

export const recentlyViewed: AlgorithmModule<string[]> = {
  algorithm: 'RECENTLY_VIEWED',
  softDedupe: false,
  needsProduct: false,
  coldSignals: [],
  signals: (b, { keys, context }) => {
    // Keys the list is about are left out here when they are product keys, and by group in the search.
    const about = [...(keys.aboutKey ? [keys.aboutKey] : []), ...keys.cartKeys];
    return b.recentlyViewed({
      market: context.market,
      customerKey: context.customerKey,
      limit: Math.max(RECENTLY_VIEWED_LIMIT, keys.limit + about.length + 5),
      excludeKeys: about,
    });
  },
  stages: (_input, keys) => (keys.length ? [{ kind: 'keys', keys, inStockOnly: false }] : []),
};
