/** Shared by the benchmark scripts: argument parsing, starting the built API as a child process, percentiles. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '..');
export const elasticsearchUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

export function ensureElasticsearch(): void {
  execFileSync('bash', [join(root, 'scripts', 'elasticsearch.sh'), 'ensure'], { stdio: 'inherit', env: process.env });
}

export function build(): void {
  execFileSync('npx', ['tsc', '-p', join(root, 'tsconfig.json')], { stdio: 'inherit', cwd: root });
}

export interface RunningApi { url: string; process: ChildProcess; peakRssMb(): number; stop(): Promise<void> }

/** Starts the compiled API (node dist/src/main.js) so that its RSS is its own. */
export async function startApi(env: Record<string, string>, port: number): Promise<RunningApi> {
  const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root, env: { ...process.env, ELASTICSEARCH_URL: elasticsearchUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try { await fetch(`${url}/api/admin/v4/import/status?id=0`); break; } catch { await new Promise((r) => setTimeout(r, 200)); }
  }
  return {
    url, process: child,
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
