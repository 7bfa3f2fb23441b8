/**
 * Vectors of product documents at import (search by meaning, docs/relevance.md). Document building stays pure
 * (documents.ts); the import hands each built product document here before writing it, and gets it back with
 * `embedding` set when its locale has search by meaning on.
 *
 * The text is the product's title, brand, types and description (title, brand and type alone measured no gain:
 * the description carries what words of a query a title lacks). Vectors are cached in Elasticsearch by the hash
 * of the model's name and the text (the `embeddings` index, kept across catalog versions and shared by every API
 * process), so re-importing an unchanged catalog embeds nothing; markets sharing a locale's text share a vector.
 */
import { createHash } from 'node:crypto';
import type { DocumentIndex } from '../search/documents';
import type { TextEmbedder } from '../embedding/types';
import type { ProductDocument } from './documentTypes';

/** Longest product text embedded: the model reads its first 256 word pieces, so more is wasted work. */
const MAX_TEXT = 2000;
/** Length of the vectors the product index holds (mappings/catalog-products.json `embedding.dims`). */
export const PRODUCT_VECTOR_DIMENSIONS = 384;
/** Documents per embedding batch: one cache lookup and one model call each. */
export const VECTOR_BATCH = 64;

/** Pure: what a product document's vector is of. */
export function productText(d: Pick<ProductDocument, 'title' | 'brand' | 'productType' | 'description'>): string {
  const parts = [d.title, d.brand ?? '', d.productType.join(', '), d.description ?? ''].map((p) => p.replace(/\s+/g, ' ').trim());
  return parts.filter(Boolean).join(' | ').slice(0, MAX_TEXT);
}

/** Pure: the cache key of a text's vector under a model. */
export function textKey(model: string, text: string): string {
  return createHash('sha256').update(model).update('\0').update(text).digest('base64url');
}

/** Pure: a vector as the cache stores it (little-endian float32 bytes, base64) and back. */
export function encodeVector(v: Float32Array): string {
  const bytes = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) bytes.writeFloatLE(v[i], i * 4);
  return bytes.toString('base64');
}

export function decodeVector(encoded: string, dimensions: number): Float32Array | undefined {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== dimensions * 4) return undefined;
  const v = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) v[i] = bytes.readFloatLE(i * 4);
  return v;
}

/** Pure: a vector as the product document carries it: 6 decimals are finer than the index's int8 quantization. */
export function documentVector(v: Float32Array): number[] {
  return Array.from(v, (x) => Math.round(x * 1e6) / 1e6);
}

interface CachedVector {
  model: string;
  vector: string;
}

export interface VectorCounts {
  reused: number;
  embedded: number;
}

/** The embedding cache and the model, as the imports use them. */
export class ProductVectors {
  readonly counts: VectorCounts = { reused: 0, embedded: 0 };

  constructor(
    private readonly documents: DocumentIndex,
    private readonly cacheIndex: string,
    private readonly embedder: TextEmbedder,
    /** Whether a locale's products get vectors (SEMANTIC_SEARCH). */
    readonly wanted: (locale: string) => boolean,
  ) {}

  get model(): string {
    return this.embedder.model;
  }

  /** Sets `embedding` on each document of a wanted locale: from the cache, else from the model (then cached). */
  async attach(docs: readonly ProductDocument[]): Promise<void> {
    const targets = docs.filter((d) => this.wanted(d.locale));
    if (!targets.length) return;
    const model = this.embedder.model;
    const keys = targets.map((d) => textKey(model, productText(d)));
    const unique = [...new Set(keys)];
    const cached = await this.documents.getMany<CachedVector>(this.cacheIndex, unique, { missingIndex: 'none' });
    const vectors = new Map<string, Float32Array>();
    for (const [key, doc] of cached) {
      const v = doc.model === model ? decodeVector(doc.vector, this.embedder.dimensions) : undefined;
      if (v) vectors.set(key, v);
    }
    const missing = unique.filter((k) => !vectors.has(k));
    if (missing.length) {
      const textOf = new Map<string, string>();
      targets.forEach((d, i) => {
        if (!vectors.has(keys[i])) textOf.set(keys[i], productText(d));
      });
      const embedded = await this.embedder.embed(missing.map((k) => textOf.get(k)!));
      const now = new Date().toISOString();
      missing.forEach((k, i) => vectors.set(k, embedded[i]));
      const bulk = await this.documents.bulk(
        missing.flatMap((k, i) => [{ index: { _index: this.cacheIndex, _id: k } }, { model, vector: encodeVector(embedded[i]), createdAt: now }]),
      );
      // A cache write that fails costs a later import the embedding again, nothing more.
      if (bulk.errors) this.failedCacheWrites++;
    }
    const computed = new Set(missing);
    targets.forEach((d, i) => {
      const key = keys[i];
      d.embedding = documentVector(vectors.get(key)!);
      if (computed.has(key)) this.counts.embedded++;
      else this.counts.reused++;
    });
  }

  /** Cache writes Elasticsearch refused (logged by the import). */
  failedCacheWrites = 0;
}

/**
 * Batches product documents on their way to the bulk writer, attaching their vectors a batch at a time; while one
 * batch is embedded the next one fills (the model runs in worker threads, the import reads on).
 */
export class VectorStage {
  private batch: { doc: ProductDocument; write: () => Promise<void> }[] = [];
  private inFlight: Promise<void> = Promise.resolve();

  constructor(private readonly vectors: ProductVectors | undefined) {}

  /** Writes `doc` through `write` once its vector is attached (at once without vectors). */
  async add(doc: ProductDocument, write: () => Promise<void>): Promise<void> {
    if (!this.vectors || !this.vectors.wanted(doc.locale)) return write();
    this.batch.push({ doc, write });
    if (this.batch.length >= VECTOR_BATCH) await this.send();
  }

  /** Every document added is written (or the first failure thrown). */
  async flush(): Promise<void> {
    await this.send();
    await this.inFlight;
  }

  get counts(): VectorCounts | undefined {
    return this.vectors?.counts;
  }

  private async send(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    // One batch in flight at a time: the previous one must be written before this one starts.
    await this.inFlight;
    if (!batch.length) return;
    const vectors = this.vectors!;
    this.inFlight = (async () => {
      await vectors.attach(batch.map((b) => b.doc));
      for (const b of batch) await b.write();
    })();
    // A failure surfaces at the next add or at flush; keep it from being unhandled meanwhile.
    this.inFlight.catch(() => undefined);
  }
}
