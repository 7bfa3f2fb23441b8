/**
 * NEWEST_PRODUCTS: products by `releaseDate`, newest first (in-stock ones first, out-of-stock kept after
 * them); equal or missing dates by popularity. Not behaviour-based, so cold start changes nothing:
 * products without a release date come last and the list always fills.
 */
import { newestOrder, stockFirst } from '../query';
import type { AlgorithmModule } from '../types';

export const newestProducts: AlgorithmModule<undefined> = {
  algorithm: 'NEWEST_PRODUCTS',
  softDedupe: false,
  needsProduct: false,
  coldSignals: undefined,
  signals: async () => undefined,
  stages: ({ context }) => [{ kind: 'search', query: stockFirst(context), sort: newestOrder() }],
};
