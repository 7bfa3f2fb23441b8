/**
 * npx tsx scripts/bench-analytics.ts [-- --events 200000 --days 30 --phrases 5000 --rounds 15 --seed 3] [--keep] [--prefix bench-analytics]
 *
 * Search analytics over a generated events index (index prefix `bench-analytics` unless `--prefix`, events written straight
 * into it with `_bulk`, as the event writer writes them: documents from eventDocument with their query
 * fields). The traffic: `days` days, searches of `phrases` phrases drawn Zipf-like (one in ten finds
 * nothing), one in ten a later page, then clicks (positions skewed to the top), add-to-carts and purchases
 * attributed to those searches, in two locales and both touchpoints. Then `rounds` rounds of each answer
 * (searches by searches, by click-through rate, by zero-result searches with a locale, and daily), through
 * the use case in this process (parameters, one Elasticsearch request, shaping): p50 and p99 in ms.
 * `--keep` keeps the index (and a later run with the same arguments reuses it). Prints one JSON line of figures.
 * docs/benchmarks.md's figure is `--events 1000000`; the default is shorter.
 */
import { Client } from '@elastic/elasticsearch';
import { eventDocument, type BehaviourEvent, type QueryFacts } from '../src/events/events';
import { indexNames } from '../src/search/indexNames';
import { prepareIndices } from '../src/search/indexRegistry';
import { createLogger } from '../src/kernel/log';
import { searchAnalytics } from '../src/behaviour/analytics';
import { elasticsearchDocuments } from '../src/search/documents';
import { arg, deletePrefix, elasticsearchUrl, ensureElasticsearch, flag, machineLoad, percentile, round } from './benchSupport';

const events = arg('events', 200_000);
const days = arg('days', 30);
const phraseCount = arg('phrases', 5000);
const rounds = arg('rounds', 15);
const seed = arg('seed', 3);
const keep = flag('keep');
/** Developers sharing one node each use their own. */
const prefix =
  process.argv[process.argv.indexOf('--prefix') + 1] && process.argv.includes('--prefix')
    ? process.argv[process.argv.indexOf('--prefix') + 1]!
    : 'bench-analytics';

/** Deterministic pseudo-random numbers (mulberry32). */
function random(s: number): () => number {
  return () => {
    s |= 0;
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function* traffic(rnd: () => number, end: number): Generator<{ event: BehaviourEvent; at: Date }> {
  const zipf = (n: number) => Math.min(n - 1, Math.floor(n ** rnd()) - 1);
  const start = end - days * 86_400_000;
  let session = 0;
  for (let produced = 0; produced < events; ) {
    session++;
    const who = {
      market: 'SE',
      customerKey: `c${session % 50_000}`,
      sessionKey: `s${session}`,
      locale: rnd() < 0.7 ? 'sv-SE' : 'en-GB',
      touchpoint: rnd() < 0.6 ? ('MOBILE' as const) : ('DESKTOP' as const),
    };
    let t = start + rnd() * (end - start - 3_600_000);
    const searches = 1 + Math.floor(rnd() * 3);
    for (let i = 0; i < searches && produced < events; i++) {
      const p = zipf(phraseCount);
      const phrase = `phrase ${p}`;
      const totalHits = p % 10 === 9 ? 0 : 1 + (p % 500);
      const queryId = `${seed}-${session}-${i}`;
      t += 20_000;
      const at = new Date(t);
      yield { event: { ...who, type: 'search', phrase, totalHits, queryId, skip: 0 }, at };
      produced++;
      if (rnd() < 0.1) {
        yield { event: { ...who, type: 'search', phrase, totalHits, queryId, skip: 24, continued: true }, at: new Date(t + 5000) };
        produced++;
      }
      if (!totalHits) continue;
      const query: QueryFacts = { queryId, at: at.toISOString(), locale: who.locale, phrase, totalHits };
      const clicks = rnd() < 0.45 ? 1 + Math.floor(rnd() * 2) : 0;
      for (let c = 0; c < clicks; c++) {
        const position = Math.floor(rnd() ** 2 * 24);
        const ticket = {
          kind: 'variant' as const,
          productKey: `P${p}-${position}`,
          variantKey: `P${p}-${position}-1`,
          pageType: 'SEARCH_PAGE' as const,
          listId: 'PRIMARY_LIST',
          position,
          market: 'SE',
          touchpoint: who.touchpoint,
          queryId,
        };
        yield { event: { ...who, type: 'click', ticket, query }, at: new Date(t + 10_000 * (c + 1)) };
        produced++;
        if (rnd() < 0.3) {
          yield { event: { ...who, type: 'add-to-cart', ticket, query }, at: new Date(t + 10_000 * (c + 1) + 3000) };
          produced++;
          if (rnd() < 0.4) {
            yield {
              event: {
                ...who,
                type: 'purchase',
                productKey: ticket.productKey,
                variantKey: ticket.variantKey,
                quantity: 1 + Math.floor(rnd() * 2),
                sellingPrice: 100 + (p % 900),
                query,
              },
              at: new Date(t + 600_000),
            };
            produced++;
          }
        }
      }
    }
  }
}

async function generate(es: Client, index: string): Promise<number> {
  const rnd = random(seed);
  const end = Date.now();
  let batch: unknown[] = [];
  let written = 0;
  const started = Date.now();
  const send = async () => {
    if (!batch.length) return;
    const res = await es.bulk({ index, operations: batch, refresh: false });
    if (res.errors) throw new Error(`bulk errors: ${JSON.stringify(res.items.find((i) => i.create?.error ?? i.index?.error))}`);
    written += batch.length / 2;
    batch = [];
  };
  for (const { event, at } of traffic(rnd, end)) {
    batch.push({ create: {} }, eventDocument(event, at));
    if (batch.length >= 10_000) {
      await send();
      if (written % 100_000 === 0) console.log(`  ${written} events (${round((Date.now() - started) / 1000, 1)} s)`);
    }
  }
  await send();
  await es.indices.refresh({ index });
  await es.indices.forcemerge({ index, max_num_segments: 1 }).catch(() => undefined);
  return written;
}

async function time(rounds: number, run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await run(); // warm-up (global ordinals, caches)
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = process.hrtime.bigint();
    await run();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: round(percentile(ms, 50), 1), p99: round(percentile(ms, 99), 1) };
}

async function main(): Promise<void> {
  ensureElasticsearch();
  const es = new Client({ node: elasticsearchUrl });
  const names = indexNames(prefix);
  const log = createLogger('error');
  const existing = keep
    ? await es.count({ index: names.events }).then(
        (r) => r.count,
        () => 0,
      )
    : 0;
  let count = existing;
  if (existing < events) {
    await deletePrefix(es, prefix);
    await prepareIndices(es, names, log);
    console.log(`generating ${events} events over ${days} days (${phraseCount} phrases) ...`);
    const started = Date.now();
    count = await generate(es, names.events);
    console.log(`  written in ${round((Date.now() - started) / 1000, 1)} s`);
  } else {
    console.log(`reusing ${existing} events in ${names.events}`);
  }
  const configuration = { get: async () => ({ markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' } } }) };
  const analytics = searchAnalytics({ documents: elasticsearchDocuments(es), events: names.events, products: names.catalogAlias('products'), configuration });
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const range = { market: 'SE', from, to };
  const load = machineLoad();
  const figures = {
    events: count,
    searchesBySearches: await time(rounds, () => analytics.searches({ ...range })),
    searchesByClickThroughRate: await time(rounds, () => analytics.searches({ ...range, sort: 'clickThroughRate', limit: '1000' })),
    zeroResultInLocale: await time(rounds, () => analytics.searches({ ...range, sort: 'zeroResultSearches', locale: 'en-GB' })),
    daily: await time(rounds, () => analytics.daily({ ...range })),
  };
  const sample = await analytics.searches({ ...range, limit: '3' });
  console.log(`totals over ${days} days: ${JSON.stringify(sample.totals)}`);
  console.log(`machine load before timing: ${load}`);
  for (const [name, f] of Object.entries(figures)) if (typeof f === 'object') console.log(`  ${name.padEnd(28)} p50 ${f.p50} ms  p99 ${f.p99} ms`);
  console.log(JSON.stringify({ bench: 'analytics', rounds, load, ...figures }));
  if (!keep) await deletePrefix(es, prefix);
  await es.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
