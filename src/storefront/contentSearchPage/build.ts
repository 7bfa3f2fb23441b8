/**
 * Pure builder of the content-search-page search: the phrase over the content alias (the content lists'
 * text match), the body's content filter, the chosen order and one page of items. Spelling suggestions
 * are suggest/phrase.ts's, asked of the content alias.
 */
import type { estypes } from '@elastic/elasticsearch';
import { contentFilters, contentTextMatch, NEWEST_CONTENT_FIRST } from '../contentLists';
import type { ContentSortId } from '../responseTypes';
import type { ContentSearchPageRequest } from './request';

/**
 * RELEVANCE: the score, then newest first (as content lists with a phrase). NEWEST_FIRST: the release
 * date, undated items last, then the score. The key last, so paging is stable.
 */
export const CONTENT_SORT_FIELDS: Record<ContentSortId, readonly estypes.SortCombinations[]> = {
  RELEVANCE: [{ _score: { order: 'desc' } }, ...NEWEST_CONTENT_FIRST],
  NEWEST_FIRST: [{ releaseDate: { order: 'desc', missing: '_last' } }, { _score: { order: 'desc' } }, { key: 'asc' }],
};

/** The primary list for `phrase` (the typed phrase, or a correction of it). */
export function contentSearch(req: ContentSearchPageRequest, phrase: string): estypes.SearchRequest {
  return {
    query: { bool: { must: [contentTextMatch(phrase)], filter: contentFilters(req.contentFilter, req.context) } },
    sort: [...CONTENT_SORT_FIELDS[req.sort]],
    from: req.skip,
    size: req.limit,
    track_total_hits: true,
  };
}
