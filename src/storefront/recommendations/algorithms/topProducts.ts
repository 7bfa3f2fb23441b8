/**
 * TOP_PRODUCTS: the most popular products of the market (within the list's rules). Popularity is the
 * time-decayed score of views, clicks, add-to-carts and purchases the popularity job writes into every
 * product document (src/behaviour/popularityJob.ts). Out-of-stock products are kept but come after the
 * in-stock ones. Cold start: with no behaviour every popularity is 0, so the order falls through to the
 * feed's rating, then online stock, then the newest (releaseDate), then product key: the list always fills,
 * and is not NEWEST_PRODUCTS under another name.
 */
import { popularStage } from '../query';
import type { AlgorithmModule } from '../types';

export const topProducts: AlgorithmModule<undefined> = {
  algorithm: 'TOP_PRODUCTS',
  softDedupe: true,
  needsProduct: false,
  coldSignals: undefined,
  signals: async () => undefined,
  stages: ({ context }) => [popularStage(context, [])],
};
