/**
 * API processes of the fault tests: the compiled service (dist/src/main.js, built by scripts/test-faults.sh)
 * as a child process, as in production, so that it can be killed with SIGKILL like a crashed process. Its
 * JSON log lines (stderr) are kept for the assertions (errors, jobs run, events lost) and written to
 * .cache/faults/logs/ for reading after a run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { clusterUrl, sleep } from './cluster';

const root = join(__dirname, '..', '..', '..');
export const logDir = join(root, '.cache', 'faults', 'logs');
export const API_KEY = 'faults-key';

/** Proposed settings of issue 16 (not read by the service yet): primary shards of catalog versions, replicas of every index. */
export const SHARDS_SETTING = 'INDEX_SHARDS';
export const REPLICAS_SETTING = 'INDEX_REPLICAS';

export interface LogLine {
  time?: string;
  level?: string;
  msg?: string;
  [field: string]: unknown;
}

export interface ApiProcess {
  name: string;
  url: string;
  pid: number;
  logs: LogLine[];
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<string>;
  kill(signal: NodeJS.Signals): Promise<string>;
  /** SIGTERM (graceful: buffered events are written), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<string>;
  request(method: string, path: string, init?: { body?: string | Buffer; headers?: Record<string, string>; timeoutMs?: number }): Promise<Response>;
  admin(
    method: string,
    path: string,
    init?: { body?: string | Buffer | ReadableStream<Uint8Array>; headers?: Record<string, string>; timeoutMs?: number },
  ): Promise<Response>;
}

const running = new Set<ApiProcess>();

/** FAULTS_API_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to every API process: for profiling a scenario. */
const nodeArgs = (process.env.FAULTS_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts one API process on a free port with `env` over the defaults of the fault tests (every node of the
 * cluster in ELASTICSEARCH_URL, one replica asked for, info logs); resolves once it answers HTTP, or at once
 * with `wait: false` (two processes started together).
 */
export async function startApi(name: string, env: Record<string, string>, options: { wait?: boolean } = {}): Promise<ApiProcess> {
  mkdirSync(logDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ELASTICSEARCH_URL: clusterUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_API_KEY: API_KEY,
      // No access line per request: logs are written synchronously to this pipe, which the test reads while it
      // sends hundreds of requests a second; a lagging reader would stall the API on its writes.
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'false',
      LOAD_SAMPLE_DATA: 'false',
      [REPLICAS_SETTING]: '1',
      [SHARDS_SETTING]: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const pid = child.pid ?? -1;
  const file: WriteStream = createWriteStream(join(logDir, `${name}-${pid}.log`));
  const logs: LogLine[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    file.write(line + '\n');
    try {
      logs.push(JSON.parse(line) as LogLine);
    } catch {
      logs.push({ level: 'raw', msg: line });
    }
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      file.end();
      resolve(signal ?? String(code));
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const request: ApiProcess['request'] = (method, path, init = {}) =>
    fetch(url + path, { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
  const api: ApiProcess = {
    name,
    url,
    pid,
    logs,
    exited,
    kill(signal) {
      child.kill(signal);
      return exited;
    },
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
    request,
    admin(method, path, init = {}) {
      // A streamed body needs duplex: 'half' (Node's fetch); the type of RequestInit lacks it.
      const requestInit: RequestInit & { duplex?: 'half' } = {
        method,
        body: init.body,
        headers: { 'Api-Key': API_KEY, ...(init.headers ?? {}) },
        signal: AbortSignal.timeout(init.timeoutMs ?? 600_000),
      };
      if (init.body instanceof ReadableStream) requestInit.duplex = 'half';
      return fetch(url + path, requestInit);
    },
  };
  running.add(api);
  void exited.then(() => running.delete(api));
  if (options.wait !== false) await waitReady(api);
  return api;
}

/** Resolves once the process answers HTTP (main.ts listens only after Elasticsearch answered). */
export async function waitReady(api: ApiProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let ended = false;
  void api.exited.then(() => {
    ended = true;
  });
  while (Date.now() < until) {
    if (ended)
      throw new Error(
        `${api.name} exited while starting: ${api.logs
          .slice(-5)
          .map((l) => JSON.stringify(l))
          .join('\n')}`,
      );
    try {
      await api.request('GET', '/api/admin/v4/import/status?id=0', { headers: { 'Api-Key': API_KEY }, timeoutMs: 2000 });
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${api.name} did not answer in ${timeoutMs} ms`);
}

/** Stops every API process still running (after each scenario, and at the end of the run). */
export async function stopAllApis(): Promise<void> {
  await Promise.all([...running].map((api) => api.stop(5000)));
}

/** Log lines at level error, less those a scenario expects. */
export function errorLines(api: ApiProcess, expected: RegExp[] = []): LogLine[] {
  return api.logs.filter((l) => l.level === 'error' && !expected.some((re) => re.test(String(l.msg ?? ''))));
}

/** Brief log lines for a failure message. */
export function describeLines(lines: LogLine[], max = 5): string {
  return (
    lines
      .slice(0, max)
      .map((l) => `${l.msg}${l.err ? `: ${String(l.err).slice(0, 300)}` : ''}`)
      .join(' | ') + (lines.length > max ? ` (+${lines.length - max} more)` : '')
  );
}
