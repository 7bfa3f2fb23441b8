/**
 * npm run bench:embedding [-- --products 400] [--queries 150]
 * The cost of the embedding model of semantic search (docs/embedding.md), on real texts: the ESCI sample's
 * queries and products (../shared/data/esci-sample, or ESCI_DIR), a product's text being title | brand | type |
 * description (bullet points where it has no description), those of 60–120 words.
 *  1. Through the worker pool the service uses (openEmbeddingModel, one worker): the process's RSS before the
 *     model, with it loaded, and after a batch; product texts per second for document job sizes 1, 4 and 16;
 *     the event loop's busy time per query; a query's wall time idle and while an import's batch keeps the
 *     worker busy (the query lane is served first).
 *  2. In this thread (SentenceModel): CPU ms to embed one query; CPU ms per product text, so texts per second
 *     per core.
 * Prints a table and one JSON line. Runs no Elasticsearch. The machine is shared: read CPU times, not walls.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { openEmbeddingModel } from '../src/embedding/onnxEmbedder';
import { missingModelFiles } from '../src/embedding/modelFiles';
import { SentenceModel } from '../src/embedding/sentenceModel';
import { loadConfig } from '../src/kernel/config';
import { createLogger } from '../src/kernel/log';
import { arg, machineLoad } from './benchSupport';

const productCount = arg('products', 400);
const queryCount = arg('queries', 150);
const root = join(__dirname, '..');
const dataDir = process.env.ESCI_DIR ?? join(root, '..', 'shared', 'data', 'esci-sample');

interface EsciProduct {
  title?: string;
  brand?: string | null;
  category?: string[];
  description?: string;
  bullet_points?: string;
}

async function readProducts(): Promise<string[]> {
  const texts: string[] = [];
  const lines = createInterface({ input: createReadStream(join(dataDir, 'products.jsonl.gz')).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const p = JSON.parse(line) as EsciProduct;
    const about = (p.description?.trim() || p.bullet_points?.trim()) ?? '';
    const text = [p.title ?? '', p.brand ?? '', p.category?.at(-1) ?? '', about].join(' | ');
    const words = text.split(/\s+/).length;
    if (words >= 60 && words <= 120) texts.push(text);
  }
  return texts;
}

async function readQueries(): Promise<string[]> {
  const out: string[] = [];
  const lines = createInterface({ input: createReadStream(join(dataDir, 'queries.tsv')), crlfDelay: Infinity });
  for await (const line of lines) {
    const [id, query] = line.split('\t');
    if (id && query && id !== 'query_id') out.push(query);
  }
  return out;
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
};
const rssMb = () => Math.round(process.memoryUsage().rss / 1e6);
const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const r2 = (n: number) => Math.round(n * 100) / 100;

async function main(): Promise<void> {
  const dir = loadConfig(process.env).embeddingModelDir;
  if (missingModelFiles(dir).length > 0) throw new Error(`no model in ${dir}: run bash scripts/model.sh install`);
  if (!existsSync(join(dataDir, 'products.jsonl.gz'))) throw new Error(`ESCI sample not found in ${dataDir} (set ESCI_DIR)`);
  const products = (await readProducts()).slice(0, productCount);
  const queries = (await readQueries()).slice(0, queryCount);
  const load = machineLoad();
  const result: Record<string, unknown> = { products: products.length, queries: queries.length, load };

  // 1. Through the pool, first: the process has loaded no model yet, so its RSS says what the model costs (the
  // first pool's: a closed pool's memory is not all given back).
  let start = process.cpuUsage();
  const rssBefore = rssMb();
  const log = createLogger('warn');
  const byJob: Record<string, unknown> = {};
  let rssLoaded = 0;
  let rssAfter = 0;
  for (const job of [1, 4, 16]) {
    const pool = await openEmbeddingModel({ embeddingModelDir: dir, embeddingWorkers: 1 }, log, { documentJob: job });
    if (!pool) throw new Error('the model did not load');
    if (job === 1) rssLoaded = rssMb();
    await pool.documents.embed(products.slice(0, 8));
    start = process.cpuUsage();
    const began = performance.now();
    await pool.documents.embed(products);
    const wall = performance.now() - began;
    byJob[job] = { perSecondWall: Math.round(products.length / (wall / 1000)), cpuMsPerText: r2(cpuMs(start) / products.length) };
    if (job === 1) {
      // The event loop's own work per query (messages, promises), and a query's wall time idle and behind an import.
      const elu = performance.eventLoopUtilization();
      const idle: number[] = [];
      for (const q of queries) {
        const t = performance.now();
        await pool.queries.embed([q]);
        idle.push(performance.now() - t);
      }
      const used = performance.eventLoopUtilization(elu);
      byJob.queryEventLoopMs = r2(used.active / queries.length);
      byJob.queryWallIdleMs = { p50: r2(percentile(idle, 0.5)), p99: r2(percentile(idle, 0.99)) };
      const busy: number[] = [];
      const importing = pool.documents.embed(products);
      for (const q of queries.slice(0, 50)) {
        const t = performance.now();
        await pool.queries.embed([q]);
        busy.push(performance.now() - t);
      }
      await importing;
      byJob.queryWallDuringImportMs = { p50: r2(percentile(busy, 0.5)), p99: r2(percentile(busy, 0.99)), max: r2(Math.max(...busy)) };
    }
    if (job === 1) rssAfter = rssMb();
    await pool.close();
  }
  result.pool = byJob;
  result.rssMb = { beforeModel: rssBefore, loaded: rssLoaded, afterImport: rssAfter };

  // 2. In this thread.
  const model = await SentenceModel.load(dir);
  const tokens = products.map((t) => model.tokenize(t).length);
  result.productTokens = { p50: percentile(tokens, 0.5), max: Math.max(...tokens), truncated: tokens.filter((n) => n >= 256).length };
  await model.embed(queries.slice(0, 10));
  start = process.cpuUsage();
  for (const q of queries) await model.embed([q]);
  result.queryCpuMs = r2(cpuMs(start) / queries.length);
  await model.embed(products.slice(0, 5));
  start = process.cpuUsage();
  for (const text of products) await model.embed([text]);
  const productCpu = cpuMs(start) / products.length;
  result.productCpuMs = r2(productCpu);
  result.productsPerSecondPerCore = Math.round(1000 / productCpu);
  await model.close();

  console.log(
    `products: ${products.length} ESCI texts of 60–120 words, tokens p50 ${String((result.productTokens as { p50: number }).p50)}; queries: ${queries.length} (load ${String(load)})`,
  );
  console.log(
    `in one thread: query ${String(result.queryCpuMs)} ms CPU; product ${String(result.productCpuMs)} ms CPU = ${String(result.productsPerSecondPerCore)} texts/s per core`,
  );
  for (const job of [1, 4, 16]) console.log(`pool, document job ${job}: ${JSON.stringify(byJob[job])}`);
  console.log(
    `pool, query: event loop ${String(byJob.queryEventLoopMs)} ms, wall idle ${JSON.stringify(byJob.queryWallIdleMs)}, during an import ${JSON.stringify(byJob.queryWallDuringImportMs)}`,
  );
  console.log(`RSS MB: ${JSON.stringify(result.rssMb)}`);
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
