/** How much each kind of behaviour says about interest in a product (popularity and affinity). */
import type { EventType } from '../events';

export const POPULARITY_WEIGHTS = { 'product-view': 1, click: 2, 'add-to-cart': 5, purchase: 10 } as const satisfies Partial<Record<EventType, number>>;
export type PopularityEventType = keyof typeof POPULARITY_WEIGHTS;
export const POPULARITY_TYPES = Object.keys(POPULARITY_WEIGHTS) as PopularityEventType[];

/** Affinity also counts favourites. */
export const AFFINITY_WEIGHTS = { ...POPULARITY_WEIGHTS, 'add-favorite': 5 } as const satisfies Partial<Record<EventType, number>>;
export type AffinityEventType = keyof typeof AFFINITY_WEIGHTS;
export const AFFINITY_TYPES = Object.keys(AFFINITY_WEIGHTS) as AffinityEventType[];

/** Weight of something `ageDays` old under exponential decay with the given half-life. */
export function decay(ageDays: number, halfLifeDays: number): number {
  return Math.pow(0.5, Math.max(0, ageDays) / halfLifeDays);
}
