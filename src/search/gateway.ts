/**
 * The search gateway: the few read calls storefront use cases make (msearch, search, mget, mapping), behind
 * an interface they own nothing else of. In production it is the Elasticsearch client; in unit tests a
 * scripted gateway answers with canned responses, so the logic of a run (auto-correct rounds, the secondary
 * list, recommendation stages) is tested without a node, as searchkit's transporter allows.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { elasticsearchErrorType } from './errors';
import { checkClauses } from './clauses';
import { msearch, type IndexedSearch, type SearchResponse } from './msearch';
import { CatalogVersionGone, isGoneType, lostToDeletion, UNPINNED, type CatalogView } from './catalogView';

export interface SearchGateway {
  /** Several searches in one round trip, answered in order (msearch.ts: split aggregations, request cache). */
  msearch(searches: IndexedSearch[]): Promise<SearchResponse[]>;
  /** One search, asking for the shard request cache as msearch does. */
  search<T = unknown>(request: estypes.SearchRequest): Promise<estypes.SearchResponse<T>>;
  /** Documents by id; missing ones come back with `found: false`. */
  mget<T = unknown>(request: { index: string; ids: string[]; _source_includes?: string[] }): Promise<estypes.MgetResponse<T>>;
  /** The mapping of the index (or the index behind an alias). */
  mapping(index: string): Promise<estypes.IndicesGetMappingResponse>;
  /**
   * The same reads on the catalog version of `view` only (catalogView.ts): catalog aliases are read as the
   * concrete indices behind them, and a deleted one fails with CatalogVersionGone. Absent where nothing
   * can be pinned (scripted gateways of unit tests).
   */
  pinned?(view: CatalogView): SearchGateway;
}

export function elasticsearchGateway(es: Client, view: CatalogView = UNPINNED): SearchGateway {
  /** The index names to send and whether any is a pinned version. */
  const resolve = (index: string): { index: string; pinned: boolean } => {
    let pinned = false;
    const names = index.split(',').map((name) => {
      const concrete = view.concrete(name);
      if (concrete) pinned = true;
      return concrete ?? name;
    });
    return { index: names.join(','), pinned };
  };
  const gone = (index: string, err: unknown): unknown => {
    const type = elasticsearchErrorType(err);
    return isGoneType(type) ? new CatalogVersionGone(`${index}: ${type}`) : err;
  };
  return {
    msearch: (searches) =>
      msearch(
        es,
        searches.map((s) => {
          const { index, pinned } = resolve(s.index);
          return pinned ? { ...s, index, pinned } : s;
        }),
      ),
    search: async <T>(request: estypes.SearchRequest) => {
      checkClauses(request);
      const { index, pinned } = resolve(String(request.index ?? ''));
      // Like every msearch item (msearch.ts): the variant and cart lookups, a recommendation's source
      // products and the catalog facts are the same search for many visitors.
      const cached = { request_cache: true, ...request };
      // A locale without an index yet (configured after the last full import) answers as an empty catalog.
      if (!pinned) return es.search<T>({ ignore_unavailable: true, ...cached });
      const res = await es.search<T>({ ...cached, index, ignore_unavailable: false }).catch((err: unknown) => {
        throw gone(index, err);
      });
      if (lostToDeletion(res)) throw new CatalogVersionGone(`${index}: shards lost while searching`);
      return res;
    },
    mget: async <T>(request: { index: string; ids: string[]; _source_includes?: string[] }) => {
      const { index, pinned } = resolve(request.index);
      if (!pinned) return es.mget<T>(request);
      const res = await es.mget<T>({ ...request, index }).catch((err: unknown) => {
        throw gone(index, err);
      });
      const lost = res.docs.find((d) => 'error' in d && isGoneType(d.error.type));
      if (lost) throw new CatalogVersionGone(`${index}: ${'error' in lost ? lost.error.type : ''}`);
      return res;
    },
    mapping: (index) => es.indices.getMapping({ index }),
    pinned: (next) => elasticsearchGateway(es, next),
  };
}
