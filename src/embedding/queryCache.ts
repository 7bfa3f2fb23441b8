/**
 * The vectors of the phrases shoppers typed last, kept in memory: shoppers repeat phrases, and a repeated one
 * then costs no inference. One cache per locale (the storefront makes them), so a busy locale does not push
 * out another's phrases. Concurrent embeds of the same text share one inference; a failed one is not kept.
 * The vectors answered are the cached ones: callers read them, never write them.
 */
import type { TextEmbedder } from './types';

/** A TextEmbedder answering from a least-recently-used cache of `size` texts before asking `embedder`. */
export function cachedEmbedder(embedder: TextEmbedder, size: number): TextEmbedder {
  // Map keeps insertion order: the first key is the least recently used (a hit moves its key to the end).
  const vectors = new Map<string, Float32Array>();
  const pending = new Map<string, Promise<Float32Array>>();
  const remember = (text: string, vector: Float32Array) => {
    if (size <= 0) return;
    vectors.delete(text);
    vectors.set(text, vector);
    if (vectors.size > size) vectors.delete(vectors.keys().next().value as string);
  };
  const one = (text: string): Promise<Float32Array> => {
    const known = vectors.get(text);
    if (known) {
      remember(text, known);
      return Promise.resolve(known);
    }
    const running = pending.get(text);
    if (running) return running;
    const started = embedder
      .embed([text])
      .then(([vector]) => {
        if (!vector) throw new Error('the embedder answered no vector');
        remember(text, vector);
        return vector;
      })
      .finally(() => pending.delete(text));
    pending.set(text, started);
    return started;
  };
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    embed(texts) {
      return Promise.all(texts.map(one));
    },
    close: () => embedder.close(),
  };
}
