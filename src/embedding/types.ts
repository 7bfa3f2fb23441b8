/**
 * A sentence-embedding model as the rest of the service sees it: texts in, unit vectors out. The one
 * implementation runs an ONNX model in worker threads (so imports never stall queries); tests and the
 * "semantic search off" setting use others. Vectors are L2-normalised, so a dot product is the cosine.
 */
export interface TextEmbedder {
  /** The model's name, stored beside each vector so a changed model never mixes with old vectors. */
  readonly model: string;
  /** Length of every vector. */
  readonly dimensions: number;
  /** One vector per text, in order. Rejects when the model cannot run; callers decide what that means. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Stops the workers. */
  close(): Promise<void>;
}
