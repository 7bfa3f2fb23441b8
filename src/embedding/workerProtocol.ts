/** The messages between the embedder (onnxEmbedder.ts) and its worker threads (worker.ts). */

export interface WorkerSetup {
  /** The model directory (model.onnx, tokenizer.json). */
  dir: string;
  /** ONNX Runtime's intra-op threads in this worker. */
  threads: number;
  maxTokens: number;
}

export interface WorkerRequest {
  id: number;
  texts: string[];
}

export type WorkerReply =
  | { kind: 'ready'; model: string; dimensions: number }
  | { kind: 'failed'; message: string }
  | { kind: 'vectors'; id: number; data: Float32Array }
  | { kind: 'error'; id: number; message: string };
