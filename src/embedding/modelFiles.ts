/**
 * The files of a model directory (EMBEDDING_MODEL_DIR). Apart from sentenceModel.ts so that the API's main
 * thread, which only checks they are there, never loads ONNX Runtime (about 12 MB of memory): the workers do.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const MODEL_FILE = 'model.onnx';
export const TOKENIZER_FILE = 'tokenizer.json';

/** The files of the model in `dir` that are missing (none: it can be loaded). */
export function missingModelFiles(dir: string): string[] {
  return [MODEL_FILE, TOKENIZER_FILE].filter((file) => !existsSync(join(dir, file)));
}
