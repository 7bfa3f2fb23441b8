/**
 * The Elasticsearch indices of merchandising data: one plain index each (no versions, no aliases: imports
 * are small and amend documents in place under the import lock). Mapped from mappings/<name>.json so an
 * analyst can read them in Kibana; made at start-up (src/search/indexRegistry.ts).
 */
import { createHash } from 'node:crypto';
import type { Client, estypes } from '@elastic/elasticsearch';
import { BulkWriter } from '../search/bulkWriter';

/** A readable document id (`SE|sv-SE|/women`), hashed only when it would exceed Elasticsearch's 512 bytes. */
export function documentId(...parts: string[]): string {
  const id = parts.join('|');
  return Buffer.byteLength(id) <= 512 ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/** How imports write: `_bulk` request size and requests in flight (the catalog's settings). */
export interface BulkOptions { maxBytes: number; concurrency: number }

export interface BulkChange { index?: { id: string; document: unknown }[]; delete?: string[] }

export class MerchandisingIndex {
  constructor(readonly es: Client, readonly name: string) {}

  /** Every document matching `query`, in `sort` order (which must be unique), paged with search_after. */
  async *scan<T>(query: estypes.QueryDslQueryContainer, sort: estypes.Sort): AsyncGenerator<T> {
    let after: estypes.SortResults | undefined;
    for (;;) {
      const res = await this.es.search<T>({ index: this.name, size: 1000, query, sort, search_after: after, ignore_unavailable: true, track_total_hits: false });
      for (const hit of res.hits.hits) yield hit._source!;
      if (res.hits.hits.length < 1000) return;
      after = res.hits.hits[res.hits.hits.length - 1].sort;
    }
  }

  async getMany<T>(ids: string[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    if (!ids.length) return found;
    const res = await this.es.mget<T>({ index: this.name, ids });
    for (const doc of res.docs) if ('found' in doc && doc.found) found.set(doc._id, doc._source!);
    return found;
  }

  /** Writes and deletes documents, visible to searches when it returns; throws on the first failure. */
  async write(change: BulkChange, bulk: BulkOptions): Promise<void> {
    if (!change.index?.length && !change.delete?.length) return;
    const writer = new BulkWriter(this.es, { ...bulk, refresh: false });
    for (const { id, document } of change.index ?? []) await writer.index(this.name, id, document);
    for (const id of change.delete ?? []) await writer.delete(this.name, id);
    await writer.flush();
    // An explicit refresh: the import answers once every process sees it, without waiting for the refresh interval.
    await this.es.indices.refresh({ index: this.name });
  }
}
