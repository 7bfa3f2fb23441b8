/**
 * The document-index access: the reads and writes of stored documents that admin, behaviour, events and the
 * stores make (plain searches, scans, gets, counts, writes, conditional writes, bulks, refreshes), behind an
 * interface beside the SearchGateway (gateway.ts, the storefront's cached and version-pinned searches). Code
 * outside search/ holds this, not the Elasticsearch client, so its logic can be unit-tested with canned answers
 * (a scripted DocumentIndex) as storefront runs are.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { BulkWriter, type BulkWriterOptions } from './bulkWriter';
import { LeaseDocument, type LeaseRecord } from './leaseDocument';

/** A stored document with what a conditional write needs to replace exactly this version of it. */
export interface StoredDocument<T> {
  source: T;
  version: { seqNo: number; primaryTerm: number };
}

export interface DocumentIndex {
  /** One search as asked (no request cache, no index resolution: behaviour and admin read live indices). */
  search<T = unknown>(request: estypes.SearchRequest): Promise<estypes.SearchResponse<T>>;
  /**
   * Every hit of `request` in pages of `pageSize`, by search_after on its `sort` (which must be total):
   * bounded memory however many documents match.
   */
  scan<T = unknown>(request: estypes.SearchRequest & { sort: estypes.Sort }, pageSize: number): AsyncGenerator<estypes.SearchHit<T>[]>;
  /** The documents of `ids` that exist, by id (an absent index finds none when `missingIndex` is 'none'). */
  getMany<T = unknown>(index: string, ids: readonly string[], options?: { missingIndex?: 'none' | 'fail' }): Promise<Map<string, T>>;
  /** One document with its version; undefined when it (or its index) is missing. */
  get<T = unknown>(index: string, id: string): Promise<StoredDocument<T> | undefined>;
  count(index: string, query: estypes.QueryDslQueryContainer): Promise<number>;
  /** Writes (creates or replaces) a document; `refresh` makes it visible to searches before answering. */
  write(index: string, id: string, document: unknown, options?: { refresh?: boolean }): Promise<void>;
  /** Replaces the document only if it is still at `version`; false when another write came first. */
  writeIf(index: string, id: string, document: unknown, version: StoredDocument<unknown>['version'], options?: { refresh?: boolean }): Promise<boolean>;
  /** Merges `changes` into an existing document, retrying version conflicts. */
  update(index: string, id: string, changes: unknown, options?: { refresh?: boolean; retryOnConflict?: number }): Promise<void>;
  /** Deletes a document; a missing one is no error. */
  remove(index: string, id: string, options?: { refresh?: boolean }): Promise<void>;
  /** Bulk operations as Elasticsearch takes them; the caller reads the items it cares about. */
  bulk(operations: estypes.BulkRequest['operations']): Promise<estypes.BulkResponse>;
  /** A bulk writer for many documents (bulkWriter.ts: batches by size, in parallel, failures reported). */
  writer(options: BulkWriterOptions): BulkWriter;
  /** The lease document `id` of `index` (leaseDocument.ts: the import lock and the behaviour jobs' leases). */
  lease<T extends LeaseRecord>(index: string, id: string): LeaseDocument<T>;
  /** Makes every write so far visible to searches of `index` (one name or a comma-separated list). */
  refresh(index: string): Promise<void>;
}

/** Ids per mget: large enough for few round trips, small enough for a bounded answer. */
const MGET_IDS = 1000;

export function elasticsearchDocuments(es: Client): DocumentIndex {
  return {
    search: <T>(request: estypes.SearchRequest) => es.search<T>(request),
    scan: async function* <T>(request: estypes.SearchRequest & { sort: estypes.Sort }, pageSize: number) {
      let after: estypes.SortResults | undefined;
      for (;;) {
        const res = await es.search<T>({ ...request, size: pageSize, search_after: after });
        const hits = res.hits.hits;
        if (hits.length) yield hits;
        if (hits.length < pageSize) return;
        after = hits.at(-1)?.sort;
      }
    },
    getMany: async <T>(index: string, ids: readonly string[], options: { missingIndex?: 'none' | 'fail' } = {}) => {
      const found = new Map<string, T>();
      for (let i = 0; i < ids.length; i += MGET_IDS) {
        const res = await es.mget<T>({ index, ids: ids.slice(i, i + MGET_IDS) }, options.missingIndex === 'none' ? { ignore: [404] } : {});
        for (const d of res.docs ?? []) if ('found' in d && d.found && d._source !== undefined) found.set(d._id, d._source);
      }
      return found;
    },
    get: async <T>(index: string, id: string) => {
      const res = await es.get<T>({ index, id }, { ignore: [404] });
      if (!res.found || res._source === undefined) return undefined;
      return { source: res._source, version: { seqNo: res._seq_no!, primaryTerm: res._primary_term! } };
    },
    count: async (index, query) => (await es.count({ index, query })).count,
    write: async (index, id, document, options = {}) => {
      await es.index({ index, id, document, ...(options.refresh ? { refresh: true } : {}) });
    },
    writeIf: async (index, id, document, version, options = {}) => {
      const res = await es.index(
        {
          index,
          id,
          document,
          if_seq_no: version.seqNo,
          if_primary_term: version.primaryTerm,
          ...(options.refresh ? { refresh: true } : {}),
        },
        { ignore: [409], meta: true },
      );
      return res.statusCode !== 409;
    },
    update: async (index, id, changes, options = {}) => {
      await es.update({
        index,
        id,
        doc: changes,
        ...(options.refresh ? { refresh: true } : {}),
        ...(options.retryOnConflict ? { retry_on_conflict: options.retryOnConflict } : {}),
      });
    },
    remove: async (index, id, options = {}) => {
      await es.delete({ index, id, ...(options.refresh ? { refresh: true } : {}) }, { ignore: [404] });
    },
    bulk: (operations) => es.bulk({ operations }),
    writer: (options) => new BulkWriter(es, options),
    lease: <T extends LeaseRecord>(index: string, id: string) => new LeaseDocument<T>(es, index, id),
    refresh: async (index) => {
      await es.indices.refresh({ index });
    },
  };
}
