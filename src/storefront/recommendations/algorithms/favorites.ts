/**
 * FAVORITES: the visitor's favourites (add-favorite minus remove-favorite notifications), most recently
 * added first, in stock only. Cold start and fill-up: the popular in-stock products of the market
 * (Elevate's favourites list "always fills").
 */
import { popularStage } from '../query';
import type { AlgorithmModule } from '../types';

export const favorites: AlgorithmModule<string[]> = {
  algorithm: 'FAVORITES',
  softDedupe: true,
  needsProduct: false,
  coldSignals: [],
  signals: (b, { context }) => b.favourites({ market: context.market, customerKey: context.customerKey }),
  stages: ({ context }, keys) => [...(keys.length ? [{ kind: 'keys' as const, keys, inStockOnly: true }] : []), popularStage(context, [], true)],
};
