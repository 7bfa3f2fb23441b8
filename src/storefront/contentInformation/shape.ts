/**
 * Pure shaping of content-information: the found items in the order the keys were asked, unknown keys
 * (or keys of another market or locale) skipped. Images keep their caption (the spec gives captions to
 * product-page and content-information). Tickets: CONTENT_INFORMATION / ITEMS, position among the items.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ContentDocument } from '../../catalog/documentTypes';
import { shapeContentItem } from '../contentLists';
import type { ContentInformationResult } from '../responseTypes';
import type { TicketOrigin } from '../../events/tickets';
import type { ContentInformationRequest } from './request';

export const CONTENT_INFORMATION_LIST = 'ITEMS';

export function shapeContentInformation(req: ContentInformationRequest, response: estypes.SearchResponse<ContentDocument>): ContentInformationResult {
  const byKey = new Map(response.hits.hits.flatMap((h) => (h._source ? [[h._source.key, h._source] as const] : [])));
  const found = req.contentKeys.flatMap((key) => byKey.get(key) ?? []);
  const origin: TicketOrigin = {
    pageType: 'CONTENT_INFORMATION',
    listId: CONTENT_INFORMATION_LIST,
    market: req.context.market,
    touchpoint: req.context.touchpoint,
  };
  return { items: found.map((doc, i) => shapeContentItem(doc, i, origin, true)) };
}
