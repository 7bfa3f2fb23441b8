/**
 * Content lists (`contentLists` in query bodies): validation of the settings, the search in the content
 * alias (the page's phrase when there is one, newest first otherwise) and the shaping of ContentItems.
 * The pieces (content filter, text match, item shaping) also serve content-search-page and
 * content-information.
 */
import type { estypes } from '@elastic/elasticsearch';
import Joi from 'joi';
import type { ContentDocument } from '../catalog/documentTypes';
import { MAX_FILTER_VALUE_LENGTH } from '../rules';
import { image } from './presentation';
import { labelValues } from './productShaper';
import type { ContentItemResult, ContentListResult } from './responseTypes';
import { encodeTicket, type TicketOrigin } from '../events/tickets';

export const DEFAULT_CONTENT_LIMIT = 10;
export const MAX_CONTENT_LIMIT = 100;
export const MAX_CONTENT_LISTS = 10;
/** Attributes of one content filter (docs/storefront.md#limits): each is a clause of the content search. */
export const MAX_CONTENT_FILTER_ATTRIBUTES = 20;

export interface ContentListSettings {
  id: string;
  limit: number;
  contentFilter: ContentFilter;
  algorithm?: 'TOP_CONTENT' | 'NEWEST_CONTENT';
}

const filterValue = Joi.string().max(MAX_FILTER_VALUE_LENGTH);
const stringOrList = Joi.alternatives(filterValue, Joi.array().items(filterValue).max(200));

/** A `contentFilter`: `type`, `content_key` and `custom.<name>` to a value or a list of values. */
export const contentFilterSchema = Joi.object()
  .pattern(/^(type|content_key|custom\..{1,200})$/, stringOrList)
  .unknown(false)
  .max(MAX_CONTENT_FILTER_ATTRIBUTES);

/** Attribute (`type`, `content_key`, `custom.<name>`) to accepted values (several attributes AND, values OR). */
export type ContentFilter = Record<string, string[]>;

/** Single strings of a validated content filter become lists. */
export function normaliseContentFilter(validated: Record<string, string | string[]>): ContentFilter {
  return Object.fromEntries(Object.entries(validated).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
}

/** Joi schema of the `contentLists` body field (0 to 10 lists, unique ids). */
export const contentListsSchema = Joi.array()
  .items(
    Joi.object({
      id: Joi.string()
        .min(1)
        .max(20)
        .pattern(/^[A-Za-z0-9_-]+$/)
        .required(),
      limit: Joi.number().integer().min(1).max(MAX_CONTENT_LIMIT).default(DEFAULT_CONTENT_LIMIT),
      contentFilter: contentFilterSchema.default({}),
      algorithm: Joi.string().valid('TOP_CONTENT', 'NEWEST_CONTENT'),
    }),
  )
  .max(MAX_CONTENT_LISTS)
  .unique('id')
  .default([]);

/** Normalises validated settings (single strings become lists). */
export function contentListSettings(
  validated: { id: string; limit: number; contentFilter: Record<string, string | string[]>; algorithm?: ContentListSettings['algorithm'] }[],
): ContentListSettings[] {
  return validated.map((l) => ({
    id: l.id,
    limit: l.limit,
    contentFilter: normaliseContentFilter(l.contentFilter),
    ...(l.algorithm ? { algorithm: l.algorithm } : {}),
  }));
}

const FILTER_FIELD = (attribute: string) => (attribute === 'type' ? 'type' : attribute === 'content_key' ? 'key' : `customLabels.${attribute.slice(7)}`);

/** Content items of the market-locale that pass the content filter. */
export function contentFilters(filter: ContentFilter, at: { market: string; locale: string }): estypes.QueryDslQueryContainer[] {
  return [
    { term: { market: at.market } },
    { term: { locale: at.locale } },
    ...Object.entries(filter).map(([attribute, values]) => ({ terms: { [FILTER_FIELD(attribute)]: values } })),
  ];
}

/** Content items matching a phrase: every term in the title, description or a custom label. */
export function contentTextMatch(phrase: string): estypes.QueryDslQueryContainer {
  return { multi_match: { query: phrase, type: 'cross_fields', operator: 'and', fields: ['title^3', 'description', 'customText^2'] } };
}

/** Newest first; items without a release date last; the key keeps paging stable. */
export const NEWEST_CONTENT_FIRST: readonly estypes.SortCombinations[] = [{ releaseDate: { order: 'desc', missing: '_last' } }, { key: 'asc' }];

/**
 * The search of one content list. TOP_CONTENT ranks the items by clicks (`topContent`: content keys, most
 * clicked first, from the behaviour data): each ranked item scores by its rank, unclicked items score 0 and
 * follow newest first (so before any click TOP_CONTENT lists like NEWEST_CONTENT); a phrase then only
 * selects the items.
 */
export function contentListSearch(
  list: ContentListSettings,
  at: { market: string; locale: string; phrase?: string },
  topContent?: readonly string[],
): estypes.SearchRequest {
  if (list.algorithm === 'TOP_CONTENT' && topContent) {
    const ranked = topContent.map((key, i) => ({ constant_score: { filter: { term: { key } }, boost: topContent.length - i } }));
    return {
      query: { bool: { filter: [...(at.phrase ? [contentTextMatch(at.phrase)] : []), ...contentFilters(list.contentFilter, at)], should: ranked } },
      size: list.limit,
      track_total_hits: true,
      sort: ['_score', ...NEWEST_CONTENT_FIRST],
    };
  }
  return {
    query: { bool: { must: at.phrase ? [contentTextMatch(at.phrase)] : [], filter: contentFilters(list.contentFilter, at) } },
    size: list.limit,
    track_total_hits: true,
    sort: at.phrase ? ['_score', ...NEWEST_CONTENT_FIRST] : [...NEWEST_CONTENT_FIRST],
  };
}

/**
 * A content item as the client's ContentItem. Captions only where the spec gives them
 * (content-information: `withCaption`), not in content lists or content-search-page.
 */
export function shapeContentItem(doc: ContentDocument, position: number, origin: TicketOrigin, withCaption = false): ContentItemResult {
  return {
    key: doc.key,
    type: doc.type,
    title: doc.title,
    link: doc.url,
    ticket: encodeTicket({ ...origin, kind: 'content', contentKey: doc.key, position }),
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    ...(doc.releaseDate !== undefined ? { releaseDate: doc.releaseDate } : {}),
    ...(doc.image ? { image: image(doc.image, withCaption) } : {}),
    custom: Object.fromEntries(Object.entries(doc.customLabels ?? {}).map(([name, values]) => [name, labelValues(values, doc.customLabelIds?.[name])])),
  };
}

export function shapeContentList(
  list: ContentListSettings,
  response: estypes.SearchResponse<ContentDocument>,
  origin: Omit<TicketOrigin, 'listId'>,
): ContentListResult {
  const total = response.hits.total;
  return {
    id: list.id,
    items: response.hits.hits.flatMap((h, i) => (h._source ? [shapeContentItem(h._source, i, { ...origin, listId: list.id })] : [])),
    totalHits: typeof total === 'number' ? total : (total?.value ?? 0),
  };
}
