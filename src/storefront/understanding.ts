/**
 * Query understanding: what a shopper's words mean beyond matching text. A pure function of the phrase, the
 * locale, the market's currency and what the catalog facts cache holds per catalog version (its gender
 * values), so it costs no Elasticsearch round trip. It recognises
 *   - colour words in every inflected form of the locale's language ("svarta", "hvite", Bokmål "sort",
 *     "schwarze"; catalog/colourWords.ts), which ask for the products of that colour;
 *   - gender words ("mens", "herr", "damen") naming a value of the catalog's `gender` facet;
 *   - a brand of the catalog named beside other words ("nike sneakers"); the brand's words must then be the
 *     product's brand or in its title or name, so a brand that is also a product word ("Ring", "Glass") still
 *     finds what its title names, and the brand's own products rank first;
 *   - a size of the catalog after a size word ("jeans storlek 32", "size M", "Größe 40");
 *   - a value of an understood attribute (UNDERSTOOD_ATTRIBUTES, default the labels `material` and `pattern`)
 *     beside a product word, in its inflected forms and as a compound's modifier ("läderskor", "skor i
 *     läder", "lädret", "ullsockor", "leather boots", "Lederjacke");
 *   - a price limit in the market's currency, in any of the supported languages ("under 500 kr", "max 500",
 *     "under £50", "unter 50 €", "billigare än 300", "dresses under 50", "över 500 kr", "at least €50"), or a
 *     price range ("500–1000 kr", "mellan 500 och 1000 kr", "between £50 and £100", "von 50 bis 100 €").
 * The words understood leave the text match; each becomes a clause (understoodClauses) that search-page
 * requires (mode `filter`, the default) or only ranks by (`boost`): docs/language.md "Query understanding"
 * says why the default filters. When the filter leaves nothing, search-page answers the words as typed,
 * read in the same msearch (searchPage/run.ts).
 */
import type { estypes } from '@elastic/elasticsearch';
import { colourWords, foldWord } from '../catalog/colourWords';
import { customLabelField } from '../catalog/attributeQueries';
import { priceIntervalQuery, type PriceInterval } from './prices';

type Query = estypes.QueryDslQueryContainer;

/** QUERY_UNDERSTANDING: understood words filter the list, only boost it, or are searched as words. */
export type UnderstandingMode = 'filter' | 'boost' | 'off';

export interface UnderstoodColour {
  typed: string;
  names: readonly string[];
}
export interface UnderstoodGender {
  typed: string;
  values: string[];
}
export interface UnderstoodPrice extends PriceInterval {
  typed: string;
}
export interface UnderstoodBrand {
  typed: string;
  values: string[];
}
export interface UnderstoodSize {
  typed: string;
  values: string[];
}
/** A value of a custom label attribute (`material`): `values` are the catalog's values the typed word names. */
export interface UnderstoodAttribute {
  typed: string;
  name: string;
  values: string[];
}

export interface Understanding {
  /** The words left to match as text, in their order; '' when every word was understood. */
  words: string;
  colours: UnderstoodColour[];
  genders: UnderstoodGender[];
  brands: UnderstoodBrand[];
  sizes: UnderstoodSize[];
  attributes: UnderstoodAttribute[];
  price?: UnderstoodPrice;
  /**
   * The typed phrase in the parts a long phrase relaxes by (products missing one part follow the full
   * matches): its words, except that a brand of several words, and an attribute with its preposition ("i
   * läder"), are one part each, so relaxing never keeps half a brand ("studio" of "brant studio sneakers").
   */
  parts: string[];
}

export interface UnderstandingInput {
  locale: string;
  /** The market's currency (ISO 4217); undefined: a price naming a currency is not understood. */
  currency?: string;
  /** The catalog's `gender` values (any locale), from the catalog facts cache. */
  genders: readonly string[];
  /** The catalog's brands and sizes, from the catalog facts cache; absent: none is recognised. */
  brands?: readonly string[];
  sizes?: readonly string[];
  /** Values of the understood label attributes (catalog facts; only attributes of few, word-like values). */
  attributes?: readonly CatalogAttribute[];
}

/** A custom label attribute's values, every locale's (catalog facts). */
export interface CatalogAttribute {
  name: string;
  values: readonly string[];
}

/** Words naming a gender, folded, in every supported language; "man" is left out (Swedish and German "one"). */
const GENDER_WORDS: Readonly<Record<string, readonly string[]>> = {
  women: [
    'women',
    'womens',
    "women's",
    'woman',
    'womans',
    "woman's",
    'ladies',
    'lady',
    'dam',
    'dame',
    'damer',
    'damen',
    'dames',
    'kvinna',
    'kvinnor',
    'kvinne',
    'kvinner',
    'kvinde',
    'kvinder',
    'frauen',
    'frau',
    'naisten',
  ],
  men: ['men', 'mens', "men's", 'herr', 'herre', 'herrar', 'herrer', 'herren', 'manner', 'maenner', 'mand', 'maend', 'menn', 'miesten'],
  girls: ['girls', 'girl', "girl's", "girls'", 'flickor', 'flicka', 'jenter', 'jente', 'piger', 'pige', 'madchen', 'maedchen', 'tytot'],
  boys: ['boys', 'boy', "boy's", "boys'", 'pojkar', 'pojke', 'gutter', 'gutt', 'drenge', 'dreng', 'jungen', 'junge', 'pojat'],
  unisex: ['unisex'],
};
const GENDER_OF = new Map(Object.entries(GENDER_WORDS).flatMap(([gender, words]) => words.map((w) => [w, gender] as const)));

/** The gender a catalog value or a typed word names, if any. */
export function genderOf(word: string): string | undefined {
  return GENDER_OF.get(foldWord(word).replace(/’/g, "'"));
}

/** Words before a size, folded, in every supported language ("storlek 32", "size M", "Größe 40", "str. 38"). */
const SIZE_WORDS = new Set(['size', 'storlek', 'strl', 'strl.', 'str', 'str.', 'storrelse', 'grosse', 'gr.', 'koko']);
/** Longest brand looked up, in words. */
const MAX_BRAND_WORDS = 4;

/**
 * Folded value → the catalog's values folding to it; built once per catalog facts (the array is kept per
 * version). `waist`: a waist/length size ("32/34") is also named by its waist ("jeans storlek 32"; beside a
 * shoe size "32", whichever the product word's products have).
 */
const valueIndexes = new WeakMap<readonly string[], Map<string, string[]>>();
function valueIndex(values: readonly string[] | undefined, waist = false): Map<string, string[]> {
  if (!values) return new Map();
  let index = valueIndexes.get(values);
  if (!index) {
    index = new Map();
    const add = (key: string, value: string) => {
      if (key) index!.set(key, [...(index!.get(key) ?? []), value]);
    };
    for (const value of values) {
      const folded = foldWord(value).trim().replace(/\s+/g, ' ');
      add(folded, value);
      const w = waist ? /^(\d+)\/\d+$/.exec(folded) : null;
      if (w) add(w[1], value);
    }
    valueIndexes.set(values, index);
  }
  return index;
}

/** Endings a noun or adjective takes after an attribute value in each language ("lädret", "ullen", "Wolle", "leathers"). */
const VALUE_ENDINGS: Readonly<Record<string, readonly string[]>> = {
  sv: ['n', 'en', 'et', 't', 's', 'ns', 'ens', 'ets', 'a', 'ad', 'at'],
  nb: ['en', 'et', 'a', 'n', 'e', 'ene', 's', 'ens', 'ets'],
  da: ['en', 'et', 'n', 'e', 'ene', 's', 'ens', 'ets'],
  de: ['e', 'en', 'n', 's', 'es', 'er', 'ern'],
  en: ['s', 'es'],
};
/** Languages whose compounds name the material first ("läderskor", "skinnjakke", "Lederjacke"). */
const COMPOUNDING = new Set(['sv', 'nb', 'nn', 'no', 'da', 'de']);
/** Prepositions that introduce an audience, folded ("for men", "för barn", "til herre", "für Damen", "pour femme", "para niños"). */
export const AUDIENCE_PREPOSITIONS: ReadonlySet<string> = new Set(['for', 'fur', 'til', 'till', 'at', 'pour', 'para', 'voor']);
/** Words joining a product word to its attribute ("skor i läder", "boots in leather", "Jacke aus Leder"). */
const ATTRIBUTE_PREPOSITIONS = new Set(['i', 'av', 'in', 'of', 'aus', 'af', 'made of']);
/** A word-like value: letters (and a hyphen or space between them), at least three. */
const WORD_LIKE = /^\p{L}[\p{L}-]*(?: \p{L}[\p{L}-]*){0,2}$/u;
/** Shortest modifier or product word a compound is split into ("ull" + "sockor"). */
const MIN_COMPOUND_PART = 3;

interface AttributeValue {
  name: string;
  values: string[];
}
interface AttributeIndex {
  exact: Map<string, AttributeValue>;
  stems: Map<string, AttributeValue>;
  longestStem: number;
}
const attributeIndexes = new WeakMap<readonly CatalogAttribute[], AttributeIndex>();

/**
 * Folded value → attribute and the catalog values folding to it, and the stems a value's forms start with:
 * the value, and the value without the e of its last syllable ("lader" → "ladr" of "lädret", "wolle" →
 * "woll" of "Wollpullover").
 */
function attributeIndex(attributes: readonly CatalogAttribute[] | undefined): AttributeIndex {
  if (!attributes) return { exact: new Map(), stems: new Map(), longestStem: 0 };
  let index = attributeIndexes.get(attributes);
  if (!index) {
    const built: AttributeIndex = { exact: new Map(), stems: new Map(), longestStem: 0 };
    for (const { name, values } of attributes) {
      for (const value of values) {
        const folded = foldWord(value).trim().replace(/\s+/g, ' ');
        if (folded.length < 3 || !WORD_LIKE.test(folded)) continue;
        const entry = built.exact.get(folded) ?? { name, values: [] };
        // The first attribute naming a value keeps it ("Linne" as a material and a product type).
        if (entry.name !== name) continue;
        entry.values.push(value);
        built.exact.set(folded, entry);
        if (folded.includes(' ')) continue;
        for (const stem of new Set([folded, folded.replace(/e([lnr])$/, '$1'), folded.replace(/e$/, '')])) {
          if (stem.length < 3 || (built.stems.has(stem) && built.stems.get(stem) !== entry)) continue;
          built.stems.set(stem, entry);
          built.longestStem = Math.max(built.longestStem, stem.length);
        }
      }
    }
    attributeIndexes.set(attributes, (index = built));
  }
  return index;
}

/**
 * The attribute value a folded word names, and the product word it leaves when it is a compound: the value,
 * one of its inflected forms, or (in a compounding language) a stem of it and a product word of at least
 * MIN_COMPOUND_PART letters (longest stem first).
 */
function attributeIn(token: string, language: string, index: AttributeIndex): { value: AttributeValue; rest?: string } | undefined {
  const exact = index.exact.get(token);
  if (exact) return { value: exact };
  const endings = VALUE_ENDINGS[language] ?? [];
  for (let n = Math.min(index.longestStem, token.length); n >= 3; n--) {
    const value = index.stems.get(token.slice(0, n));
    if (!value) continue;
    const tail = token.slice(n);
    if (endings.includes(tail)) return { value };
    if (!COMPOUNDING.has(language)) continue;
    // A linking "s" is only told apart before another s ("bomullsskjorta"): "läderskor" is "läder" + "skor".
    const rest = tail.startsWith('ss') ? tail.slice(1) : tail;
    if (rest.length >= MIN_COMPOUND_PART) return { value, rest };
  }
  return undefined;
}

/** Currency words and signs (folded) per ISO code. */
const CURRENCY_WORDS: Readonly<Record<string, readonly string[]>> = {
  SEK: ['kr', 'kr.', 'kronor', 'krona', 'sek', ':-'],
  NOK: ['kr', 'kr.', 'kroner', 'krone', 'nok', ',-'],
  DKK: ['kr', 'kr.', 'kroner', 'krone', 'dkk', ',-'],
  EUR: ['€', 'eur', 'euro', 'euros'],
  GBP: ['£', 'gbp', 'pound', 'pounds', 'quid'],
  USD: ['$', 'usd', 'dollar', 'dollars'],
};
const ALL_CURRENCY_WORDS = [...new Set(Object.values(CURRENCY_WORDS).flat())];

/** Words before a price limit, folded, in every supported language (Nordic shops mix languages). */
const MAX_WORDS = [
  'under',
  'below',
  'less than',
  'cheaper than',
  'max',
  'max.',
  'maximum',
  'up to',
  'at most',
  'within',
  'hogst',
  'billigare an',
  'mindre an',
  'upp till',
  'maks',
  'hoyst',
  'billigere enn',
  'mindre enn',
  'opp til',
  'inntil',
  'hojst',
  'billigere end',
  'mindre end',
  'op til',
  'unter',
  'bis',
  'bis zu',
  'hochstens',
  'maximal',
  'gunstiger als',
  'billiger als',
  'weniger als',
  'alle',
  'enintaan',
  '<',
  '<=',
];
const MIN_WORDS = [
  'over',
  'above',
  'more than',
  'at least',
  'min',
  'min.',
  'minimum',
  'from',
  'minst',
  'dyrare an',
  'fran',
  'fra',
  'dyrere enn',
  'mindst',
  'dyrere end',
  'uber',
  'ab',
  'mindestens',
  'teurer als',
  'yli',
  'vahintaan',
  '>',
  '>=',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => escape(w).replace(/ /g, '\\s+'))
    .join('|');
const NUMBER = String.raw`\d+(?:[.,]\d{3})*(?:[.,]\d{1,2})?`;
const CURRENCY = alternation(ALL_CURRENCY_WORDS);
/** A limit word, an optional currency, the number, an optional currency; word boundaries are spaces or the ends. */
const PRICE = new RegExp(
  String.raw`(?:^|\s)(${alternation(MAX_WORDS)}|${alternation(MIN_WORDS)})\s*(${CURRENCY})?\s*(${NUMBER})\s*(${CURRENCY})?(?=\s|$)`,
  'u',
);
const MAX_SET = new Set(MAX_WORDS);

/** "1.000", "1,000" and "1000" are a thousand; "49.99" and "49,99" keep their decimals. */
export function priceNumber(text: string): number {
  const groups = text.split(/[.,]/);
  if (groups.length === 1) return Number(text);
  const last = groups[groups.length - 1];
  return last.length === 3 ? Number(groups.join('')) : Number(`${groups.slice(0, -1).join('')}.${last}`);
}

/** Words opening a price range, and words between its two amounts, folded, in every supported language. */
const RANGE_FROM = ['between', 'mellan', 'mellom', 'imellem', 'mellem', 'zwischen', 'from', 'fran', 'fra', 'von'];
const RANGE_TO = ['-', '–', '—', 'and', 'to', 'och', 'till', 'og', 'til', 'und', 'bis'];
/** An optional opening word, amount, separator, amount, each amount with an optional currency. */
const RANGE = new RegExp(
  String.raw`(?:^|\s)(?:(${alternation(RANGE_FROM)})\s+)?(${CURRENCY})?\s*(${NUMBER})\s*(${CURRENCY})?\s*(?:${alternation(RANGE_TO)})\s*(${CURRENCY})?\s*(${NUMBER})\s*(${CURRENCY})?(?=\s|$)`,
  'u',
);

/**
 * A price range in the folded phrase. Every currency named must be the market's; without one, only an opened
 * range ending the phrase is a price ("jeans between 500 and 1000" is, "iphone 12-13" and "500-1000 lumen" are not).
 */
function rangeIn(folded: string, currency: string | undefined): { price: UnderstoodPrice; start: number; end: number } | undefined {
  const m = RANGE.exec(folded);
  if (!m) return undefined;
  const named = [m[2], m[4], m[5], m[7]].filter((c): c is string => c !== undefined);
  const start = m.index + (m[0].length - m[0].trimStart().length);
  const end = m.index + m[0].length;
  if (named.length) {
    if (!currency || named.some((c) => !(CURRENCY_WORDS[currency] ?? []).includes(c))) return undefined;
  } else if (m[1] === undefined || folded.slice(end).trim() !== '') {
    return undefined;
  }
  const [low, high] = [priceNumber(m[3]), priceNumber(m[6])];
  if (!Number.isFinite(low) || !Number.isFinite(high) || low > high) return undefined;
  return { price: { typed: folded.slice(start, end).trim(), min: low, max: high }, start, end };
}

/** A price range or limit in the folded phrase, and the phrase without it. */
function priceIn(folded: string, currency: string | undefined): { price: UnderstoodPrice; start: number; end: number } | undefined {
  // A range first: "from 500 kr to 1000 kr" is one range, not the limit "from 500 kr" and more words.
  const range = rangeIn(folded, currency);
  if (range) return range;
  const m = PRICE.exec(folded);
  if (!m) return undefined;
  const named = m[2] ?? m[4];
  const start = m.index + (m[0].length - m[0].trimStart().length);
  const end = m.index + m[0].length;
  if (named !== undefined) {
    if (!currency || !(CURRENCY_WORDS[currency] ?? []).includes(named)) return undefined;
  } else if (folded.slice(end).trim() !== '') {
    // Without a currency only a limit ending the phrase is a price: "under 50" is, "under 50 inch tv" is not.
    return undefined;
  }
  const value = priceNumber(m[3]);
  if (!Number.isFinite(value)) return undefined;
  const limit = m[1].replace(/\s+/g, ' ');
  const typed = folded.slice(start, end).trim();
  return { price: MAX_SET.has(limit) ? { typed, max: value } : { typed, min: value }, start, end };
}

/** What the phrase's words mean; words nothing recognises stay in `words`. Pure. */
export function understand(phrase: string, input: UnderstandingInput): Understanding {
  // Words are looked up folded; folding never adds or removes a space, so the typed words keep their places.
  const original = phrase.trim().replace(/\s+/g, ' ');
  let rest = foldWord(original);
  let typedTokens = original ? original.split(' ') : [];
  let price: UnderstoodPrice | undefined;
  const found = priceIn(rest, input.currency);
  if (found) {
    price = found.price;
    const before = rest.slice(0, found.start).trim().split(' ').filter(Boolean).length;
    const inside = found.price.typed.split(' ').length;
    typedTokens = [...typedTokens.slice(0, before), ...typedTokens.slice(before + inside)];
    rest = `${rest.slice(0, found.start)} ${rest.slice(found.end)}`.trim().replace(/\s+/g, ' ');
  }
  const tokens = rest ? rest.split(' ') : [];
  const colours = colourWords(input.locale);
  const catalogGenders = new Map<string, string[]>();
  for (const value of input.genders) {
    const g = genderOf(value);
    if (g) catalogGenders.set(g, [...(catalogGenders.get(g) ?? []), value]);
  }
  const brands = valueIndex(input.brands);
  const sizes = valueIndex(input.sizes, true);
  /** The brand's typed words, when the phrase names a brand of the catalog at i with n words. */
  const brandAt = (i: number, n: number) => (i + n <= tokens.length ? brands.get(tokens.slice(i, i + n).join(' ')) : undefined);
  const typedAt = (i: number, n: number) =>
    tokens
      .slice(i, i + n)
      .map((t, k) => typedTokens[i + k] ?? t)
      .join(' ');
  // Kept words in their order; a brand's place is kept too, so that a brand without other words stays words.
  /** `base`: the catalog's value an inflected attribute word names, searched when the word stays a word. */
  const kept: { typed: string; brand?: true; attribute?: true; rest?: string; base?: string }[] = [];
  /** Token spans relaxed as one part: [first, end). */
  const joined: [number, number][] = [];
  const understoodAttributes: UnderstoodAttribute[] = [];
  const attributes = attributeIndex(input.attributes);
  const language = input.locale.split('-')[0].toLowerCase();
  const understoodColours: UnderstoodColour[] = [];
  const understoodGenders: UnderstoodGender[] = [];
  const understoodBrands: UnderstoodBrand[] = [];
  const understoodSizes: UnderstoodSize[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const typed = typedTokens[i] ?? token;
    // A brand of several words first ("Black Diamond" is no colour), then a size after its size word.
    if (!understoodBrands.length) {
      const n = [...Array(MAX_BRAND_WORDS - 1).keys()].map((k) => MAX_BRAND_WORDS - k).find((m) => brandAt(i, m));
      if (n) {
        understoodBrands.push({ typed: typedAt(i, n), values: brandAt(i, n)! });
        kept.push({ typed: typedAt(i, n), brand: true });
        joined.push([i, i + n]);
        i += n - 1;
        continue;
      }
    }
    const size = SIZE_WORDS.has(token) && i + 1 < tokens.length ? sizes.get(tokens[i + 1]) : undefined;
    if (size && !understoodSizes.length) {
      understoodSizes.push({ typed: typedAt(i, 2), values: size });
      i++;
      continue;
    }
    // Two-word colour names first ("light grey").
    const pair = i + 1 < tokens.length ? colours.get(`${token} ${tokens[i + 1]}`) : undefined;
    if (pair && !understoodColours.length) {
      understoodColours.push({ typed: `${typed} ${typedTokens[i + 1] ?? tokens[i + 1]}`, names: pair.names });
      i++;
      continue;
    }
    const colour = colours.get(token);
    // One colour per query: "black and white" is a pattern, not two filters that exclude each other.
    if (colour && !understoodColours.length) {
      understoodColours.push({ typed, names: colour.names });
      continue;
    }
    const gender = genderOf(token);
    const values = gender ? catalogGenders.get(gender) : undefined;
    if (values && !understoodGenders.length) {
      // "jakke til herre", "jacka för herr": the preposition belongs to the audience, when a word precedes it.
      const before = kept[kept.length - 1];
      const preposition =
        before &&
        !before.brand &&
        !before.attribute &&
        kept.length > 1 &&
        i > 0 &&
        foldWord(before.typed) === tokens[i - 1] &&
        AUDIENCE_PREPOSITIONS.has(tokens[i - 1])
          ? kept.pop()!.typed
          : undefined;
      understoodGenders.push({ typed: preposition ? `${preposition} ${typed}` : typed, values });
      if (preposition) joined.push([i - 1, i + 1]);
      continue;
    }
    const brand = understoodBrands.length ? undefined : brands.get(token);
    if (brand) {
      understoodBrands.push({ typed, values: brand });
      kept.push({ typed, brand: true });
      continue;
    }
    if (!understoodAttributes.length) {
      // A value of several words first ("återvunnen polyester"), then one word, its forms and compounds.
      const n = [3, 2].find((m) => i + m <= tokens.length && attributes.exact.has(tokens.slice(i, i + m).join(' ')));
      const found = n ? { value: attributes.exact.get(tokens.slice(i, i + n).join(' '))!, rest: undefined } : attributeIn(token, language, attributes);
      if (found) {
        // "skor i läder": the preposition belongs to the attribute, when a word precedes it.
        const before = kept[kept.length - 1];
        const preposition =
          before && !before.brand && kept.length > 1 && i > 0 && foldWord(before.typed) === tokens[i - 1] && ATTRIBUTE_PREPOSITIONS.has(tokens[i - 1])
            ? kept.pop()!.typed
            : undefined;
        const own = typedAt(i, n ?? 1);
        // The product word of a compound, typed as the visitor typed it where folding kept its length.
        const rest = found.rest && (typed.length === token.length ? typed.slice(typed.length - found.rest.length) : found.rest);
        understoodAttributes.push({ typed: own, name: found.value.name, values: found.value.values });
        joined.push([preposition ? i - 1 : i, i + (n ?? 1)]);
        const inflected = !n && !rest && !found.value.values.some((v) => foldWord(v) === token);
        kept.push({
          typed: preposition ? `${preposition} ${own}` : own,
          attribute: true,
          ...(rest ? { rest } : {}),
          ...(inflected ? { base: found.value.values[0] } : {}),
        });
        i += (n ?? 1) - 1;
        continue;
      }
    }
    kept.push({ typed });
  }
  // A brand or an attribute value alone is searched as words: it needs a product word beside it ("nike
  // sneakers", "läderskor"), and the word alone already finds its products through their text ("nike",
  // "linne", which is also a tank top).
  const productWords = kept.filter((k) => (!k.brand && !k.attribute) || k.rest);
  const brand = productWords.length ? understoodBrands : [];
  const attribute = productWords.length ? understoodAttributes : [];
  const words = (
    productWords.length && (brand.length || attribute.length) ? productWords.map((k) => k.rest ?? k.typed) : kept.map((k) => k.base ?? k.typed)
  ).join(' ');
  // Relaxing parts: every typed word, a multi-word brand or an attribute with its preposition as one.
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const span = joined.find(([first]) => first === i);
    parts.push(typedAt(i, span ? span[1] - i : 1));
    if (span) i = span[1] - 1;
  }
  return {
    words,
    colours: understoodColours,
    genders: understoodGenders,
    brands: brand,
    sizes: understoodSizes,
    attributes: attribute,
    ...(price ? { price } : {}),
    parts,
  };
}

/** True when understanding took any word out of the text match. */
export function understoodAny(u: Understanding | undefined): u is Understanding {
  return !!u && (u.colours.length > 0 || u.genders.length > 0 || u.brands.length > 0 || u.sizes.length > 0 || u.attributes.length > 0 || u.price !== undefined);
}

/** Where a product's colour is named: its colour names, its labels (a feed's "color" label) and its title. */
const COLOUR_FIELDS = ['colorNames^3', 'customText^2', 'title^2'];

/**
 * Where a named brand may be: the product's brand, or its title or name. Not descriptions or labels ("fits
 * Nike shoes"); and a title naming the word keeps a brand that is also a product word from hiding it.
 */
const BRAND_FIELDS = ['brand.text', 'title', 'name'];

/** The products of the understood brands rank first, in either mode (the clause also takes titles). Pure. */
export function understoodBoosts(u: Understanding, weight: number): Query[] {
  return u.brands.map((b): Query => ({ constant_score: { filter: { terms: { brand: b.values } }, boost: weight } }));
}

/** One query clause per understood thing: the product's colour, gender, brand, size, attribute and price. Pure. */
export function understoodClauses(u: Understanding, priceId: string | undefined): Query[] {
  return [
    ...u.colours.map(
      (c): Query => ({
        bool: { should: c.names.map((name): Query => ({ multi_match: { query: name, type: 'phrase', fields: COLOUR_FIELDS } })), minimum_should_match: 1 },
      }),
    ),
    ...u.genders.map((g): Query => ({ terms: { gender: g.values } })),
    ...u.brands.map(
      (b): Query => ({
        bool: { should: [{ terms: { brand: b.values } }, { multi_match: { query: b.typed, type: 'phrase', fields: BRAND_FIELDS } }], minimum_should_match: 1 },
      }),
    ),
    ...u.sizes.map((z): Query => ({ terms: { sizes: z.values } })),
    // The label, or the value's words in the title: a catalog whose labels miss some products still finds
    // "Forest mule i läder".
    ...u.attributes.map(
      (a): Query => ({
        bool: {
          should: [{ terms: { [customLabelField(a.name)]: a.values } }, ...a.values.map((v): Query => ({ match_phrase: { title: v } }))],
          minimum_should_match: 1,
        },
      }),
    ),
    ...(u.price
      ? [
          priceIntervalQuery(
            { ...(u.price.min !== undefined ? { min: u.price.min } : {}), ...(u.price.max !== undefined ? { max: u.price.max } : {}) },
            priceId,
          ),
        ]
      : []),
  ];
}
