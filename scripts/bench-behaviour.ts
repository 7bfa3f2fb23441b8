/**
 * npx tsx scripts/bench-behaviour.ts [-- --groups 2000 --visitors 2000 --concurrency 8 --page-concurrency 2 --pages 400 --rate 500 --seed 7] [--cpu-prof] [--keep] [--separate-notify-api | --notify-sink]
 *
 * Behaviour ingestion through the compiled API (a child process, as in production):
 * 1. import a generated catalog (market SE, locale sv-SE searched);
 * 2. generate a deterministic week of traffic for `visitors` visitors (1–3 sessions each, 1–3 searches per
 *    session, phrases drawn Zipf-like from catalog title words) and run its searches through search-page
 *    (notify on, so every search is an event), keeping the real tickets of the results;
 * 3. from those results, the visitors' notifications (clicks, add-to-carts with variant tickets, favourites,
 *    purchases, removals, ends), replayed at `concurrency` through HTTP: notifications/s and events/s;
 *    product-page with three recommendation lists (ALTERNATIVES, ADD_TO_CART_RECS, RECENTLY_VIEWED) for
 *    visitors and products of the traffic, at `pageConcurrency`, p50/p99 before the replay and during it
 *    (targets: p99 under 80 ms, at most 20% growth during ingestion). The replay runs in thirds: alone at full
 *    speed (the notifications/s figure), at full speed beside product pages (CPUs saturated), and paced at
 *    `--rate` notifications/s (default 500) beside product pages (the growth figure). The growth is measured
 *    against product pages run quietly after the first third is ingested: before the replay the index holds
 *    searches only, and the behaviour-driven lists have nothing to compute; pages after the whole replay
 *    are printed too. CPU use of the API, Elasticsearch and this process is printed for each phase;
 * 4. time until every event is in the events index (end-to-end ingestion rate);
 * 5. latency of each behaviour question, one popularity run and one co-occurrence run (in this process, same
 *    indices; the co-occurrence job also runs once after the first third, before the baseline pages);
 * 6. SIGTERM during a last burst of notifications: every accepted event must be in the index.
 * The week is compressed: notifications carry no time, so the replay stamps them now.
 * Prints a summary and one JSON line of figures.
 */
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { Client } from '@elastic/elasticsearch';
import { defaultConfiguration, generateCatalogLines } from '../src/sample/generator';
import type { ReplaceEntity } from '../src/catalog/types';
import { BehaviourService } from '../src/behaviour/service';
import { behaviourIndexNames } from '../src/search/indexNames';
import { DEFAULT_BEHAVIOUR_OPTIONS, DEFAULT_STORE_CACHE_MS } from '../src/kernel/config';
import { ConfigurationStore } from '../src/configuration/store';
import { elasticsearchDocuments } from '../src/search/documents';
import { CatalogIndices } from '../src/search/catalogIndices';
import { indexNames } from '../src/search/indexNames';
import { createLogger } from '../src/kernel/log';
import { agent, pool, replayInWorker, request, send, type Notification } from './notificationReplay';
import {
  arg,
  build,
  cpuMeter,
  cpuProfileArgs,
  elasticsearchUrl,
  ensureElasticsearch,
  flag,
  percentile,
  round,
  searchTimeMeter,
  startApi,
  type RunningApi,
  type SearchTimes,
} from './benchSupport';

const groups = arg('groups', 2000);
const visitors = arg('visitors', 2000);
const concurrency = arg('concurrency', 8);
const seed = arg('seed', 7);
const pageConcurrency = arg('page-concurrency', 2);
/** Untimed notifications before the capacity is timed: at most this many, and at most a fifth of the first third. */
const NOTIFICATION_WARM_UP = 1000;
const pages = arg('pages', 400);
/** Notifications/s of the paced third of the replay (a busy shop's steady traffic), see main(). */
const paceRate = arg('rate', 500);
const prefix = 'bench-behaviour';
const keep = flag('keep');
/**
 * Diagnosis: the replays beside product pages go to a second API process (same indices), so the page
 * process no longer handles notifications; what growth remains is Elasticsearch and the machine.
 */
const separateNotifyApi = flag('separate-notify-api');
/**
 * Control: the replays beside product pages go to a process that answers 204 to everything and stores
 * nothing, so what growth remains is the cost of sending and receiving the requests on this machine.
 */
const notifySink = flag('notify-sink');
const apiKey = 'bench-key';
const market = 'SE';
const locale = 'sv-SE';
const port = 18082;

// ------------------------------------------------------------------------------------------------
// Deterministic randomness (mulberry32)

function rng(state: number) {
  let a = state | 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    float: next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    /** Index in [0, n) with Zipf-like weights 1/(i+1). */
    zipf(n: number): number {
      const h = Math.log(n) + 0.5772;
      let r = next() * h;
      for (let i = 0; i < n; i++) {
        r -= 1 / (i + 1);
        if (r < 0) return i;
      }
      return n - 1;
    },
  };
}
type Rng = ReturnType<typeof rng>;

// ------------------------------------------------------------------------------------------------
// Traffic

interface Search {
  customerKey: string;
  sessionKey: string;
  touchpoint: 'DESKTOP' | 'MOBILE';
  q: string /** Sort key: minute of the week. */;
  at: number;
}
interface Hit {
  productKey: string;
  ticket: string;
  variantKey?: string;
  variantTicket?: string;
  price?: number;
}

const STOP = new Set(['för', 'med', 'och', 'till', 'från', 'barn', 'herr']);

function phraseVocabulary(catalog: ReplaceEntity[]): string[] {
  const counts = new Map<string, number>();
  const add = (p: string) => counts.set(p, (counts.get(p) ?? 0) + 1);
  for (const e of catalog) {
    if (!('productGroup' in e)) continue;
    for (const p of Object.values(e.productGroup.products)) {
      if (!p.markets.includes(market)) continue;
      const words = (p.defaults?.title ?? '')
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length >= 4 && !STOP.has(w));
      words.forEach(add);
      if (words.length >= 2) add(`${words[0]} ${words[1]}`);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 400)
    .map(([p]) => p);
}

function searchesOf(r: Rng, vocabulary: string[]): Search[] {
  const out: Search[] = [];
  for (let v = 0; v < visitors; v++) {
    const customerKey = `v${v}`;
    const sessions = r.int(1, 3);
    for (let s = 0; s < sessions; s++) {
      const start = r.int(0, 7 * 24 * 60 - 60);
      const touchpoint = r.chance(0.6) ? 'MOBILE' : 'DESKTOP';
      const n = r.int(1, 3);
      for (let i = 0; i < n; i++)
        out.push({ customerKey, sessionKey: `${customerKey}-s${s}`, touchpoint, q: vocabulary[r.zipf(vocabulary.length)], at: start + i * 2 });
    }
  }
  return out.sort((a, b) => a.at - b.at || a.customerKey.localeCompare(b.customerKey));
}

/** What each visitor does with a search's results: clicks, carts, favourites, a purchase, removals, end. */
function notificationsOf(r: Rng, searches: Search[], results: Hit[][]): Notification[] {
  const out: Notification[] = [];
  const carts = new Map<string, Hit[]>();
  const lastOfSession = new Map<string, number>();
  searches.forEach((s, i) => lastOfSession.set(s.sessionKey, i));
  searches.forEach((s, i) => {
    const who = { customerKey: s.customerKey, sessionKey: s.sessionKey };
    let at = s.at;
    const hits = results[i];
    const clicks = hits.length ? r.int(0, Math.min(3, hits.length)) : 0;
    for (let c = 0; c < clicks; c++) {
      const hit = hits[Math.min(hits.length - 1, r.zipf(hits.length))];
      out.push({ ...who, name: 'click', body: { ticket: hit.ticket }, events: 1, at: ++at });
      if (hit.variantTicket && r.chance(0.35)) {
        out.push({ ...who, name: 'add-to-cart', body: { ticket: hit.variantTicket }, events: 1, at: ++at });
        carts.set(s.sessionKey, [...(carts.get(s.sessionKey) ?? []), hit]);
      }
      if (r.chance(0.08)) out.push({ ...who, name: 'add-favorite', body: { productKey: hit.productKey }, events: 1, at: ++at });
      if (r.chance(0.02)) out.push({ ...who, name: 'remove-favorite', body: { productKey: hit.productKey }, events: 1, at: ++at });
    }
    if (r.chance(0.03))
      out.push({ ...who, name: 'remove-recent-searches', body: r.chance(0.5) ? { removeAll: true } : { phrases: [s.q] }, events: 1, at: ++at });
    if (hits.length && r.chance(0.02)) out.push({ ...who, name: 'remove-recently-viewed', body: { productKeys: [hits[0].productKey] }, events: 1, at: ++at });
    if (lastOfSession.get(s.sessionKey) === i) {
      const cart = carts.get(s.sessionKey) ?? [];
      if (cart.length && r.chance(0.4)) {
        const lines = cart.map((h) => ({ variantKey: h.variantKey!, quantity: r.int(1, 2), sellingPrice: h.price ?? 100 }));
        out.push({ ...who, name: 'purchase', body: { lines }, events: lines.length, at: ++at });
      }
      if (r.chance(0.5)) out.push({ ...who, name: 'end', events: 1, at: ++at });
    }
  });
  return out.sort((a, b) => a.at - b.at);
}

async function searchPage(url: string, s: Search): Promise<Hit[]> {
  const q = new URLSearchParams({ q: s.q, market, locale, touchpoint: s.touchpoint, customerKey: s.customerKey, sessionKey: s.sessionKey, limit: '24' });
  const res = await request('GET', `${url}/api/storefront/v3/queries/search-page?${q}`);
  if (res.status !== 200) throw new Error(`search-page ${res.status}: ${res.text}`);
  const body = JSON.parse(res.text) as {
    primaryList: {
      productGroups: {
        products: {
          key: string;
          ticket: string;
          sellingPrice?: { min: number };
          variants: { key: string; ticket: string; sellingPrice: number; inStock: boolean }[];
        }[];
      }[];
    };
  };
  return body.primaryList.productGroups.map((g) => {
    const p = g.products[0];
    const v = p.variants.find((x) => x.inStock) ?? p.variants[0];
    return { productKey: p.key, ticket: p.ticket, ...(v ? { variantKey: v.key, variantTicket: v.ticket, price: v.sellingPrice } : {}) };
  });
}

async function countEvents(es: Client): Promise<number> {
  await es.indices.refresh({ index: `${prefix}-events` }, { ignore: [404] });
  return (await es.count({ index: `${prefix}-events` }, { ignore: [404] })).count ?? 0;
}

async function waitForCount(es: Client, expected: number, timeoutMs = 120_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const n = await countEvents(es);
    if (n >= expected || Date.now() - start > timeoutMs) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) };
}

// ------------------------------------------------------------------------------------------------
// Product pages with three recommendation lists, as a shop's product detail page asks for them.

interface PageVisit {
  customerKey: string;
  sessionKey: string;
  productKey: string;
}

const PRODUCT_PAGE_BODY = JSON.stringify({
  productGroup: { include: true },
  recommendationLists: [
    { id: 'alternatives', algorithm: 'ALTERNATIVES', limit: 8 },
    { id: 'addons', algorithm: 'ADD_TO_CART_RECS', limit: 8 },
    { id: 'recent', algorithm: 'RECENTLY_VIEWED', limit: 8 },
  ],
});

/** Visitors of the traffic on products they found, deterministic. */
function pageVisitsOf(r: Rng, searches: Search[], results: Hit[][], n: number): PageVisit[] {
  const found = searches.flatMap((s, i) => (results[i].length ? [{ s, hits: results[i] }] : []));
  return Array.from({ length: found.length ? n : 0 }, () => {
    const { s, hits } = found[r.int(0, found.length - 1)];
    return { customerKey: s.customerKey, sessionKey: s.sessionKey, productKey: hits[r.zipf(hits.length)].productKey };
  });
}

/** A product page; Elasticsearch's own took for it. */
async function productPage(url: string, v: PageVisit): Promise<number> {
  // notify=false: the page's view event would change the events count the ingestion check waits for.
  const q = new URLSearchParams({
    productKey: v.productKey,
    market,
    locale,
    touchpoint: 'DESKTOP',
    customerKey: v.customerKey,
    sessionKey: v.sessionKey,
    notify: 'false',
  });
  const res = await request('POST', `${url}/api/storefront/v3/queries/product-page?${q}`, PRODUCT_PAGE_BODY);
  if (res.status !== 200) throw new Error(`product-page ${res.status}: ${res.text}`);
  return res.tookMs;
}

interface PageTimes {
  latencies: number[];
  took: number[];
}

/** Product pages at `workers` until `done()` (at least one round of `visits`); sorted latencies and tooks in ms. */
async function productPageLoad(url: string, visits: PageVisit[], workers: number, done: () => boolean = () => true): Promise<PageTimes> {
  const latencies: number[] = [];
  const took: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (visits.length && (next < visits.length || !done())) {
        const v = visits[next++ % visits.length];
        const start = process.hrtime.bigint();
        took.push(await productPage(url, v));
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), took: took.sort((a, b) => a - b) };
}

/** p50/p99 of the latencies, and of Elasticsearch's took for the same pages. */
const p50p99 = (t: PageTimes) => ({
  p50: round(percentile(t.latencies, 50)),
  p99: round(percentile(t.latencies, 99)),
  n: t.latencies.length,
  tookP50: round(percentile(t.took, 50)),
  tookP99: round(percentile(t.took, 99)),
});

interface CpuShare {
  api: number;
  elasticsearch: number;
  loadGenerator: number;
  search: SearchTimes;
}

/**
 * Starts measuring; the returned function gives the cores each process kept busy since (CPU s / s), and the
 * shard-level search time each index took (where Elasticsearch's share of a page goes).
 */
async function coresMeter(api: RunningApi, es: Client): Promise<() => Promise<CpuShare>> {
  const read = await cpuMeter(api, es);
  const search = await searchTimeMeter(es, `${prefix}-*`);
  return async () => {
    const u = await read();
    return {
      api: round(u.api / u.seconds),
      elasticsearch: round(u.elasticsearch / u.seconds),
      loadGenerator: round(u.loadGenerator / u.seconds),
      search: await search(),
    };
  };
}

const cores = (c: CpuShare) => `API ${c.api}, Elasticsearch ${c.elasticsearch}, load generator ${c.loadGenerator} cores busy`;

/** Shard search time per page, by index: `events 4.1 ms (3 searches), catalog-products 9.2 ms (5)`. */
const searchPerPage = (c: CpuShare, pages: number) =>
  Object.entries(c.search)
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([index, t]) => `${index.slice(prefix.length + 1)} ${round(t.ms / pages, 1)} ms (${round(t.queries / pages, 1)} searches)`)
    .join(', ');

// ------------------------------------------------------------------------------------------------

/** A process answering 204 to every request (the --notify-sink control). */
async function startSink(sinkPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => { r.statusCode = 204; r.end(); }); }).listen(${sinkPort}, '127.0.0.1', () => process.stdout.write('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return {
    url: `http://127.0.0.1:${sinkPort}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main() {
  ensureElasticsearch();
  build();
  const es = new Client({ node: elasticsearchUrl, requestTimeout: 600_000 });
  await es.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
  const configuration = defaultConfiguration();
  const catalog = [...generateCatalogLines({ productGroups: groups, markets: configuration })];

  // 1. The API and the catalog. The periodic jobs are off: this process runs each, timed, at set points.
  const env = {
    INDEX_PREFIX: prefix,
    ADMIN_API_KEY: apiKey,
    POPULARITY_INTERVAL_SECONDS: '0',
    CO_OCCURRENCE_INTERVAL_SECONDS: '0',
    EVENTS_MAINTENANCE_INTERVAL_SECONDS: '0',
  };
  // --cpu-prof: a V8 CPU profile of the API process (until the SIGTERM) in .cache/profiles/.
  let api = await startApi(env, port, cpuProfileArgs());
  let res = await fetch(`${api.url}/api/admin/v4/import/configuration`, {
    method: 'POST',
    headers: { 'Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(configuration),
  });
  if (res.status !== 204) throw new Error(`configuration: ${res.status} ${await res.text()}`);
  res = await fetch(`${api.url}/api/admin/v4/import/catalog?blockingTimeout=PT10M`, {
    method: 'PUT',
    headers: { 'Api-Key': apiKey, 'Content-Type': 'application/jsonlines' },
    body: catalog.map((e) => JSON.stringify({ replace: e })).join('\n') + '\n',
  });
  if (res.status !== 204) throw new Error(`import: ${res.status} ${await res.text()}`);

  // The behaviour service of this process: it runs the jobs and asks the questions of step 5 on the same indices.
  const names = indexNames(prefix);
  const behaviour = new BehaviourService({
    es,
    log: createLogger('warn'),
    names: behaviourIndexNames(prefix),
    productsAlias: names.catalogAlias('products'),
    productsIndex: (locale) => names.catalogLocaleAlias('products', locale),
    configuration: new ConfigurationStore(elasticsearchDocuments(es), names.configuration, DEFAULT_STORE_CACHE_MS),
    liveVersion: () => new CatalogIndices(es, names).liveVersion(),
    holder: `${hostname()}:bench`,
    options: DEFAULT_BEHAVIOUR_OPTIONS,
  });

  // 2. Searches through search-page (each one an event), keeping the tickets of the results.
  const r = rng(seed);
  const searches = searchesOf(r, phraseVocabulary(catalog));
  const results: Hit[][] = new Array(searches.length);
  const searchStart = process.hrtime.bigint();
  const searchLatencies = await pool(searches, concurrency, async (s, i) => {
    results[i] = await searchPage(api.url, s);
  });
  const searchSeconds = Number(process.hrtime.bigint() - searchStart) / 1e9;
  const withHits = results.filter((h) => h.length).length;
  console.log(
    `searches: ${searches.length} through search-page in ${searchSeconds.toFixed(1)} s (${round(searches.length / searchSeconds, 0)}/s, p50 ${round(percentile(searchLatencies, 50))} ms, p95 ${round(percentile(searchLatencies, 95))} ms); ${withHits} found products`,
  );

  // 3. The notifications, replayed at `concurrency`.
  const notifications = notificationsOf(r, searches, results);
  const notificationEvents = notifications.reduce((n, x) => n + x.events, 0);
  const byName = Object.fromEntries(
    [...new Set(notifications.map((n) => n.name))].sort().map((name) => [name, notifications.filter((n) => n.name === name).length]),
  );
  // Product pages before the replay (after a warm-up round), then alongside it until it ends.
  const visits = pageVisitsOf(r, searches, results, pages);
  await productPageLoad(api.url, visits.slice(0, 30), pageConcurrency);
  const cpuBefore = await coresMeter(api, es);
  const pageBefore = p50p99(await productPageLoad(api.url, visits, pageConcurrency));
  const cpuOfPagesAlone = await cpuBefore();
  // The replay in three thirds: (a) alone at full speed: the notification capacity; (b) at full speed with
  // product pages alongside: the latency when the machine is saturated; (c) paced at `rate` notifications/s
  // with product pages alongside: the latency while events are ingested at a steady shop's pace.
  const third = Math.ceil(notifications.length / 3);
  const [alone, saturated, paced] = [notifications.slice(0, third), notifications.slice(third, 2 * third), notifications.slice(2 * third)];
  const eventsOf = (list: Notification[]) => list.reduce((n, x) => n + x.events, 0);
  // The first notifications warm the notification path up (JIT, connections) untimed, as the other
  // benchmarks warm up; every notification is still sent exactly once.
  const warmUpCount = Math.min(NOTIFICATION_WARM_UP, Math.floor(alone.length / 5));
  const [warmUp, timedAlone] = [alone.slice(0, warmUpCount), alone.slice(warmUpCount)];
  const replayStart = process.hrtime.bigint();
  await pool(warmUp, concurrency, (n) => send(api.url, market, n));
  const cpuAlone = await coresMeter(api, es);
  const timedStart = process.hrtime.bigint();
  const notifyLatencies = await pool(timedAlone, concurrency, (n) => send(api.url, market, n));
  const replaySeconds = Number(process.hrtime.bigint() - timedStart) / 1e9;
  const notificationCpu = await cpuAlone();
  const acceptedPerSecond = eventsOf(timedAlone) / replaySeconds;
  console.log(
    `notifications alone: ${timedAlone.length} (${eventsOf(timedAlone)} events, after ${warmUp.length} untimed) in ${replaySeconds.toFixed(2)} s: ${round(timedAlone.length / replaySeconds, 0)} requests/s, ${round(acceptedPerSecond, 0)} events/s accepted (target >= 2000); p50 ${round(percentile(notifyLatencies, 50))} ms, p95 ${round(percentile(notifyLatencies, 95))} ms`,
  );
  const perNotification = (coresBusy: number) => `${Math.round((coresBusy * replaySeconds * 1e6) / timedAlone.length)} µs`;
  console.log(
    `  CPU per notification: API ${perNotification(notificationCpu.api)}, Elasticsearch ${perNotification(notificationCpu.elasticsearch)} (indexing continues after the answers), load generator ${perNotification(notificationCpu.loadGenerator)}`,
  );
  console.log(`  by kind (whole replay): ${JSON.stringify(byName)}`);
  // End to end: until every event so far (searches + the first third) is searchable.
  const ingestedAlone = await waitForCount(es, searches.length + eventsOf(alone));
  const ingestSeconds = Number(process.hrtime.bigint() - replayStart) / 1e9;
  const ingestedPerSecond = eventsOf(alone) / ingestSeconds;
  console.log(
    `ingested: ${ingestedAlone} of ${searches.length + eventsOf(alone)} events searchable ${ingestSeconds.toFixed(2)} s after the replay began: ${round(ingestedPerSecond, 0)} events/s end to end`,
  );
  // What is bought together, as the co-occurrence job publishes it every CO_OCCURRENCE_INTERVAL_SECONDS:
  // once here, so the lists of the pages below have the first third's baskets to show.
  const coOccurrenceFirst = await behaviour.updateCoOccurrence();
  console.log(
    `co-occurrence job after the first third: ${coOccurrenceFirst.products} products in baskets, ${coOccurrenceFirst.withRelated} with related products, in ${coOccurrenceFirst.tookMs} ms`,
  );
  // The baseline of the growth: product pages with no ingestion running, but with behaviour in the index.
  // Before the replay the index holds searches only, so RECENTLY_VIEWED and ADD_TO_CART_RECS have nothing
  // to compute or show; comparing with that would count the lists filling up as ingestion's cost.
  const cpuQuiet = await coresMeter(api, es);
  const pageQuiet = p50p99(await productPageLoad(api.url, visits, pageConcurrency));
  const cpuOfPagesQuiet = await cpuQuiet();
  const during = async (list: Notification[], rate?: number) => {
    let replaying = true;
    const cpu = await coresMeter(api, es);
    const pagesDuring = productPageLoad(api.url, visits, pageConcurrency, () => !replaying);
    const start = process.hrtime.bigint();
    // In a worker thread: its callbacks must not delay this thread's clock on the pages.
    await replayInWorker((notifyApi ?? api).url, list, concurrency, market, rate);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    replaying = false;
    const page = p50p99(await pagesDuring);
    const growth = pageQuiet.p99 > 0 ? round(((page.p99 - pageQuiet.p99) / pageQuiet.p99) * 100, 0) : 0;
    const p50Growth = pageQuiet.p50 > 0 ? round(((page.p50 - pageQuiet.p50) / pageQuiet.p50) * 100, 0) : 0;
    return { page, growth, p50Growth, perSecond: round(list.length / seconds, 0), cpu: await cpu() };
  };
  const notifyApi = separateNotifyApi ? await startApi(env, port + 1) : notifySink ? await startSink(port + 2) : undefined;
  if (separateNotifyApi)
    console.log('(--separate-notify-api: the replays beside product pages go to a second API process; CPU of "API" is the page process only)');
  if (notifySink) console.log('(--notify-sink: the replays beside product pages go to a process that answers 204 and stores nothing: a control)');
  const atFullSpeed = await during(saturated);
  const atPace = await during(paced, paceRate);
  const pageDuring = atPace.page;
  const growth = atPace.growth;
  const figures = (f: ReturnType<typeof p50p99>) => `p50 ${f.p50} ms, p99 ${f.p99} ms (${f.n} pages; Elasticsearch took p50 ${f.tookP50}, p99 ${f.tookP99} ms)`;
  console.log(`product-page with 3 recommendation lists at ${pageConcurrency}: before the replay (searches only in the index) ${figures(pageBefore)}`);
  console.log(`  quiet, with the first third's behaviour in the index (the baseline): ${figures(pageQuiet)}`);
  console.log(
    `  during the replay at full speed (${atFullSpeed.perSecond} notifications/s, CPUs saturated): p50 ${atFullSpeed.page.p50} ms, p99 ${atFullSpeed.page.p99} ms, growth p50 ${atFullSpeed.p50Growth}%, p99 ${atFullSpeed.growth}% (took p50 ${atFullSpeed.page.tookP50}, p99 ${atFullSpeed.page.tookP99} ms)`,
  );
  console.log(
    `  during the replay at ${atPace.perSecond} notifications/s: p50 ${pageDuring.p50} ms, p99 ${pageDuring.p99} ms (${pageDuring.n} pages; took p50 ${pageDuring.tookP50}, p99 ${pageDuring.tookP99} ms), growth p50 ${atPace.p50Growth}%, p99 ${growth}% (targets: p99 < 80 ms, growth <= 20%)`,
  );
  console.log(
    `  CPU: product pages alone before the replay: ${cores(cpuOfPagesAlone)}; quiet: ${cores(cpuOfPagesQuiet)}; beside the full-speed replay: ${cores(atFullSpeed.cpu)}; beside the paced replay: ${cores(atPace.cpu)}`,
  );
  console.log(
    `  shard search time per page: quiet ${searchPerPage(cpuOfPagesQuiet, pageQuiet.n)}; beside the paced replay ${searchPerPage(atPace.cpu, pageDuring.n)}`,
  );

  await notifyApi?.stop();
  // 4. Every event of the whole replay is written.
  // (The control's sink stores nothing: only the first third reached the index.)
  const expected = searches.length + (notifySink ? eventsOf(alone) : notificationEvents);
  const indexed = await waitForCount(es, expected);
  console.log(`all events: ${indexed} of ${expected} searchable`);
  const pageAfter = p50p99(await productPageLoad(api.url, visits, pageConcurrency));
  console.log(`product-page quiet after the whole replay: ${figures(pageAfter)}`);

  // 5. Questions, popularity and co-occurrence, in this process on the same indices.
  const coOccurrence = await behaviour.updateCoOccurrence();
  console.log(
    `co-occurrence job over the whole replay: ${coOccurrence.products} products in baskets, ${coOccurrence.withRelated} with related products, in ${coOccurrence.tookMs} ms`,
  );
  const busy = notifications.find((n) => n.name === 'purchase') ?? notifications[0];
  const cartKeys = (busy.body as { lines?: { variantKey: string }[] } | undefined)?.lines?.map((l) => l.variantKey) ?? [];
  const who = { market, customerKey: busy.customerKey };
  const queries = {
    recentSearches: await timed(50, () => behaviour.recentSearches(who)),
    recentlyViewed: await timed(50, () => behaviour.recentlyViewed({ ...who, limit: 20 })),
    favourites: await timed(50, () => behaviour.favourites(who)),
    cartOf: await timed(50, () => behaviour.cartOf({ ...who, sessionKey: busy.sessionKey })),
    trendingPhrases: await timed(50, () => behaviour.trendingPhrases({ market, locale })),
    popularPhrases: await timed(50, () => behaviour.popularPhrases({ market, prefix: searches[0].q.slice(0, 2) })),
    coOccurring: await timed(50, () => behaviour.coOccurring({ market, keys: cartKeys.length ? cartKeys : ['none'], limit: 10 })),
    affinity: await timed(50, () => behaviour.affinity(who)),
  };
  console.log(
    `behaviour questions (p50/p95 ms): ${Object.entries(queries)
      .map(([k, v]) => `${k} ${v.p50}/${v.p95}`)
      .join(', ')}`,
  );
  const popularity = await behaviour.updatePopularity();
  console.log(`popularity: ${popularity.scored} products scored, ${popularity.documentsUpdated} documents updated in ${popularity.tookMs} ms`);
  const sample = await behaviour.trendingPhrases({ market, limit: 5 });
  console.log(`trending: ${sample.map((p) => `${p.phrase} (${p.score})`).join(', ')}`);

  const productPageFigures = {
    lists: 3,
    concurrency: pageConcurrency,
    before: pageBefore,
    quiet: pageQuiet,
    after: pageAfter,
    during: pageDuring,
    p99GrowthPercent: growth,
    p50GrowthPercent: atPace.p50Growth,
    paceRate,
    duringFullSpeed: atFullSpeed.page,
    fullSpeedGrowthPercent: atFullSpeed.growth,
    coresBusy: { pagesAlone: cpuOfPagesAlone, pagesQuiet: cpuOfPagesQuiet, fullSpeed: atFullSpeed.cpu, paced: atPace.cpu },
  };

  // 6. Graceful shutdown: SIGTERM while the last notifications are in flight; every accepted one must be stored.
  const before = await countEvents(es);
  const tail = notifications.slice(0, 500).map((n) => ({ ...n, name: 'end', body: undefined, events: 1 }));
  let accepted = 0;
  const burst = pool(tail, concurrency, (n) =>
    send(api.url, market, n).then(
      () => {
        accepted++;
      },
      () => undefined,
    ),
  );
  await new Promise((r) => setTimeout(r, 20));
  await api.stop();
  await burst;
  const afterShutdown = await countEvents(es);
  const lostAtShutdown = before + accepted - afterShutdown;
  console.log(`shutdown: ${accepted} notifications accepted during SIGTERM, ${lostAtShutdown} events lost`);

  // Restart once to show the events index is reused (no second index, no mapping conflict).
  api = await startApi(env, port);
  await send(api.url, market, { name: 'end', customerKey: 'restart', sessionKey: 'restart', events: 1, at: 0 });
  await api.stop();
  const final = await countEvents(es);

  await behaviour.close();
  agent.destroy();
  // --keep: leave the indices for a look in Kibana or a probe (the next run deletes them first).
  if (!keep) await es.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
  await es.close();
  console.log(
    JSON.stringify({
      benchmark: 'behaviour',
      productGroups: groups,
      visitors,
      concurrency,
      searches: searches.length,
      searchesPerSecond: round(searches.length / searchSeconds, 0),
      notifications: notifications.length,
      notificationEvents,
      notificationsPerSecond: round(timedAlone.length / replaySeconds, 0),
      eventsAcceptedPerSecond: round(acceptedPerSecond, 0),
      eventsIngestedPerSecond: round(ingestedPerSecond, 0),
      notifyP50Ms: round(percentile(notifyLatencies, 50)),
      notifyP95Ms: round(percentile(notifyLatencies, 95)),
      indexed,
      expected,
      lostAtShutdown,
      restartWrote: final - afterShutdown,
      popularityMs: popularity.tookMs,
      popularityScored: popularity.scored,
      coOccurrenceMs: coOccurrence.tookMs,
      coOccurrenceProducts: coOccurrence.products,
      coOccurrenceFirstThirdMs: coOccurrenceFirst.tookMs,
      queries,
      productPage: productPageFigures,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
