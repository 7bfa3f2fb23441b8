/**
 * The search gateway: the few read calls storefront use cases make (msearch, search, mget, mapping), behind
 * an interface they own nothing else of. In production it is the Elasticsearch client; in unit tests a
 * scripted gateway answers with canned responses, so the logic of a run (auto-correct rounds, the secondary
 * list, recommendation stages) is tested without a node, as searchkit's transporter allows.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { msearch, type IndexedSearch, type SearchResponse } from './msearch';

export interface SearchGateway {
  /** Several searches in one round trip, answered in order (msearch.ts: split aggregations, request cache). */
  msearch(searches: IndexedSearch[]): Promise<SearchResponse[]>;
  search<T = unknown>(request: estypes.SearchRequest): Promise<estypes.SearchResponse<T>>;
  /** Documents by id; missing ones come back with `found: false`. */
  mget<T = unknown>(request: { index: string; ids: string[]; _source_includes?: string[] }): Promise<estypes.MgetResponse<T>>;
  /** The mapping of the index (or the index behind an alias). */
  mapping(index: string): Promise<estypes.IndicesGetMappingResponse>;
}

export function elasticsearchGateway(es: Client): SearchGateway {
  return {
    msearch: (searches) => msearch(es, searches),
    // A locale without an index yet (configured after the last full import) answers as an empty catalog.
    search: <T>(request: estypes.SearchRequest) => es.search<T>({ ignore_unavailable: true, ...request }),
    mget: <T>(request: { index: string; ids: string[]; _source_includes?: string[] }) => es.mget<T>(request),
    mapping: (index) => es.indices.getMapping({ index }),
  };
}
