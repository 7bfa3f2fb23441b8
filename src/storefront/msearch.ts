/**
 * One `_msearch` round trip for several searches. A failed item is mapped through the one
 * Elasticsearch error adapter (fromElasticsearch) and fails the request.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { fromElasticsearch } from '../http/errors';

export interface IndexedSearch { index: string; body: estypes.SearchRequest }

export async function msearch(es: Client, searches: IndexedSearch[]): Promise<estypes.SearchResponse<unknown>[]> {
  if (searches.length === 0) return [];
  const res = await es.msearch({ searches: searches.flatMap((s) => [{ index: s.index }, s.body as estypes.MsearchMultisearchBody]) });
  return res.responses.map((item) => {
    if ('error' in item) throw fromElasticsearch({ meta: { body: item } });
    return item as estypes.SearchResponse<unknown>;
  });
}

export function totalOf(response: estypes.SearchResponse<unknown>): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : total?.value ?? 0;
}
