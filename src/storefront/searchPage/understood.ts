/**
 * Search-page's use of query understanding (../understanding.ts): what the phrase's colour, gender and price
 * words mean under the request's market and locale, and the words left, expanded as any phrase is.
 */
import type { PhraseLanguage } from '../phraseExpansion';
import { understand, understoodAny, type Understanding, type UnderstandingMode } from '../understanding';
import type { UnderstoodPhrase } from './build';
import type { SearchPageRequest } from './request';

/** The phrase as understood, or undefined when understanding is off or recognised nothing. */
export function understoodPhrase(req: SearchPageRequest, mode: UnderstandingMode, language: PhraseLanguage): UnderstoodPhrase | undefined {
  if (mode === 'off' || !req.understandingFacts) return undefined;
  const understanding = understand(req.q, { locale: req.context.locale, ...req.understandingFacts });
  if (!understoodAny(understanding)) return undefined;
  return { understanding, mode, ...(understanding.words ? { expansion: language.expand(understanding.words) } : {}) };
}

/**
 * Whether the words as typed are searched beside the understood phrase, in the same msearch: when the
 * understood colour, gender or price is required, it may leave nothing, and then the words answer.
 */
export function needsFallback(u: UnderstoodPhrase | undefined): u is UnderstoodPhrase {
  return !!u && (u.mode === 'filter' || !u.understanding.words);
}

/** What the console's explanation shows: what was understood, and whether the list used it. */
export interface UnderstandingExplanation extends Understanding {
  mode: UnderstoodPhrase['mode'];
  /** False when the understood filter left nothing and the fallback answered (the phrase as typed, then the words left). */
  applied: boolean;
}
