/**
 * Pure builders of the search-page searches. `primarySearch` reads like a table of contents: query,
 * selections as post_filter, facet and count aggregations, sort, paging, collapse, source.
 */
import type { estypes } from '@elastic/elasticsearch';
import { AGG } from '../aggNames';
import { groupCountAggregation } from '../groupCount';
import { candidateCount, coverageAggregation } from '../facets/dynamic';
import { facetAggregations, postFilter, underAllSelections } from '../facets/multiSelect';
import { productSource } from '../productSource';
import {
  allButOnePartMatch,
  allButOneWordMatch,
  expansionWithoutNegated,
  heldProductWord,
  listingQuery,
  phraseMatch,
  phraseCategoryBoost,
  phrasePriorTypes,
  phraseTypeKeys,
  relaxedMatch,
  relevanceBoosts,
  roleRelaxedMatch,
  textMatch,
  withoutNegated,
  type PhraseExpansion,
} from '../relevance';
import { restRoles } from '../wordRoles';
import { compileRuleSet } from '../../rules';
import { listingSort, scoresRelevance } from '../sorts';
import { inStockQuery } from '../stock';
import type { SearchPageRequest } from './request';
import { explainedSearch, type ExplainOption } from '../explain';
import { understoodBoosts, understoodClauses, type Understanding } from '../understanding';
import { phraseSuggester } from '../suggest/phrase';
import { wordCountAggregation } from '../suggest/correction';
import { hiddenFilters, matchWithPins, withPhraseRule } from '../phraseMerchandising';
import { meaningClause, wordsOrMeaning } from '../semantic';

type Query = estypes.QueryDslQueryContainer;

const RELATED_CATEGORIES = 8;
/** Category paths counted for navigation: enough for every level a sidebar draws on any real catalog. */
export const NAVIGATION_CATEGORIES = 2000;

export interface ListingOptions {
  /** Collapse on `collapseKey` (the market has groups that suppress duplicates). */
  collapse: boolean;
  from: number;
  size: number;
  /** Only the admin explain endpoint: Elasticsearch's explanation and named rule probes (explain.ts). */
  explain?: ExplainOption;
  /** Which of the phrase's lists the search is for (`ListKind`); `whole` unless given. */
  list?: ListKind;
}

/**
 * The primary list of a phrase that relaxes (issue 40): `whole`, the products with every word the relaxation
 * keeps (relevance.ts `phraseMatch`), whose partial matches are the secondary list's; `relaxed`, also the
 * products missing a word, the primary list only while `whole` finds nothing. A phrase that does not relax has
 * one list, the same for both.
 */
export type ListKind = 'whole' | 'relaxed';

/** What defines the listing besides the phrase: market, locale, product rules, selected category, the phrase rule's hidden products. */
export function listingFilters(req: SearchPageRequest, category: 'withCategory' | 'withoutCategory' = 'withCategory'): Query[] {
  const rules = compileRuleSet(req.rules, { priceId: req.context.priceId });
  return [
    { term: { market: req.context.market } },
    { term: { locale: req.context.locale } },
    ...(rules ? [rules] : []),
    ...(req.selectedCategory && category === 'withCategory' ? [{ term: { categoryPaths: req.selectedCategory } }] : []),
    ...hiddenFilters(req.phraseRule),
  ];
}

/**
 * What query understanding made of the phrase (understanding.ts): the understood colour, gender, brand, size,
 * attribute and price
 * are required (`filter`) or rank first (`boost`); `fallback` is the search when the filter leaves nothing:
 * the phrase as typed, then the products of the words left ("mens jeans" in a shop of women's jeans).
 * `expansion` is that of the words left.
 */
export interface UnderstoodPhrase {
  understanding: Understanding;
  mode: 'filter' | 'boost' | 'fallback';
  expansion?: PhraseExpansion;
}

/** Weight of an understood colour, gender or price in `boost` mode: above a word's match in the title. */
export const UNDERSTOOD_BOOST = 50;
/**
 * Weight of a named brand's own products (understanding.ts `understoodBoosts`): ahead of products whose title
 * only names the brand's word, without outweighing the words' matches (ESCI: 50 cost 0.002 of nDCG@10).
 */
export const BRAND_BOOST = 10;
/** In the fallback, what matches the phrase as typed ranks before what matches only the words left. */
export const TYPED_TIER = 1000;
/** In the secondary list beside a whole primary list, the phrase's partial matches rank before everything else. */
export const PARTIAL_TIER = 10 * TYPED_TIER;

/**
 * The match and scoring clauses of a phrase, or of the words understanding left of it and what it understood.
 * The words match as relevance.ts `phraseMatch` does (a longer phrase also matches products missing one word);
 * `full` is then the full match, which ranks first. `whole`, where narrower than `match`: what the primary list
 * holds while it finds products (`ListKind`). The fallback keeps its match: it answers only when the filter
 * leaves nothing.
 */
export function understoodMatch(
  req: SearchPageRequest,
  typedPhrase: string,
  typedExpansion?: PhraseExpansion,
  typedUnderstood?: UnderstoodPhrase,
): { match: Query; full?: Query; whole?: Query; boosts: Query[] } {
  const relaxedMatching = req.relevance?.relaxedMatching ?? true;
  // What the visitor does not want is no word to find ("without straw").
  const phrase = withoutNegated(typedPhrase);
  const expansion = phrase === typedPhrase ? typedExpansion : expansionWithoutNegated(typedExpansion);
  const understood =
    typedUnderstood && phrase !== typedPhrase
      ? {
          ...typedUnderstood,
          understanding: { ...typedUnderstood.understanding, words: withoutNegated(typedUnderstood.understanding.words) },
          expansion: expansionWithoutNegated(typedUnderstood.expansion),
        }
      : typedUnderstood;
  // The product-type boost follows the words searched: the phrase, or the words understanding left of it.
  const boostsOf = (words: string, wordsExpansion?: PhraseExpansion) => {
    const typeKeys = phraseTypeKeys(words, req.context.locale, wordsExpansion);
    return [
      ...relevanceBoosts(words, typeKeys, phrasePriorTypes(typeKeys, wordsExpansion), { behaviourWeight: req.relevance?.behaviourWeight }),
      ...phraseCategoryBoost(words, wordsExpansion),
    ];
  };
  // Relaxation drops words by role (wordRoles.ts): never the product word while other words are left.
  const rolesOf = (text: string, textExpansion?: PhraseExpansion) => restRoles(text.split(/\s+/).filter(Boolean), req.context.locale, textExpansion?.holds);
  if (!understood) return { ...phraseMatch(phrase, expansion, relaxedMatching, rolesOf(phrase, expansion)), boosts: boostsOf(phrase, expansion) };
  const { words } = understood.understanding;
  const clauses = understoodClauses(understood.understanding, req.context.priceId);
  const wordRoles = words ? rolesOf(words, understood.expansion) : [];
  const text = words ? phraseMatch(words, understood.expansion, relaxedMatching, wordRoles) : undefined;
  // A named brand's own products rank first; its clause also takes titles naming it.
  const boosts = [...(words ? boostsOf(words, understood.expansion) : boostsOf(phrase, expansion)), ...understoodBoosts(understood.understanding, BRAND_BOOST)];
  if (understood.mode === 'fallback') {
    // The phrase as typed matches as any phrase does (relaxed when long); its full match ranks first.
    const typed = phraseMatch(phrase, expansion, relaxedMatching, rolesOf(phrase, expansion));
    const typedFull = typed.full ?? typed.match;
    return {
      match: {
        bool: { should: [typed.match, { constant_score: { filter: typedFull, boost: TYPED_TIER } }, ...(text ? [text.match] : [])], minimum_should_match: 1 },
      },
      ...(typed.full || text ? { full: typedFull } : {}),
      boosts: boostsOf(phrase, expansion),
    };
  }
  // A long phrase relaxes as typed: products missing one of its words (the colour word too) follow every
  // product that has what was understood and every word left. Not a price phrase: "under", "kr" and the
  // amount are no words to find ("Under Armour jackets" for "jackets under £100"); nor a size phrase ("storlek
  // 32"). A brand phrase does relax: the products missing the brand or another word follow the brand's
  // (measured on ESCI, docs/language.md).
  // A brand of several words, or an attribute and its preposition, is one part: "brant studio sneakers" does
  // not relax to the sneakers of the "Studio" style, nor "skor i läder" to every shoe.
  // The words left relaxed by role keep the understood filter ("snygga svarta skor": black shoes, not shoes).
  const { price, sizes, parts, attributes } = understood.understanding;
  // Not beside an understood brand: a brand phrase relaxes as typed (issue 30, measured on ESCI).
  const byRole = relaxedMatching && !understood.understanding.brands.length && roleRelaxedMatch(wordRoles, understood.expansion) !== undefined;
  // An understood attribute (a material: "cotton") is a descriptor, the first thing the relaxation drops: "red
  // cotton dress" in a shop with no red cotton dress relaxes to its red dresses, keeping the colour and the
  // product word the shopper named, not to any two of the three words (cotton dresses of every colour, red
  // cotton T-shirts).
  const withoutAttributes = understoodClauses({ ...understood.understanding, attributes: [] }, req.context.priceId);
  const attributeRelaxed: Query | undefined =
    relaxedMatching && understood.mode === 'filter' && attributes.length && (text || withoutAttributes.length)
      ? { bool: { must: [...(text ? [text.match] : []), ...withoutAttributes] } }
      : undefined;
  const typedRelaxed =
    attributeRelaxed ??
    (byRole || price || sizes.length || !relaxedMatching
      ? undefined
      : phrase === typedPhrase && parts.join(' ') === phrase.trim().replace(/\s+/g, ' ')
        ? allButOnePartMatch(parts, expansion)
        : allButOneWordMatch(phrase, expansion));
  // The products missing a typed word (the colour word too) are partial matches: the whole list is the core's.
  const withRelaxed = (core: Query, coreFull: Query | undefined, coreWhole: Query | undefined): { match: Query; full?: Query; whole?: Query } =>
    typedRelaxed
      ? { match: { bool: { should: [core, typedRelaxed], minimum_should_match: 1 } }, full: coreFull ?? core, whole: coreWhole ?? core }
      : { match: core, ...(coreFull ? { full: coreFull } : {}), ...(coreWhole ? { whole: coreWhole } : {}) };
  // A phrase of understood words alone has nothing else to match: its clauses are then required in either mode.
  if (understood.mode === 'boost' && text) {
    return {
      ...withRelaxed(text.match, text.full, text.whole),
      boosts: [...boosts, ...clauses.map((filter): Query => ({ constant_score: { filter, boost: UNDERSTOOD_BOOST } }))],
    };
  }
  const core: Query = { bool: { must: [...(text ? [text.match] : []), ...clauses] } };
  return {
    ...withRelaxed(
      core,
      text?.full ? { bool: { must: [text.full, ...clauses] } } : undefined,
      text?.whole ? { bool: { must: [text.whole, ...clauses] } } : undefined,
    ),
    boosts,
  };
}

/**
 * The primary list's query for a phrase, before selections (facets are aggregated under it); `expansion`
 * adds the phrase's synonyms and compounds (phraseExpansion.ts). A longer phrase also matches products
 * missing one of its words, ranked after every full match (relevance.ts `phraseMatch`). The phrase rule's
 * pinned products are listed whatever they match and come first (run.ts places them), its boosts and buries scale relevance.
 * `list`: the whole list (every word the relaxation keeps) or the relaxed one (`ListKind`).
 */
export function primaryQuery(
  req: SearchPageRequest,
  phrase: string,
  expansion?: PhraseExpansion,
  understood?: UnderstoodPhrase,
  list: ListKind = 'whole',
): Query {
  const { match, full, boosts } = listMatch(req, phrase, list, expansion, understood);
  const words = withPhraseRule(
    listingQuery({
      match: matchWithPins(match, req.phraseRule),
      ...(full ? { fullMatch: full } : {}),
      boosts,
      filters: listingFilters(req),
      inStock: inStockQuery(req.context),
      relevance: scoresRelevance(req.sort),
    }),
    req.phraseRule,
    scoresRelevance(req.sort),
  );
  // Search by meaning (../semantic.ts): the products nearest the phrase join the list, ordered by relevance only;
  // what understanding requires ("red" as a filter) they must have too.
  if (!req.meaning || !scoresRelevance(req.sort)) return words;
  return wordsOrMeaning(words, listMeaning(req, req.meaning, phrase, expansion, understood).held, inStockQuery(req.context));
}

/**
 * The meaning clause of the primary list: the nearest products under the listing's filters, what understanding
 * requires and, in a phrase of several words, its product word where the catalog holds it (relevance.ts
 * `heldProductWord`). The secondary
 * list leaves out exactly these (`held`), so a product near in meaning but outside an understood filter (another
 * brand's bottle brush for "tissa bottle brush") stays reachable there; one of another kind than the product word
 * (`near`: black leather boots for "black leather sneakers") the secondary list holds by meaning.
 */
function listMeaning(
  req: SearchPageRequest,
  meaning: NonNullable<SearchPageRequest['meaning']>,
  phrase: string,
  expansion?: PhraseExpansion,
  understood?: UnderstoodPhrase,
): { held: Query; near?: Query } {
  const required = understood?.mode === 'filter' ? understoodClauses(understood.understanding, req.context.priceId) : [];
  const words = withoutNegated(understood ? understood.understanding.words : phrase);
  const wordsExpansion = understood ? understood.expansion : expansion;
  const roles = restRoles(words.split(/\s+/).filter(Boolean), req.context.locale, wordsExpansion?.holds);
  // Only a phrase whose qualifiers understanding requires ("black leather sneakers": a colour and a material) is
  // held to its product word: a bare product word ("kettle") is browsing, and its nearest products of other kinds
  // (a teapot) follow the word matches. Measured on ESCI (docs/relevance.md): holding every phrase of several words
  // cost recall@100 0.07 (the head noun's word misses its kind's other names: "shoes" for sneakers), these 0.03.
  const named = understood?.mode === 'filter' ? understood.understanding.parts.length : 0;
  const product = named > 1 ? heldProductWord(roles, wordsExpansion) : undefined;
  const filters = [...listingFilters(req), ...required];
  const held = meaningClause(meaning, [...filters, ...(product ? [product] : [])], inStockQuery(req.context));
  return product ? { held, near: meaningClause(meaning, filters, undefined, NEAR_MEANING_BOOST) } : { held };
}

/**
 * Scale of the secondary list's products near in meaning that the primary list's product word left out (a knn score
 * is boost × (1 + cosine) / 2): 60–100, after the partial matches (PARTIAL_TIER) and the words left of an understood
 * filter (TYPED_TIER), among or before the loose word matches. ESCI recall@100 with them: see docs/relevance.md.
 */
export const NEAR_MEANING_BOOST = 100;

/** The match of the primary list of the given kind (`ListKind`): the whole one where the phrase relaxes, else its one match. */
function listMatch(
  req: SearchPageRequest,
  phrase: string,
  list: ListKind,
  expansion?: PhraseExpansion,
  understood?: UnderstoodPhrase,
): { match: Query; full?: Query; boosts: Query[] } {
  const { match, whole, full, boosts } = understoodMatch(req, phrase, expansion, understood);
  return { match: list === 'whole' ? (whole ?? match) : match, ...(full ? { full } : {}), boosts };
}

/**
 * Whether the phrase, as understood, has a whole list narrower than its relaxed one (`ListKind`): then both are
 * asked in round 1 (run.ts), the relaxed one used only when the whole one is empty.
 */
export function relaxes(req: SearchPageRequest, phrase: string, expansion?: PhraseExpansion, understood?: UnderstoodPhrase): boolean {
  return understoodMatch(req, phrase, expansion, understood).whole !== undefined;
}

/**
 * Navigation counts ride on the primary search (no extra round trip, and they follow an auto-corrected
 * phrase): under `global`, the phrase's hits without the selected category, per category path, so the
 * selected category's siblings keep their counts (navigation/categories.ts).
 */
export function navigationAggregation(
  req: SearchPageRequest,
  phrase: string,
  collapse: boolean,
  expansion?: PhraseExpansion,
  understood?: UnderstoodPhrase,
  list: ListKind = 'whole',
): Record<string, estypes.AggregationsAggregationContainer> {
  const groups = collapse ? { aggs: groupCountAggregation() } : {};
  return {
    [AGG.navigation]: {
      global: {},
      aggs: {
        [AGG.navigationHits]: {
          filter: { bool: { filter: [navigationMatch(req, phrase, list, expansion, understood), ...listingFilters(req, 'withoutCategory')] } },
          aggs: {
            ...(collapse ? groupCountAggregation() : {}),
            [AGG.categories]: { terms: { field: 'categoryPaths', size: NAVIGATION_CATEGORIES }, ...groups },
          },
        },
      },
    },
  };
}

/** The phrase's match for navigation counts: by words, or by meaning where the list has it (as primaryQuery). */
function navigationMatch(req: SearchPageRequest, phrase: string, list: ListKind, expansion?: PhraseExpansion, understood?: UnderstoodPhrase): Query {
  const { match } = listMatch(req, phrase, list, expansion, understood);
  if (!req.meaning || !scoresRelevance(req.sort)) return match;
  return { bool: { should: [match, meaningClause(req.meaning, listingFilters(req, 'withoutCategory'))], minimum_should_match: 1 } };
}

export function primarySearch(
  req: SearchPageRequest,
  phrase: string,
  o: ListingOptions,
  expansion?: PhraseExpansion,
  understood?: UnderstoodPhrase,
): estypes.SearchRequest {
  const post = postFilter(req.facets, req.selections);
  return explainedSearch(
    {
      query: primaryQuery(req, phrase, expansion, understood, o.list),
      ...(post ? { post_filter: post } : {}),
      aggs: {
        ...facetAggregations(req.facets, req.selections, o.collapse),
        ...(req.dynamic ? coverageAggregation(req.facets, req.selections, candidateCount(req.dynamic, req.facets)) : {}),
        [AGG.related]: { terms: { field: 'category', size: RELATED_CATEGORIES } },
        ...(req.navigation ? navigationAggregation(req, phrase, o.collapse, expansion, understood, o.list) : {}),
        ...(o.collapse ? { [AGG.groups]: underAllSelections(req.facets, req.selections, groupCountAggregation()) } : {}),
      },
      sort: listingSort(req.sort, req.context),
      from: o.from,
      size: o.size,
      ...(o.collapse ? { collapse: { field: 'collapseKey' } } : {}),
      _source: { includes: productSource(req.context) },
      // Which write of each document a hit is: the key of its listing JSON (../listingJson.ts).
      seq_no_primary_term: true,
      track_total_hits: true,
    },
    o.explain,
  );
}

/**
 * The secondary list: products matching the phrase loosely (any term, fuzzily) that the primary list
 * does not hold, by relevance; no facet selections. `understood`: the primary list's understanding, whose
 * products are not repeated either; when its filter was applied, the products of the words left come first
 * ("rod jacka": the jackets of other colours, then what matches loosely). Beside a whole primary list
 * (`o.list`, `ListKind`), the phrase's partial matches come first, in the order the relaxed list gives them.
 */
export function secondarySearch(
  req: SearchPageRequest,
  phrase: string,
  o: ListingOptions,
  expansion?: PhraseExpansion,
  understood?: UnderstoodPhrase,
): estypes.SearchRequest {
  const { words } = understood?.understanding ?? { words: '' };
  // Negated words are no words to find here either ("without straw"), as in the primary list.
  const positive = withoutNegated(phrase);
  const loose = positive === phrase ? relaxedMatch(phrase, expansion) : relaxedMatch(positive, expansionWithoutNegated(expansion));
  const wordsLeft = understood?.mode === 'filter' && words ? textMatch(words, understood.expansion) : undefined;
  const looseFirst: Query = wordsLeft
    ? { bool: { should: [wordsLeft, { constant_score: { filter: wordsLeft, boost: TYPED_TIER } }, loose], minimum_should_match: 1 } }
    : loose;
  const typed = understoodMatch(req, phrase, expansion);
  const primary = understood ? understoodMatch(req, phrase, expansion, understood) : typed;
  const partialsFirst = (o.list ?? 'whole') === 'whole' && primary.whole !== undefined;
  // What the primary list holds: of a whole list, its whole match (the partial matches are this list's).
  const held = (m: { match: Query; whole?: Query }): Query => (partialsFirst ? (m.whole ?? m.match) : m.match);
  // The partial matches score as the relaxed list scored them, above every other product (dis_max: only the best counts).
  const partials: Query = { bool: { must: [primary.match], should: [...primary.boosts, { constant_score: { filter: primary.match, boost: PARTIAL_TIER } }] } };
  const meaning = req.meaning && scoresRelevance(req.sort) ? listMeaning(req, req.meaning, phrase, expansion, understood) : undefined;
  const queries = [...(partialsFirst ? [partials] : []), looseFirst, ...(meaning?.near ? [meaning.near] : [])];
  const match: Query = queries.length > 1 ? { dis_max: { queries } } : looseFirst;
  return {
    query: listingQuery({
      // Nor the products the primary list holds by meaning (the same nearest products under the same filters).
      match: {
        bool: {
          must: [match],
          // What the primary list holds: the understood match's (its fallback includes the phrase as typed), else the
          // phrase's. Not the typed phrase's beside an understood filter: relaxed by role it keeps "blue linen dress"
          // for "blue cotton dress", which the filter (cotton) leaves out of the primary list, so it was in neither.
          must_not: [understood ? held(primary) : held(typed), ...(meaning ? [meaning.held] : [])],
        },
      },
      filters: listingFilters(req),
      inStock: inStockQuery(req.context),
      relevance: true,
    }),
    ...(o.collapse ? { aggs: groupCountAggregation(), collapse: { field: 'collapseKey' } } : {}),
    sort: listingSort('RELEVANCE', req.context),
    from: o.from,
    size: o.size,
    _source: { includes: productSource(req.context) },
    // Which write of each document a hit is: the key of its listing JSON (../listingJson.ts).
    seq_no_primary_term: true,
    track_total_hits: true,
  };
}

/** A candidate correction counted by the spelling search (suggest/candidates.ts): its phrase and expansion. */
export interface CountedCandidate {
  phrase: string;
  expansion?: PhraseExpansion;
}

/**
 * The product groups each candidate correction's primary list would hold: one `filters` bucket per candidate
 * (keyed by its position) matching as primaryQuery does for the corrected phrase (by words, as auto-correct
 * searches it), under the page's facet selections, counted as the primary list counts them.
 */
export function candidateCountAggregation(
  req: SearchPageRequest,
  candidates: readonly CountedCandidate[],
  collapse: boolean,
): Record<string, estypes.AggregationsAggregationContainer> {
  if (!candidates.length) return {};
  const byWords: SearchPageRequest = { ...req, meaning: undefined };
  const post = postFilter(req.facets, req.selections);
  const filters = Object.fromEntries(
    candidates.map((c, i): [string, Query] => [String(i), { bool: { filter: [primaryQuery(byWords, c.phrase, c.expansion), ...(post ? [post] : [])] } }]),
  );
  return { [AGG.candidateCounts]: { filters: { filters }, ...(collapse ? { aggs: groupCountAggregation() } : {}) } };
}

/**
 * The spelling search beside the primary list (no hits): the phrase suggester's corrections and how many of
 * the listing's products hold each typed word, which decide whether a correction may be offered or applied
 * (suggest/correction.ts), and the product groups of each candidate correction (suggest/candidates.ts), which
 * decide whether a correction finds more than the phrase as typed. `size: 0`, so Elasticsearch's request
 * cache answers a repeated phrase.
 */
export function spellingSearch(
  req: SearchPageRequest,
  phrase: string,
  expansion?: PhraseExpansion,
  candidates: { counted: readonly CountedCandidate[]; collapse: boolean } = { counted: [], collapse: false },
): estypes.SearchRequest {
  return {
    size: 0,
    track_total_hits: false,
    query: { bool: { filter: listingFilters(req) } },
    aggs: { ...wordCountAggregation(phrase, expansion), ...candidateCountAggregation(req, candidates.counted, candidates.collapse) },
    suggest: phraseSuggester(phrase),
  };
}
