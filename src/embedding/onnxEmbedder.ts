/**
 * The embedding model of semantic search as the service runs it: a small pool of worker threads
 * (worker.ts), each with the model loaded, so inference never blocks the event loop and an import never
 * stalls a query (docs/embedding.md).
 *
 * Two lanes share the pool. `queries` (a shopper's phrase) is always served first: a free worker takes the
 * oldest query job before any document job, and documents go to the workers one text at a time
 * (DOCUMENT_JOB), so a query waits at most for the one text a worker is busy with, never behind an import's batch.
 * `documents` (product texts at import) takes what is left.
 *
 * Where the model directory lacks its files, or the model cannot be loaded, `openEmbeddingModel` logs one
 * line and answers null: the service runs with semantic search off.
 */
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Config } from '../kernel/config';
import type { Logger } from '../kernel/log';
import { missingModelFiles } from './modelFiles';
import { MAX_TOKENS } from './tokenizer';
import type { TextEmbedder } from './types';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './workerProtocol';

/**
 * Texts a worker takes from the document lane at once. One: a query then waits for one product text at most
 * (5–15 ms of CPU), and larger jobs gained nothing measurable (bench:embedding, docs/embedding.md).
 */
export const DOCUMENT_JOB = 1;
/** Texts of one query job (queries come one at a time; a larger call is split too). */
const QUERY_JOB = 16;

export interface EmbeddingModel {
  /** The model's name (directory and file hash) and vector length, as both lanes report them. */
  readonly model: string;
  readonly dimensions: number;
  /** Shoppers' phrases: served before any document. */
  readonly queries: TextEmbedder;
  /** Product texts at import. */
  readonly documents: TextEmbedder;
  /** Stops the workers; embeds still waiting reject. Either lane's close() does the same. */
  close(): Promise<void>;
}

type Lane = 'query' | 'document';

interface Job {
  texts: string[];
  resolve(vectors: Float32Array[]): void;
  reject(err: Error): void;
}

/**
 * Opens the model in `config.embeddingModelDir` with `config.embeddingWorkers` workers, or logs why
 * semantic search is off and answers null (no model files, or a model that does not load). The options are
 * for the benchmark and tests: `documentJob`, texts a worker takes from the document lane at once (default
 * DOCUMENT_JOB); `startWorker`, how a worker thread is started (default: worker.ts).
 */
export async function openEmbeddingModel(
  config: Pick<Config, 'embeddingModelDir' | 'embeddingWorkers'>,
  log: Logger,
  options: { documentJob?: number; startWorker?: (setup: WorkerSetup) => Worker } = {},
): Promise<EmbeddingModel | null> {
  const dir = config.embeddingModelDir;
  const missing = missingModelFiles(dir);
  if (missing.length > 0) {
    log.warn('semantic search is off: no embedding model', { dir, missing, fix: 'bash scripts/model.sh install, or set EMBEDDING_MODEL_DIR' });
    return null;
  }
  const pool = new WorkerPool(
    { dir, threads: 1, maxTokens: MAX_TOKENS },
    config.embeddingWorkers,
    log,
    options.documentJob ?? DOCUMENT_JOB,
    options.startWorker ?? startWorker,
  );
  try {
    const { model, dimensions } = await pool.start();
    log.info('embedding model loaded', { model, dimensions, workers: config.embeddingWorkers });
    return pool.asModel(model, dimensions);
  } catch (err) {
    await pool.close();
    log.warn('semantic search is off: the embedding model does not load', { dir, err: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

/** One worker thread and the job it runs. */
interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  jobId: number;
  /** Why it could not load the model. */
  failure?: string;
}

class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Record<Lane, Job[]> = { query: [], document: [] };
  private closed = false;
  private nextId = 1;
  private started: Promise<{ model: string; dimensions: number }> | null = null;

  constructor(
    private readonly setup: WorkerSetup,
    private readonly size: number,
    private readonly log: Logger,
    private readonly documentJob: number,
    private readonly startWorker: (setup: WorkerSetup) => Worker,
  ) {}

  /** Starts every worker; resolves when all loaded the model, rejects when one could not. */
  start(): Promise<{ model: string; dimensions: number }> {
    this.started ??= Promise.all(Array.from({ length: this.size }, () => this.spawn())).then((loaded) => {
      const first = loaded.at(0);
      if (!first) throw new Error('no embedding worker');
      return first;
    });
    return this.started;
  }

  asModel(model: string, dimensions: number): EmbeddingModel {
    const lane = (name: Lane): TextEmbedder => ({
      model,
      dimensions,
      embed: (texts) => this.embed(name, texts),
      close: () => this.close(),
    });
    return { model, dimensions, queries: lane('query'), documents: lane('document'), close: () => this.close() };
  }

  embed(lane: Lane, texts: readonly string[]): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(new Error('the embedding model is closed'));
    if (texts.length === 0) return Promise.resolve([]);
    const size = lane === 'query' ? QUERY_JOB : this.documentJob;
    const parts: Promise<Float32Array[]>[] = [];
    for (let i = 0; i < texts.length; i += size) {
      parts.push(new Promise((resolve, reject) => this.waiting[lane].push({ texts: texts.slice(i, i + size), resolve, reject })));
    }
    // Every worker stopped and none could be started again: try once more for this embed (it fails, not
    // hangs, if that start fails too).
    if (this.slots.length === 0) this.respawn();
    this.dispatch();
    return Promise.all(parts).then((chunks) => chunks.flat());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const err = new Error('the embedding model is closed');
    this.rejectWaiting(err);
    for (const slot of this.slots) slot.job?.reject(err);
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  /** Starts a worker in place of one that stopped. */
  private respawn(): void {
    this.spawn().catch((err: unknown) => this.log.error('embedding worker did not start again', { err }));
  }

  private rejectWaiting(err: Error): void {
    for (const job of [...this.waiting.query, ...this.waiting.document]) job.reject(err);
    this.waiting.query = [];
    this.waiting.document = [];
  }

  /** Gives each idle, ready worker the next job, queries first. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.waiting.query.shift() ?? this.waiting.document.shift();
      if (!job) break;
      slot.job = job;
      slot.jobId = this.nextId++;
      // A busy worker keeps the process alive (a script awaiting its vectors); an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id: slot.jobId, texts: job.texts } satisfies WorkerRequest);
    }
  }

  /** Starts one worker; resolves when it has loaded the model. A worker that dies is replaced. */
  private spawn(): Promise<{ model: string; dimensions: number }> {
    return new Promise((resolve, reject) => {
      const worker = this.startWorker(this.setup);
      const slot: Slot = { worker, ready: false, job: null, jobId: 0 };
      this.slots.push(slot);
      const finish = (job: Job | null, reply: () => void) => {
        slot.job = null;
        worker.unref();
        if (job) reply();
        this.dispatch();
      };
      worker.on('message', (reply: WorkerReply) => {
        switch (reply.kind) {
          case 'ready':
            slot.ready = true;
            worker.unref();
            resolve(reply);
            this.dispatch();
            break;
          case 'failed':
            slot.failure = reply.message;
            reject(new Error(reply.message));
            void worker.terminate();
            break;
          case 'vectors': {
            const job = slot.job;
            if (reply.id !== slot.jobId || !job) break;
            const dimensions = reply.data.length / job.texts.length;
            finish(job, () => job.resolve(job.texts.map((_, i) => reply.data.slice(i * dimensions, (i + 1) * dimensions))));
            break;
          }
          case 'error': {
            const job = slot.job;
            if (reply.id !== slot.jobId || !job) break;
            finish(job, () => job.reject(new Error(`embedding failed: ${reply.message}`)));
            break;
          }
        }
      });
      worker.on('error', (err) => this.log.error('embedding worker failed', { err }));
      worker.on('exit', (code) => {
        const index = this.slots.indexOf(slot);
        if (index >= 0) this.slots.splice(index, 1);
        slot.job?.reject(new Error(`the embedding worker stopped (exit code ${code})`));
        if (!slot.ready) {
          const err = new Error(slot.failure ?? `the embedding worker stopped while loading (exit code ${code})`);
          reject(err);
          // No worker left to serve them: what waits fails rather than waiting for ever.
          if (this.slots.length === 0) this.rejectWaiting(err);
          return;
        }
        if (this.closed) return;
        // Replaced, so one crash costs the job it ran and nothing after it.
        this.log.warn('embedding worker stopped: starting another', { code });
        this.respawn();
      });
    });
  }
}

/**
 * The worker thread: worker.js beside this file when built (dist/), worker.ts under tsx (tests, scripts),
 * where the thread registers tsx first because it does not inherit the loader mocha or tsx gave this one.
 */
function startWorker(setup: WorkerSetup): Worker {
  const file = join(__dirname, `worker${extname(__filename)}`);
  if (file.endsWith('.ts')) {
    return new Worker(`require('tsx/cjs'); require(${JSON.stringify(file)});`, { eval: true, workerData: setup });
  }
  return new Worker(file, { workerData: setup });
}
