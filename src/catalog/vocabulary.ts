/**
 * The catalog's own vocabulary per locale, and the compounds it holds. Swedish, Norwegian, Danish,
 * German, Dutch and Finnish write compounds as one word with the head last ("vinterjacka", "Laufschuhe"),
 * so a visitor typing the head ("jacka", "schuhe") expects the compounds too. The import collects the
 * words of every product title, name, category and product type per locale; `compoundIndex` maps each word
 * that ends another word of the catalog (the head, at least MIN_PART letters, after a modifier of at least
 * MIN_PART letters) to those compounds. A query then searches the compounds beside the word, so nothing
 * is reindexed and only words the catalog really compounds are expanded ("schuh" finds "Laufschuh" but not
 * "Schuhcreme", whose head is "creme"). Pure.
 */

/** Languages that write compounds as one word. */
export const COMPOUNDING_LANGUAGES: ReadonlySet<string> = new Set(['sv', 'nb', 'nn', 'no', 'da', 'de', 'nl', 'fi', 'is']);

/**
 * Languages whose catalog words are collected at import for query-time word forms: the compounding ones, and
 * English, whose stemmer (KStem) leaves regular plurals it knows as words apart ("games", "watches", "lights").
 */
export const FORM_LANGUAGES: ReadonlySet<string> = new Set([...COMPOUNDING_LANGUAGES, 'en']);

/** Shortest head and modifier: shorter parts ("ek", "is") match too much. */
export const MIN_PART = 3;
/** Shortest head that the lexicon alone may name (catalog words may be MIN_PART letters). */
export const MIN_LEXICON_HEAD = 4;
/** Compounds a word expands to at most (the most frequent first). */
export const MAX_COMPOUNDS = 20;

export const languageOf = (locale: string): string => locale.split('-')[0].toLowerCase();

/** Lower-case words of a text as the catalog is searched: letters and digits, split on anything else. */
export function vocabularyWords(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= MIN_PART);
}

/**
 * Distinct word pairs counted per locale at most: memory stays bounded whatever the feed (pairs first seen
 * after that are not counted; a split the catalog writes often is seen early).
 */
export const MAX_PAIRS = 300_000;

/** Word counts of one locale, filled during an import, and counts of adjacent word pairs ("smart watch"). */
export class VocabularyCounter {
  private readonly counts = new Map<string, number>();
  private readonly pairCounts = new Map<string, number>();
  /** Word → the one product holding it, or null once a second product holds it (spelling: `singles`). */
  private readonly holders = new Map<string, string | null>();

  /** `product`: the key of the product the text describes (each market's copy is the same product). */
  add(text: string | undefined, product?: string): void {
    if (!text) return;
    let previous: string | undefined;
    for (const w of vocabularyWords(text)) {
      this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
      if (product !== undefined) {
        const holder = this.holders.get(w);
        if (holder === undefined) this.holders.set(w, product);
        else if (holder !== null && holder !== product) this.holders.set(w, null);
      }
      if (previous) {
        const pair = `${previous} ${w}`;
        const count = this.pairCounts.get(pair);
        if (count !== undefined || this.pairCounts.size < MAX_PAIRS) this.pairCounts.set(pair, (count ?? 0) + 1);
      }
      previous = w;
    }
  }

  entries(): [string, number][] {
    return [...this.counts];
  }

  /**
   * The words only one product holds: a misspelling in one title looks like them, so spelling may still
   * correct them (storefront/suggest/candidates.ts). Empty when no product keys were given.
   */
  singles(): string[] {
    return [...this.holders].flatMap(([w, holder]) => (holder === null ? [] : [w]));
  }

  /** Adjacent word pairs, "a b", with their counts: where the catalog writes a word in two ("smart watch"). */
  pairs(): [string, number][] {
    return [...this.pairCounts];
  }
}

/** A word without diacritics, as a visitor may type it ("troja" for "tröja"). */
export const folded = (word: string): string => word.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * Inflection endings per language, stripped to find a word's forms (formKey): Swedish plural and definite
 * forms ("jackor", "jackan", "jackorna" → jack; "skor", "skon" → sko), Norwegian and Danish ("jakkene",
 * "jakkerne" → jakk), German plurals ("Schuhe", "Kleider", "Töpfe" folded → schuh, kleid, topf). A single
 * consonant ending ("n", "r", "s") only goes after a vowel: "barn" stays barn.
 */
const ENDINGS: Record<string, string[]> = {
  sv: ['arna', 'orna', 'erna', 'ar', 'or', 'er', 'an', 'en', 'et', 'na', 'a', 'e', 'n', 'r'],
  nb: ['ene', 'ane', 'er', 'en', 'et', 'ne', 'a', 'e', 'n', 'r'],
  nn: ['ane', 'ene', 'ar', 'er', 'en', 'et', 'ne', 'a', 'e', 'n', 'r'],
  no: ['ene', 'ane', 'er', 'en', 'et', 'ne', 'a', 'e', 'n', 'r'],
  da: ['erne', 'ene', 'er', 'en', 'et', 'ne', 'e', 'n', 'r'],
  de: ['ern', 'en', 'er', 'es', 'e', 'n', 's'],
};
/** Letters a form key keeps at least ("sko", "hut"). */
const MIN_KEY = 3;
const VOWEL = /[aeiouyåæø]/;

/**
 * The key that a word's forms share in `language`: folded, then the longest ending stripped that leaves
 * MIN_KEY letters, twice at most ("skorna" → skor → sko). A lookup key, not a stem shown anywhere:
 * two words with one key are taken for forms of one word ("mössa"/"mossa" already meet by folding).
 */
export function formKey(language: string, word: string): string {
  return keyBy(language, word, 'longest');
}

/**
 * formKey and, where it differs, the key of stripping the shortest ending first: the compound "löparskor"
 * keys to "löparsk" (its "-or" leaves enough letters, unlike that of "skor"), while "löparsko" and
 * "löparskon" key to "löparsko"; filed and looked up under both keys, the forms of a compound meet as
 * those of its head do.
 */
export function formKeys(language: string, word: string): string[] {
  const longest = keyBy(language, word, 'longest');
  const keys = new Set([longest, keyBy(language, word, 'shortest')]);
  // "-ies" is the plural of "-y" ("batteries") and of "-ie" ("hoodies", "cookies").
  if (language === 'en' && /ies$/.test(word.toLocaleLowerCase()) && longest.endsWith('y')) keys.add(`${longest.slice(0, -1)}ie`);
  // Norwegian feminine definite "-a" for "-e": "lua"/"lue", too short for an ending to be stripped.
  if ((language === 'nb' || language === 'nn' || language === 'no') && word.toLocaleLowerCase().endsWith('a'))
    keys.add(keyBy(language, `${word.slice(0, -1)}e`, 'longest'));
  const short = shortNounOf(language, word);
  if (short) keys.add(short);
  return [...keys];
}

/** Languages whose definite plural adds "-ene" to a noun of any length ("ur" → urene, "is" → isene, "sko" → skoene). */
const ENE_PLURAL: ReadonlySet<string> = new Set(['nb', 'nn', 'no', 'da']);

/**
 * The noun of a definite plural "-ene" whose noun is one syllable too short for an ending to be stripped
 * (under MIN_KEY letters): Norwegian and Danish "urene" → ur, "isene" → is, "årene" → år. A consonant cluster
 * alone is no noun ("trene" keeps its key), so only a stem with a vowel counts. Undefined otherwise.
 */
export function shortNounOf(language: string, word: string): string | undefined {
  if (!ENE_PLURAL.has(language)) return undefined;
  const w = word.toLocaleLowerCase();
  const m = /^(\p{L}{2})ene$/u.exec(w);
  return m && /^[^aeiouyåæø]?[aeiouyåæø][^aeiouyåæø]?$/.test(m[1]) && /[aeiouyåæø]/.test(m[1]) ? folded(m[1]) : undefined;
}

function keyBy(language: string, word: string, prefer: 'longest' | 'shortest'): string {
  let key = folded(word.toLocaleLowerCase());
  if (language === 'en') return englishKey(key);
  const endings = ENDINGS[language];
  if (!endings) return key;
  const order = prefer === 'longest' ? endings : [...endings].reverse();
  for (let pass = 0; pass < 2; pass++) {
    const ending = order.find((e) => key.endsWith(e) && key.length - e.length >= MIN_KEY && fits(language, key, e));
    if (!ending) break;
    key = key.slice(0, -ending.length);
  }
  // The unstressed e of "-el" drops in inflection: "stövel"/"stövlar", "nyckel"/"nycklar" → stövl, nyckl;
  // a doubled consonant before it is then single: Norwegian "sykkel"/"sykler", "tøffel"/"tøfler" → sykl, tøfl.
  if (language !== 'de' && /[^aeiouyåæøl]el$/.test(key) && key.length > MIN_KEY + 1) key = `${key.slice(0, -2)}l`.replace(/([^aeiouyåæø])\1l$/, '$1l');
  // Danish doubles a final consonant after a short vowel in inflection: "hat"/"hatten", "kop"/"koppen".
  if (language === 'da' && key.length > MIN_KEY) key = key.replace(/([bdfgklmnprstv])\1$/, '$1');
  return key;
}

/**
 * English nouns whose plural is a word of its own, not a form of the singular ("shorts" are no "short",
 * "glasses" no "glass"): they keep their key.
 */
const ENGLISH_PLURAL_WORDS: ReadonlySet<string> = new Set([
  'shorts',
  'pants',
  'jeans',
  'glasses',
  'tights',
  'clothes',
  'news',
  'binoculars',
  'boxers',
  'briefs',
  'knickers',
  'overalls',
  'slacks',
  'trunks',
  'braces',
  'goods',
  'sales',
  'savings',
  'arms',
  'customs',
  'means',
  'series',
  'species',
  'specs',
  'jodhpurs',
  'earnings',
  'outdoors',
  'sports',
  'graphics',
  'electronics',
  'kids',
  'mens',
  'womens',
]);

/** The singular of a regular English plural ("batteries" → battery, "watches" → watch, "games" → game). */
function englishKey(word: string): string {
  if (word.length < 4 || ENGLISH_PLURAL_WORDS.has(word)) return word;
  if (/[^aeiou]ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|zz)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Whether `ending` may be stripped from `key` (the letter before it decides). */
function fits(language: string, key: string, ending: string): boolean {
  const before = key[key.length - ending.length - 1];
  // Swedish "-na" is the definite plural after "r" or a vowel ("skorna"), not the "n" of "panna".
  if (language === 'sv' && ending === 'na') return before === 'r' || VOWEL.test(before);
  // The definite "-n" of Swedish "-el" nouns: "stöveln", "nyckeln" (not the "n" of "barn").
  if (language === 'sv' && ending === 'n' && key.endsWith('eln')) return true;
  if (ending.length > 1 || VOWEL.test(ending)) return true;
  // A consonant ending ("n", "r", "s") goes after a vowel ("skor", "skon"); German "-n" also after "l" ("Stiefeln").
  return VOWEL.test(before) || (language === 'de' && ending === 'n' && before === 'l');
}

/** Words of a language beyond the catalog (scripts/lexicon.sh): lower-case, as written. */
export interface Lexicon {
  has(word: string): boolean;
}

/**
 * Parts that are words in the lexicon but no product's head: suffixes and function words that end many
 * words ("klänning" is no compound of "ning"). Checked against the head as written, lower-case.
 */
export const STOP_HEADS: Record<string, ReadonlySet<string>> = {
  sv: new Set([
    'ning',
    'ningar',
    'het',
    'heter',
    'else',
    'are',
    'ande',
    'ende',
    'lig',
    'liga',
    'ligt',
    'tal',
    'lar',
    'ler',
    'ter',
    'ner',
    'ren',
    'ver',
    'sen',
    'ten',
    'ens',
    'ans',
    'ing',
    'ingar',
    'ska',
    'era',
    'rar',
    'lor',
    'nor',
    'tor',
    'ror',
    'kor',
    'ell',
    'ett',
    'lla',
    'den',
    'det',
    'dom',
    'man',
    'ord',
    'ort',
    'sig',
    'mer',
    'dag',
    'daler',
    'skar',
    'aler',
  ]),
  nb: new Set([
    'ning',
    'ninger',
    'het',
    'heten',
    'else',
    'ende',
    'lig',
    'lige',
    'ere',
    'ene',
    'ens',
    'ter',
    'ler',
    'ner',
    'ser',
    'ker',
    'ren',
    'ver',
    'sen',
    'ten',
    'ing',
    'inger',
    'ske',
    'man',
    'dom',
    'ord',
    'det',
    'den',
  ]),
  nn: new Set([
    'ning',
    'ningar',
    'het',
    'else',
    'ande',
    'ende',
    'leg',
    'ere',
    'ene',
    'ter',
    'ler',
    'ner',
    'ser',
    'ker',
    'ren',
    'ver',
    'ing',
    'ingar',
    'man',
    'dom',
    'ord',
    'det',
    'den',
  ]),
  da: new Set([
    'ning',
    'ninger',
    'hed',
    'heden',
    'else',
    'ende',
    'lig',
    'lige',
    'ere',
    'ene',
    'ens',
    'ter',
    'ler',
    'ner',
    'ser',
    'ker',
    'ren',
    'ver',
    'sen',
    'ten',
    'ing',
    'inger',
    'ske',
    'man',
    'dom',
    'ord',
    'det',
    'den',
  ]),
  de: new Set([
    'ung',
    'ungen',
    'heit',
    'keit',
    'schaft',
    'ling',
    'chen',
    'lein',
    'nis',
    'tum',
    'ter',
    'ner',
    'ler',
    'ten',
    'ein',
    'ine',
    'sche',
    'che',
    'ste',
    'ern',
    'ere',
    'ise',
    'ens',
    'ant',
    'ent',
    'ion',
    'tion',
    'ier',
    'rer',
    'ger',
    'ber',
    'ker',
    'ser',
    'ar',
    'ben',
    'den',
    'gen',
    'hen',
    'len',
    'men',
    'nen',
    'sen',
    'ren',
    'uhe',
  ]),
};
STOP_HEADS.no = STOP_HEADS.nb;

export interface CompoundOptions {
  /** The locale's language (ENDINGS, STOP_HEADS); without it keys are only folded. */
  language?: string;
  /** Words known beyond the catalog's: a head need not stand alone in the catalog. */
  lexicon?: Lexicon;
}

/** head word's form key → compounds ending with it, most frequent first. */
export type CompoundIndex = Map<string, string[]>;

/** What the import stores per locale: the compounds by head and the catalog's forms by form key. */
export interface LocaleVocabulary {
  compounds: CompoundIndex;
  /** form key → catalog words of that key, most frequent first ("sko" → skor). */
  forms: Map<string, string[]>;
  /** A catalog word's form key → the two words the catalog also writes it as ("smartwatch" → "smart watch"). */
  splits?: Map<string, string>;
  /** Title head key → the product types it most often names, with their shares (typePrior.ts). */
  typePrior?: Map<string, [string, number][]>;
  /**
   * The catalog words only one product holds (VocabularyCounter `singles`); absent in a vocabulary stored
   * before they were collected, which spelling then does not read (storefront/suggest/candidates.ts).
   */
  singles?: ReadonlySet<string>;
  /**
   * Searched phrase → the categories its shoppers clicked and put in the cart, with their shares (behaviour:
   * events/queries/phrasePrior.ts, written by the popularity job).
   */
  phrasePrior?: Map<string, [string, number][]>;
}

/**
 * The compounds of the catalog's words by head, and the catalog's words by form key. A compound's head is
 * the longest word ending it that the catalog or the lexicon knows (at least MIN_PART letters, MIN_LEXICON_HEAD
 * when only the lexicon knows it, after a modifier of at least MIN_PART letters): "axelväskor" has the head
 * "väskor", not "skor". When that longest ending is a stop head ("ning", "ung") the word has no head at all.
 * A compound is also filed under its head's own head ("vinterdunjacka" → dunjacka → jacka).
 */
export function localeVocabulary(words: Iterable<[string, number]>, options: CompoundOptions = {}, pairs: Iterable<[string, number]> = []): LocaleVocabulary {
  const counts = new Map(words);
  const language = options.language ?? '';
  const stop = STOP_HEADS[language];
  // A head only the lexicon knows needs MIN_LEXICON_HEAD letters: three-letter words end too many others.
  const known = (w: string) => counts.has(w) || (w.length >= MIN_LEXICON_HEAD && options.lexicon?.has(w) === true);
  const isWord = (w: string) => w.length >= MIN_PART && (counts.has(w) || options.lexicon?.has(w) === true);
  // A modifier as compounds write it: the word itself, with a linking letter ("vandrings-"), or without its
  // last vowel ("skjort-" of "skjorta", "Kirsch-" of "Kirsche").
  const isModifier = (m: string) =>
    isWord(m) || (/[se]$/.test(m) && isWord(m.slice(0, -1))) || (/(en|er)$/.test(m) && isWord(m.slice(0, -2))) || isWord(`${m}a`) || isWord(`${m}e`);
  const headOf = (word: string): string | undefined => {
    let longest: string | undefined;
    for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
      const ending = word.slice(i);
      if (!known(ending)) continue;
      longest ??= ending;
      // The longest known ending after a real modifier: "ficklampa" is "fick" + "lampa", not "fic" + "klampa".
      if (isModifier(word.slice(0, i))) return stop?.has(ending) ? undefined : ending;
    }
    // The longest known ending is a suffix, not a word of its own ("klänning" ends with "ning"): no compound.
    return longest && !stop?.has(longest) ? longest : undefined;
  };
  const key = (w: string) => formKey(language, w);
  // Heads only where compounds are written as one word: English "headset" is no kind of "set".
  const compounding = language === '' || COMPOUNDING_LANGUAGES.has(language);
  const byHead = new Map<string, [string, number][]>();
  const forms = new Map<string, [string, number][]>();
  for (const [word, count] of counts) {
    for (const k of formKeys(language, word)) {
      const group = forms.get(k) ?? [];
      group.push([word, count]);
      forms.set(k, group);
    }
    const seen = new Set<string>();
    for (let head = compounding ? headOf(word) : undefined; head && !seen.has(head); head = headOf(head)) {
      seen.add(head);
      const list = byHead.get(key(head)) ?? [];
      list.push([word, count]);
      byHead.set(key(head), list);
    }
  }
  const ranked = (list: [string, number][]) => [...new Set(list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w))].slice(0, MAX_COMPOUNDS);
  // The pairs whose words the catalog also writes as one: the most frequent pair of a joined word's key.
  const splits = new Map<string, [string, number]>();
  for (const [pair, count] of pairs) {
    const joined = pair.replace(' ', '');
    if (!/^\p{L}+ \p{L}+$/u.test(pair) || !counts.has(joined)) continue;
    const k = key(joined);
    if ((splits.get(k)?.[1] ?? 0) < count) splits.set(k, [pair, count]);
  }
  return {
    compounds: new Map([...byHead].map(([k, list]) => [k, ranked(list)])),
    forms: new Map([...forms].map(([k, list]) => [k, ranked(list)])),
    ...(splits.size ? { splits: new Map([...splits].map(([k, [pair]]) => [k, pair])) } : {}),
  };
}

/** The compounds by head of localeVocabulary (tests and callers that need no forms). */
export const compoundIndex = (words: Iterable<[string, number]>, options: CompoundOptions = {}): CompoundIndex => localeVocabulary(words, options).compounds;

/** The compounds of each word of a phrase that has some, by word. */
export function compoundsOf(phrase: string, index: CompoundIndex, language = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of vocabularyWords(phrase)) {
    const compounds = index.get(formKey(language, w));
    if (compounds?.length) out.set(w, compounds);
  }
  return out;
}

/** The catalog's other forms of each word of a phrase ("sko" → skor; "jackan" → jacka, jackor), by word. */
export function formsOf(phrase: string, forms: ReadonlyMap<string, string[]>, language = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of vocabularyWords(phrase)) {
    // The noun of a one-syllable definite plural is its form even where the catalog's words (3 letters and up) lack it.
    const short = shortNounOf(language, w);
    const others = [...new Set([...formKeys(language, w).flatMap((k) => forms.get(k) ?? []), ...(short ? [short] : [])])].filter(
      (f) => folded(f) !== folded(w),
    );
    if (others?.length) out.set(w, others);
  }
  return out;
}

/** Shortest part of a joined or split word ("head" + "set"), and shortest word split. */
const MIN_JOIN_PART = 3;
const MIN_SPLIT_WORD = 6;

/**
 * The phrase with two of its words written as one or one written as two, where the catalog writes them so
 * ("smart watch" → smartwatch, "head set" → headset; "smartwatch" → smart watch): a pair is joined when
 * the joined word is a catalog word (in any form); a catalog word is split where the catalog also writes it
 * as two (`splits`: "carpet" stays whole, the catalog never writing "car pet"); a word the catalog lacks is
 * split into the most even two catalog words. At most one join or split per variant, the typed phrase left
 * out. Pure.
 */
export function joinsAndSplits(phrase: string, vocabulary: Pick<LocaleVocabulary, 'forms' | 'splits'>, language = ''): string[] {
  const { forms, splits } = vocabulary;
  if (!forms.size) return [];
  const words = phrase.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const known = (w: string) => formKeys(language, w).some((k) => forms.has(k));
  const letters = (w: string) => /^\p{L}+$/u.test(w);
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i], words[i + 1]];
    if (letters(a) && letters(b) && a.length >= MIN_JOIN_PART && b.length >= MIN_JOIN_PART && known(a + b))
      out.add([...words.slice(0, i), a + b, ...words.slice(i + 2)].join(' '));
  }
  words.forEach((w, i) => {
    if (!letters(w) || w.length < MIN_SPLIT_WORD) return;
    if (known(w)) {
      const pair = formKeys(language, w)
        .map((k) => splits?.get(k))
        .find(Boolean);
      if (pair) out.add([...words.slice(0, i), pair, ...words.slice(i + 1)].join(' '));
      return;
    }
    // The most even split of two catalog words: "smartwatch" is smart + watch.
    let best: [string, string] | undefined;
    for (let at = MIN_JOIN_PART; at <= w.length - MIN_JOIN_PART; at++) {
      const [a, b] = [w.slice(0, at), w.slice(at)];
      if (known(a) && known(b) && (!best || Math.min(a.length, b.length) > Math.min(best[0].length, best[1].length))) best = [a, b];
    }
    if (best) out.add([...words.slice(0, i), ...best, ...words.slice(i + 1)].join(' '));
  });
  return [...out];
}

/** Shortest half-typed word that reaches compounds by their head ("klä" → maxiklänning). */
export const MIN_TYPED_HEAD = 3;

/**
 * The compounds whose head starts with a half-typed word, the shortest heads first, MAX_COMPOUNDS at most:
 * "klän" reaches "maxiklänning" and "omlottklänning" through the head "klänning", which no prefix of the
 * compound itself does.
 */
export function compoundsByPrefix(typed: string, index: CompoundIndex, language = ''): string[] {
  const prefix = folded(typed.toLocaleLowerCase()).replace(/[^\p{L}\p{N}]+/gu, '');
  if (prefix.length < MIN_TYPED_HEAD) return [];
  const asKey = formKey(language, prefix);
  const heads = [...index.keys()].filter((k) => k.startsWith(prefix) || k === asKey).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const out = new Set<string>();
  for (const h of heads) for (const c of index.get(h)!) if (out.size < MAX_COMPOUNDS) out.add(c);
  return [...out];
}
