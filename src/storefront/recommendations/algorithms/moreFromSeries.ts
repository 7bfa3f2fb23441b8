/**
 * MORE_FROM_SERIES: other products of the product's `series`, most popular first, in-stock ones before
 * out-of-stock ones. Empty when the product has no series; it never fills up with other products. Cold
 * start: not behaviour-based; with no popularity the newest come first.
 */
import { popularStage } from '../query';
import type { AlgorithmModule } from '../types';

export const moreFromSeries: AlgorithmModule<undefined> = {
  algorithm: 'MORE_FROM_SERIES',
  softDedupe: true,
  needsProduct: true,
  coldSignals: undefined,
  signals: async () => undefined,
  stages: ({ list, context }) => (list.product?.series ? [popularStage(context, [{ term: { series: list.product.series } }])] : []),
};
