/**
 * Streams documents into `_bulk` requests of bounded size with bounded concurrency. `index()` and
 * `delete()` resolve once the action is buffered; they wait while too many requests are in flight, so
 * memory stays flat however long the import is (backpressure). The first failed item fails the writer.
 */
import type { Client } from '@elastic/elasticsearch';
import { DocumentRejected } from '../kernel/errors';

export interface BulkWriterOptions {
  maxBytes: number;
  concurrency: number;
  refresh?: boolean;
}

export interface BulkStats { indexed: number; deleted: number; requests: number }

interface BulkItemResult { status: number; error?: { type?: string; reason?: string }; _id?: string; _index?: string }

export class BulkWriter {
  private buffer: string[] = [];
  private bufferBytes = 0;
  private inFlight = new Set<Promise<void>>();
  private failure?: Error;
  readonly stats: BulkStats = { indexed: 0, deleted: 0, requests: 0 };

  constructor(private readonly es: Client, private readonly options: BulkWriterOptions) {}

  async index(index: string, id: string, document: unknown): Promise<void> {
    // The same text JSON.stringify gives for { index: { _index, _id } }, without building the object.
    const action = `{"index":{"_index":${JSON.stringify(index)},"_id":${JSON.stringify(id)}}}`;
    await this.push(action + '\n' + JSON.stringify(document) + '\n');
    this.stats.indexed++;
  }

  async delete(index: string, id: string): Promise<void> {
    await this.push(JSON.stringify({ delete: { _index: index, _id: id } }) + '\n');
    this.stats.deleted++;
  }

  /** Sends what is buffered and waits for every request; throws the first failure. */
  async flush(): Promise<void> {
    this.throwIfFailed();
    if (this.buffer.length) this.send();
    await Promise.all(this.inFlight);
    this.throwIfFailed();
  }

  private async push(lines: string): Promise<void> {
    this.throwIfFailed();
    this.buffer.push(lines);
    this.bufferBytes += Buffer.byteLength(lines);
    if (this.bufferBytes >= this.options.maxBytes) {
      while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
      this.throwIfFailed();
      this.send();
    }
  }

  private send(): void {
    const body = this.buffer.join('');
    this.buffer = [];
    this.bufferBytes = 0;
    this.stats.requests++;
    const request: Promise<void> = this.es.transport
      .request<{ errors: boolean; items: Record<string, BulkItemResult>[] }>({
        method: 'POST',
        path: '/_bulk',
        querystring: this.options.refresh ? { refresh: 'wait_for' } : {},
        bulkBody: body,
      })
      .then((res) => {
        if (!res.errors) return;
        const failed = res.items.map((i) => Object.values(i)[0]).find((r) => r.error);
        if (failed) this.failure ??= new DocumentRejected(`Bulk write failed for ${failed._index}/${failed._id}: ${failed.error?.type}: ${failed.error?.reason}`);
      })
      .catch((err: Error) => { this.failure ??= err; })
      .finally(() => { this.inFlight.delete(request); });
    this.inFlight.add(request);
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
