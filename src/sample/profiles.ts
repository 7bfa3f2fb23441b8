/**
 * Generator profiles: which assortment the product groups come from and how many custom attribute names
 * the feed uses unless `attributes` says otherwise.
 */
import type { Assortment } from './assortment';
import { DEFAULT_ASSORTMENT } from './defaultAssortment';
import { ELECTRONICS_ASSORTMENT } from './electronics';
import { FASHION_ASSORTMENT } from './fashion';
import type { AttributeDomain } from './feedVocabulary';

export const GENERATOR_PROFILES = ['default', 'fashion', 'electronics'] as const;
export type GeneratorProfile = (typeof GENERATOR_PROFILES)[number];

export interface Profile {
  assortment: Assortment;
  /** Distinct custom attribute names when `attributes` is not given; 0: only the assortment's own (material, fit, ...). */
  attributes: number;
  /** Where the names and values of feed attributes come from. */
  domains: readonly AttributeDomain[];
}

export const PROFILES: Readonly<Record<GeneratorProfile, Profile>> = {
  /** The historical output: a handful of custom attributes, tidy data. */
  default: { assortment: DEFAULT_ASSORTMENT, attributes: 0, domains: ['wear', 'tech'] },
  /** Few attribute names, many variants per product, variant-level labels. */
  fashion: { assortment: FASHION_ASSORTMENT, attributes: 30, domains: ['wear'] },
  /** Thousands of attribute names, few variants. */
  electronics: { assortment: ELECTRONICS_ASSORTMENT, attributes: 2000, domains: ['tech'] },
};

/** A profile name from a command line, or an error listing the known ones. */
export function parseProfile(text: string): GeneratorProfile {
  const profile = GENERATOR_PROFILES.find((p) => p === text);
  if (!profile) throw new Error(`unknown profile '${text}' (known: ${GENERATOR_PROFILES.join(', ')})`);
  return profile;
}
