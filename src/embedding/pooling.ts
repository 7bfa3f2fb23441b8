/**
 * Sentence vectors from a transformer's token vectors: the mean over the tokens the attention mask keeps
 * (padding left out), then L2 normalisation, as sentence-transformers pools all-MiniLM-L6-v2. Sums are
 * taken in doubles: the reference (scripts/embedding-reference) sums in doubles too.
 */

/**
 * One unit vector per text from `hidden`, the model's last hidden state laid out [texts, tokens, dimensions],
 * and `lengths`, the tokens of each text before padding (its attention mask is ones, then zeros).
 */
export function meanPool(hidden: Float32Array, lengths: readonly number[], tokens: number, dimensions: number): Float32Array[] {
  if (hidden.length !== lengths.length * tokens * dimensions) {
    throw new Error(`hidden state of ${hidden.length} values is not ${lengths.length} × ${tokens} × ${dimensions}`);
  }
  return lengths.map((length, text) => {
    const sum = new Float64Array(dimensions);
    for (let t = 0; t < length; t++) {
      const offset = (text * tokens + t) * dimensions;
      for (let d = 0; d < dimensions; d++) sum[d] = (sum[d] ?? 0) + (hidden[offset + d] ?? 0);
    }
    for (let d = 0; d < dimensions; d++) sum[d] = (sum[d] ?? 0) / length;
    return normalise(sum);
  });
}

/** The vector scaled to length 1 (a zero vector stays zero: nothing to point at). */
export function normalise(vector: Float64Array | Float32Array): Float32Array {
  let squares = 0;
  for (const v of vector) squares += v * v;
  const norm = Math.sqrt(squares);
  const out = new Float32Array(vector.length);
  if (norm === 0) return out;
  for (let d = 0; d < vector.length; d++) out[d] = (vector[d] ?? 0) / norm;
  return out;
}
