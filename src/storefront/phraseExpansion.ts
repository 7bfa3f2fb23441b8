/**
 * What a visitor's phrase stands for in a locale, at query time: its alternatives under the locale's
 * synonym rules (the typed phrase first) and, in compounding languages, the catalog's compounds of its words
 * ("jacka" → vinterjacka, regnjacka). Both come from in-memory data (the synonym store's compiled rules,
 * the vocabulary store's compound index), loaded once per request; expanding a corrected phrase is free.
 */
import {
  COMPOUNDING_LANGUAGES,
  FORM_LANGUAGES,
  compoundsOf,
  compoundsByPrefix,
  formKeys,
  formsOf,
  joinsAndSplits,
  languageOf,
  type LocaleVocabulary,
} from '../catalog/vocabulary';
import { folded } from '../catalog/vocabulary';
import { expandPhrase, MAX_ALTERNATIVES, type CompiledSynonyms } from '../merchandising/synonyms/expand';
import type { PhraseExpansion } from './relevance';
import type { SynonymSetChoice } from '../merchandising/experiments/types';
import { NearWords } from '../catalog/nearWords';

export interface PhraseLanguage {
  expand(phrase: string): PhraseExpansion;
  /** As expand, and the compounds whose head starts with the last, half-typed word (autocomplete). */
  expandTyping(phrase: string): PhraseExpansion;
  /**
   * The catalog's words of the locale (spelling: suggest/candidates.ts), from the cached vocabulary; absent when
   * the locale has none (a language whose words the import does not collect, or no catalog yet).
   */
  catalogWords?: CatalogWords;
}

/** What the storefront knows of a locale's catalog words, from cached facts (no round trip). */
export interface CatalogWords {
  /** Whether the catalog's titles, names, categories or types hold the lower-case word in any of its forms. */
  holds(word: string): boolean;
  /** Catalog words within `maxEdits` edits of the word (folded, same first letter), nearest first. */
  near(word: string, maxEdits: number): string[];
}

export interface PhraseLanguageSources {
  synonyms: { compiled(locale: string, set?: SynonymSetChoice): Promise<CompiledSynonyms | undefined> };
  vocabulary: { compounds(locale: string): Promise<LocaleVocabulary> };
  /** The shop's compounds that are not split (compounds configuration), folded lower-case. */
  excludedCompounds?: { excluded(locale: string): Promise<ReadonlySet<string>> };
}

const NO_COMPOUNDS: LocaleVocabulary = { compounds: new Map(), forms: new Map() };
const NOTHING_EXCLUDED: ReadonlySet<string> = new Set();

/**
 * The expansion of phrases in `locale`; a failing store only costs the expansion, never the search. `synonymSet`:
 * an experiment variant's choice of rules (default the shop's and the shipped ones).
 */
export async function phraseLanguage(
  s: PhraseLanguageSources,
  locale: string,
  onError: (what: string, err: unknown) => void,
  synonymSet?: SynonymSetChoice,
): Promise<PhraseLanguage> {
  const compounding = COMPOUNDING_LANGUAGES.has(languageOf(locale));
  const [synonyms, vocabulary, excluded] = await Promise.all([
    s.synonyms.compiled(locale, synonymSet).catch((err: unknown) => {
      onError('synonyms', err);
      return undefined;
    }),
    FORM_LANGUAGES.has(languageOf(locale))
      ? s.vocabulary.compounds(locale).catch((err: unknown) => {
          onError('compounds', err);
          return NO_COMPOUNDS;
        })
      : NO_COMPOUNDS,
    compounding && s.excludedCompounds
      ? s.excludedCompounds.excluded(locale).catch((err: unknown) => {
          onError('excluded compounds', err);
          return NOTHING_EXCLUDED;
        })
      : NOTHING_EXCLUDED,
  ]);
  const language = languageOf(locale);
  const words = catalogWordsOf(vocabulary, language);
  return {
    expand: (phrase) => expandWith(phrase, synonyms, vocabulary, { language, excluded }),
    expandTyping: (phrase) => expandWith(phrase, synonyms, vocabulary, { language, excluded, typing: true }),
    ...(words ? { catalogWords: words } : {}),
  };
}

/** Per vocabulary read (the store's cache keeps one object per locale for STORE_CACHE_MS): its words by first letter. */
const catalogWordsCache = new WeakMap<LocaleVocabulary, CatalogWords>();

/**
 * The catalog words of a locale's vocabulary: every word of its forms (built once per read, when first asked).
 * A word counts as held when some of its forms is held by more than one product: a word of one product may be
 * that title's misspelling ("Röda klännigar"), which spelling still corrects. A vocabulary stored before single
 * words were collected gives none (spelling then works as without a vocabulary).
 */
function catalogWordsOf(vocabulary: LocaleVocabulary, language: string): CatalogWords | undefined {
  const { singles } = vocabulary;
  if (!vocabulary.forms.size || !singles) return undefined;
  let words = catalogWordsCache.get(vocabulary);
  if (!words) {
    const near = new NearWords(function* () {
      for (const list of vocabulary.forms.values()) yield* list;
    });
    words = {
      holds: (w) => formKeys(language, w).some((k) => vocabulary.forms.get(k)?.some((f) => !singles.has(f))),
      near: (w, maxEdits) => near.near(w, maxEdits),
    };
    catalogWordsCache.set(vocabulary, words);
  }
  return words;
}

export interface ExpandOptions {
  language?: string;
  /** Compounds never expanded to (folded, lower-case). */
  excluded?: ReadonlySet<string>;
  /** The last word is half typed: add the compounds whose head it starts. */
  typing?: boolean;
}

/** Alternatives a phrase has at most with its joined and split variants (each one more text clause). */
const MAX_WITH_JOINS = MAX_ALTERNATIVES + 2;

/**
 * Pure: the phrase's alternatives (its synonyms, then the typed phrase with words joined or split as the catalog
 * writes them), the compounds of their words and the catalog's other forms of them.
 */
export function expandWith(phrase: string, synonyms: CompiledSynonyms | undefined, vocabulary: LocaleVocabulary, o: ExpandOptions = {}): PhraseExpansion {
  const synonymous = synonyms ? expandPhrase(phrase, synonyms) : [phrase];
  const joined = joinsAndSplits(phrase, vocabulary, o.language).filter((j) => !synonymous.some((s) => s.toLocaleLowerCase() === j));
  const alternatives = joined.length ? [...synonymous, ...joined].slice(0, MAX_WITH_JOINS) : synonymous;
  const kept = (words: string[]) => (o.excluded?.size ? words.filter((w) => !o.excluded!.has(folded(w))) : words);
  const compounds = new Map<string, string[]>();
  const forms = new Map<string, string[]>();
  for (const a of alternatives) {
    if (vocabulary.compounds.size) for (const [w, c] of compoundsOf(a, vocabulary.compounds, o.language)) if (kept(c).length) compounds.set(w, kept(c));
    if (vocabulary.forms.size) for (const [w, f] of formsOf(a, vocabulary.forms, o.language)) forms.set(w, f);
  }
  const holds = vocabulary.forms.size ? (w: string) => formKeys(o.language ?? '', w).some((k) => vocabulary.forms.has(k)) : undefined;
  const expansion: PhraseExpansion = {
    alternatives,
    compounds,
    ...(forms.size ? { forms } : {}),
    ...(holds ? { holds } : {}),
    ...(vocabulary.typePrior?.size ? { typePrior: vocabulary.typePrior } : {}),
    ...(vocabulary.phrasePrior?.size ? { phrasePrior: vocabulary.phrasePrior } : {}),
  };
  if (!o.typing || /\s$/.test(phrase)) return expansion;
  const last = phrase.trim().split(/\s+/).pop() ?? '';
  const typed = kept(compoundsByPrefix(last, vocabulary.compounds, o.language));
  return typed.length ? { ...expansion, typedCompounds: typed } : expansion;
}
