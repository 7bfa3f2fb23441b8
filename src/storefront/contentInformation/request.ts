/**
 * The content-information request (GET, as the official client sends it): the shared parameters and
 * `contentKeys`, pipe-separated, 1 to MAX_CONTENT_KEYS of them, duplicates dropped.
 */
import { invalid } from '../../kernel/errors';
import type { CatalogFacts } from '../catalogFacts';
import { pipeList, required, type RawQuery } from '../../kernel/params';
import { parseQueryContext, type EndpointRules, type QueryContext } from '../request';
import { catalogKey } from '../keys';

export const CONTENT_INFORMATION_RULES: EndpointRules = { templates: false, presentCustomPrefixes: [] };
/** As many keys as a handpicked product rule or an export's productGroupKeys take. */
export const MAX_CONTENT_KEYS = 100;

export interface ContentInformationRequest {
  context: QueryContext;
  /** The asked keys in the order asked, each once. */
  contentKeys: string[];
}

export function parseContentInformationRequest(query: RawQuery, facts: CatalogFacts | undefined): ContentInformationRequest {
  required(query, 'contentKeys');
  const keys = pipeList(query, 'contentKeys');
  if (!keys) throw invalid('Query parameter contentKeys is required');
  if (keys.length > MAX_CONTENT_KEYS) throw invalid(`Query parameter contentKeys holds at most ${MAX_CONTENT_KEYS} keys (got ${keys.length})`);
  const context = parseQueryContext(query, facts, CONTENT_INFORMATION_RULES);
  return { context, contentKeys: [...new Set(keys.map((k) => catalogKey('Query parameter contentKeys', k)))] };
}
