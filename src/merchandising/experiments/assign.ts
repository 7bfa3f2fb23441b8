/**
 * Pure assignment of visitors to variants: FNV-1a (32 bit) of `experimentId:customerKey` → bucket 0–9999 →
 * the variant whose cumulative share covers it. Nothing is kept per visitor: every process, every session,
 * answers the same variant for the same customerKey.
 */
import type { Experiment, Variant, VariantOverrides } from './types';

export const BUCKETS = 10_000;

/** FNV-1a over the UTF-16 code units, 32 bit. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const bucketOf = (experimentId: string, customerKey: string): number => fnv1a(`${experimentId}:${customerKey}`) % BUCKETS;

/** The variant of a bucket: shares in percent, cumulative, in the order given. */
export function variantOfBucket(variants: readonly Variant[], bucket: number): Variant {
  let upTo = 0;
  for (const v of variants) {
    upTo += v.share * (BUCKETS / 100);
    if (bucket < upTo) return v;
  }
  return variants[variants.length - 1];
}

export const assignVariant = (experiment: Experiment, customerKey: string): Variant =>
  variantOfBucket(experiment.variants, bucketOf(experiment.id, customerKey));

/** Where and when a request happens, as experiments select it. */
export interface ExperimentScope {
  market: string;
  touchpoint?: string;
  customerKey: string;
  now: Date;
}

export function isRunning(e: Experiment, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(e.start) <= t && t < Date.parse(e.end);
}

export function covers(e: Experiment, scope: Omit<ExperimentScope, 'customerKey'>): boolean {
  return (
    isRunning(e, scope.now) &&
    e.markets.includes(scope.market) &&
    (!e.touchpoints || (!!scope.touchpoint && e.touchpoints.includes(scope.touchpoint.toUpperCase() as 'DESKTOP' | 'MOBILE')))
  );
}

/** What a request is in: each running experiment covering it, with the visitor's variant. */
export interface Assignment {
  experimentId: string;
  variant: Variant;
}

export function assignments(experiments: readonly Experiment[], scope: ExperimentScope): Assignment[] {
  if (!scope.customerKey) return [];
  return experiments.filter((e) => covers(e, scope)).map((e) => ({ experimentId: e.id, variant: assignVariant(e, scope.customerKey) }));
}

/** The `experimentId:variantId` strings events carry. */
export const variantTags = (list: readonly Assignment[]): string[] => list.map((a) => `${a.experimentId}:${a.variant.id}`);

/**
 * The overrides of every assignment merged, in the order of the experiments (a later experiment's setting wins
 * where two override the same one; validation does not forbid overlapping experiments).
 */
export function mergedOverrides(list: readonly Assignment[]): VariantOverrides {
  const out: VariantOverrides = {};
  for (const {
    variant: { overrides: o },
  } of list) {
    if (o.relevance) out.relevance = { ...out.relevance, ...o.relevance };
    if (o.synonyms) out.synonyms = o.synonyms;
    if (o.recommendations) out.recommendations = { ...out.recommendations, ...o.recommendations };
    if (o.pages) out.pages = { ...out.pages, ...o.pages };
  }
  return out;
}
