/**
 * One ONNX sentence model in this thread: its tokenizer, an ONNX Runtime session, pooling. The worker
 * (worker.ts) runs one; the embedder (onnxEmbedder.ts) never runs one on the event loop. A model directory
 * holds `model.onnx` (a BERT-like encoder: inputs input_ids, attention_mask and optionally token_type_ids;
 * first output the last hidden state [texts, tokens, dimensions], or already pooled [texts, dimensions]) and
 * `tokenizer.json`.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { MODEL_FILE, TOKENIZER_FILE } from './modelFiles';
import { meanPool, normalise } from './pooling';
import { loadTokenizer, MAX_TOKENS, type SentenceTokenizer } from './tokenizer';

/** SHA-256 of a file, read a megabyte at a time. */
function fileHash(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

export class SentenceModel {
  private constructor(
    /** The directory's name and the model file's hash: a new file under the same name is another model. */
    readonly model: string,
    readonly dimensions: number,
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: SentenceTokenizer,
  ) {}

  /** Loads the model in `dir` and runs it once (which finds its dimensions). ONNX Runtime uses `threads` threads. */
  static async load(dir: string, threads = 1, maxTokens = MAX_TOKENS): Promise<SentenceModel> {
    const file = join(dir, MODEL_FILE);
    const name = `${basename(dir)}@${fileHash(file).slice(0, 12)}`;
    const tokenizer = loadTokenizer(join(dir, TOKENIZER_FILE), maxTokens);
    // From the path, not from bytes read here: a copy of the file in this thread's heap would stay in its RSS.
    const session = await ort.InferenceSession.create(file, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    for (const input of ['input_ids', 'attention_mask']) {
      if (!session.inputNames.includes(input)) throw new Error(`${file} has no input ${input} (inputs: ${session.inputNames.join(', ')})`);
    }
    const probe = new SentenceModel(name, 0, session, tokenizer);
    const [vector] = await probe.embed(['a']);
    if (!vector || vector.length === 0) throw new Error(`${file} gives no vector`);
    return new SentenceModel(name, vector.length, session, tokenizer);
  }

  tokenize(text: string): number[] {
    return this.tokenizer.encode(text);
  }

  /**
   * One unit vector per text. Each text runs alone, never padded into a batch: the int8 model quantizes its
   * activations with one scale per tensor, so a batch's other texts and its padding would move a text's
   * vector (by up to 0.03 a component, measured), and alone is also faster here (docs/embedding.md).
   */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (const text of texts) vectors.push(await this.embedOne(this.tokenizer.encode(text)));
    return vectors;
  }

  private async embedOne(encoded: readonly number[]): Promise<Float32Array> {
    const tokens = encoded.length;
    const shape = [1, tokens];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from(encoded, BigInt), shape),
      attention_mask: new ort.Tensor('int64', new BigInt64Array(tokens).fill(1n), shape),
    };
    if (this.session.inputNames.includes('token_type_ids')) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(tokens), shape);
    const results = await this.session.run(feeds);
    try {
      const output = results[this.session.outputNames[0] ?? ''];
      if (!output || output.type !== 'float32') throw new Error("the model's first output is not float32");
      const data = output.data as Float32Array;
      if (output.dims.length === 3) return meanPool(data, [tokens], tokens, Number(output.dims[2]))[0] ?? new Float32Array(0);
      if (output.dims.length === 2) return normalise(data);
      throw new Error(`the model's first output has ${output.dims.length} dimensions, not 2 or 3`);
    } finally {
      for (const result of Object.values(results)) result.dispose();
    }
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
