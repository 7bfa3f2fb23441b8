/**
 * npm run bench:semantic [-- --rounds 4] [--port 18083] [--searches-only --prefix P] — what search by meaning costs, on the ESCI sample
 * (../shared/data/esci-sample, 6,764 English products; ESCI_DIR elsewhere).
 *
 * Two compiled APIs run side by side on one index prefix: one with search by meaning on (SEMANTIC_SEARCH=en), one
 * with it off. Imports: off first (the baseline), then on with an empty embedding cache (every product embedded),
 * then on again with the catalog unchanged (every vector from the cache), then off again; each timed, with the API's
 * CPU. The product index's size with vectors and without. Searches: the sample's 150 queries through search-page,
 * `--rounds` phases of each API alternated (on, off, off, on, ...) so that a drifting machine load favours neither,
 * reporting per search-page the API's CPU, Elasticsearch's `took` (X-Elasticsearch-Took) and the round trips (whose
 * mean includes the catalog-facts reloads every STORE_CACHE_MS, which land on either side). Ends with one JSON line.
 * `--searches-only --prefix P` times the searches alone on an ESCI import kept under P (relevance-esci.ts --keep), so
 * that the SEMANTIC_* settings (from the environment) can be compared without importing again.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { Client } from '@elastic/elasticsearch';
import { arg, build, deletePrefix, elasticsearchUrl, ensureElasticsearch, percentile, root, round, startApi, type RunningApi } from './benchSupport';
import { toCatalogLine } from './relevance-esci';

const dataDir = process.env.ESCI_DIR ?? join(root, '..', 'shared', 'data', 'esci-sample');
const searchesOnly = process.argv.includes('--searches-only');
const prefix = process.argv.includes('--prefix') ? process.argv[process.argv.indexOf('--prefix') + 1]! : 'bench-semantic';
const apiKey = 'bench-key';
const rounds = Math.max(1, arg('rounds', 4));
const port = arg('port', 18083);

async function lines(): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: createReadStream(join(dataDir, 'products.jsonl.gz')).pipe(createGunzip()), crlfDelay: Infinity })) {
    if (line.trim()) out.push(JSON.stringify({ replace: toCatalogLine(JSON.parse(line)) }));
  }
  return out;
}

async function timedImport(api: RunningApi, body: string): Promise<{ seconds: number; apiCpuSeconds: number; embeddings?: unknown }> {
  const cpu = api.cpuSeconds();
  const start = Date.now();
  const res = await fetch(`${api.url}/api/admin/v4/import/catalog?force=true&blockingTimeout=PT0S`, {
    method: 'PUT',
    headers: { 'Api-Key': apiKey, 'Content-Type': 'application/jsonlines' },
    body,
  });
  if (res.status !== 202 && res.status !== 204) throw new Error(`catalog import: ${res.status} ${await res.text()}`);
  let status: { status: string; embeddings?: unknown; reason?: string } = { status: 'SUCCESS' };
  if (res.status === 202) {
    const { id } = (await res.json()) as { id: string };
    do {
      await new Promise((r) => setTimeout(r, 250));
      status = (await (await fetch(`${api.url}/api/admin/v4/import/status?id=${id}`, { headers: { 'Api-Key': apiKey } })).json()) as typeof status;
    } while (status.status === 'IN_PROGRESS');
  }
  if (status.status !== 'SUCCESS') throw new Error(`catalog import: ${JSON.stringify(status)}`);
  return {
    seconds: round((Date.now() - start) / 1000, 1),
    apiCpuSeconds: round(api.cpuSeconds() - cpu, 1),
    ...(status.embeddings ? { embeddings: status.embeddings } : {}),
  };
}

async function productIndexBytes(es: Client): Promise<number> {
  await es.indices.forcemerge({ index: `${prefix}-catalog-products-en-us`, max_num_segments: 1 });
  const stats = await es.indices.stats({ index: `${prefix}-catalog-products-en-us`, metric: 'store' });
  return stats._all.primaries?.store?.size_in_bytes ?? 0;
}

interface Phase {
  cpuMsPerSearch: number;
  took: number[];
  roundTrips: number[];
}

async function searchPhase(api: RunningApi, queries: string[]): Promise<Phase> {
  const took: number[] = [];
  const roundTrips: number[] = [];
  const cpu = api.cpuSeconds();
  for (const q of queries) {
    const query = new URLSearchParams({
      q,
      market: 'US',
      locale: 'en-US',
      customerKey: 'bench',
      sessionKey: 'bench',
      touchpoint: 'DESKTOP',
      notify: 'false',
      limit: '24',
    });
    const res = await fetch(`${api.url}/api/storefront/v3/queries/search-page?${query}`);
    if (res.status !== 200) throw new Error(`search-page "${q}": ${res.status}`);
    await res.arrayBuffer();
    took.push(Number(res.headers.get('X-Elasticsearch-Took')));
    roundTrips.push(Number(res.headers.get('X-Elasticsearch-Round-Trips')));
  }
  return { cpuMsPerSearch: ((api.cpuSeconds() - cpu) * 1000) / queries.length, took, roundTrips };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main() {
  if (!existsSync(join(dataDir, 'products.jsonl.gz'))) throw new Error(`ESCI sample not found in ${dataDir} (set ESCI_DIR)`);
  ensureElasticsearch();
  build();
  const es = new Client({ node: elasticsearchUrl });
  if (searchesOnly) return searchCosts(es);
  await deletePrefix(es, prefix);
  const catalog = (await lines()).join('\n');
  const queries = readFileSync(join(dataDir, 'queries.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t')[1]!);
  const on = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey, SEMANTIC_SEARCH: 'en' }, port);
  const off = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey, SEMANTIC_SEARCH: 'off' }, port + 1);
  try {
    const res = await fetch(`${off.url}/api/admin/v4/import/configuration`, {
      method: 'POST',
      headers: { 'Api-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ markets: { US: { locales: ['en-US'], currency: 'USD' } } }),
    });
    if (res.status !== 204) throw new Error(`configuration: ${res.status}`);
    const imports = {
      off: await timedImport(off, catalog),
      onFirst: await timedImport(on, catalog),
      onUnchanged: await timedImport(on, catalog),
      offAgain: await timedImport(off, catalog),
    };
    const bytesWithout = await productIndexBytes(es);
    await timedImport(on, catalog);
    const bytesWith = await productIndexBytes(es);
    console.log('imports', JSON.stringify(imports));
    const products = catalog.split('\n').length;
    console.log(
      `product index: ${round(bytesWithout / 1e6, 1)} MB without vectors, ${round(bytesWith / 1e6, 1)} MB with (${round((bytesWith - bytesWithout) / products, 0)} bytes per product, ${round((((bytesWith - bytesWithout) / products) * 1e6) / 1e9, 2)} GB per million)`,
    );

    // Warm both (phrase vectors, caches), then alternate: on, off, off, on, ...
    await searchPhase(on, queries);
    await searchPhase(off, queries);
    const phases: Record<'on' | 'off', Phase[]> = { on: [], off: [] };
    for (let r = 0; r < rounds; r++) {
      const order: ('on' | 'off')[] = r % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const which of order) phases[which].push(await searchPhase(which === 'on' ? on : off, queries));
    }
    const summary = (which: 'on' | 'off') => {
      const p = phases[which];
      const took = p.flatMap((x) => x.took);
      return {
        cpuMsPerSearch: round(mean(p.map((x) => x.cpuMsPerSearch)), 2),
        tookMean: round(mean(took), 2),
        tookP50: median(took),
        roundTrips: round(mean(p.flatMap((x) => x.roundTrips)), 3),
      };
    };
    const result = {
      products,
      imports,
      productIndexBytes: { without: bytesWithout, with: bytesWith },
      searchOn: summary('on'),
      searchOff: summary('off'),
      rounds,
      queries: queries.length,
    };
    console.log(`search-page, semantic on:  ${JSON.stringify(result.searchOn)}`);
    console.log(`search-page, semantic off: ${JSON.stringify(result.searchOff)}`);
    console.log(JSON.stringify(result));
  } finally {
    await on.stop();
    await off.stop();
    await deletePrefix(es, prefix);
    await es.close();
  }
}

/** The searches alone, on a kept import (--searches-only). */
async function searchCosts(es: Client): Promise<void> {
  const queries = readFileSync(join(dataDir, 'queries.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t')[1]!);
  const on = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey, SEMANTIC_SEARCH: 'en' }, port);
  const off = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey, SEMANTIC_SEARCH: 'off' }, port + 1);
  try {
    await searchPhase(on, queries);
    await searchPhase(off, queries);
    const phases: Record<'on' | 'off', Phase[]> = { on: [], off: [] };
    for (let r = 0; r < rounds; r++) {
      for (const which of (r % 2 === 0 ? ['on', 'off'] : ['off', 'on']) as ('on' | 'off')[])
        phases[which].push(await searchPhase(which === 'on' ? on : off, queries));
    }
    for (const which of ['on', 'off'] as const) {
      const took = phases[which].flatMap((x) => x.took);
      console.log(
        `search-page, semantic ${which}: ${JSON.stringify({ cpuMsPerSearch: round(mean(phases[which].map((x) => x.cpuMsPerSearch)), 2), tookMean: round(mean(took), 2), tookP50: median(took) })}`,
      );
    }
  } finally {
    await on.stop();
    await off.stop();
    await es.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
