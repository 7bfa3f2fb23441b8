/**
 * The Elasticsearch indices of merchandising data: one plain index each (no versions, no aliases: imports
 * are small and amend documents in place under the import lock). Mapped from mappings/<name>.json so an
 * analyst can read them in Kibana; made at start-up (src/search/indexRegistry.ts). The stores read and write
 * them through the document-index access (search/documents.ts), never the client; these are its two uses
 * every store shares.
 */
import { createHash } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import type { DocumentIndex } from '../search/documents';

/** A readable document id (`SE|sv-SE|/women`), hashed only when it would exceed Elasticsearch's 512 bytes. */
export function documentId(...parts: string[]): string {
  const id = parts.join('|');
  return Buffer.byteLength(id) <= 512 ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/** How imports write: `_bulk` request size and requests in flight (the catalog's settings). */
export interface BulkOptions {
  maxBytes: number;
  concurrency: number;
}

export interface BulkChange {
  index?: { id: string; document: unknown }[];
  delete?: string[];
}

/** Every document of `index` matching `query`, in `sort` order (which must be unique), paged with search_after. */
export async function* sourcesOf<T>(documents: DocumentIndex, index: string, query: estypes.QueryDslQueryContainer, sort: estypes.Sort): AsyncGenerator<T> {
  for await (const hits of documents.scan<T>({ index, query, sort, ignore_unavailable: true, track_total_hits: false }, 1000)) {
    for (const hit of hits) if (hit._source !== undefined) yield hit._source;
  }
}

/** Writes and deletes documents of `index`, visible to searches when it returns; throws on the first failure. */
export async function writeChange(documents: DocumentIndex, index: string, change: BulkChange, bulk: BulkOptions): Promise<void> {
  if (!change.index?.length && !change.delete?.length) return;
  const writer = documents.writer({ ...bulk, refresh: false });
  for (const { id, document } of change.index ?? []) await writer.index(index, id, document);
  for (const id of change.delete ?? []) await writer.delete(index, id);
  await writer.flush();
  // An explicit refresh: the import answers once every process sees it, without waiting for the refresh interval.
  await documents.refresh(index);
}
