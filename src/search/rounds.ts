/**
 * Rounds: the msearch and mget calls one query makes at the same time go to Elasticsearch as one `_msearch`.
 *
 * A query's independent parts run concurrently (landing-page's listing beside its recommendation lists; in
 * the next round the siblings of both), each asking the gateway on its own. Every call joins the round
 * that is open; the round is sent once the query's synchronous work and microtasks have run (setImmediate),
 * so the parts that do not wait for other I/O meet in one round trip instead of one each. A part that waits
 * for other I/O first (a page lookup the cache misses) simply opens a later round.
 *
 * An mget joins as an `ids` search and answers in mget's shape (`found`, `_source`), in the order of its ids.
 * The catalog versions a storefront query reads are refreshed before they go live, so the search finds what
 * the (real-time) mget found. A failed item fails every call of its round, as a failed part fails the query;
 * optional items (msearch.ts) answer empty as before.
 *
 * One instance per query (services.ts wraps each query's pinned gateway): rounds never mix two visitors'
 * queries, and a query's rounds are counted in its `X-Elasticsearch-Round-Trips` as before.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchGateway } from './gateway';
import type { IndexedSearch, SearchResponse } from './msearch';

interface Waiting {
  searches: IndexedSearch[];
  resolve(responses: SearchResponse[]): void;
  reject(err: unknown): void;
}

/** Pure: an mget as an `ids` search of the same documents. */
export function mgetSearch(request: { index: string; ids: string[]; _source_includes?: string[] }): IndexedSearch {
  return {
    index: request.index,
    body: {
      query: { ids: { values: request.ids } },
      size: request.ids.length,
      track_total_hits: false,
      ...(request._source_includes ? { _source: { includes: request._source_includes } } : {}),
    },
  };
}

/** Pure: the mget answer an `ids` search stands for (documents in the order of `ids`, missing ones `found: false`). */
export function mgetAnswer<T>(ids: string[], response: SearchResponse): estypes.MgetResponse<T> {
  const byId = new Map(response.hits.hits.map((h) => [h._id, h]));
  return {
    docs: ids.map((id) => {
      const hit = byId.get(id);
      return hit ? { _index: hit._index, _id: id, found: true, _source: hit._source as T } : { _index: '', _id: id, found: false };
    }),
  };
}

/** Larger mgets (none on a storefront path) stay mgets: a search answers at most 10,000 hits. */
const MAX_IDS_SEARCH = 1000;

export function roundsGateway(inner: SearchGateway): SearchGateway {
  let open: Waiting[] | undefined;
  const send = async (waiting: Waiting[]) => {
    try {
      const responses = await inner.msearch(waiting.flatMap((w) => w.searches));
      let at = 0;
      for (const w of waiting) {
        w.resolve(responses.slice(at, at + w.searches.length));
        at += w.searches.length;
      }
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  };
  const msearch = (searches: IndexedSearch[]): Promise<SearchResponse[]> => {
    if (searches.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      if (!open) {
        const round: Waiting[] = [];
        open = round;
        setImmediate(() => {
          open = undefined;
          void send(round);
        });
      }
      open.push({ searches, resolve, reject });
    });
  };
  return {
    msearch,
    search: (request) => inner.search(request),
    mget: async <T>(request: { index: string; ids: string[]; _source_includes?: string[] }) => {
      if (request.ids.length === 0) return { docs: [] };
      if (request.ids.length > MAX_IDS_SEARCH) return inner.mget<T>(request);
      const [response] = await msearch([mgetSearch(request)]);
      if (!response) throw new Error('msearch answered no search');
      return mgetAnswer<T>(request.ids, response);
    },
    mapping: (index) => inner.mapping(index),
    ...(inner.pinned ? { pinned: (view) => roundsGateway(inner.pinned!(view)) } : {}),
  };
}
