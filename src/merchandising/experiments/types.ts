/**
 * A/B experiments (our addition, issue 35): a name, a period, the markets and touchpoints it covers, and two to
 * four variants with traffic shares; the first variant is the control. Each variant overrides some of what
 * ranking and merchandising use; an empty `overrides` is the live settings.
 */

export const EXPERIMENT_TOUCHPOINTS = ['DESKTOP', 'MOBILE'] as const;
export type ExperimentTouchpoint = (typeof EXPERIMENT_TOUCHPOINTS)[number];
export const SYNONYM_SETS = ['shop-and-shipped', 'shop-only', 'none'] as const;
export type SynonymSetChoice = (typeof SYNONYM_SETS)[number];
export const UNDERSTANDING_MODES = ['filter', 'boost', 'off'] as const;
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
export const MAX_EXPERIMENTS = 100;

export interface RelevanceOverrides {
  /** Factor of the behaviour (popularity) clause in search relevance; 1 is the live weight, 0 leaves behaviour out. */
  behaviourWeight?: number;
  queryUnderstanding?: (typeof UNDERSTANDING_MODES)[number];
  /** False: a long phrase matches only products with every word (no relaxed tier). */
  relaxedMatching?: boolean;
  /** Share of the meaning in the fused relevance (0..1; 0: words alone); absent: SEMANTIC_WEIGHT. Search by meaning only. */
  semanticWeight?: number;
}

export interface PageOverride {
  productRules?: string;
  pins?: string[];
}

export interface VariantOverrides {
  relevance?: RelevanceOverrides;
  synonyms?: SynonymSetChoice;
  /** Recommendation list id → its algorithm. */
  recommendations?: Record<string, { algorithm: string }>;
  /** Page path → its primary list's rules and pins. */
  pages?: Record<string, PageOverride>;
}

export interface Variant {
  id: string;
  share: number;
  overrides: VariantOverrides;
}

export interface Experiment {
  id: string;
  name: string;
  /** ISO instants: applied from `start` (inclusive) to `end` (exclusive). */
  start: string;
  end: string;
  markets: string[];
  /** Absent: every touchpoint. */
  touchpoints?: ExperimentTouchpoint[];
  variants: Variant[];
}

export interface ExperimentSet {
  experiments: Experiment[];
}

/** An unknown experiment id (404). */
export class ExperimentNotFound extends Error {}
