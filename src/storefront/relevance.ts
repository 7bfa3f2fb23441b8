/**
 * Text relevance of product searches, shared by search-page and autocomplete.
 *
 * Matching: every term of the phrase must occur in some searchable field (cross_fields, AND), or the
 * phrase (or one of its whitespace tokens) is a product or variant key. Fields by weight: title 8,
 * name 6, brand 5, series 4, category 3, product type 3, colour names 3 (the product's colours named in the
 * locale, catalog/colourNames.ts), custom labels 2, description 0.25 (a word found only there says little about
 * what the product is; 0.5 let description-only matches outrank title matches, docs/benchmarks.md).
 * Scoring adds: the exact-key boost (1000, so a key search ranks its product first), the title phrase
 * (boost 4, slop 1), popularity mildly (log10(1 + popularity)), 1 for every match (a floor), and on the
 * search page TYPE_BOOST for a product of the type the query's head noun names (catalog/productTypes.ts),
 * and PRIOR_BOOST × share for a type the head noun most often names in the catalog's titles (catalog/typePrior.ts).
 * The stock tier multiplies that by 10^7 for products in stock under the context: relevance stays
 * far below 10^7, so every in-stock product ranks before every out-of-stock one.
 * Fuzziness is only used by the looser secondary list (relaxedMatch) and autocomplete's fuzzy fallback
 * (autocomplete/build.ts, shown only when the phrase as typed matches nothing).
 *
 * Relaxed matching (search-page's primary list, `phraseMatch`): a phrase of RELAXED_FROM_WORDS (3) words or more
 * also matches products missing one of its words, in a tier below every full match (RELAXED_TIER scales their
 * score down, far enough that the best of them ranks after the worst full match, in or out of stock).
 *
 * Negation (search-page's primary list, `withoutNegated`): the words after "without" (or its equivalent in the
 * language) up to the next preposition are not searched: "water bottle without straw" matches as "water bottle".
 *
 * Expansion (phraseExpansion.ts): the match is a `bool.should` over the phrase's synonym alternatives, the
 * typed phrase first and weighted highest; and a word the catalog compounds ("jacka") may be the word or one
 * of its compounds ("vinterjacka"), the compounds weighted lower than the word itself.
 */
import type { estypes } from '@elastic/elasticsearch';
import { queryTypeKeys } from '../catalog/productTypes';
import { priorTypes } from '../catalog/typePrior';
import type { RoledWord, WordRole } from './wordRoles';

type Query = estypes.QueryDslQueryContainer;

export const TEXT_FIELDS = [
  'title^8',
  'name^6',
  'brand.text^5',
  'series.text^4',
  'category.text^3',
  'productType.text^3',
  'colorNames^3',
  'customText^2',
  'description^0.25',
];
const FUZZY_FIELDS = ['title^8', 'name^6', 'brand.text^5', 'series.text^4', 'category.text^3', 'productType.text^3', 'colorNames^3'];
export const KEY_BOOST = 1000;
export const PHRASE_BOOST = 4;
export const STOCK_TIER = 1e7;
/** Longest phrase searched, in characters (keeps relevance far below the stock tier). */
export const MAX_PHRASE_LENGTH = 200;

/** Whitespace-separated tokens of a phrase, for key lookups. */
const tokens = (phrase: string) => [...new Set(phrase.split(/\s+/).filter(Boolean))].slice(0, 10);

/**
 * Matches products whose product or variant key equals the phrase or one of its tokens, as typed,
 * upper-cased or lower-cased (plain term lookups: a case-insensitive term query costs an automaton).
 */
export function keyMatch(phrase: string): Query {
  const keys = [...new Set([phrase, ...tokens(phrase)].flatMap((k) => [k, k.toUpperCase(), k.toLowerCase()]))];
  return {
    constant_score: {
      filter: { bool: { should: [{ terms: { productKey: keys } }, { terms: { variantKeys: keys } }], minimum_should_match: 1 } },
      boost: KEY_BOOST,
    },
  };
}

/** What a phrase stands for: its synonym alternatives (typed first) and the catalog's compounds of its words. */
export interface PhraseExpansion {
  alternatives: string[];
  /** Lower-case word → compounds of the catalog ending with it. */
  compounds: ReadonlyMap<string, string[]>;
  /** Lower-case word → the catalog's other forms of it ("sko" → skor), where the stemmer does not join them. */
  forms?: ReadonlyMap<string, string[]>;
  /** Autocomplete: compounds whose head the last, half-typed word starts ("klän" → maxiklänning). */
  typedCompounds?: string[];
  /** The catalog's query → category prior (catalog/typePrior.ts): title head key → likely types with shares. */
  typePrior?: ReadonlyMap<string, readonly [string, number][]>;
  /**
   * Whether the catalog's titles, names or categories hold a lower-case word in any of its forms (the locale's
   * vocabulary); absent where the locale has none. Word roles (wordRoles.ts) call a word it lacks a modifier.
   */
  holds?: (word: string) => boolean;
  /** Behaviour's query → category prior (events/queries/phrasePrior.ts): searched phrase → categories with shares. */
  phrasePrior?: ReadonlyMap<string, readonly [string, number][]>;
}

/** Weight of a synonym alternative against the typed phrase, and of a compound against the word itself. */
export const SYNONYM_WEIGHT = 0.8;
export const COMPOUND_WEIGHT = 0.5;
/** Weight of another form of a word ("skor" for "sko"): nearly the word itself. */
export const FORM_WEIGHT = 0.9;

const allWords = (text: string): Query => ({ multi_match: { query: text, type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS } });

/**
 * Every word of `text` in some field, where a word with compounds or other forms may instead be any of them:
 * the words without either stay one cross_fields match, each other word becomes its own alternative.
 */
export function wordsMatch(
  text: string,
  compounds: ReadonlyMap<string, string[]> = new Map(),
  boost = 1,
  forms: ReadonlyMap<string, string[]> = new Map(),
): Query {
  const tokens = text.split(/\s+/).filter(Boolean);
  const bare = (token: string) => token.toLocaleLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const expands = (t: string) => compounds.has(bare(t)) || forms.has(bare(t));
  const expanded = tokens.filter(expands);
  if (!expanded.length)
    return boost === 1 ? allWords(text) : { multi_match: { query: text, type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS, boost } };
  const rest = tokens.filter((t) => !expands(t));
  const anyOf = (words: string[], weight: number): Query => ({
    multi_match: { query: words.join(' '), type: 'best_fields', operator: 'or', fields: TEXT_FIELDS, boost: weight },
  });
  return {
    bool: {
      must: [
        ...(rest.length ? [allWords(rest.join(' '))] : []),
        ...expanded.map(
          (t): Query => ({
            bool: {
              should: [
                allWords(t),
                ...(forms.has(bare(t)) ? [anyOf(forms.get(bare(t))!, FORM_WEIGHT)] : []),
                ...(compounds.has(bare(t)) ? [anyOf(compounds.get(bare(t))!, COMPOUND_WEIGHT)] : []),
              ],
              minimum_should_match: 1,
            },
          }),
        ),
      ],
      ...(boost === 1 ? {} : { boost }),
    },
  };
}

/** What a product must match to be a hit of the phrase (and, given an expansion, of what it stands for). */
export function textMatch(phrase: string, expansion?: PhraseExpansion): Query {
  const alternatives = expansion?.alternatives.length ? expansion.alternatives : [phrase];
  return {
    bool: {
      should: [...alternatives.map((a, i) => wordsMatch(a, expansion?.compounds, i === 0 ? 1 : SYNONYM_WEIGHT, expansion?.forms)), keyMatch(phrase)],
      minimum_should_match: 1,
    },
  };
}

/**
 * Words that negate what follows, per language, and the words that end the negated part ("water bottle without
 * straw", "lights without wiring with switch"). Every word must match, so the negated word was required: the
 * products that have what the visitor does not want ranked first.
 */
const NEGATIONS =
  /\s+(?:without|ohne|utan|uden|uten|sans|sin|senza|sem)\s+.*?(?=\s+(?:with|for|and|mit|für|und|med|för|och|og|till|til|avec|pour|et|con|para|per)\s|$)/giu;

/**
 * The phrase without its negated parts ("water bottle without straw" → "water bottle"); the phrase itself when
 * nothing else would be left. The negated words are dropped, not excluded: a product may name them to say it
 * lacks them ("no straw needed"). Measured in docs/benchmarks.md (negation).
 */
export function withoutNegated(phrase: string): string {
  const kept = phrase.replace(NEGATIONS, '').trim();
  return kept && kept !== phrase.trim() && /[\p{L}\p{N}]/u.test(kept) ? kept : phrase;
}

/** The expansion of a phrase whose negated parts are dropped (`withoutNegated`), alternative by alternative. */
export function expansionWithoutNegated(expansion: PhraseExpansion | undefined): PhraseExpansion | undefined {
  return expansion && { ...expansion, alternatives: [...new Set(expansion.alternatives.map(withoutNegated))] };
}

/** A phrase of at least this many words also matches products that miss one of them (`phraseMatch`); 3, measured against 2 (docs/storefront-api.md). */
export const RELAXED_FROM_WORDS = 3;
/**
 * Score factor of a product missing a word: relevance (at least 1, the floor, and far below 10^4) × the stock
 * tier × this stays below 1, the lowest score of a full match out of stock.
 */
export const RELAXED_TIER = 1e-11;

/** The words of a phrase that can match something (letters or digits), as typed. */
export const phraseWords = (phrase: string): string[] => phrase.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));

/**
 * Products with every word of the phrase but one (at least RELAXED_FROM_WORDS words), each word in some field
 * (its compounds and forms count as the word); undefined for shorter phrases. A word the analyser drops (a
 * stop word) counts as found, so it never is the missing one.
 */
export function allButOneWordMatch(phrase: string, expansion?: PhraseExpansion): Query | undefined {
  const words = phraseWords(phrase);
  if (words.length < RELAXED_FROM_WORDS) return undefined;
  const word = (w: string): Query => {
    const expanded = wordsMatch(w, expansion?.compounds, 1, expansion?.forms);
    return 'multi_match' in expanded ? { multi_match: { ...expanded.multi_match!, zero_terms_query: 'all' } } : expanded;
  };
  return { bool: { should: words.map(word), minimum_should_match: words.length - 1 } };
}

/** One word of a relaxed match: its compounds and forms count as the word, and a stop word counts as found. */
function relaxedWord(w: string, expansion?: PhraseExpansion): Query {
  const expanded = wordsMatch(w, expansion?.compounds, 1, expansion?.forms);
  return 'multi_match' in expanded ? { multi_match: { ...expanded.multi_match!, zero_terms_query: 'all' } } : expanded;
}

/**
 * The phrase's product word (wordRoles.ts `restRoles`: its head noun) as a match, where the catalog holds that
 * word: what a product near in meaning must also name to join a list found by words. "red cotton dress" then
 * lists red dresses, not every red cotton top near it; "black leather sneakers" black sneakers, not black leather
 * boots and bags. Undefined where the phrase has no product word the catalog holds: a need described in words no
 * title uses is answered by meaning alone.
 */
export function heldProductWord(roles: readonly RoledWord[], expansion?: PhraseExpansion): Query | undefined {
  const product = roles.find((r) => r.role === 'product');
  if (!product || expansion?.holds?.(product.word.toLocaleLowerCase()) !== true) return undefined;
  return relaxedWord(product.word, expansion);
}

/**
 * Longest phrase relaxed by role, in words: a longer one is rarely a noun phrase ("your heart and my heart are
 * very old friends" is a title) and relaxes by any one word (ESCI: the head-noun rule cost 0.14 on such a query).
 */
const MAX_ROLE_WORDS = 5;

/** Roles a relaxation drops before any other word: words the catalog does not hold and price intent words. */
const DROPPED_FIRST: ReadonlySet<WordRole> = new Set(['modifier', 'price']);

/**
 * Relaxation by word role (wordRoles.ts), from two words: the product word is always kept. Modifiers (words
 * the catalog does not hold) and price intent words are dropped first ("snygga vinter jacka" → winter jackets);
 * of the other words one may then be missing when two or more are left, an attribute or the audience
 * ("jacka för barn" → jackets, never children's T-shirts). A phrase of two words relaxes only when its other
 * word is a modifier, price intent or audience word. Undefined when the phrase has no product word, nothing to
 * drop or more than MAX_ROLE_WORDS words: the caller relaxes as before (allButOneWordMatch).
 */
export function roleRelaxedMatch(roles: readonly RoledWord[], expansion?: PhraseExpansion): Query | undefined {
  const steps = roleSteps(roles);
  if (!steps) return undefined;
  const { product, kept, required, optional } = steps;
  return {
    bool: {
      must: [
        relaxedWord(product.word, expansion),
        ...(required > 0 ? [{ bool: { should: kept.map((r) => relaxedWord(r.word, expansion)), minimum_should_match: required } }] : []),
      ],
      ...(optional.length ? { should: optional.map((r) => relaxedWord(r.word, expansion)) } : {}),
    },
  };
}

/** The steps of relaxation by role (roleRelaxedMatch), or undefined where the phrase does not relax by role. */
function roleSteps(
  roles: readonly RoledWord[],
): { product: RoledWord; kept: RoledWord[]; dropped: RoledWord[]; required: number; optional: RoledWord[] } | undefined {
  // An audience and its preposition ("för barn") are one part, kept or dropped together.
  const content: RoledWord[] = [];
  roles.forEach((r, i) => {
    if (r.role === 'function' || !phraseWords(r.word).length) return;
    const last = content[content.length - 1];
    if (r.role === 'audience' && roles[i - 1]?.role === 'audience' && last?.role === 'audience')
      content[content.length - 1] = { word: `${last.word} ${r.word}`, role: 'audience' };
    else content.push(r);
  });
  const product = content.find((r) => r.role === 'product');
  if (!product || content.length < 2 || content.length > MAX_ROLE_WORDS) return undefined;
  const others = content.filter((r) => r !== product);
  const kept = others.filter((r) => !DROPPED_FIRST.has(r.role));
  const dropped = others.filter((r) => DROPPED_FIRST.has(r.role));
  if (content.length === 2 && !dropped.length && others[0].role !== 'audience') return undefined;
  // Two words: the other goes. Longer: modifiers go, and one more word when two or more are left.
  const required = content.length === 2 ? 0 : kept.length >= 2 ? kept.length - 1 : kept.length;
  // A dropped word still ranks the products that have it (in a description, say) first.
  const optional = others.filter((r) => required === 0 || DROPPED_FIRST.has(r.role));
  return { product, kept, dropped, required, optional };
}

/**
 * What the primary list holds of a phrase that relaxes by role (issue 40, Elevate's primary list): the products
 * with the product word and every word the relaxation keeps, the words it drops first (modifiers, price intent
 * words) only ranking. `'relaxed'` when relaxation drops nothing else (its match is then the primary list's);
 * undefined when only the full match holds every kept word (nothing is dropped first) or the phrase does not
 * relax by role.
 */
export function roleKeptMatch(roles: readonly RoledWord[], expansion?: PhraseExpansion): Query | 'relaxed' | undefined {
  const steps = roleSteps(roles);
  if (!steps) return undefined;
  const { product, kept, dropped, required } = steps;
  if (required === kept.length) return 'relaxed';
  if (!dropped.length) return undefined;
  return { bool: { must: [product, ...kept].map((r) => relaxedWord(r.word, expansion)), should: dropped.map((r) => relaxedWord(r.word, expansion)) } };
}

/**
 * As allButOneWordMatch, over parts of one or more words (a brand of several words is one part: understanding.ts
 * `parts`): a product may miss one part, never half of one. Parts that are all single words relax as words.
 */
export function allButOnePartMatch(parts: readonly string[], expansion?: PhraseExpansion): Query | undefined {
  if (parts.every((p) => phraseWords(p).length === 1)) return allButOneWordMatch(parts.join(' '), expansion);
  if (parts.length < RELAXED_FROM_WORDS) return undefined;
  const part = (p: string): Query => {
    const expanded = wordsMatch(p, expansion?.compounds, 1, expansion?.forms);
    return 'multi_match' in expanded ? { multi_match: { ...expanded.multi_match!, zero_terms_query: 'all' } } : expanded;
  };
  return { bool: { should: parts.map(part), minimum_should_match: parts.length - 1 } };
}

/**
 * What a search-page product may match: the full match (`textMatch`) and, for a phrase of
 * RELAXED_FROM_WORDS words or more (or one relaxing by role), the products missing one word; `full` is then what
 * ranks them first. `whole`, given when it is narrower than `match`: the products with every word the
 * relaxation keeps (the full match, or every word but the modifiers and price intent words), which the primary
 * list holds; the rest of `match` are partial matches, the secondary list's, unless `whole` finds nothing
 * (issue 40, docs/storefront.md "Primary and secondary list").
 * `relaxedMatching` false (an experiment's variant): every word is required.
 */
export function phraseMatch(
  phrase: string,
  expansion?: PhraseExpansion,
  relaxedMatching = true,
  roles?: readonly RoledWord[],
): { match: Query; full?: Query; whole?: Query } {
  const full = textMatch(phrase, expansion);
  const byRole = relaxedMatching && roles ? roleRelaxedMatch(roles, expansion) : undefined;
  const relaxed = relaxedMatching ? (byRole ?? allButOneWordMatch(phrase, expansion)) : undefined;
  if (!relaxed) return { match: full };
  const match: Query = { bool: { should: [full, relaxed], minimum_should_match: 1 } };
  const kept = byRole && roles ? roleKeptMatch(roles, expansion) : undefined;
  if (kept === 'relaxed') return { match, full };
  return { match, full, whole: kept ? { bool: { should: [full, kept], minimum_should_match: 1 } } : full };
}

/**
 * Looser matching for the secondary list: any term, fuzzily, in the main fields (of any alternative). A word
 * found as typed scores again on its own, so it outranks a fuzzy neighbour ("väst" before "väska", one edit
 * away once stemmed) where the blended fuzzy scores alone ranked by the frequent word.
 */
export function relaxedMatch(phrase: string, expansion?: PhraseExpansion): Query {
  const fuzzy = (text: string): Query => ({
    multi_match: { query: text, type: 'best_fields', operator: 'or', fuzziness: 'AUTO', prefix_length: 1, fields: FUZZY_FIELDS },
  });
  const alternatives = expansion?.alternatives ?? [phrase];
  const loose = alternatives.length > 1 ? { bool: { should: alternatives.map(fuzzy), minimum_should_match: 1 } } : fuzzy(alternatives[0] ?? phrase);
  return { bool: { must: [loose], should: [{ multi_match: { query: phrase, type: 'best_fields', operator: 'or', fields: FUZZY_FIELDS } }] } };
}

/**
 * Added when the product is of the type the query's head noun names: about what a title match of one word
 * scores, so that "laptop"'s laptops (also those whose titles say "Notebook" or "MacBook", matched through
 * their category) rank above the sleeves, stands and locks whose titles say "laptop" as often. Additive, not a
 * factor: a factor cannot lift the product matched only through its category, which is the one that needs it.
 * Measured in docs/relevance.md (product types).
 */
export const TYPE_BOOST = 30;

/** The product type keys a phrase names (catalog/productTypes.ts), of the typed phrase and its synonyms. */
export function phraseTypeKeys(phrase: string, locale: string, expansion?: PhraseExpansion): string[] {
  const alternatives = expansion?.alternatives.length ? expansion.alternatives : [phrase];
  return [...new Set(alternatives.flatMap((a) => queryTypeKeys(a, locale, expansion?.compounds)))];
}

/**
 * At most PRIOR_BOOST × share for a product of a type the query's head noun most often names in the catalog's
 * titles (catalog/typePrior.ts), beside TYPE_BOOST for its own type. Measured in docs/benchmarks.md (prior).
 */
export const PRIOR_BOOST = 10;

/**
 * At most BEHAVIOUR_PRIOR_BOOST × share for a product of a category the phrase's shoppers clicked and put in
 * the cart (behaviour's prior): as strong as the title prior, so that behaviour breaks what text leaves tied
 * without outweighing a better text match.
 */
export const BEHAVIOUR_PRIOR_BOOST = PRIOR_BOOST;

/** The behaviour prior's boost for a phrase (its normalised form, as events store it); none without one. */
export function phraseCategoryBoost(phrase: string, expansion?: PhraseExpansion): Query[] {
  const likely = expansion?.phrasePrior?.get(phrase.trim().replace(/\s+/g, ' ').toLowerCase());
  if (!likely?.length) return [];
  return [
    {
      dis_max: {
        queries: likely.map(
          ([category, share]): Query => ({ constant_score: { filter: { term: { category } }, boost: Math.round(BEHAVIOUR_PRIOR_BOOST * share * 100) / 100 } }),
        ),
      },
    },
  ];
}

/** The types the phrase's head keys most often name in the catalog, with their shares (none without a prior). */
export function phrasePriorTypes(typeKeys: readonly string[], expansion?: PhraseExpansion): [string, number][] {
  return expansion?.typePrior?.size ? priorTypes(typeKeys, expansion.typePrior) : [];
}

/**
 * Optional scoring clauses that never decide whether a product matches; `typeKeys` (phraseTypeKeys) adds
 * TYPE_BOOST for a product of the type the phrase names, `prior` (phrasePriorTypes) PRIOR_BOOST × share for
 * a type the phrase's head most often names. `behaviourWeight` (an experiment's variant) scales the popularity
 * clause: 1 is the live weight, 0 leaves behaviour out.
 */
export function relevanceBoosts(
  phrase: string,
  typeKeys: readonly string[] = [],
  prior: readonly [string, number][] = [],
  options: { typeBoost?: number; behaviourWeight?: number } = {},
): Query[] {
  const { typeBoost = TYPE_BOOST, behaviourWeight = 1 } = options;
  return [
    { match_phrase: { title: { query: phrase, slop: 1, boost: PHRASE_BOOST } } },
    ...(behaviourWeight > 0
      ? [
          {
            function_score: {
              query: { match_all: {} },
              functions: [{ field_value_factor: { field: 'popularity', modifier: 'log1p', missing: 0 } }],
              boost_mode: 'replace',
              ...(behaviourWeight !== 1 ? { boost: behaviourWeight } : {}),
            },
          } satisfies Query,
        ]
      : []),
    { constant_score: { filter: { match_all: {} }, boost: 1 } },
    ...(typeKeys.length ? [{ constant_score: { filter: { terms: { productTypeKeys: [...typeKeys] } }, boost: typeBoost } }] : []),
    // One clause per type: a product of several likely types takes the best (dis_max), not their sum.
    ...(prior.length
      ? [
          {
            dis_max: {
              queries: prior.map(
                ([t, share]): Query => ({ constant_score: { filter: { term: { productTypeKeys: t } }, boost: Math.round(PRIOR_BOOST * share * 100) / 100 } }),
              ),
            },
          },
        ]
      : []),
  ];
}

export interface ListingQueryInput {
  /** The match (undefined: every product passing the filters). */
  match?: Query;
  /** Scoring clauses (relevance ordering only). */
  boosts?: Query[];
  /** Filters that define the listing (market, locale, rules, category); selections go to post_filter. */
  filters: Query[];
  /** Products in stock under the context. */
  inStock: Query;
  /** True: score = relevance × stock tier. False: score = stock tier alone (1 or 0), for field sorts. */
  relevance: boolean;
  /**
   * Given when `match` is relaxed (phraseMatch): the full match, whose products rank before every other
   * (relevance: the others' score × RELAXED_TIER; field sorts: 2 added to a full match's stock score).
   */
  fullMatch?: Query;
}

export function listingQuery(i: ListingQueryInput): Query {
  if (!i.relevance) {
    return {
      bool: {
        filter: [...(i.match ? [i.match] : []), ...i.filters],
        should: [{ constant_score: { filter: i.inStock, boost: 1 } }, ...(i.fullMatch ? [{ constant_score: { filter: i.fullMatch, boost: 2 } }] : [])],
      },
    };
  }
  return {
    function_score: {
      query: { bool: { must: i.match ? [i.match] : [{ match_all: {} }], should: i.boosts ?? [], filter: i.filters } },
      functions: [{ filter: i.inStock, weight: STOCK_TIER }, ...(i.fullMatch ? [{ filter: { bool: { must_not: [i.fullMatch] } }, weight: RELAXED_TIER }] : [])],
      boost_mode: 'multiply',
    },
  };
}
