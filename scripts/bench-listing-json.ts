/**
 * npx tsx scripts/bench-listing-json.ts [--prefix bench-search] [--groups 3000] [--requests 1200] [--blocks 8] [--concurrency 1] [--profile P] [--attributes N]
 *
 * API CPU per search-page with and without the listing JSON kept per document version
 * (src/storefront/listingJson.ts), side by side on a catalog bench:search imported (run it first; this script
 * imports nothing): two compiled API processes on the same prefix, one with the default LISTING_JSON_CACHE_MB
 * and one with 0, are sent bench:search's search-pages in alternating blocks (A B B A ...), so that the load
 * of a shared machine falls on both alike. Each process's CPU seconds (/proc) over its own blocks are divided
 * by its requests. A warm-up pass sends every request to both first (the cache's first shaping is measured
 * apart, as "first sight"). The answers of the two are compared byte for byte on every request.
 */
import { requestMix } from '../src/sample/benchmarkMix';
import { defaultConfiguration } from '../src/sample/generator';
import { arg, build, ensureElasticsearch, generatorArgs, machineLoad, round, runConcurrently, startApi, type RunningApi } from './benchSupport';

const groups = arg('groups', 3000);
const requests = arg('requests', 1200);
const blocks = Math.max(2, arg('blocks', 8));
const concurrency = arg('concurrency', 1);
const prefix = process.argv.includes('--prefix') ? process.argv[process.argv.indexOf('--prefix') + 1] : 'bench-search';

async function main() {
  ensureElasticsearch();
  build();
  const paths = requestMix({ groups, configuration: defaultConfiguration(), generator: generatorArgs(), seed: 7 }, requests)
    .filter((r) => r.endpoint === 'search-page')
    .map((r) => r.path);
  const kept = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: 'bench-key-listing-json' }, arg('port', 18351));
  const shaped = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: 'bench-key-listing-json', LISTING_JSON_CACHE_MB: '0' }, arg('port', 18351) + 1);
  const apis: Record<'kept' | 'shaped', RunningApi> = { kept, shaped };
  try {
    const answers = new Map<string, string>();
    let differing = 0;
    let bytes = 0;
    const send = async (api: RunningApi, path: string): Promise<string> => {
      const res = await fetch(`${api.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${res.status} for ${path}: ${text.slice(0, 200)}`);
      return text;
    };
    // First sight: every request once to each; the kept API shapes and keeps, the other shapes.
    const first: Record<string, number> = {};
    for (const name of ['shaped', 'kept'] as const) {
      const before = apis[name].cpuSeconds();
      await runConcurrently(paths, concurrency, async (p) => {
        const text = await send(apis[name], p);
        if (name === 'shaped') {
          answers.set(p, text);
          bytes += Buffer.byteLength(text);
        } else if (answers.get(p) !== text) differing++;
      });
      first[name] = ((apis[name].cpuSeconds() - before) * 1000) / paths.length;
    }
    const cpu = { kept: 0, shaped: 0 };
    const count = { kept: 0, shaped: 0 };
    const loads: string[] = [machineLoad()];
    const size = Math.ceil(paths.length / blocks);
    for (let b = 0; b < blocks; b++) {
      const block = paths
        .slice((b * size) % paths.length)
        .concat(paths)
        .slice(0, size);
      const order = b % 4 === 0 || b % 4 === 3 ? (['kept', 'shaped'] as const) : (['shaped', 'kept'] as const);
      for (const name of order) {
        const before = apis[name].cpuSeconds();
        await runConcurrently(block, concurrency, async (p) => {
          const text = await send(apis[name], p);
          if (text !== answers.get(p)) differing++;
        });
        cpu[name] += apis[name].cpuSeconds() - before;
        count[name] += block.length;
      }
      loads.push(machineLoad());
    }
    const perRequest = (name: 'kept' | 'shaped') => round((cpu[name] * 1000) / count[name], 2);
    console.log(
      `${paths.length} search-pages, ${(bytes / paths.length / 1024).toFixed(1)} KB each (uncompressed); first sight: kept ${round(first.kept, 2)} ms, shaped ${round(first.shaped, 2)} ms of API CPU per request`,
    );
    console.log(
      `repeated, ${blocks} alternating blocks at concurrency ${concurrency}: API CPU per search-page kept ${perRequest('kept')} ms, shaped ${perRequest('shaped')} ms (${round(perRequest('kept') / perRequest('shaped'), 2)}x); answers differing: ${differing}`,
    );
    console.log(`loads: ${loads.join('; ')}`);
    console.log(
      JSON.stringify({
        benchmark: 'listing-json',
        prefix,
        searchPages: paths.length,
        concurrency,
        answerKb: round(bytes / paths.length / 1024, 1),
        firstSightMs: { kept: round(first.kept, 2), shaped: round(first.shaped, 2) },
        cpuMsPerSearchPage: { kept: perRequest('kept'), shaped: perRequest('shaped') },
        differing,
        loads,
      }),
    );
    if (differing) throw new Error(`${differing} answers differ between the kept and the shaped listing JSON`);
  } finally {
    await kept.stop();
    await shaped.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
