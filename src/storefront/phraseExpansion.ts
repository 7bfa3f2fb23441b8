/**
 * What a visitor's phrase stands for in a locale, at query time: its alternatives under the locale's
 * synonym rules (the typed phrase first) and, in compounding languages, the catalog's compounds of its words
 * ("jacka" → vinterjacka, regnjacka). Both come from in-memory data (the synonym store's compiled rules,
 * the vocabulary store's compound index), loaded once per request; expanding a corrected phrase is free.
 */
import { COMPOUNDING_LANGUAGES, compoundsOf, languageOf, type CompoundIndex } from '../catalog/vocabulary';
import { expandPhrase, type CompiledSynonyms } from '../merchandising/synonyms/expand';
import type { PhraseExpansion } from './relevance';

export interface PhraseLanguage {
  expand(phrase: string): PhraseExpansion;
}

export interface PhraseLanguageSources {
  synonyms: { compiled(locale: string): Promise<CompiledSynonyms | undefined> };
  vocabulary: { compounds(locale: string): Promise<CompoundIndex> };
}

const NO_COMPOUNDS: CompoundIndex = new Map();

/** The expansion of phrases in `locale`; a failing store only costs the expansion, never the search. */
export async function phraseLanguage(s: PhraseLanguageSources, locale: string, onError: (what: string, err: unknown) => void): Promise<PhraseLanguage> {
  const compounding = COMPOUNDING_LANGUAGES.has(languageOf(locale));
  const [synonyms, compounds] = await Promise.all([
    s.synonyms.compiled(locale).catch((err: unknown) => { onError('synonyms', err); return undefined; }),
    compounding ? s.vocabulary.compounds(locale).catch((err: unknown) => { onError('compounds', err); return NO_COMPOUNDS; }) : NO_COMPOUNDS,
  ]);
  return { expand: (phrase) => expandWith(phrase, synonyms, compounds) };
}

/** Pure: the phrase's alternatives and the compounds of their words. */
export function expandWith(phrase: string, synonyms: CompiledSynonyms | undefined, compounds: CompoundIndex): PhraseExpansion {
  const alternatives = synonyms ? expandPhrase(phrase, synonyms) : [phrase];
  const found = new Map<string, string[]>();
  if (compounds.size) for (const a of alternatives) for (const [w, c] of compoundsOf(a, compounds)) found.set(w, c);
  return { alternatives, compounds: found };
}
