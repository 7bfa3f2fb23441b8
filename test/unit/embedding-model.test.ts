/**
 * The embedding model against an independent reference: token ids and vectors of test/fixtures/embedding-reference.json,
 * made by the Java program in scripts/embedding-reference (langchain4j's all-MiniLM-L6-v2 int8 with DJL's binding of
 * Hugging Face's Rust tokenizers). Needs the model: `bash scripts/model.sh install` (npm test runs it first).
 * A missing model fails these tests, never skips them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../../src/kernel/config';
import type { Logger } from '../../src/kernel/log';
import { openEmbeddingModel, type EmbeddingModel } from '../../src/embedding/onnxEmbedder';
import { missingModelFiles, TOKENIZER_FILE } from '../../src/embedding/modelFiles';
import { SentenceModel } from '../../src/embedding/sentenceModel';
import { loadTokenizer } from '../../src/embedding/tokenizer';

interface Reference {
  maxTokens: number;
  sentences: { text: string; tokenCount: number; ids: number[]; vector: number[] }[];
}
const reference = JSON.parse(readFileSync(join(__dirname, '../fixtures/embedding-reference.json'), 'utf8')) as Reference;
// The default model directory (a key is required of any configuration; this test reads no key).
const dir = loadConfig({ ADMIN_API_KEY: 'unused-by-this-test' }).embeddingModelDir;
const TOLERANCE = 1e-4;

function requireModel(): void {
  const missing = missingModelFiles(dir);
  if (missing.length > 0) throw new Error(`the embedding model is missing (${missing.join(', ')} in ${dir}): run bash scripts/model.sh install`);
}

function largestDifference(vector: Float32Array, expected: readonly number[]): number {
  assert.equal(vector.length, expected.length);
  let largest = 0;
  for (let d = 0; d < vector.length; d++) largest = Math.max(largest, Math.abs((vector[d] ?? NaN) - (expected[d] ?? NaN)));
  return largest;
}

function quietLog(): Logger & { lines: { level: string; msg: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
    lines.push({ level, msg, fields });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('embedding model (all-MiniLM-L6-v2 int8) against the Java reference', () => {
  before(requireModel);

  it('covers what it claims: English, Swedish, German, accents, punctuation, numbers and a text past the token limit', () => {
    assert.ok(reference.sentences.length >= 10);
    assert.equal(reference.maxTokens, 256);
    assert.ok(
      reference.sentences.some((s) => s.tokenCount > reference.maxTokens),
      'a truncated text',
    );
    assert.ok(reference.sentences.some((s) => /[åäö]/.test(s.text)) && reference.sentences.some((s) => /ß|Größe/.test(s.text)));
  });

  it('tokenizes every sentence to the reference ids, truncated at 256 tokens with [SEP] kept', () => {
    const tokenizer = loadTokenizer(join(dir, TOKENIZER_FILE));
    for (const sentence of reference.sentences) {
      assert.deepEqual(tokenizer.encode(sentence.text), sentence.ids, sentence.text);
    }
    const long = reference.sentences.find((s) => s.tokenCount > 256);
    assert.equal(long?.ids.length, 256);
    assert.equal(long?.ids.at(-1), 102);
  });

  it('embeds every sentence within 1e-4 of the reference vector, a unit vector', async () => {
    const model = await SentenceModel.load(dir);
    try {
      assert.equal(model.dimensions, 384);
      const vectors = await model.embed(reference.sentences.map((s) => s.text));
      reference.sentences.forEach((sentence, i) => {
        const vector = vectors[i] ?? new Float32Array(0);
        assert.ok(largestDifference(vector, sentence.vector) < TOLERANCE, `${sentence.text}: ${largestDifference(vector, sentence.vector)}`);
        assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-5);
      });
    } finally {
      await model.close();
    }
  });

  it('gives a text the same vector whatever it is embedded with (no batch effects)', async () => {
    const model = await SentenceModel.load(dir);
    try {
      const [alone] = await model.embed(['wireless headphones']);
      const [, together] = await model.embed([reference.sentences.at(-1)?.text ?? '', 'wireless headphones']);
      assert.deepEqual(together, alone);
    } finally {
      await model.close();
    }
  });
});

describe('embedding model in worker threads (openEmbeddingModel)', () => {
  let model: EmbeddingModel | null = null;
  before(async function () {
    requireModel();
    model = await openEmbeddingModel({ embeddingModelDir: dir, embeddingWorkers: 1 }, quietLog());
  });
  after(async () => {
    await model?.close();
  });

  it('answers the reference vectors in order on both lanes', async () => {
    assert.ok(model);
    assert.match(model.model, /^all-minilm-l6-v2-q@[0-9a-f]{12}$/);
    assert.equal(model.dimensions, 384);
    const texts = reference.sentences.map((s) => s.text);
    for (const lane of [model.documents, model.queries]) {
      const vectors = await lane.embed(texts);
      assert.equal(vectors.length, texts.length);
      reference.sentences.forEach((sentence, i) => assert.ok(largestDifference(vectors[i] ?? new Float32Array(0), sentence.vector) < TOLERANCE, sentence.text));
    }
    assert.deepEqual(await model.queries.embed([]), []);
  });

  it('serves a query before the rest of an import batch queued ahead of it', async () => {
    assert.ok(model);
    const finished: string[] = [];
    const batch = Array.from({ length: 40 }, (_, i) => `${reference.sentences[i % reference.sentences.length]?.text ?? ''} ${i}`);
    const documents = model.documents.embed(batch).then(() => {
      finished.push('documents');
    });
    const query = model.queries.embed(['warm winter jacket']).then(() => {
      finished.push('query');
    });
    await Promise.all([documents, query]);
    assert.deepEqual(finished, ['query', 'documents']);
  });

  it('keeps the event loop free while it embeds', async () => {
    assert.ok(model);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    await model.documents.embed(Array.from({ length: 24 }, (_, i) => `${reference.sentences.at(-1)?.text ?? ''} ${i}`));
    clearInterval(timer);
    // 24 long texts take well over 100 ms of inference; run on this thread, no timer would fire meanwhile.
    assert.ok(ticks > 10, `${ticks} timer ticks`);
  });

  it('rejects embeds once closed', async () => {
    const own = await openEmbeddingModel({ embeddingModelDir: dir, embeddingWorkers: 1 }, quietLog());
    assert.ok(own);
    await own.close();
    await assert.rejects(own.queries.embed(['x']), /closed/);
  });

  it('answers null with one log line saying semantic search is off when the model directory lacks its files', async () => {
    const log = quietLog();
    assert.equal(await openEmbeddingModel({ embeddingModelDir: join(__dirname, 'no-such-model'), embeddingWorkers: 1 }, log), null);
    assert.equal(log.lines.length, 1);
    assert.equal(log.lines[0]?.level, 'warn');
    assert.match(log.lines[0]?.msg ?? '', /semantic search is off/);
    assert.deepEqual(log.lines[0]?.fields?.missing, ['model.onnx', 'tokenizer.json']);
  });

  it('answers null with one log line when the model file does not load', async () => {
    const log = quietLog();
    // A directory with a tokenizer.json and a model.onnx that is not a model: this test file's own folder would
    // lack them, so the fixture folder stands in, with the reference JSON as the "model".
    const fake = join(__dirname, '../fixtures/embedding-broken-model');
    assert.equal(await openEmbeddingModel({ embeddingModelDir: fake, embeddingWorkers: 1 }, log), null);
    assert.equal(log.lines.length, 1);
    assert.match(log.lines[0]?.msg ?? '', /semantic search is off: the embedding model does not load/);
  });
});

describe('embedding worker pool when a worker stops (a stand-in worker, no model)', () => {
  // A worker that loads at once and answers each text of a job of n texts with [n, n], stops on the text
  // "crash", and fails to load when fail() says so as it starts.
  const standIn = (fail: () => boolean) => () =>
    new Worker(
      `
    const { parentPort, workerData } = require('node:worker_threads');
    if (workerData.fail) { parentPort.postMessage({ kind: 'failed', message: 'cannot load' }); }
    else {
      parentPort.postMessage({ kind: 'ready', model: 'stand-in', dimensions: 2 });
      parentPort.on('message', (r) => {
        if (r.texts.includes('crash')) process.exit(3);
        const data = new Float32Array(r.texts.length * 2).fill(r.texts.length);
        parentPort.postMessage({ kind: 'vectors', id: r.id, data }, [data.buffer]);
      });
    }`,
      { eval: true, workerData: { fail: fail() } },
    );
  const dir = join(__dirname, '../fixtures/embedding-broken-model');

  it('fails only the job of a worker that stopped, and serves the next embed with a new worker', async () => {
    const log = quietLog();
    const model = await openEmbeddingModel({ embeddingModelDir: dir, embeddingWorkers: 1 }, log, { startWorker: standIn(() => false) });
    assert.ok(model);
    try {
      const crashed = model.queries.embed(['crash']);
      const next = model.documents.embed(['a', 'b']);
      await assert.rejects(crashed, /stopped \(exit code 3\)/);
      assert.deepEqual(
        (await next).map((v) => Array.from(v)),
        [
          [1, 1],
          [1, 1],
        ],
      );
      assert.ok(log.lines.some((l) => l.msg === 'embedding worker stopped: starting another'));
    } finally {
      await model.close();
    }
  });

  it('fails what waits, rather than hanging, when no worker can be started again', async () => {
    let started = 0;
    const log = quietLog();
    const model = await openEmbeddingModel({ embeddingModelDir: dir, embeddingWorkers: 1 }, log, { startWorker: standIn(() => started++ > 0) });
    assert.ok(model);
    try {
      const crashed = model.queries.embed(['crash']);
      const waiting = model.queries.embed(['x']);
      await assert.rejects(crashed, /stopped/);
      await assert.rejects(waiting, /cannot load/);
      await assert.rejects(model.queries.embed(['y']), /cannot load/);
    } finally {
      await model.close();
    }
  });
});
