/**
 * The landing-page request, parsed once at the edge: shared parameters (QueryContext), its own parameters
 * (pageReference, paging, sort, `f.` selections, includeNavigation, q) and the POST body (primaryList,
 * navigation, recommendationLists, contentLists). What depends on the page (facets, offered sorts, the
 * selections those facets accept) is resolved once the page is loaded (settings.ts).
 */
import Joi from 'joi';
import { invalid } from '../../kernel/errors';
import type { PageView } from '../../merchandising/pages/types';
import { parseProductFilter, parseRules, type RuleSet } from '../../rules';
import type { CatalogFacts } from '../catalogFacts';
import { contentListSettings, contentListsSchema, type ContentListSettings } from '../contentLists';
import { marketFacetSetup, type FacetSetup } from '../facets/registry';
import type { AttributeKind } from '../../catalog/attributeQueries';
import { integer, optionalBoolean, required, single, type RawQuery } from '../../kernel/params';
import { parseRecommendationLists, type RecommendationListRequest } from '../recommendations';
import { MAX_PHRASE_LENGTH } from '../relevance';
import { primaryListBodySchema, validateBody } from '../requestBody';
import { parseQueryContext, type EndpointRules, type QueryContext } from '../request';

/** templateId is not defined for landing-page: ignored with a note in the log; presentCustom takes the same prefixes as search-page. */
export const LANDING_PAGE_RULES: EndpointRules = { templates: 'ignored', presentCustomPrefixes: ['variant', 'number', 'length'] };
export const DEFAULT_LIMIT = 60;
export const MAX_LIMIT = 600;
export const MAX_SKIP = 10_000;
const MAX_REFERENCE_LENGTH = 1000;

export interface LandingPageRequest {
  context: QueryContext;
  /** The page id or its localized path in the request's locale. */
  pageReference: string;
  view: PageView;
  /** An optional phrase refining the primary list. */
  q?: string;
  /** The `sort` parameter as sent; checked against the page's sort orders once the page is known. */
  sort?: string;
  limit: number;
  skip: number;
  /** The raw query string, for `f.` selections (parsed against the page's facets). */
  query: RawQuery;
  /** The facets when the page does not override them. */
  /** The market's facets (a page's facetsOverride may replace them). */
  facetSetup: FacetSetup;
  /** Custom attributes of the live catalog, for selections of facets not shown. */
  customAttributes: ReadonlyMap<string, AttributeKind>;
  /**
   * Whether the body asks for the primary list (`primaryList` given, `include` not false) or refuses it
   * (`include: false`); undefined when the body says nothing: then the page decides.
   */
  primaryList?: boolean;
  /** The body's `primaryList.productRules` (or deprecated `productFilter`): restricts the list further. */
  rules: RuleSet;
  navigation: boolean;
  recommendationLists: RecommendationListRequest[];
  contentLists: ContentListSettings[];
  /** Listings collapse on `collapseKey`: some product group of the market suppresses duplicates. */
  collapse: boolean;
}

export interface LandingPageBody {
  primaryList?: { include?: boolean; productRules?: string; productFilter?: Record<string, unknown> };
  navigation?: { include?: boolean };
  recommendationLists?: unknown;
  contentLists: { id: string; limit: number; contentFilter: Record<string, string | string[]>; algorithm?: 'TOP_CONTENT' | 'NEWEST_CONTENT' }[];
}

const bodySchema = Joi.object({
  primaryList: primaryListBodySchema,
  navigation: Joi.object({ include: Joi.boolean() }).unknown(true),
  recommendationLists: Joi.any(),
  contentLists: contentListsSchema,
}).unknown(true);

/**
 * What a page reference may name, in the order tried: the reference as sent, and for a full http(s) URL
 * (the official client suggests URLs) its path without a trailing slash.
 */
export function referenceCandidates(reference: string): string[] {
  if (!/^https?:\/\//i.test(reference)) return [reference];
  try {
    const path = decodeURIComponent(new URL(reference).pathname).replace(/(.)\/+$/, '$1');
    return path === reference ? [reference] : [reference, path];
  } catch {
    return [reference];
  }
}

/** Validates a POST body (undefined for GET). */
export function parseLandingPageBody(body: unknown): LandingPageBody {
  return validateBody<LandingPageBody>(bodySchema, body, { contentLists: [] });
}

export function parseLandingPageRequest(query: RawQuery, body: LandingPageBody, facts: CatalogFacts | undefined, isPost: boolean): LandingPageRequest {
  const pageReference = required(query, 'pageReference').trim();
  if (pageReference.length > MAX_REFERENCE_LENGTH) throw invalid(`Query parameter pageReference is longer than ${MAX_REFERENCE_LENGTH} characters`);
  const context = parseQueryContext(query, facts, LANDING_PAGE_RULES);
  const catalog = facts!; // parseQueryContext answered 503 without facts
  const q = single(query, 'q')?.trim().replace(/\s+/g, ' ') || undefined;
  if (q !== undefined && q.length > MAX_PHRASE_LENGTH) throw invalid(`Query parameter q is longer than ${MAX_PHRASE_LENGTH} characters`);
  const includeNavigation = optionalBoolean(query, 'includeNavigation');
  const primary = body.primaryList;
  const sort = single(query, 'sort')?.trim() || undefined;
  return {
    context,
    pageReference,
    view: context.viewId === 'PREVIEW' ? 'preview' : 'production',
    ...(q !== undefined ? { q } : {}),
    ...(sort !== undefined ? { sort } : {}),
    limit: integer(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    skip: integer(query, 'skip', 0, 0, MAX_SKIP),
    query,
    facetSetup: marketFacetSetup(catalog, context, 'landing', context),
    customAttributes: catalog.customAttributes,
    ...(primary !== undefined ? { primaryList: primary.include !== false } : {}),
    rules: primary?.productRules
      ? parseRules(primary.productRules, { parameter: 'primaryList.productRules' })
      : primary?.productFilter
        ? parseProductFilter(primary.productFilter, { parameter: 'primaryList.productFilter' })
        : [],
    // POST asks in the body; GET (no body) with includeNavigation=true.
    navigation: body.navigation?.include === true || (!isPost && includeNavigation === true),
    recommendationLists: parseRecommendationLists(body.recommendationLists),
    contentLists: contentListSettings(body.contentLists),
    collapse: catalog.collapsingMarkets.has(context.market),
  };
}
