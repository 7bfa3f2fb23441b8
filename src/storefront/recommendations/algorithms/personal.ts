/**
 * PERSONAL: in-stock products matching the visitor's own affinity (src/events/queries/affinity.ts):
 * their top brands and categories, weighted by how strongly they interacted (views < clicks < carts <
 * purchases), and their usual price level (between the first and third quartile of prices they looked
 * at). Each matching trait adds to the score, scaled by its share of the strongest trait; popularity
 * breaks ties. Cold start (no events for the customer): the in-stock top products. The popular in-stock
 * products also fill the slots the affinity leaves.
 */
import type { Affinity, Scored } from '../../../events/queries/affinity';
import { inStockQuery } from '../../stock';
import { popularityOrder, popularStage } from '../query';
import type { AlgorithmModule, Query } from '../types';

/** Weights of the traits: a category says more about the next purchase than a brand. */
export const PERSONAL_WEIGHTS = { category: 3, brand: 2, price: 1 } as const;

function traitBoosts(field: string, scored: Scored[], weight: number): Query[] {
  const top = Math.max(0, ...scored.map((s) => s.score));
  if (top <= 0) return [];
  return scored.map((s) => ({ constant_score: { filter: { term: { [field]: s.value } }, boost: round(weight * (s.score / top)) } }));
}

const round = (n: number) => Math.max(0.001, Math.round(n * 1000) / 1000);

/** The affinity as optional scoring clauses; none when the visitor has no behaviour. */
export function affinityBoosts(a: Affinity): Query[] {
  return [
    ...traitBoosts('categoryIds', a.categories, PERSONAL_WEIGHTS.category),
    ...traitBoosts('brand', a.brands, PERSONAL_WEIGHTS.brand),
    ...(a.price
      ? [{ constant_score: { filter: { range: { 'price.selling.min': { gte: a.price.p25, lte: a.price.p75 } } }, boost: PERSONAL_WEIGHTS.price } }]
      : []),
  ];
}

export const NO_AFFINITY: Affinity = { brands: [], categories: [], events: 0 };

export const personal: AlgorithmModule<Affinity> = {
  algorithm: 'PERSONAL',
  softDedupe: true,
  needsProduct: false,
  coldSignals: NO_AFFINITY,
  signals: (b, { context }) => b.affinity({ market: context.market, customerKey: context.customerKey }),
  stages({ context }, affinity) {
    const boosts = affinityBoosts(affinity);
    const fallback = popularStage(context, [], true);
    if (!boosts.length) return [fallback];
    return [
      { kind: 'search', query: { bool: { should: boosts, minimum_should_match: 1, filter: [inStockQuery(context)] } }, sort: popularityOrder() },
      fallback,
    ];
  },
};
