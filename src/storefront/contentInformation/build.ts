/** Pure builder of the content-information search: the asked keys among the market-locale's content items. */
import type { estypes } from '@elastic/elasticsearch';
import { contentFilters } from '../contentLists';
import type { ContentInformationRequest } from './request';

export function contentInformationSearch(req: ContentInformationRequest): estypes.SearchRequest {
  return {
    query: { bool: { filter: contentFilters({ content_key: req.contentKeys }, req.context) } },
    size: req.contentKeys.length,
    track_total_hits: false,
  };
}
