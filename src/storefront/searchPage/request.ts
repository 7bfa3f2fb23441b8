/**
 * The search-page request, parsed once at the edge: shared parameters (QueryContext), its own parameters
 * (q, origin, paging, sort, facets, selectedCategory, viewAllSecondary) and the POST body (primaryList
 * rules, navigation, contentLists). GET has no body and gets the defaults.
 */
import Joi from 'joi';
import type { Meaning } from '../semantic';
import type { CatalogFacts } from '../catalogFacts';
import { contentListSettings, contentListsSchema, type ContentListSettings } from '../contentLists';
import type { DynamicFacets } from '../facets/dynamic';
import { marketFacetSetup, planFacets } from '../facets/registry';
import type { Selections } from '../facets/selections';
import type { Facet } from '../facets/types';
import { integer, oneOf, optionalBoolean, single, type RawQuery } from '../../kernel/params';
import { primaryListBodySchema, validateBody } from '../requestBody';
import { ORIGINS, parseQueryContext, searchPhrase, type EndpointRules, type QueryContext, type SearchOrigin } from '../request';
import { parseProductFilter, parseRules, type RuleSet } from '../../rules';
import { parseSort, type SortId } from '../sorts';
import { own } from '../../kernel/validation';
import type { AnswerState } from '../../events/searchSessions';
import type { UnderstandingInput } from '../understanding';
import type { AppliedPhraseRule } from '../phraseMerchandising';

export const SEARCH_PAGE_RULES: EndpointRules = { templates: true, presentCustomPrefixes: ['variant', 'number', 'length'] };

export interface SearchPageRequest {
  context: QueryContext;
  /** The phrase as typed, whitespace-normalised. */
  q: string;
  origin: SearchOrigin;
  selectedCategory?: string;
  viewAllSecondary: boolean;
  sort: SortId;
  limit: number;
  skip: number;
  /** Facets shown whatever the hits (configured or default, then selected ones). */
  facets: Facet[];
  selections: Selections;
  /** Custom attribute facets chosen from the hits after those. */
  dynamic?: DynamicFacets;
  /** From `primaryList.productRules` or the deprecated `primaryList.productFilter`. */
  rules: RuleSet;
  navigation: boolean;
  contentLists: ContentListSettings[];
  /** Listings collapse on `collapseKey`: some product group of the market suppresses duplicates. */
  collapse: boolean;
  /** What query understanding reads besides the phrase and locale: the market's currency, the catalog's genders. */
  understandingFacts?: Omit<UnderstandingInput, 'locale'>;
  /** The phrase rule of `q` (looked up by run.ts before round 1; ../phraseMerchandising.ts). */
  phraseRule?: AppliedPhraseRule;
  /** An experiment variant's relevance settings for this request (storefront/experiments.ts); absent: the live ones. */
  relevance?: { behaviourWeight?: number; relaxedMatching?: boolean };
  /** Search by meaning (../semantic.ts): the phrase's vector and the fusion's settings; absent: by words alone. */
  meaning?: Meaning;
}

export interface SearchPageBody {
  primaryList?: { include?: boolean; productRules?: string; productFilter?: Record<string, unknown> };
  navigation?: { include?: boolean };
  contentLists: { id: string; limit: number; contentFilter: Record<string, string | string[]>; algorithm?: 'TOP_CONTENT' | 'NEWEST_CONTENT' }[];
}

const bodySchema = Joi.object({
  primaryList: primaryListBodySchema,
  navigation: Joi.object({ include: Joi.boolean() }),
  contentLists: contentListsSchema,
}).unknown(true);

/** Validates a POST body (undefined for GET). */
export function parseSearchPageBody(body: unknown): SearchPageBody {
  return validateBody<SearchPageBody>(bodySchema, body, { contentLists: [] });
}

export function parseSearchPageRequest(query: RawQuery, body: SearchPageBody, facts: CatalogFacts | undefined): SearchPageRequest {
  const q = searchPhrase(query);
  const context = parseQueryContext(query, facts, SEARCH_PAGE_RULES);
  const catalog = facts!; // parseQueryContext answered 503 without facts
  const facets = planFacets(marketFacetSetup(catalog, context, 'search', context), query, catalog.customAttributes, context);
  const primary = body.primaryList;
  const rules = primary?.productRules
    ? parseRules(primary.productRules, { parameter: 'primaryList.productRules' })
    : primary?.productFilter
      ? parseProductFilter(primary.productFilter, { parameter: 'primaryList.productFilter' })
      : [];
  const selectedCategory = single(query, 'selectedCategory')?.trim() || undefined;
  return {
    context,
    q,
    origin: oneOf(query, 'origin', ORIGINS) ?? 'ORGANIC',
    ...(selectedCategory ? { selectedCategory } : {}),
    viewAllSecondary: optionalBoolean(query, 'viewAllSecondary') ?? false,
    sort: parseSort(single(query, 'sort')),
    limit: integer(query, 'limit', 60, 1, 600),
    skip: integer(query, 'skip', 0, 0, 10000),
    facets: facets.facets,
    selections: facets.selections,
    ...(facets.dynamic ? { dynamic: facets.dynamic } : {}),
    rules,
    navigation: body.navigation?.include === true,
    contentLists: contentListSettings(body.contentLists),
    collapse: catalog.collapsingMarkets.has(context.market),
    understandingFacts: {
      currency: own(catalog.configuration.markets, context.market)?.currency,
      genders: catalog.genders,
      brands: catalog.brands,
      sizes: catalog.sizes,
      attributes: catalog.attributes,
    },
  };
}

/**
 * Pure: the answer's facets (and selected category), sort and page as comparable strings: an answer for the
 * session's phrase that changes one of them is a refinement, not another search (src/events/searchSessions.ts).
 */
export function answerState(req: Pick<SearchPageRequest, 'selections' | 'selectedCategory' | 'sort' | 'skip' | 'limit' | 'viewAllSecondary'>): AnswerState {
  const selections = [...req.selections].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    facet: JSON.stringify([req.selectedCategory ?? null, selections]),
    sort: String(req.sort),
    page: `${req.skip}:${req.limit}:${req.viewAllSecondary}`,
  };
}
