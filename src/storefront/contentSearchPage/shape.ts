/**
 * Pure shaping of the content-search-page response, with search-page's rules: `q` is the phrase the
 * items are for; `autoCorrect {q, originalTotalHits}` when a correction replaced a phrase that found
 * nothing; `didYouMean` (at most 3 corrections) when fewer than DID_YOU_MEAN_BELOW items matched and no
 * auto-correct happened. Items carry CONTENT_SEARCH_PAGE / PRIMARY_LIST tickets at their position in
 * the whole list.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ContentDocument } from '../../catalog/documentTypes';
import { shapeContentItem } from '../contentLists';
import { totalOf } from '../../search/msearch';
import type { ContentSearchPageResult, ContentSortId, SortResult } from '../responseTypes';
import { sortLabel } from '../sorts';
import { DID_YOU_MEAN_BELOW, MAX_DID_YOU_MEAN } from '../suggest/phrase';
import type { LabelPlace } from '../../merchandising/labels';
import type { TicketOrigin } from '../../events/tickets';
import { CONTENT_SORTS, type ContentSearchPageRequest } from './request';

export interface ContentSearchPageOutcome {
  req: ContentSearchPageRequest;
  /** The phrase the items are for. */
  phrase: string;
  /** Set when auto-correct replaced the phrase: the hit count of the phrase as typed. */
  originalTotalHits?: number;
  primary: estypes.SearchResponse<ContentDocument>;
  /** The phrase suggester's corrections of the typed phrase, best first (empty when not asked). */
  suggestions: string[];
  /** The registered answer's query id, carried by the items' tickets. */
  queryId?: string;
}

/** The offered content orders, with search-page's labels. */
export function contentSortResult(selected: ContentSortId, at: LabelPlace): SortResult<ContentSortId> {
  return { selected, options: CONTENT_SORTS.map((id) => ({ id, label: sortLabel(id, at) })) };
}

export function shapeContentSearchPage(o: ContentSearchPageOutcome): ContentSearchPageResult {
  const { req } = o;
  const corrected = o.originalTotalHits !== undefined;
  const totalHits = totalOf(o.primary);
  const origin: TicketOrigin = {
    pageType: 'CONTENT_SEARCH_PAGE',
    listId: 'PRIMARY_LIST',
    market: req.context.market,
    touchpoint: req.context.touchpoint,
    ...(o.queryId ? { queryId: o.queryId } : {}),
  };
  const documents = o.primary.hits.hits.flatMap((h) => (h._source ? [h._source] : []));
  return {
    q: o.phrase,
    ...(corrected ? { autoCorrect: { q: o.phrase, originalTotalHits: o.originalTotalHits! } } : {}),
    didYouMean: !corrected && totalHits < DID_YOU_MEAN_BELOW ? o.suggestions.slice(0, MAX_DID_YOU_MEAN).map((q) => ({ q })) : [],
    primaryList: {
      sort: contentSortResult(req.sort, req.context),
      items: documents.map((doc, i) => shapeContentItem(doc, req.skip + i, origin)),
      totalHits,
    },
  };
}
