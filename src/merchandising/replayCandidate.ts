/**
 * What a replay compares the live answers with (docs/merchandising.md "Replay before publishing"): the
 * pending change as request-scoped settings, never written anywhere live. `preview`: the preview versions of
 * pages and phrase rules (the console's Preview); `overrides`: an experiment variant's settings; `synonyms`:
 * rules replacing those of their locales, as a synonyms import would, for this replay only.
 */
import type { VariantOverrides } from './experiments/types';
import type { SynonymSets } from './synonyms/types';

export interface ReplayCandidate {
  preview?: boolean;
  overrides?: VariantOverrides;
  synonyms?: SynonymSets;
}
