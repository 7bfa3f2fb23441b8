/**
 * Streams documents into `_bulk` requests of bounded size with bounded concurrency. `index()` and
 * `delete()` resolve once the action is buffered; they wait while too many requests are in flight, so
 * memory stays flat however long the import is (backpressure). The first failed item fails the writer.
 *
 * Memory per request in flight is one Buffer of about `maxBytes`: lines are encoded into it as they come
 * (no array of line strings joined into one large string, then encoded again by the client, which kept
 * three copies of each request alive), and Elasticsearch answers only each item's status and error
 * (`filter_path`): the document a failure names is found by its position in the request. Measured on a
 * 20,000-group import (docs/benchmarks.md, "Import memory").
 */
import type { Client } from '@elastic/elasticsearch';
import { DocumentRejected } from '../kernel/errors';

export interface BulkWriterOptions {
  maxBytes: number;
  concurrency: number;
  refresh?: boolean;
}

export interface BulkStats {
  indexed: number;
  deleted: number;
  requests: number;
}

interface BulkItemResult {
  status: number;
  error?: { type?: string; reason?: string };
}

/** Only what the writer reads of a `_bulk` answer; items keep their positions (every item has a status). */
const BULK_FILTER = 'errors,items.*.status,items.*.error';

/** The request being filled: its bytes, and the index and id of each action in order. */
interface Batch {
  bytes: Buffer;
  length: number;
  targets: string[];
}

export class BulkWriter {
  private batch?: Batch;
  private inFlight = new Set<Promise<void>>();
  private failure?: Error;
  readonly stats: BulkStats = { indexed: 0, deleted: 0, requests: 0 };

  constructor(
    private readonly es: Client,
    private readonly options: BulkWriterOptions,
  ) {}

  async index(index: string, id: string, document: unknown): Promise<void> {
    await this.indexJson(index, id, JSON.stringify(document));
  }

  /** `index` of a document its caller serialised (one JSON object, no line breaks). */
  async indexJson(index: string, id: string, json: string): Promise<void> {
    // The same text JSON.stringify gives for { index: { _index, _id } }, without building the object.
    const action = `{"index":{"_index":${JSON.stringify(index)},"_id":${JSON.stringify(id)}}}`;
    await this.push(action + '\n' + json + '\n', index, id);
    this.stats.indexed++;
  }

  async delete(index: string, id: string): Promise<void> {
    await this.push(JSON.stringify({ delete: { _index: index, _id: id } }) + '\n', index, id);
    this.stats.deleted++;
  }

  /** Sends what is buffered and waits for every request; throws the first failure. */
  async flush(): Promise<void> {
    this.throwIfFailed();
    if (this.batch?.length) this.send();
    await Promise.all(this.inFlight);
    this.throwIfFailed();
  }

  private async push(lines: string, index: string, id: string): Promise<void> {
    this.throwIfFailed();
    const batch = this.append(lines);
    batch.targets.push(`${index}/${id}`);
    if (batch.length >= this.options.maxBytes) {
      while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
      this.throwIfFailed();
      // Writers sharing this writer (an import's documents and, from another task, their vectors) may all have
      // waited on the same full batch: the first to wake sends it, the others find it gone.
      if (this.batch === batch) this.send();
    }
  }

  /** Encodes `lines` at the end of the current batch, growing it when they do not fit. */
  private append(lines: string): Batch {
    const batch = (this.batch ??= { bytes: Buffer.allocUnsafe(this.options.maxBytes + (1 << 16)), length: 0, targets: [] });
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: only a line that might not fit is measured.
    if (batch.length + lines.length * 3 > batch.bytes.length) {
      const needed = batch.length + Buffer.byteLength(lines);
      if (needed > batch.bytes.length) {
        const grown = Buffer.allocUnsafe(Math.max(needed, batch.bytes.length * 2));
        batch.bytes.copy(grown, 0, 0, batch.length);
        batch.bytes = grown;
      }
    }
    batch.length += batch.bytes.write(lines, batch.length, 'utf8');
    return batch;
  }

  private send(): void {
    const batch = this.batch!;
    this.batch = undefined;
    this.stats.requests++;
    const request: Promise<void> = this.es.transport
      .request<{ errors: boolean; items?: Record<string, BulkItemResult>[] }>({
        method: 'POST',
        path: '/_bulk',
        querystring: { filter_path: BULK_FILTER, ...(this.options.refresh ? { refresh: 'wait_for' } : {}) },
        bulkBody: batch.bytes.subarray(0, batch.length),
      })
      .then((res) => {
        if (!res.errors) return;
        const items = (res.items ?? []).map((i) => Object.values(i)[0]);
        const at = items.findIndex((r) => r?.error);
        if (at >= 0) {
          const failed = items[at];
          this.failure ??= new DocumentRejected(`Bulk write failed for ${batch.targets[at]}: ${failed?.error?.type}: ${failed?.error?.reason}`);
        }
      })
      .catch((err: Error) => {
        this.failure ??= err;
      })
      .finally(() => {
        this.inFlight.delete(request);
      });
    this.inFlight.add(request);
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
