/**
 * Pure builders of the autocomplete searches. They all go to Elasticsearch in one msearch:
 *
 * - suggestionSearch: the product suggestions (prefix-aware on the last typed token, collapsed like
 *   search-page, rules applied), the product-group count, and the completion suggester over the
 *   catalog phrases (`suggest` field, context the market: the index is the locale's) in the same request. Short prefixes
 *   take their product candidates from a completion suggester too (see usesCompletionCandidates).
 * - fuzzySuggestionSearch: the same listing with every word matched fuzzily, the fallback used when the typed
 *   phrase matches nothing (a typo), so that products follow the phrase suggestions' fuzzy completions.
 * - redirectSearch: one product whose product, variant or product group key is exactly the phrase.
 * - contentSuggestionSearch: content whose title starts with the typed words (deprecated contentSuggestions).
 * - content lists reuse contentListSearch (src/storefront/contentLists.ts).
 */
import type { estypes } from '@elastic/elasticsearch';
import { compileRuleSet } from '../../rules';
import { groupCountAggregation } from '../groupCount';
import { productSource } from '../productSource';
import {
  COMPOUND_WEIGHT,
  keyMatch,
  listingQuery,
  PHRASE_BOOST,
  phraseTypeKeys,
  relevanceBoosts,
  TEXT_FIELDS,
  textMatch,
  TYPE_BOOST,
  type PhraseExpansion,
} from '../relevance';
import { inStockQuery } from '../stock';
import type { AutocompleteRequest } from './request';

type Query = estypes.QueryDslQueryContainer;

/** Product groups suggested while typing. */
export const PRODUCT_SUGGESTIONS = 6;
/** Catalog phrases asked from the completion suggester (merged with popular searches, then cut). */
export const CATALOG_PHRASES = 10;
export const CONTENT_SUGGESTIONS = 5;
/** The content types contentSuggestions lists: "only link-type content" (storefront spec). */
export const LINK_CONTENT_TYPES = ['link', 'Link', 'LINK'];
/** Typed characters before the completion suggester also accepts one typo. */
const FUZZY_FROM = 4;
/** Name of the completion suggester in the response. */
export const COMPLETION = 'catalogPhrases';
/** Exact counts below this many groups that suppress duplicates; autocomplete only shows the figure. */
const GROUP_COUNT_PRECISION = 3_000;

/**
 * Fields a half-typed last token may start a word of: the completion suggester's inputs (title, brand,
 * name, series, category), so that the products follow the catalog phrases suggested for the prefix.
 * Title and brand have `index_prefixes` (a prefix is a plain term lookup); the others expand the prefix.
 */
export const PREFIX_FIELDS = ['title^8', 'name^6', 'brand.text^5', 'series.text^4', 'category.text^3'];

/** Whitespace tokens of the phrase: every one but the last is complete, the last may be half typed. */
export function typedTokens(q: string): { complete: string[]; last: string } {
  const tokens = q.split(' ').filter(Boolean);
  return { complete: tokens.slice(0, -1), last: tokens.at(-1) ?? '' };
}

/**
 * What a suggested product must match: every complete token in some text field (as search-page), and
 * the last token as a prefix of a title or brand word or as a whole word of any text field.
 */
export function prefixMatch(q: string): Query {
  const { complete, last } = typedTokens(q);
  const must: Query[] = [];
  if (complete.length) must.push({ multi_match: { query: complete.join(' '), type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS } });
  must.push({
    bool: {
      should: [
        { multi_match: { query: last, type: 'bool_prefix', operator: 'and', fields: PREFIX_FIELDS } },
        { multi_match: { query: last, type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS } },
      ],
      minimum_should_match: 1,
    },
  });
  return { bool: { must } };
}

/** The filters of the suggestion listing: market, locale and the body's product rules. */
export function suggestionFilters(req: AutocompleteRequest): Query[] {
  const rules = compileRuleSet(req.rules, { priceId: req.context.priceId });
  return [{ term: { market: req.context.market } }, { term: { locale: req.context.locale } }, ...(rules ? [rules] : [])];
}

/**
 * The completion's contexts: the request's market alone. A context query matches a document carrying any of
 * its contexts, so asking market and locale also found the documents of other markets in the locale (their
 * prices shown, their siblings fetched in a second round); the locale needs no context, the index is the locale's.
 */
const marketContext = (req: AutocompleteRequest) => ({ market: [req.context.market] });

export function completionSuggester(req: AutocompleteRequest): estypes.SearchSuggester {
  return {
    [COMPLETION]: {
      prefix: req.q,
      completion: {
        field: 'suggest',
        size: CATALOG_PHRASES,
        skip_duplicates: true,
        contexts: marketContext(req),
        ...(req.q.length >= FUZZY_FROM ? { fuzzy: { fuzziness: 1, prefix_length: 2, min_length: FUZZY_FROM } } : {}),
      },
    },
  } as estypes.SearchSuggester;
}

/**
 * A short single word (fewer than SHORT_PREFIX characters) without body rules matches a large part of
 * the catalog, and scoring and collapsing every match is what makes a search slow. Such prefixes take
 * their product candidates from the completion suggester instead (its FST finds the products whose
 * title, brand, name, series or category starts with the prefix without visiting the others); and
 * totalHits is the number of matching products, counted in filter context (an upper bound of the
 * groups: only groups that suppress duplicates hold several products).
 */
export const SHORT_PREFIX = 3;
/** Name of the product completion suggester (short prefixes); candidates asked of it. */
export const PRODUCT_COMPLETION = 'catalogProducts';
export const PRODUCT_CANDIDATES = 40;

export const usesCompletionCandidates = (req: AutocompleteRequest) => req.rules.length === 0 && req.q.length < SHORT_PREFIX && !req.q.includes(' ');

/**
 * Typed characters before the fuzzy fallback is asked (as the completion suggester's fuzziness): shorter
 * words are mostly half typed, and one edit of a three-letter word matches too much to be a correction.
 */
export const FUZZY_FALLBACK_FROM = FUZZY_FROM;
export const usesFuzzyFallback = (req: AutocompleteRequest) => req.q.length >= FUZZY_FALLBACK_FROM && !usesCompletionCandidates(req);

/**
 * Fields a word may match fuzzily: the main ones (search-page's secondary list uses the same), and the title's
 * unstemmed words (`title.shingles`): a stemmer cuts a misspelt word unpredictably ("drses" becomes "drse", two
 * edits from "dress"), while the word as typed is one edit from the title's "dress".
 */
const FUZZY_FIELDS = ['title^8', 'title.shingles^8', 'name^6', 'brand.text^5', 'series.text^4', 'category.text^3', 'productType.text^3'];

/**
 * Every typed word in some main field, within Elasticsearch's AUTO edit distance (none up to 2 letters, one
 * up to 5, two from 6; a swap of two letters is one edit; the first letter must be right); the last, half
 * typed word may also start a word, as in prefixMatch.
 */
export function fuzzyMatch(q: string): Query {
  const { complete, last } = typedTokens(q);
  const fuzzyWord = (word: string): Query => ({
    multi_match: { query: word, type: 'best_fields', operator: 'and', fuzziness: 'AUTO', prefix_length: 1, fields: FUZZY_FIELDS },
  });
  return {
    bool: {
      must: [
        ...complete.map(fuzzyWord),
        {
          bool: {
            should: [fuzzyWord(last), { multi_match: { query: last, type: 'bool_prefix', operator: 'and', fields: PREFIX_FIELDS } }],
            minimum_should_match: 1,
          },
        },
      ],
    },
  };
}

/**
 * The match of a suggested product, with the exact-key match; with an expansion holding synonyms or
 * compounds, also the phrase's expanded text match (whole words only: the typed prefix stays as typed).
 */
const suggestionMatch = (q: string, expansion?: PhraseExpansion): Query => {
  const expanded = expansion && (expansion.alternatives.length > 1 || expansion.compounds.size > 0 || (expansion.forms?.size ?? 0) > 0);
  return {
    bool: {
      should: [
        prefixMatch(q),
        keyMatch(q),
        ...(expanded ? [textMatch(q, expansion)] : []),
        ...(expansion?.typedCompounds?.length ? [typedHeadMatch(q, expansion.typedCompounds)] : []),
      ],
      minimum_should_match: 1,
    },
  };
};

/**
 * The typed words, the last one being the head of one of `compounds` ("klän" → maxiklänning,
 * omlottklänning): as-you-type matching reaches compound heads, which no prefix of the compound does.
 */
function typedHeadMatch(q: string, compounds: string[]): Query {
  const { complete } = typedTokens(q);
  return {
    bool: {
      must: [
        ...(complete.length
          ? [{ multi_match: { query: complete.join(' '), type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS } } satisfies Query]
          : []),
        { multi_match: { query: compounds.join(' '), type: 'best_fields', operator: 'or', fields: TEXT_FIELDS, boost: COMPOUND_WEIGHT } },
      ],
    },
  };
}

const groupCount = (collapse: boolean): Record<string, estypes.AggregationsAggregationContainer> =>
  collapse ? groupCountAggregation(GROUP_COUNT_PRECISION) : {};

/**
 * Autocomplete scores a title that starts with the phrase twice (its match_phrase_prefix beside relevanceBoosts'
 * match_phrase), so an accessory whose title opens with the product word ("Laptop Lock") gains about twice what it
 * gains on search-page: the product of the named type needs twice search-page's type boost to come first. With
 * TYPE_BOOST alone the two were within 2% and the order turned on index statistics (deleted documents).
 */
export const AUTOCOMPLETE_TYPE_BOOST = 2 * TYPE_BOOST;

/** Product suggestions, group count and catalog phrases in one search (see usesCompletionCandidates). */
export function suggestionSearch(req: AutocompleteRequest, size = PRODUCT_SUGGESTIONS, expansion?: PhraseExpansion): estypes.SearchRequest {
  if (usesCompletionCandidates(req)) return shortPrefixSearch(req);
  const boosts = [
    { match_phrase_prefix: { title: { query: req.q, boost: PHRASE_BOOST } } },
    ...relevanceBoosts(req.q, phraseTypeKeys(req.q, req.context.locale, expansion), [], { typeBoost: AUTOCOMPLETE_TYPE_BOOST }),
  ];
  return { ...suggestionListing(req, size, suggestionMatch(req.q, expansion), boosts), suggest: completionSuggester(req) };
}

/**
 * The suggestion listing with fuzzy words (fuzzyMatch), without the catalog phrases. It goes in the same
 * msearch as suggestionSearch (no extra round trip) and is shown only when that one matches nothing, so
 * exact matches always come first: a phrase that matches as typed never shows fuzzy ones.
 */
export function fuzzySuggestionSearch(req: AutocompleteRequest, size = PRODUCT_SUGGESTIONS): estypes.SearchRequest {
  return suggestionListing(req, size, fuzzyMatch(req.q), relevanceBoosts(req.q));
}

/** The product listing both suggestion searches send; they differ in how the phrase matches and is boosted. */
function suggestionListing(req: AutocompleteRequest, size: number, match: Query, boosts: Query[]): estypes.SearchRequest {
  return {
    query: listingQuery({ match, boosts, filters: suggestionFilters(req), inStock: inStockQuery(req.context), relevance: true }),
    size,
    ...(req.collapse ? { collapse: { field: 'collapseKey' } } : {}),
    aggs: groupCount(req.collapse),
    sort: [{ _score: { order: 'desc' } }, { productKey: 'asc' }],
    _source: { includes: productSource(req.context) },
    track_total_hits: true,
  };
}

function shortPrefixSearch(req: AutocompleteRequest): estypes.SearchRequest {
  return {
    // counting distinct groups over 100,000 matches costs ten times the count itself: products are counted
    query: { bool: { filter: [...suggestionFilters(req), suggestionMatch(req.q)] } },
    size: 0,
    track_total_hits: true,
    // the options of the product completion carry these; collapseKey to keep one product per group
    _source: { includes: [...productSource(req.context), 'collapseKey'] },
    suggest: {
      ...completionSuggester(req),
      [PRODUCT_COMPLETION]: {
        prefix: req.q,
        completion: { field: 'suggest', size: PRODUCT_CANDIDATES, skip_duplicates: false, contexts: marketContext(req) },
      },
    } as estypes.SearchSuggester,
  };
}

/** The phrase as typed, upper- and lower-cased: keys are matched exactly, in these three spellings. */
export const keySpellings = (q: string) => [...new Set([q, q.toUpperCase(), q.toLowerCase()])];

/**
 * The product to redirect to: a product or variant key equal to the phrase wins over a product group
 * key; among a group's products the most relevant is the one in stock, then the most popular.
 * Product rules do not apply (a redirect follows a key the visitor typed).
 */
export function redirectSearch(req: AutocompleteRequest): estypes.SearchRequest {
  const keys = keySpellings(req.q);
  const exact = (field: string, boost: number): Query => ({ constant_score: { filter: { terms: { [field]: keys } }, boost } });
  return {
    query: {
      bool: {
        filter: [{ term: { market: req.context.market } }, { term: { locale: req.context.locale } }],
        must: [{ dis_max: { queries: [exact('productKey', 100), exact('variantKeys', 100), exact('productGroupKey', 10)] } }],
        should: [
          { constant_score: { filter: inStockQuery(req.context), boost: 5 } },
          {
            function_score: {
              query: { match_all: {} },
              functions: [{ field_value_factor: { field: 'popularity', modifier: 'log1p', factor: 0.1, missing: 0 } }],
              boost_mode: 'replace',
            },
          },
        ],
      },
    },
    size: 1,
    sort: [{ _score: { order: 'desc' } }, { productKey: 'asc' }],
    _source: { includes: ['productKey', 'productGroupKey', 'variantKeys', 'url'] },
    track_total_hits: false,
  };
}

/** Content whose title holds every typed word, the last as a prefix. */
export function contentSuggestionSearch(req: AutocompleteRequest, size = CONTENT_SUGGESTIONS): estypes.SearchRequest {
  return {
    query: {
      bool: {
        // Only link-type content (the spec); the feed's type is free text, so its usual spellings.
        filter: [{ term: { market: req.context.market } }, { term: { locale: req.context.locale } }, { terms: { type: LINK_CONTENT_TYPES } }],
        must: [{ match_bool_prefix: { title: { query: req.q, operator: 'and' } } }],
      },
    },
    size,
    sort: [{ _score: { order: 'desc' } }, { key: 'asc' }],
    _source: { includes: ['key', 'title', 'url'] },
    track_total_hits: false,
  };
}
