/**
 * What a product is, as keys a query can meet: the head noun of the feed's `productType`, else of the leaf of
 * each category ("Computers > Laptop Accessories" → accessory, "Dam > Jackor > Vinterjackor" → vinterjack).
 * Titles name accessories by the product they fit ("Laptop Sleeve", "Cooling Pad for Laptop"), so words alone
 * cannot tell a laptop from its sleeve; the type can. The query's head noun is keyed the same way
 * (`queryTypeKeys`) and a product of that type is boosted (storefront/relevance.ts).
 *
 * A key is a lookup key, never shown: English nouns singular ("Running Shoes" → shoe, "Batteries" → battery),
 * compounding languages by their form key (vocabulary.ts `formKey`: "Laufschuhe" → laufschuh), so that the
 * singular and plural of a type meet. The head of a compound is reached from the query side: the catalog's
 * compounds of the query's word ("jacka" → vinterjacka) are keyed too. Pure (productTypeKeys remembers its answers
 * per category names, which only saves time).
 */
import { COMPOUNDING_LANGUAGES, folded, formKey, languageOf } from './vocabulary';

/** Words that end the head's phrase: what follows them qualifies it ("Shoes for Men", "Fodral till mobil"). */
const PREPOSITIONS: Record<string, ReadonlySet<string>> = {
  en: new Set(['for', 'with', 'of', 'in', 'on', 'to', 'from', 'by', 'without']),
  de: new Set(['für', 'mit', 'von', 'aus', 'zum', 'zur', 'ohne', 'im', 'in']),
  sv: new Set(['för', 'med', 'till', 'av', 'utan', 'i', 'på']),
  nb: new Set(['for', 'med', 'til', 'av', 'uten', 'i', 'på']),
  da: new Set(['for', 'med', 'til', 'af', 'uden', 'i', 'på']),
  fr: new Set(['pour', 'avec', 'de', 'du', 'des', 'en', 'à', 'sans']),
  es: new Set(['para', 'con', 'de', 'del', 'en', 'sin']),
  it: new Set(['per', 'con', 'di', 'da', 'in', 'senza']),
};
PREPOSITIONS.no = PREPOSITIONS.nb;
PREPOSITIONS.nn = PREPOSITIONS.nb;

/** Languages whose head noun comes first ("chaussures de course"); elsewhere it is the last word. */
const HEAD_FIRST: ReadonlySet<string> = new Set(['fr', 'es', 'it', 'pt', 'ro', 'ca']);

/** Words joining several types in one name ("Cases and Covers", "Skor och stövlar"), beside & , / + ;. */
const CONJUNCTIONS: Record<string, string> = { en: 'and', de: 'und', sv: 'och', nb: 'og', nn: 'og', no: 'og', da: 'og', fr: 'et', es: 'y', it: 'e', pt: 'e' };
const separators = new Map<string, RegExp>();
/** The separator pattern of a language, built once (names are split for every product of an import). */
function separator(language: string): RegExp {
  let re = separators.get(language);
  if (!re) {
    const word = CONJUNCTIONS[language] ? `|(?<!\\p{L})${CONJUNCTIONS[language]}(?!\\p{L})` : '';
    // A slash between digits is a fraction or a size ("1/2 inch binder", "1/2gallon"), not a list of names.
    re = new RegExp(`\\s*(?:[&,+;]|(?<!\\p{N})/|/(?!\\p{N})${word})\\s*`, 'iu');
    separators.set(language, re);
  }
  return re;
}
const parts = (name: string, language: string): string[] => name.split(separator(language));

/**
 * English words that trail a product noun without being what the product is: who it is for and how many
 * ("slippers women", "drill bit set", "tank top plus size"). Skipped when looking for the head.
 */
const NOT_HEADS: ReadonlySet<string> = new Set([
  'women',
  'woman',
  'womens',
  'men',
  'man',
  'mens',
  'kids',
  'kid',
  'girls',
  'girl',
  'boys',
  'boy',
  'adults',
  'adult',
  'toddler',
  'toddlers',
  'baby',
  'babies',
  'unisex',
  'ladies',
  'lady',
  'set',
  'sets',
  'pack',
  'packs',
  'piece',
  'pieces',
  'pcs',
  'size',
  'sizes',
  'count',
  'pair',
  'pairs',
]);

/** English plurals the rules below miss. */
const IRREGULAR: Record<string, string> = {
  mice: 'mouse',
  men: 'man',
  women: 'woman',
  children: 'child',
  feet: 'foot',
  teeth: 'tooth',
  knives: 'knife',
  shelves: 'shelf',
  leaves: 'leaf',
};

/** An English noun in the singular: laptops → laptop, batteries → battery, watches → watch, glasses → glass. */
export function englishSingular(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w];
  if (w.length <= 3 || !w.endsWith('s')) return w;
  if (/(ss|us|is)$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

/** The key of one noun in `language`, as products and queries are compared. */
export function typeKey(language: string, word: string): string {
  const w = word.toLocaleLowerCase();
  if (language === 'en') return englishSingular(folded(w));
  if (COMPOUNDING_LANGUAGES.has(language)) return formKey(language, w);
  return folded(w);
}

const words = (text: string) =>
  text
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
/** A word that names something (not "14", "4K", "128GB", "Men's"). */
const nounLike = (w: string) => /\p{L}{2,}/u.test(w) && !/\p{N}/u.test(w) && !/'s$/i.test(w);

/**
 * The head nouns of a name as keys: each part between conjunctions, cut at its first preposition, gives
 * its last noun (first, in head-first languages). English also keys the last two words joined
 * ("Power Banks" → bank, powerbank), as shoppers write them both ways.
 */
export function headNounKeys(name: string, language: string): string[] {
  return parts(name, language).flatMap((part) => {
    const nouns = headPhrase(part, language);
    if (!nouns.length) return [];
    const head = HEAD_FIRST.has(language) ? nouns[0] : nouns[nouns.length - 1];
    const joined = language === 'en' && nouns.length > 1 ? [typeKey(language, `${nouns[nouns.length - 2]}${head}`)] : [];
    return [typeKey(language, head), ...joined];
  });
}

/** The nouns of a name's part before its first preposition ("Cooling Pad for Laptop" → Cooling, Pad). */
function headPhrase(part: string, language: string): string[] {
  const prepositions = PREPOSITIONS[language] ?? PREPOSITIONS.en;
  const all = words(part);
  const cut = all.findIndex((w, i) => i > 0 && prepositions.has(w.toLocaleLowerCase()));
  const nouns = (cut > 0 ? all.slice(0, cut) : all).filter(nounLike);
  if (language !== 'en') return nouns;
  // Trailing audience and quantity words are skipped; when nothing else is left, they are the head ("Men").
  let end = nouns.length;
  while (end > 1 && NOT_HEADS.has(nouns[end - 1].toLowerCase())) end--;
  return nouns.slice(0, end);
}

/** At most this many keys per product: a type is a few words, not a description. */
export const MAX_TYPE_KEYS = 8;
/** At most this many keys per query: its head and the catalog's compounds of it (vocabulary.ts caps those at 20). */
const MAX_QUERY_TYPE_KEYS = 24;

/**
 * A product's type keys in a locale: from the feed's `productType` values when it has any, else from the leaf
 * of each of its category paths.
 */
export function productTypeKeys(productType: readonly string[], categories: readonly string[], locale: string): string[] {
  const names = productType.length ? productType : categories.map((c) => c.split('>').pop()!.trim());
  // Products share their categories: an import asks for the same few names again and again.
  const memoKey = `${locale}\u0000${names.join('\u0001')}`;
  const known = memo.get(memoKey);
  if (known) return [...known];
  const language = languageOf(locale);
  const keys = [...new Set(names.flatMap((n) => headNounKeys(n, language)))].slice(0, MAX_TYPE_KEYS);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(memoKey, keys);
  return [...keys];
}

const MEMO_SIZE = 10_000;
const memo = new Map<string, readonly string[]>();

/**
 * The type keys a query names: the head noun of the phrase, and in compounding languages the keys of the
 * catalog's compounds of that word ("jacka" → jack, vinterjack, regnjack), whose head it is.
 */
export function queryTypeKeys(phrase: string, locale: string, compounds: ReadonlyMap<string, readonly string[]> = new Map()): string[] {
  const language = languageOf(locale);
  const first = parts(phrase, language)[0] ?? phrase;
  const keys = headNounKeys(first, language);
  const nouns = headPhrase(first, language);
  if (!keys.length || !nouns.length) return [];
  const head = (HEAD_FIRST.has(language) ? nouns[0] : nouns[nouns.length - 1]).toLocaleLowerCase();
  const compoundKeys = (compounds.get(head) ?? []).map((c) => typeKey(language, c));
  return [...new Set([...keys, ...compoundKeys])].slice(0, MAX_QUERY_TYPE_KEYS);
}
