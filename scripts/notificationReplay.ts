/**
 * The HTTP side of bench-behaviour: a lean client (node:http with a keep-alive agent: Node's fetch costs
 * this process about as much CPU as the API spends answering, which on a small machine would measure the
 * client rather than the API), answers asked for gzipped as browsers and fetch (the official client) ask
 * for them, a pool running requests at a concurrency and optionally a pace, and the notification replay
 * in a worker thread, so its callbacks never delay the thread timing product pages.
 */
import http from 'node:http';
import { join } from 'node:path';
import { root } from './benchSupport';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';

export interface Notification {
  name: string;
  customerKey: string;
  sessionKey: string;
  body?: unknown;
  events: number;
  at: number;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function request(method: 'GET' | 'POST', url: string, body?: string): Promise<{ status: number; text: string; tookMs: number }> {
  return new Promise((resolve, reject) => {
    const headers = {
      'Accept-Encoding': 'gzip',
      ...(body === undefined ? {} : { 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Length': String(Buffer.byteLength(body)) }),
    };
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve({ status: res.statusCode ?? 0, text, tookMs: Number(res.headers['x-elasticsearch-took'] ?? 0) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs items with `workers` in flight; with `rate` (items/s), item i starts no earlier than i/rate s in. Sorted latencies (ms). */
export async function pool<T>(items: T[], workers: number, run: (item: T, i: number) => Promise<void>, rate?: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const begin = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) {
        const i = next++;
        if (rate) {
          const due = begin + (i / rate) * 1000 - Date.now();
          if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        }
        const start = process.hrtime.bigint();
        await run(items[i], i);
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

export async function send(url: string, market: string, n: Notification): Promise<void> {
  const q = new URLSearchParams({ market, customerKey: n.customerKey, sessionKey: n.sessionKey });
  const res = await request('POST', `${url}/api/storefront/v3/notifications/${n.name}?${q}`, n.body === undefined ? undefined : JSON.stringify(n.body));
  if (res.status !== 204) throw new Error(`${n.name} ${res.status}: ${res.text}`);
}

interface ReplayJob {
  kind: 'notification-replay';
  url: string;
  notifications: Notification[];
  concurrency: number;
  market: string;
  rate?: number;
}

/**
 * Replays `notifications` in a worker thread (this file, compiled to dist/ by the benchmark's build);
 * resolves with their sorted latencies once every one is answered.
 */
export function replayInWorker(url: string, notifications: Notification[], concurrency: number, market: string, rate?: number): Promise<number[]> {
  const job: ReplayJob = { kind: 'notification-replay', url, notifications, concurrency, market, rate };
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(root, 'dist', 'scripts', 'notificationReplay.js'), { workerData: job });
    worker.once('message', (latencies: number[]) => {
      resolve(latencies);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`notification replay worker exited with ${code}`));
    });
  });
}

if (!isMainThread && (workerData as ReplayJob | undefined)?.kind === 'notification-replay') {
  const job = workerData as ReplayJob;
  pool(job.notifications, job.concurrency, (n) => send(job.url, job.market, n), job.rate).then((latencies) => {
    agent.destroy();
    parentPort!.postMessage(latencies);
  });
}
