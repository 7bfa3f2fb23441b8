/** Shared by the benchmark scripts: argument parsing, starting the built API as a child process, percentiles, relevance measures. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { cpus, loadavg } from 'node:os';
import { type GeneratorOptions, parseProfile } from '../src/sample/generator';
import type { SearchPageResult } from '../src/storefront/responseTypes';

export const root = join(__dirname, '..');
export const elasticsearchUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--attributes N` and `--profile P` of the catalog generator; absent, the generator's defaults hold. */
export function generatorArgs(): Pick<GeneratorOptions, 'attributes' | 'profile'> {
  const value = (name: string) => (process.argv.includes(`--${name}`) ? (process.argv[process.argv.indexOf(`--${name}`) + 1] ?? '') : undefined);
  const options: Pick<GeneratorOptions, 'attributes' | 'profile'> = {};
  const attributes = value('attributes');
  if (attributes !== undefined) {
    options.attributes = Number(attributes);
    if (attributes.trim() === '' || !Number.isInteger(options.attributes) || options.attributes < 0)
      throw new Error(`--attributes must be a non-negative integer, got '${attributes}'`);
  }
  const profile = value('profile');
  if (profile !== undefined) options.profile = parseProfile(profile);
  return options;
}

/** `--name` given without a value (a switch). */
export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

export function ensureElasticsearch(): void {
  execFileSync('bash', [join(root, 'scripts', 'elasticsearch.sh'), 'ensure'], { stdio: 'inherit', env: process.env });
}

/**
 * Compiles to dist/. tsc emits even when some file does not type-check; on a shared work tree a half-done
 * file elsewhere should not stop a benchmark, so a type error is a warning here (`npm run typecheck` is the gate).
 */
export function build(): void {
  try {
    execFileSync('npx', ['tsc', '-p', join(root, 'tsconfig.json')], { stdio: 'inherit', cwd: root });
  } catch {
    console.warn('warning: tsc reported type errors; benchmarking the emitted JavaScript anyway');
  }
}

export interface RunningApi {
  url: string;
  process: ChildProcess;
  peakRssMb(): number;
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Starts the compiled API (node dist/src/main.js) so that its RSS is its own. */
export async function startApi(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<RunningApi> {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ELASTICSEARCH_URL: elasticsearchUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: on a busy shared node the start-up's index checks alone took 37 s.
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(`${url}/api/admin/v4/import/status?id=0`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    process: child,
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    /** User plus system CPU time of the API process so far. */
    cpuSeconds() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 per second)
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Runs `work` over `items` with at most `concurrency` in flight, in order of the list. */
export async function runConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Load average of the machine (1 minute) and its core count, to print next to timings on a shared machine. */
export function machineLoad(): string {
  return `load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`;
}

/** CPU seconds Elasticsearch has used so far (all nodes). */
export async function elasticsearchCpuSeconds(es: Client): Promise<number> {
  const stats = await es.nodes.stats({ metric: 'process' });
  return Object.values(stats.nodes).reduce((n, node) => n + (node.process?.cpu?.total_in_millis ?? 0), 0) / 1000;
}

/** Where `--cpu-prof` writes V8 CPU profiles of the API process (open them in Chrome DevTools). */
export const profileDir = join(root, '.cache', 'profiles');

/** Node flags for the API process: a CPU profile when the benchmark was given `--cpu-prof`. */
export function cpuProfileArgs(): string[] {
  return flag('cpu-prof') ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
}

/** Wall-clock seconds, and the CPU seconds the API process, Elasticsearch and this process used in them. */
export interface CpuUse {
  seconds: number;
  api: number;
  elasticsearch: number;
  loadGenerator: number;
}

/** Starts measuring CPU use; the returned function reads it since the start. */
export async function cpuMeter(api: RunningApi, es: Client): Promise<() => Promise<CpuUse>> {
  const start = { at: process.hrtime.bigint(), api: api.cpuSeconds(), es: await elasticsearchCpuSeconds(es), me: process.cpuUsage() };
  return async () => {
    const me = process.cpuUsage(start.me);
    return {
      seconds: Number(process.hrtime.bigint() - start.at) / 1e9,
      api: api.cpuSeconds() - start.api,
      elasticsearch: (await elasticsearchCpuSeconds(es)) - start.es,
      loadGenerator: (me.user + me.system) / 1e6,
    };
  };
}

/** Query plus fetch time (ms) and query count each index (by its name before the version suffix) spent since the start. */
export type SearchTimes = Record<string, { ms: number; queries: number }>;

/** Starts measuring the shard-level search time of the indices matching `pattern`; the returned function reads it. */
export async function searchTimeMeter(es: Client, pattern: string): Promise<() => Promise<SearchTimes>> {
  const read = async (): Promise<SearchTimes> => {
    const stats = await es.indices.stats({ index: pattern, metric: 'search' });
    const out: SearchTimes = {};
    for (const [name, s] of Object.entries(stats.indices ?? {})) {
      const search = s.total?.search;
      const key = name.replace(/-v\d{8}t\d+$/, '').replace(/-\d{6}$/, '');
      const prev = out[key] ?? { ms: 0, queries: 0 };
      out[key] = {
        ms: prev.ms + (search?.query_time_in_millis ?? 0) + (search?.fetch_time_in_millis ?? 0),
        queries: prev.queries + (search?.query_total ?? 0),
      };
    }
    return out;
  };
  const start = await read();
  return async () => {
    const now = await read();
    return Object.fromEntries(
      Object.entries(now)
        .map(([k, v]) => [k, { ms: v.ms - (start[k]?.ms ?? 0), queries: v.queries - (start[k]?.queries ?? 0) }] as const)
        .filter(([, v]) => v.queries > 0),
    );
  };
}

// ---- Relevance runs (relevance-esci.ts, relevance-locales.ts) ----

/** Graded judgments of one query: product group key → gain (ESCI grades 0–3). */
export type Judgments = Map<string, number>;

/** nDCG@10 with the grades as gains; unjudged results gain 0, so an unjudged page scores 0, not "unknown". */
export function ndcgAt10(ranked: string[], gains: Judgments): number {
  const dcg = ranked.slice(0, 10).reduce((s, id, i) => s + (gains.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...gains.values()]
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/**
 * nDCG@10 of the judged results only: unjudged products are dropped before the cut, so a list is not
 * punished for products nobody judged (the held-out set's second figure).
 */
export function judgedOnlyNdcgAt10(ranked: string[], gains: Judgments): number {
  return ndcgAt10(
    ranked.filter((id) => gains.has(id)),
    gains,
  );
}

/**
 * Share of the products judged `minGrade` or better found among the first `depth` results; undefined when
 * the query has none, so that a mean over queries leaves it out instead of counting it as 0 or 1.
 */
export function recallAt(ranked: string[], gains: Judgments, depth: number, minGrade: number): number | undefined {
  const wanted = [...gains].filter(([, g]) => g >= minGrade).map(([key]) => key);
  if (!wanted.length) return undefined;
  const found = new Set(ranked.slice(0, depth));
  return wanted.filter((key) => found.has(key)).length / wanted.length;
}

/** Mean of the defined values (0 when there are none). */
export function mean(values: (number | undefined)[]): number {
  const defined = values.filter((v): v is number => v !== undefined);
  return defined.length ? defined.reduce((s, v) => s + v, 0) / defined.length : 0;
}

/** Markets of a configuration import: market id → its locales and currency. */
export type MarketsConfiguration = Record<string, { locales: string[]; currency: string }>;

/**
 * Imports the configuration, then `lines` (JSON lines `{"replace": ...}`) as a full catalog import, through the
 * admin API as a shop would. `force=true`: a relevance run replaces whatever catalog the prefix held.
 */
export async function importCatalog(apiUrl: string, apiKey: string, markets: MarketsConfiguration, lines: string[]): Promise<void> {
  let res = await fetch(`${apiUrl}/api/admin/v4/import/configuration`, {
    method: 'POST',
    headers: { 'Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ markets }),
  });
  if (res.status !== 204) throw new Error(`configuration: ${res.status} ${await res.text()}`);
  res = await fetch(`${apiUrl}/api/admin/v4/import/catalog?force=true`, {
    method: 'PUT',
    headers: { 'Api-Key': apiKey, 'Content-Type': 'application/jsonlines' },
    body: lines.join('\n'),
  });
  if (res.status !== 204) throw new Error(`catalog import: ${res.status} ${(await res.text()).slice(0, 2000)}`);
}

/** What a relevance run reads of a search-page answer: the group keys of both lists and what the page did. */
export interface SearchPageLists {
  primary: string[];
  secondary: string[];
  primaryTotal: number;
  secondaryTotal: number;
  autoCorrectedTo?: string;
}

/** One search-page request (GET, notify=false so runs leave no behaviour behind); `params` adds to or overrides the defaults. */
export async function searchPageLists(apiUrl: string, params: Record<string, string>): Promise<SearchPageLists> {
  const query = new URLSearchParams({ customerKey: 'relevance', sessionKey: 'relevance', touchpoint: 'DESKTOP', notify: 'false', ...params });
  const r = await fetch(`${apiUrl}/api/storefront/v3/queries/search-page?${query}`);
  if (r.status !== 200) throw new Error(`search-page "${params.q}": ${r.status} ${await r.text()}`);
  const body = (await r.json()) as Partial<SearchPageResult>;
  return {
    primary: (body.primaryList?.productGroups ?? []).map((g) => g.key),
    secondary: (body.secondaryList?.productGroups ?? []).map((g) => g.key),
    primaryTotal: body.primaryList?.totalHits ?? 0,
    secondaryTotal: body.secondaryList?.totalHits ?? 0,
    autoCorrectedTo: body.autoCorrect?.q,
  };
}

/** The plain BM25 baseline: titles only in an index with the default (standard) analyzer, on the same node. */
export async function createPlainTitleIndex(es: Client, index: string, docs: { id: string; title: string }[]): Promise<void> {
  await es.indices.create({ index, mappings: { properties: { title: { type: 'text' } } } });
  await es.bulk({ refresh: true, operations: docs.flatMap((d) => [{ index: { _index: index, _id: d.id } }, { title: d.title }]) });
}

/** Ids of the first `size` documents of a plain `match` on the title. */
export async function plainTitleSearch(es: Client, index: string, q: string, size: number): Promise<string[]> {
  const b = await es.search({ index, size, query: { match: { title: q } }, _source: false });
  return b.hits.hits.map((h) => h._id ?? '');
}

/** Deletes every index and alias of a prefix (a relevance run owns its prefix). */
export async function deletePrefix(es: Client, prefix: string): Promise<void> {
  await es.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
}
