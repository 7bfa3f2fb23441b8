/**
 * A worker thread running one sentence model (sentenceModel.ts) for the embedder (onnxEmbedder.ts), so
 * inference never runs on the event loop. It loads the model, says `ready` (or `failed`), then answers each
 * request with the vectors of its texts, one Float32Array of texts × dimensions moved, not copied, back.
 * One request at a time: the embedder sends the next when this one is answered.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SentenceModel } from './sentenceModel';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './workerProtocol';

const port = parentPort;
const setup = workerData as WorkerSetup;
const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port?.postMessage(reply, transfer);

async function serve(): Promise<void> {
  if (!port) throw new Error('worker.ts runs as a worker thread of onnxEmbedder.ts');
  // Nice 10: on Linux a thread's priority is its own, so inference (which runs on this thread) takes the CPU that
  // the event loop and Elasticsearch leave, and an import's embedding does not starve queries on a small machine.
  try {
    setPriority(0, 10);
  } catch {
    /* not permitted here: the thread keeps the process's priority */
  }
  let model: SentenceModel;
  try {
    model = await SentenceModel.load(setup.dir, setup.threads, setup.maxTokens);
  } catch (err) {
    post({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    return;
  }
  post({ kind: 'ready', model: model.model, dimensions: model.dimensions });
  port.on('message', (request: WorkerRequest) => {
    model.embed(request.texts).then(
      (vectors) => {
        const data = new Float32Array(vectors.length * model.dimensions);
        vectors.forEach((vector, i) => data.set(vector, i * model.dimensions));
        post({ kind: 'vectors', id: request.id, data }, [data.buffer]);
      },
      (err: unknown) => {
        post({ kind: 'error', id: request.id, message: err instanceof Error ? err.message : String(err) });
      },
    );
  });
}

void serve();
