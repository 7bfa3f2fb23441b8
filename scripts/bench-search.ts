/**
 * npm run bench:search [-- --groups 100000] [--reuse] [--prefix bench-search] [--port 18081] [--requests 4000] [--concurrency 8] [--seed 7] [--only search-page] [--rounds 1] [--identity] [--notify] [--cpu-prof] [--answers FILE] [--experiment] [--first-sight]
 *                      [--profile default|fashion|electronics] [--attributes N]
 *
 * Storefront query latency on a generated catalog. The compiled API runs in a child process with its own
 * index prefix; the catalog is imported through it once (`--reuse` skips the import when the prefix already
 * holds a catalog of that size), then a small page set and navigation tree are imported through the admin API.
 * A fixed, seeded mix of search-page, autocomplete and landing-page requests runs at concurrency 8. For each
 * endpoint it prints the API's latency (as the client sees it) and Elasticsearch's own `took`, summed over
 * the request's round trips (the API reports it in `X-Elasticsearch-Took`), for the same requests.
 * An endpoint answering 404 is reported as not implemented. Last, the search-page requests are replayed
 * directly against Elasticsearch with the identical request bodies (captured from the same code in this
 * process before the timed phases), to show the API's own overhead; `--rounds N` alternates N API and N raw
 * phases (ABBA...) and pools them, so that a drifting machine load does not favour either. Ends with one JSON line.
 * The floor, a hand-written faceted search in two round trips, is timed beside the raw replay (see floorRequest).
 * `--answers FILE` writes the answers of the first API phase, or compares them with FILE (checkAnswers).
 * `--profile` and `--attributes N` (distinct custom attribute names) shape the generated catalog as real feeds
 * are (see src/sample/generator.ts). `--reuse` checks only the number of groups: after changing either, import
 * again. The landing pages' rules name the default catalog's departments and product types.
 * `--first-sight` (issue 41) times only search-pages and autocompletes whose phrase the API process has not been
 * asked before: the first request of each phrase after the warm-up (whose phrases are left out), split over the
 * rounds so that each API phase asks phrases new to the process (the raw replay and the floor run every timed
 * search-page each round).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type estypes } from '@elastic/elasticsearch';
import { productDocumentId } from '../src/catalog/documents';
import { defaultConfiguration, generateCatalogLines } from '../src/sample/generator';
import { ENDPOINTS, merchandisingImports, requestMix, type Endpoint, type StorefrontRequest } from '../src/sample/benchmarkMix';
import type { CatalogConfiguration } from '../src/catalog/types';
import { createApp, createContext, shutdownContext } from '../src/app';
import { loadConfig } from '../src/kernel/config';
import { createLogger } from '../src/kernel/log';
import { createElasticsearchClient } from '../src/search/client';
import {
  arg,
  build,
  cpuMeter,
  cpuProfileArgs,
  elasticsearchUrl,
  ensureElasticsearch,
  flag,
  generatorArgs,
  machineLoad,
  percentile,
  round,
  runConcurrently,
  startApi,
} from './benchSupport';

const groups = arg('groups', 100_000);
const reuse = flag('reuse');
const totalRequests = arg('requests', 4000);
const concurrency = arg('concurrency', 8);
const seed = arg('seed', 7);
const generator = generatorArgs();
/** Only these endpoints (comma-separated), e.g. `--only search-page` to profile one. */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
/** Index prefix of the run: one per catalog shape (e.g. per `--attributes N`) lets `--reuse` keep several. */
const prefix = process.argv.includes('--prefix') ? process.argv[process.argv.indexOf('--prefix') + 1] : 'bench-search';
const apiKey = 'bench-key';
/** `--notify`: search-pages register their search (and, since search analytics, their query id) as in production. */
const notify = flag('notify');
const WARM_UP = 200;
/** Alternating API and raw phases over the same requests (see main). */
const rounds = Math.max(1, arg('rounds', 1));
/**
 * `--identity`: ask the API for uncompressed answers, as the raw replay gets Elasticsearch's (the client
 * does not ask Elasticsearch for compression). By default the API gzips, as a storefront gets it.
 */
const identity = flag('identity');
const round2 = (n: number) => round(n, 1);
/**
 * `--answers FILE`: the answers of the first API phase (status and body of each timed request) are written to
 * FILE when it does not exist, and compared with it when it does: the benchmark fails on any difference but
 * tickets (they encode the answer's query id and position; timing headers are not part of the body). Run it
 * once before a change and once after, on the same catalog (`--reuse`), to show the answers stayed the same.
 */
/**
 * `--experiment`: the experiments' cost check (issue 43). Instead of the raw and floor phases, each round runs
 * the API phase twice, once with no experiment and once with one experiment running (every market, two
 * variants: the control and one whose overrides repeat the live settings, so the searches are the same and
 * only the experiment machinery differs), in alternating order (ABBA), and prints both p50s and their ratio.
 */
const experimentMode = flag('experiment');
const COST_CHECK_EXPERIMENT = {
  id: 'bench-cost-check',
  name: 'Cost check',
  start: '2000-01-01T00:00:00Z',
  end: '2100-01-01T00:00:00Z',
  variants: [
    { id: 'control', share: 50, overrides: {} },
    { id: 'same', share: 50, overrides: { relevance: { behaviourWeight: 1 } } },
  ],
};

const firstSightMode = flag('first-sight');

/** `--first-sight`: the first search-page and autocomplete of each phrase (per endpoint) not in `seen`. */
function firstSight(requests: StorefrontRequest[], seen: Set<string>): StorefrontRequest[] {
  return requests.filter((r) => {
    if (r.endpoint === 'landing-page') return false;
    const key = `${r.endpoint} ${new URL(r.path, 'http://x').searchParams.get('q') ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const answersFile = process.argv.includes('--answers') ? process.argv[process.argv.indexOf('--answers') + 1] : undefined;

/** An answer as compared: tickets left out, the rest as sent. */
function comparable(status: number, text: string): string {
  try {
    return `${status} ${JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === 'ticket' ? undefined : value)))}`;
  } catch {
    return `${status} ${text}`;
  }
}

/** Writes `answers` to answersFile, or compares them with it; the number of requests answered differently. */
function checkAnswers(timed: StorefrontRequest[], answers: string[]): number {
  if (!answersFile) return 0;
  if (!existsSync(answersFile)) {
    writeFileSync(answersFile, answers.map((a, i) => JSON.stringify({ path: timed[i].path, answer: a })).join('\n') + '\n');
    console.log(`answers: ${answers.length} written to ${answersFile}`);
    return 0;
  }
  const before = readFileSync(answersFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { path: string; answer: string });
  if (before.length !== answers.length) throw new Error(`answers: ${answersFile} holds ${before.length} answers, this run ${answers.length}: run the same mix`);
  const differing = answers.flatMap((a, i) => (before[i].path !== timed[i].path || before[i].answer !== a ? [i] : []));
  for (const i of differing.slice(0, 5)) {
    const [x, y] = [before[i].answer, answers[i]];
    let at = 0;
    while (at < x.length && x[at] === y[at]) at++;
    console.log(
      `answers differ for ${timed[i].path} at character ${at}:\n  before: …${x.slice(Math.max(0, at - 80), at + 120)}\n  now:    …${y.slice(Math.max(0, at - 80), at + 120)}`,
    );
  }
  console.log(`answers: ${answers.length - differing.length} of ${answers.length} identical to ${answersFile} (tickets aside)`);
  return differing.length;
}

interface Sample {
  apiMs: number;
  tookMs: number;
  roundTrips: number;
  bytes?: number;
}

// ------------------------------------------------------------------------------------------------
// Setting up the data

async function productGroupsIn(es: Client): Promise<number> {
  try {
    return (await es.count({ index: `${prefix}-catalog-entities`, query: { term: { entityType: 'productGroup' } } })).count;
  } catch {
    return 0;
  }
}

async function* catalogBody(configuration: CatalogConfiguration): AsyncGenerator<Buffer> {
  let chunk = '';
  for (const entity of generateCatalogLines({ productGroups: groups, markets: configuration, ...generator })) {
    chunk += JSON.stringify({ replace: entity }) + '\n';
    if (chunk.length > 1 << 20) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

async function admin(url: string, method: string, path: string, body: unknown, contentType = 'application/json'): Promise<void> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'Api-Key': apiKey, 'Content-Type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  if (res.status !== 204) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

async function ensureCatalog(url: string, configuration: CatalogConfiguration, reusable: boolean): Promise<void> {
  if (reusable) {
    console.log(`catalog: reusing the ${groups} product groups under prefix ${prefix}`);
    return;
  }
  await admin(url, 'POST', '/api/admin/v4/import/configuration', JSON.stringify(configuration));
  const start = Date.now();
  await admin(
    url,
    'PUT',
    '/api/admin/v4/import/catalog?blockingTimeout=PT2H&force=true&name=bench-search',
    catalogBody(configuration),
    'application/jsonlines',
  );
  console.log(`catalog: imported ${groups} product groups in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

/** One experiment running (the cost check) or none, through the API, whose snapshot is reloaded before it answers. */
async function setExperiment(url: string, running: boolean, markets: string[]): Promise<void> {
  await admin(
    url,
    'PUT',
    '/api/admin/v4/import/experiments?name=bench-search',
    JSON.stringify({ experiments: running ? [{ ...COST_CHECK_EXPERIMENT, markets }] : [] }),
  );
}

async function ensureMerchandising(url: string): Promise<void> {
  const imports = merchandisingImports();
  await admin(url, 'POST', '/api/admin/v3/import/pages?force=true&name=bench-search', imports.pages);
  await admin(url, 'POST', '/api/admin/v4/import/navigation?name=bench-search', imports.navigation);
}

// ------------------------------------------------------------------------------------------------
// Measuring

async function send(url: string, r: StorefrontRequest): Promise<{ status: number; sample: Sample; text: string }> {
  const start = process.hrtime.bigint();
  const encoding: Record<string, string> = identity ? { 'Accept-Encoding': 'identity' } : {};
  const res = await fetch(
    `${url}${r.path}`,
    r.body === undefined ? { headers: encoding } : { method: 'POST', headers: { 'Content-Type': 'text/plain', ...encoding }, body: r.body },
  );
  const text = await res.text();
  const apiMs = Number(process.hrtime.bigint() - start) / 1e6;
  return {
    status: res.status,
    text,
    sample: {
      apiMs,
      tookMs: Number(res.headers.get('x-elasticsearch-took') ?? 0),
      roundTrips: Number(res.headers.get('x-elasticsearch-round-trips') ?? 0),
      bytes: Buffer.byteLength(text),
    },
  };
}

interface Figures {
  count: number;
  apiP50: number;
  apiP99: number;
  tookP50: number;
  tookP99: number;
  ratio: number;
  roundTrips: number;
  errors: number;
  answerKb: number;
}

function figuresOf(samples: Sample[], errors: number): Figures {
  const api = samples.map((s) => s.apiMs).sort((a, b) => a - b);
  const took = samples.map((s) => s.tookMs).sort((a, b) => a - b);
  const tookP50 = percentile(took, 50);
  return {
    count: samples.length,
    errors,
    apiP50: round(percentile(api, 50), 1),
    apiP99: round(percentile(api, 99), 1),
    tookP50: round(tookP50, 1),
    tookP99: round(percentile(took, 99), 1),
    ratio: tookP50 > 0 ? round(percentile(api, 50) / tookP50) : 0,
    roundTrips: round(samples.reduce((n, s) => n + s.roundTrips, 0) / Math.max(1, samples.length), 2),
    // mean uncompressed answer
    answerKb: round(samples.reduce((n, s) => n + (s.bytes ?? 0), 0) / 1024 / Math.max(1, samples.length), 1),
  };
}

// ------------------------------------------------------------------------------------------------
// The same search-page requests, straight to Elasticsearch

interface Captured {
  method: string;
  path: string;
  querystring: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
  bulkBody?: string;
}

/**
 * Runs the search-page requests through the same code in this process (untimed, one at a time) and records
 * every Elasticsearch request each one makes, serialized exactly as the client sends it.
 */
async function captureElasticsearchRequests(requests: StorefrontRequest[]): Promise<Captured[][]> {
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix, ELASTICSEARCH_URL: elasticsearchUrl, LOG_LEVEL: 'warn', ADMIN_API_KEY: apiKey });
  const es = createElasticsearchClient(elasticsearchUrl);
  const context = createContext(config, es, createLogger('warn'));
  const server: Server = createServer(createApp(context).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let current: Captured[] | undefined;
  es.diagnostic.on('request', (_err, result) => {
    // meta.request.params is what goes on the wire: the serialized body and query string.
    const params = result?.meta.request.params;
    if (!current || !params || !/\/_(m?search|mget)$/.test(params.path)) return;
    const body = params.body == null ? undefined : String(params.body);
    current.push({
      method: params.method,
      path: params.path,
      querystring: Object.fromEntries(new URLSearchParams(params.querystring ?? '')),
      headers: Object.fromEntries(['content-type', 'accept'].flatMap((h) => (params.headers?.[h] ? [[h, String(params.headers[h])]] : []))),
      ...(params.path.endsWith('/_msearch') ? { bulkBody: body } : { body }),
    });
  });
  await send(url, requests[0]); // loads the catalog facts, as the API's warm-up did
  const captured: Captured[][] = [];
  for (const r of requests) {
    current = [];
    await send(url, r);
    captured.push(current);
  }
  current = undefined;
  await new Promise((resolve) => server.close(resolve));
  await shutdownContext(context);
  await es.close();
  return captured;
}

async function replay(es: Client, calls: Captured[][]): Promise<Sample[]> {
  const samples: Sample[] = [];
  await runConcurrently(calls, concurrency, async (request) => {
    const start = process.hrtime.bigint();
    let took = 0;
    for (const call of request) {
      const res = await es.transport.request<{ took?: number }>(
        { method: call.method, path: call.path, querystring: call.querystring, body: call.body, bulkBody: call.bulkBody },
        { headers: call.headers },
      );
      if (typeof res.took === 'number') took += res.took;
    }
    samples.push({ apiMs: Number(process.hrtime.bigint() - start) / 1e6, tookMs: took, roundTrips: request.length });
  });
  return samples;
}

// ------------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------------
// The floor: a hand-written faceted search in two round trips

/** Fields the floor fetches: what a listing shows of a product (productSource's fixed part). */
const FLOOR_SOURCE = [
  'productKey',
  'productGroupKey',
  'groupProductKeys',
  'title',
  'name',
  'brand',
  'url',
  'rating',
  'colors',
  'images',
  'variants.key',
  'variants.label',
  'variants.size',
  'variants.listPrice',
  'variants.sellingPrice',
  'variants.stock',
];

/**
 * What a competent hand-written search page sends for a search-page request of the mix (issue 31's "floor"):
 * round 1, one search for the phrase over the main text fields, collapsed per group, with the brand and
 * price selections as a post filter and the facets an attribute-rich shop shows (brand, category, colour,
 * price range, the 10 attributes covering most hits); round 2, the siblings of the groups shown, by id.
 * No relevance tuning, no language analysis beyond the index's, no merchandising: the least a search page costs.
 */
async function floorRequest(es: Client, r: StorefrontRequest): Promise<number> {
  const params = new URLSearchParams(r.path.slice(r.path.indexOf('?') + 1));
  const market = params.get('market')!;
  const locale = params.get('locale')!;
  const index = `${prefix}-catalog-products-${locale.toLowerCase()}`;
  const selections: estypes.QueryDslQueryContainer[] = [
    ...(params.get('f.brand') ? [{ term: { brand: params.get('f.brand')! } }] : []),
    ...(params.get('f.price.min')
      ? [{ range: { 'price.selling.min': { gte: Number(params.get('f.price.min')), lte: Number(params.get('f.price.max')) } } }]
      : []),
  ];
  const start = process.hrtime.bigint();
  const first = await es.msearch({
    searches: [
      { index },
      {
        query: {
          bool: {
            filter: [{ term: { market } }, { term: { locale } }],
            must: [
              {
                multi_match: {
                  query: params.get('q') ?? '',
                  type: 'cross_fields',
                  operator: 'and',
                  fields: ['title^3', 'name^2', 'brand.text^2', 'category.text', 'productType.text', 'productKey'],
                },
              },
            ],
          },
        },
        ...(selections.length ? { post_filter: { bool: { filter: selections } } } : {}),
        from: Number(params.get('skip') ?? 0),
        size: 60,
        collapse: { field: 'collapseKey' },
        track_total_hits: true,
        _source: { includes: FLOOR_SOURCE },
        aggs: {
          brand: { terms: { field: 'brand', size: 20 } },
          category: { terms: { field: 'category', size: 20 } },
          colour: { terms: { field: 'colors', size: 20 } },
          price: { stats: { field: 'price.selling.min' } },
          attributes: { terms: { field: 'customLabelNames', size: 10 } },
        },
      },
    ],
  });
  const hits = 'hits' in first.responses[0] ? first.responses[0].hits.hits : [];
  const siblings = [
    ...new Set(
      hits.flatMap((h) => {
        const source = h._source as { productKey: string; groupProductKeys?: string[] };
        return (source.groupProductKeys ?? []).filter((k) => k !== source.productKey).slice(0, 10);
      }),
    ),
  ];
  if (siblings.length) await es.mget({ index, ids: siblings.map((k) => productDocumentId(market, locale, k)), _source_includes: FLOOR_SOURCE });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function floorPhase(es: Client, requests: StorefrontRequest[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  await runConcurrently(requests, concurrency, async (r) => {
    samples.push({ apiMs: await floorRequest(es, r), tookMs: 0, roundTrips: 2 });
  });
  return samples;
}

const TARGET_P99: Record<Endpoint, number> = { 'search-page': 60, autocomplete: 25, 'landing-page': 80 };

async function main() {
  ensureElasticsearch();
  build();
  const es = new Client({ node: elasticsearchUrl, requestTimeout: 600_000 });
  const configuration = defaultConfiguration();
  // The prefix belongs to this benchmark: a lock left by an earlier, killed run must not block this one,
  // and without a reusable catalog it starts from nothing.
  const reusable = reuse && (await productGroupsIn(es)) === groups;
  await es.indices.delete({
    index: reusable ? `${prefix}-import-lock` : `${prefix}-*`,
    ignore_unavailable: true,
    allow_no_indices: true,
    expand_wildcards: 'all',
  });
  const api = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey }, arg('port', Number(process.env.BENCH_PORT ?? 18081)), cpuProfileArgs());
  try {
    await ensureCatalog(api.url, configuration, reusable);
    await ensureMerchandising(api.url);
    const mix = requestMix({ groups, configuration, generator, seed, notify }, WARM_UP + totalRequests);

    // An endpoint that answers 404 is not there (yet): leave it out of the mix.
    const skipped = new Set<Endpoint>(ENDPOINTS.filter((e) => only && !only.includes(e)));
    for (const endpoint of ENDPOINTS) {
      if (skipped.has(endpoint)) continue;
      const first = mix.find((r) => r.endpoint === endpoint);
      if (!first) continue;
      const { status, text } = await send(api.url, first);
      if (status === 404) skipped.add(endpoint);
      else if (status !== 200) throw new Error(`${endpoint} answered ${status}: ${text.slice(0, 300)}`);
    }
    const active = mix.filter((r) => !skipped.has(r.endpoint));
    const warmUp = active.slice(0, WARM_UP);
    const seen = new Set<string>();
    if (firstSightMode) firstSight(warmUp, seen);
    const timed = firstSightMode ? firstSight(active.slice(WARM_UP), seen) : active.slice(WARM_UP);
    // Which round's API phase asks each timed request: every one in each round, or at first sight one round each.
    const askedIn = (i: number, round: number) => !firstSightMode || i % rounds === round - 1;

    // The raw replay's requests are captured first, through the same code in this process: every timed
    // phase (API or raw) then follows the same full pass of these searches, so Elasticsearch's node caches
    // (query cache, file system cache, global ordinals) are equally warm for both; only the shard request
    // cache is emptied before each phase. Captured after the API phase, the raw replay ran on filters the
    // capture had just cached and the API phase did not.
    const searchPages = timed.filter((r) => r.endpoint === 'search-page');
    const calls = skipped.has('search-page') || experimentMode ? [] : await captureElasticsearchRequests(searchPages);
    await runConcurrently(warmUp, concurrency, async (r) => {
      await send(api.url, r);
    });
    const samples = new Map<Endpoint, Sample[]>(ENDPOINTS.map((e) => [e, []]));
    const errors = new Map<Endpoint, number>(ENDPOINTS.map((e) => [e, 0]));
    const rawSamples: Sample[] = [];
    const floorSamples: Sample[] = [];
    const perRound: { api: number; raw: number; floor: number; experiment?: number; load: string }[] = [];
    const experimentSamples: Sample[] = [];
    const markets = Object.keys(configuration.markets);
    const answers: string[] = new Array(timed.length);
    const loadBefore = machineLoad();
    let seconds = 0;
    const used = { api: 0, elasticsearch: 0, loadGenerator: 0 };
    // On a shared machine the load drifts over a run: with `--rounds N` the API and raw phases alternate
    // (API first in odd rounds, raw first in even ones), and the figures pool every round.
    for (let round = 1; round <= rounds; round++) {
      // The floor runs beside the raw replay, so the API / floor ratio comes from the same run.
      const phases = experimentMode
        ? round % 2
          ? (['api', 'experiment'] as const)
          : (['experiment', 'api'] as const)
        : round % 2
          ? (['api', 'raw', 'floor'] as const)
          : (['floor', 'raw', 'api'] as const);
      const roundApi: number[] = [];
      const roundExperiment: number[] = [];
      const roundRaw: number[] = [];
      const roundFloor: number[] = [];
      for (const phase of phases) {
        // Elasticsearch's shard request cache answers repeated searches (src/storefront/msearch.ts): start
        // it empty, so that only the repetitions within this phase's own mix are answered from it.
        await es.indices.clearCache({ index: `${prefix}-*`, request: true });
        if (phase === 'floor') {
          if (!searchPages.length) continue;
          const got = await floorPhase(es, searchPages);
          floorSamples.push(...got);
          roundFloor.push(...got.map((x) => x.apiMs));
          continue;
        }
        if (phase === 'raw') {
          if (!calls.length) continue;
          const got = await replay(es, calls);
          rawSamples.push(...got);
          roundRaw.push(...got.map((x) => x.apiMs));
          continue;
        }
        if (experimentMode) await setExperiment(api.url, phase === 'experiment', markets);
        // CPU used during the timed requests, per process: where the 2 cores go at this concurrency.
        const cpuUse = await cpuMeter(api, es);
        const start = Date.now();
        const asked = timed.flatMap((r, i) => (askedIn(i, round) ? [{ r, i }] : []));
        await runConcurrently(asked, concurrency, async ({ r, i }) => {
          const { status, sample, text } = await send(api.url, r);
          if (round === 1 || firstSightMode) answers[i] = comparable(status, text);
          if (status !== 200) {
            errors.set(r.endpoint, errors.get(r.endpoint)! + 1);
            if (errors.get(r.endpoint) === 1) console.warn(`${r.endpoint} ${status} for ${r.path}: ${text.slice(0, 200)}`);
            return;
          }
          if (phase === 'experiment') {
            if (r.endpoint === 'search-page') {
              experimentSamples.push(sample);
              roundExperiment.push(sample.apiMs);
            }
            return;
          }
          samples.get(r.endpoint)!.push(sample);
          if (r.endpoint === 'search-page') roundApi.push(sample.apiMs);
        });
        seconds += (Date.now() - start) / 1000;
        const u = await cpuUse();
        used.api += u.api;
        used.elasticsearch += u.elasticsearch;
        used.loadGenerator += u.loadGenerator;
      }
      const p50 = (xs: number[]) =>
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        );
      perRound.push({
        api: round2(p50(roundApi)),
        raw: round2(p50(roundRaw)),
        floor: round2(p50(roundFloor)),
        ...(experimentMode ? { experiment: round2(p50(roundExperiment)) } : {}),
        load: machineLoad(),
      });
      if (experimentMode)
        console.log(
          `round ${round} (${phases.join(' then ')}): search-page p50 without experiments ${perRound.at(-1)!.api} ms, with one ${perRound.at(-1)!.experiment} ms; ${perRound.at(-1)!.load}`,
        );
      else if (rounds > 1)
        console.log(
          `round ${round} (${phases.join(' then ')}): search-page p50 API ${perRound.at(-1)!.api} ms, raw ${perRound.at(-1)!.raw} ms, floor ${perRound.at(-1)!.floor} ms; ${perRound.at(-1)!.load}`,
        );
    }
    const cpu = { api: round(used.api, 1), elasticsearch: round(used.elasticsearch, 1), loadGenerator: round(used.loadGenerator, 1) };
    const loadAfter = machineLoad();
    const peakRssMb = api.peakRssMb();
    await api.stop();
    const raw: Figures | undefined = calls.length ? figuresOf(rawSamples, 0) : undefined;
    const timedRequests = firstSightMode ? timed.length : timed.length * rounds;

    console.log(
      `\n${groups} product groups, ${timedRequests} requests (${rounds} round${rounds > 1 ? 's' : ''}) at concurrency ${concurrency} in ${seconds.toFixed(1)} s (${(timedRequests / seconds).toFixed(0)} req/s); ${loadBefore} before, ${loadAfter} after; API peak RSS ${peakRssMb} MB`,
    );
    const perRequest = (seconds: number) => `${((seconds * 1000) / timedRequests).toFixed(1)} ms`;
    console.log(
      `CPU during the run: API ${cpu.api} s (${perRequest(cpu.api)} per request), Elasticsearch ${cpu.elasticsearch} s (${perRequest(cpu.elasticsearch)}), load generator ${cpu.loadGenerator} s (${perRequest(cpu.loadGenerator)})`,
    );
    console.log('endpoint        count   API p50   API p99   ES took p50   ES took p99   p50 ratio   ES round trips   answer   target');
    const results: Record<string, Figures | string> = {};
    for (const endpoint of ENDPOINTS) {
      if (skipped.has(endpoint)) {
        const why = only && !only.includes(endpoint) ? 'not run (--only)' : 'skipped (not implemented)';
        console.log(`${endpoint.padEnd(14)}  ${why}`);
        results[endpoint] = why;
        continue;
      }
      const f = figuresOf(samples.get(endpoint)!, errors.get(endpoint)!);
      results[endpoint] = f;
      const ok = f.ratio <= 1.3 && f.apiP99 < TARGET_P99[endpoint];
      console.log(
        `${endpoint.padEnd(14)} ${String(f.count).padStart(6)} ${f.apiP50.toFixed(1).padStart(7)} ms ${f.apiP99.toFixed(1).padStart(7)} ms ${f.tookP50.toFixed(1).padStart(10)} ms ${f.tookP99.toFixed(1).padStart(10)} ms ${f.ratio.toFixed(2).padStart(10)} ${f.roundTrips.toFixed(2).padStart(16)} ${f.answerKb.toFixed(1).padStart(6)} KB   p50 ratio <= 1.3, p99 < ${TARGET_P99[endpoint]} ms: ${ok ? 'met' : 'MISSED'}${f.errors ? ` (${f.errors} errors)` : ''}`,
      );
    }
    if (raw) {
      console.log(
        `search-page straight to Elasticsearch (same bodies, same concurrency): p50 ${raw.apiP50} ms, p99 ${raw.apiP99} ms (took p50 ${raw.tookP50} ms, p99 ${raw.tookP99} ms)`,
      );
      const api50 = (results['search-page'] as Figures).apiP50;
      console.log(`API overhead on search-page at p50: ${(api50 - raw.apiP50).toFixed(1)} ms (${(api50 / raw.apiP50).toFixed(2)}x the direct round trips)`);
    }
    const withExperiment: Figures | undefined = experimentSamples.length ? figuresOf(experimentSamples, 0) : undefined;
    if (withExperiment) {
      const none = results['search-page'] as Figures;
      console.log(
        `search-page with one experiment running: p50 ${withExperiment.apiP50} ms, p99 ${withExperiment.apiP99} ms, ES took p50 ${withExperiment.tookP50} ms, round trips ${withExperiment.roundTrips}; without: p50 ${none.apiP50} ms; cost at p50 ${((withExperiment.apiP50 / none.apiP50 - 1) * 100).toFixed(1)}% (target within +3%)`,
      );
    }
    const floor: Figures | undefined = floorSamples.length ? figuresOf(floorSamples, 0) : undefined;
    if (floor) {
      const api50 = (results['search-page'] as Figures).apiP50;
      console.log(
        `search-page floor (hand-written faceted search, 2 round trips, same run): p50 ${floor.apiP50} ms, p99 ${floor.apiP99} ms; API / floor at p50 ${(api50 / floor.apiP50).toFixed(2)}x`,
      );
    }
    console.log(
      JSON.stringify({
        benchmark: 'search',
        productGroups: groups,
        concurrency,
        requests: timedRequests,
        rounds,
        perRound,
        seconds: round(seconds, 1),
        peakRssMb,
        identity,
        cpuSeconds: cpu,
        load: { before: loadBefore, after: loadAfter },
        endpoints: results,
        searchPageDirect: raw ?? null,
        searchPageFloor: floor ?? null,
        ...(withExperiment ? { searchPageWithExperiment: withExperiment } : {}),
      }),
    );
    const differing = checkAnswers(timed, answers);
    if (differing) throw new Error(`answers: ${differing} requests answered differently from ${answersFile}`);
  } finally {
    if (api.process.exitCode === null) await api.stop();
    await es.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
