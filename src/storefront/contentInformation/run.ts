/**
 * Runs content-information: one search, then pure shaping. Nothing is registered as visitor behaviour
 * (the behaviour model has no content views); clicks on the items come through their tickets.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { ContentDocument } from '../../catalog/documentTypes';
import type { ContentInformationResult } from '../responseTypes';
import type { StorefrontServices } from '../services';
import { contentInformationSearch } from './build';
import type { ContentInformationRequest } from './request';
import { shapeContentInformation } from './shape';

export async function contentInformation(s: StorefrontServices, req: ContentInformationRequest): Promise<ContentInformationResult> {
  const [response] = await s.search.msearch([{ index: s.index.content(req.context.locale), body: contentInformationSearch(req) }]);
  return shapeContentInformation(req, response as estypes.SearchResponse<ContentDocument>);
}
