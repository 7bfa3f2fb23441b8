/**
 * The content-search-page request, parsed once at the edge: the shared parameters (QueryContext), `q`,
 * `origin`, `sort` (RELEVANCE or NEWEST_FIRST), paging as search-page's, and the POST body's
 * `primaryList.contentFilter` (the content list filter: `type`, `content_key`, `custom.<name>`). GET has
 * no body and searches every content item of the market-locale.
 */
import Joi from 'joi';
import type { CatalogFacts } from '../catalogFacts';
import { contentFilterSchema, normaliseContentFilter, type ContentFilter } from '../contentLists';
import { integer, oneOf, type RawQuery } from '../../kernel/params';
import { validateBody } from '../requestBody';
import { ORIGINS, parseQueryContext, searchPhrase, type EndpointRules, type QueryContext, type SearchOrigin } from '../request';
import type { ContentSortId } from '../responseTypes';

/** No product lists, so neither templates nor presentCustom prefixes. */
export const CONTENT_SEARCH_PAGE_RULES: EndpointRules = { templates: false, presentCustomPrefixes: [] };
export const CONTENT_SORTS: readonly ContentSortId[] = ['RELEVANCE', 'NEWEST_FIRST'];

export interface ContentSearchPageRequest {
  context: QueryContext;
  /** The phrase as typed, whitespace-normalised. */
  q: string;
  origin: SearchOrigin;
  sort: ContentSortId;
  limit: number;
  skip: number;
  contentFilter: ContentFilter;
}

export interface ContentSearchPageBody {
  primaryList?: { include?: boolean; contentFilter?: Record<string, string | string[]> };
}

// `include` is tolerated (the primary list is always there, as on search-page); product settings such as
// `productRules` mean nothing for content and are refused by name.
const bodySchema = Joi.object({
  primaryList: Joi.object({ include: Joi.boolean(), contentFilter: contentFilterSchema }),
}).unknown(true);

/** Validates a POST body (undefined for GET). */
export function parseContentSearchPageBody(body: unknown): ContentSearchPageBody {
  return validateBody<ContentSearchPageBody>(bodySchema, body, {});
}

export function parseContentSearchPageRequest(query: RawQuery, body: ContentSearchPageBody, facts: CatalogFacts | undefined): ContentSearchPageRequest {
  const q = searchPhrase(query);
  const context = parseQueryContext(query, facts, CONTENT_SEARCH_PAGE_RULES);
  return {
    context,
    q,
    origin: oneOf(query, 'origin', ORIGINS) ?? 'ORGANIC',
    sort: oneOf(query, 'sort', CONTENT_SORTS) ?? 'RELEVANCE',
    limit: integer(query, 'limit', 60, 1, 600),
    skip: integer(query, 'skip', 0, 0, 10000),
    contentFilter: normaliseContentFilter(body.primaryList?.contentFilter ?? {}),
  };
}
