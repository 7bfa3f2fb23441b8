/**
 * The model's own tokenizer, read from its tokenizer.json by Hugging Face's JavaScript implementation
 * (@huggingface/tokenizers: normaliser, pre-tokenizer, WordPiece or Unigram or BPE model, post-processor), so
 * another model directory (EMBEDDING_MODEL_DIR) brings its own vocabulary and rules. What it adds: truncation,
 * which that library leaves to its callers, at `maxTokens` including the special tokens, as the reference
 * tokenizer truncates (test/unit/embedding-model.test.ts).
 */
import { readFileSync } from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';

/** Tokens a text is cut to, the special ones included: all-MiniLM-L6-v2 was trained on 256. */
export const MAX_TOKENS = 256;
/**
 * Characters of a text that are tokenized at all. Only the first MAX_TOKENS tokens are used, and 20,000
 * characters hold far more than 256 tokens unless most are words longer than 78 letters, so cutting here
 * changes no vector and bounds the work a very long description costs.
 */
export const MAX_CHARS = 20_000;

export interface SentenceTokenizer {
  /** Token ids of one text with the model's special tokens around it, at most maxTokens of them. */
  encode(text: string): number[];
}

export function loadTokenizer(file: string, maxTokens = MAX_TOKENS): SentenceTokenizer {
  const tokenizer = new Tokenizer(JSON.parse(readFileSync(file, 'utf8')) as object, {});
  // The special tokens the post-processor puts around one text ([CLS] … [SEP], <s> … </s>): found by
  // encoding a text with and without them, so the truncated text keeps the same frame.
  const bare = tokenizer.encode('a', { add_special_tokens: false }).ids;
  const framed = tokenizer.encode('a', { add_special_tokens: true }).ids;
  const start = framed.findIndex((_, i) => bare.every((id, j) => framed[i + j] === id));
  if (bare.length === 0 || start < 0) throw new Error(`${file}: cannot find how the tokenizer frames a text`);
  const prefix = framed.slice(0, start);
  const suffix = framed.slice(start + bare.length);
  const room = maxTokens - prefix.length - suffix.length;
  if (room < 1) throw new Error(`${file}: ${maxTokens} tokens leave no room for text`);
  return {
    encode(text) {
      const ids = tokenizer.encode(text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text, { add_special_tokens: false }).ids;
      return [...prefix, ...(ids.length > room ? ids.slice(0, room) : ids), ...suffix];
    },
  };
}
