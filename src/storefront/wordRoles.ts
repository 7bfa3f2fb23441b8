/**
 * Word roles (docs/language.md "Word roles"): what each word of a shopper's phrase does, from the catalog's
 * facts (what query understanding recognises: colour, material, size, gender, brand, price) and the language
 * (prepositions, audience and price words, where the head noun stands). Relaxation drops words by role
 * (relevance.ts `roleRelaxedMatch`): modifiers first, the product word never while other words are left.
 * Pure; no Elasticsearch.
 */
import { colourWords, foldWord } from '../catalog/colourWords';
import { MIN_PART } from '../catalog/vocabulary';
import { AUDIENCE_PREPOSITIONS, genderOf, understand, type Understanding, type UnderstandingInput } from './understanding';

export type WordRole =
  /** The head noun: the kind of product asked for ("skor" in "snygga svarta skor", "jakke" in "jakke til herre"). */
  | 'product'
  /** Values of the catalog's facts, recognised by query understanding (or colour words left as words). */
  | 'colour'
  | 'material'
  | 'size'
  | 'gender'
  | 'brand'
  /** Who the product is for: a gender or age word, also after a preposition ("för barn", "til herre", "für Damen"). */
  | 'audience'
  /** A price limit or range ("under 500 kr") or a price intent word ("billig", "cheap", "günstig"). */
  | 'price'
  /** Any other word the catalog's titles, names or categories hold ("vinter" in "vinter jacka"). */
  | 'descriptor'
  /** A word the catalog does not hold ("snygga", "nice", "waterproof" where no product says so). */
  | 'modifier'
  /** A preposition, article or conjunction: matched as the analyser does, never a reason to keep or drop a product. */
  | 'function';

export interface RoledWord {
  word: string;
  role: WordRole;
}

/** Other function words, folded, of the supported languages: they never carry the product. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...AUDIENCE_PREPOSITIONS,
  'i',
  'in',
  'pa',
  'av',
  'af',
  'med',
  'mit',
  'with',
  'of',
  'aus',
  'von',
  'from',
  'fra',
  'fran',
  'to',
  'zu',
  'on',
  'auf',
  'an',
  'am',
  'im',
  'och',
  'og',
  'und',
  'and',
  'or',
  'eller',
  'oder',
  'the',
  'a',
  'en',
  'ett',
  'et',
  'ein',
  'eine',
  'einen',
  'der',
  'die',
  'das',
  'den',
  'det',
  'dem',
  'utan',
  'uten',
  'uden',
  'ohne',
  'without',
  'sans',
  'sin',
]);
/** Prepositions after which the product's own phrase ends ("jacka för barn", "skor i läder", "case for iphone"). */
const PHRASE_ENDS: ReadonlySet<string> = new Set([
  ...AUDIENCE_PREPOSITIONS,
  'i',
  'in',
  'av',
  'af',
  'med',
  'mit',
  'with',
  'of',
  'aus',
  'utan',
  'uten',
  'uden',
  'ohne',
  'without',
]);
/** Age words, folded, of the supported languages: an audience like a gender word. */
const AGE_WORDS: ReadonlySet<string> = new Set([
  'barn',
  'barnen',
  'bebis',
  'baby',
  'babies',
  'babys',
  'spadbarn',
  'smabarn',
  'tonaring',
  'tonaringar',
  'junior',
  'juniorer',
  'ungdom',
  'ungdomar',
  'born',
  'borne',
  'unge',
  'unger',
  'ungdommer',
  'kids',
  'kid',
  'children',
  'child',
  'childrens',
  "children's",
  "kid's",
  'toddler',
  'toddlers',
  'teen',
  'teens',
  'teenager',
  'teenagers',
  'kinder',
  'kind',
  'kindern',
  'jugendliche',
  'enfant',
  'enfants',
  'bebe',
  'ninos',
  'nino',
  'ninas',
  'nina',
  'kinderen',
]);
/** Price intent words, folded: they ask for cheap products without naming a price (never a filter: docs/language.md). */
export const PRICE_INTENT_WORDS: ReadonlySet<string> = new Set([
  'billig',
  'billiga',
  'billigt',
  'billigaste',
  'billige',
  'billigste',
  'billigere',
  'billigare',
  'prisvard',
  'prisvarda',
  'rea',
  'budget',
  'cheap',
  'cheaper',
  'cheapest',
  'affordable',
  'inexpensive',
  'discount',
  'bargain',
  'gunstig',
  'gunstige',
  'gunstigen',
  'gunstiger',
  'gunstigste',
  'preiswert',
  'preiswerte',
  'preiswerten',
  'billiger',
  'barato',
  'baratos',
  'barata',
  'baratas',
  'pas cher',
]);

const isNumber = (w: string) => /^\d+(?:[.,]\d+)*$/.test(w);
const hasLetters = (w: string) => /\p{L}/u.test(w);

export interface RoleFacts extends UnderstandingInput {
  /** Whether the catalog's titles, names or categories hold a word in any of its forms; undefined: not known. */
  holds?: (word: string) => boolean | undefined;
}

/**
 * Roles of words nothing understood (in their order): function words, audiences, price intent words and colour
 * words by the lexicon; the product word is the last word of letters before the first phrase-ending
 * preposition (the head noun of the sv, nb, da, de and en noun phrase: "snygga svarta skor", "jakke til
 * herre"); other words are descriptors when the catalog holds them, else modifiers.
 */
export function restRoles(words: readonly string[], locale: string, holds?: (word: string) => boolean | undefined): RoledWord[] {
  const colours = colourWords(locale);
  const roles: (WordRole | undefined)[] = words.map((w) => {
    const f = foldWord(w).replace(/’/g, "'");
    if (FUNCTION_WORDS.has(f)) return 'function';
    if (AGE_WORDS.has(f) || genderOf(f)) return 'audience';
    if (PRICE_INTENT_WORDS.has(f)) return 'price';
    if (colours.has(f)) return 'colour';
    return undefined;
  });
  // "för barn", "til herre": the preposition belongs to the audience after it.
  roles.forEach((r, i) => {
    if (r === 'function' && roles[i + 1] === 'audience' && AUDIENCE_PREPOSITIONS.has(foldWord(words[i]))) roles[i] = 'audience';
  });
  const end = words.findIndex((w, i) => i > 0 && PHRASE_ENDS.has(foldWord(w)) && roles.slice(0, i).some((r) => r === undefined));
  // The product word is a word of letters: "200mg" and "4k" are no head noun.
  const head = [...words.keys()]
    .slice(0, end < 0 ? words.length : end)
    .reverse()
    .find((i) => roles[i] === undefined && hasLetters(words[i]) && !/\p{N}/u.test(words[i]));
  if (head !== undefined) roles[head] = 'product';
  return words.map((word, i) => ({
    word,
    // Words under MIN_PART letters are never in the vocabulary ("ua", "tv"): the catalog may well hold them.
    role:
      roles[i] ??
      (isNumber(word) || !hasLetters(word) || [...word].length < MIN_PART || holds?.(word.toLocaleLowerCase()) !== false ? 'descriptor' : 'modifier'),
  }));
}

/** Folded tokens of a text, as understanding reads them. */
const foldedTokens = (text: string) => foldWord(text).trim().split(/\s+/).filter(Boolean);

/**
 * Every typed word's role: what query understanding recognised (colour, gender as an audience, brand, size,
 * material and other understood attributes, price) and, for the words it left, `restRoles`. A compound naming
 * a material and a product ("läderskor") is the product word: its product part is what the list searches.
 */
export function wordRoles(phrase: string, facts: RoleFacts, understanding: Understanding = understand(phrase, facts)): RoledWord[] {
  const typed = phrase.trim().split(/\s+/).filter(Boolean);
  const folded = typed.map((w) => foldWord(w));
  const roles: (WordRole | undefined)[] = typed.map(() => undefined);
  /** Marks the first unmarked run of the folded tokens of `text` with `role`. */
  const mark = (text: string, role: WordRole) => {
    const span = foldedTokens(text);
    for (let i = 0; i + span.length <= folded.length; i++) {
      if (span.every((t, k) => folded[i + k] === t && roles[i + k] === undefined)) {
        span.forEach((_, k) => {
          roles[i + k] = role;
        });
        return;
      }
    }
  };
  if (understanding.price) mark(understanding.price.typed, 'price');
  for (const c of understanding.colours) mark(c.typed, 'colour');
  for (const g of understanding.genders) mark(g.typed, 'audience');
  for (const b of understanding.brands) mark(b.typed, 'brand');
  for (const z of understanding.sizes) mark(z.typed, 'size');
  const words = new Set(foldedTokens(understanding.words));
  for (const a of understanding.attributes) {
    const own = foldWord(a.typed);
    // A compound of a value and a product word ("läderskor") is left to restRoles: its product part is searched.
    if (!words.has(own) && ![...words].some((w) => w !== own && own.endsWith(w))) mark(a.typed, a.name === 'material' ? 'material' : 'descriptor');
  }
  const left = typed.map((w, i) => (roles[i] === undefined ? i : -1)).filter((i) => i >= 0);
  const rest = restRoles(
    left.map((i) => typed[i]),
    facts.locale,
    facts.holds,
  );
  left.forEach((i, k) => {
    roles[i] = rest[k].role;
  });
  // A preposition before an understood audience is part of it ("til herre"), as in restRoles.
  roles.forEach((r, i) => {
    if (r === 'function' && roles[i + 1] === 'audience' && AUDIENCE_PREPOSITIONS.has(folded[i])) roles[i] = 'audience';
  });
  return typed.map((word, i) => ({ word, role: roles[i]! }));
}
