/**
 * npx tsx scripts/bench-replay.ts [-- --phrases 500 --prefix bench-replay]
 *
 * A replay's duration on the sample shop (issue 43: 500 phrases under 30 s). The sample catalog (300 product
 * groups, markets SE, NO and UK) is loaded into a fresh prefix as `npm start` loads it; 30 days of searches of
 * `phrases` distinct phrases (the catalog's titles, their words and word pairs, and one in ten finding
 * nothing; Zipf-like counts) and clicks on them are written straight into the events index; then a replay of
 * a pending synonym change (`POST /api/admin/v4/replays`) runs through the service in this process and is
 * polled until done. Prints its duration, the `_msearch` requests it sent (counted on the client), the CPU
 * the service's process used meanwhile (on a shared machine, what the replay itself costs) and the machine's
 * load, and one JSON line.
 */
import { Client } from '@elastic/elasticsearch';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createContext, prepareContext, shutdownContext } from '../src/app';
import { loadConfig } from '../src/kernel/config';
import { createLogger } from '../src/kernel/log';
import { createElasticsearchClient } from '../src/search/client';
import { loadSampleCatalogIfEmpty } from '../src/sample/loadSample';
import type { ReplayJob } from '../src/contract/replay';
import { arg, elasticsearchUrl, ensureElasticsearch, machineLoad, round } from './benchSupport';

const phraseCount = arg('phrases', 500);
const prefix = process.argv.includes('--prefix') ? process.argv[process.argv.indexOf('--prefix') + 1]! : 'bench-replay';
const apiKey = 'bench-key';

async function main() {
  ensureElasticsearch();
  const admin = new Client({ node: elasticsearchUrl });
  await admin.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix, ELASTICSEARCH_URL: elasticsearchUrl, LOG_LEVEL: 'warn', ADMIN_API_KEY: apiKey });
  const es = createElasticsearchClient(elasticsearchUrl);
  let msearches = 0;
  let counting = false;
  let searches = 0;
  let tookMs = 0;
  es.diagnostic.on('request', (_err, result) => {
    if (counting && result?.meta.request.params.path.endsWith('/_msearch')) msearches++;
  });
  // Elasticsearch's own time for the replay's _msearch requests, and the searches they held.
  es.diagnostic.on('response', (_err, result) => {
    if (!counting || !result?.meta.request.params.path.endsWith('/_msearch')) return;
    const body = result.body as { took?: number; responses?: unknown[] } | undefined;
    tookMs += body?.took ?? 0;
    searches += body?.responses?.length ?? 0;
  });
  const context = createContext(config, es, createLogger('warn'));
  await prepareContext(context);
  const server = createServer(createApp(context).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await loadSampleCatalogIfEmpty(context);
    // Phrases from the catalog as shoppers type them: titles, their words, word pairs; one in ten finds nothing.
    const titles = (
      await admin.search<{ title?: string }>({ index: `${prefix}-catalog-products-en-gb`, size: 1000, _source: ['title'], query: { term: { market: 'UK' } } })
    ).hits.hits
      .map((h) => (h._source?.title ?? '').toLowerCase())
      .filter(Boolean);
    const phrases = new Set<string>();
    for (const t of titles) {
      const words = t.split(/\s+/);
      for (const w of words) if (w.length > 2) phrases.add(w);
      for (let i = 0; i + 1 < words.length; i++) phrases.add(`${words[i]} ${words[i + 1]}`);
      phrases.add(t);
      if (phrases.size % 10 === 0) phrases.add(`${words[0]}zq`);
    }
    const list = [...phrases].slice(0, phraseCount);
    const now = Date.now();
    const operations: unknown[] = [];
    list.forEach((phrase, i) => {
      const searches = Math.max(1, Math.round(60 / (i + 1) ** 0.7));
      for (let s = 0; s < searches; s++) {
        const at = new Date(now - ((i * 7 + s * 13) % 29) * 86_400_000 - s * 1000).toISOString();
        const session = `s${i}-${s}`;
        operations.push(
          { create: {} },
          { '@timestamp': at, type: 'search', market: 'UK', locale: 'en-GB', customerKey: session, sessionKey: session, phrase, totalHits: 1 },
        );
        if (s % 3 === 0)
          operations.push(
            { create: {} },
            {
              '@timestamp': at,
              type: 'click',
              market: 'UK',
              customerKey: session,
              sessionKey: session,
              productKey: `P${(i * 31 + s) % 300}`,
              position: s % 5,
              queryPhrase: phrase,
              queryLocale: 'en-GB',
            },
          );
      }
    });
    const written = await admin.bulk({ index: `${prefix}-events`, operations, refresh: true });
    if (written.errors) throw new Error('events not written');
    console.log(`sample shop: ${titles.length} titles, ${list.length} phrases, ${operations.length / 2} events`);

    counting = true;
    const loadBefore = machineLoad();
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const res = await fetch(`${url}/api/admin/v4/replays`, {
      method: 'POST',
      headers: { 'Api-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        change: { kind: 'synonyms', locales: { 'en-GB': [{ terms: ['sneakers', 'trainers'] }, { terms: ['jacket', 'coat'] }] } },
        phrases: phraseCount,
      }),
    });
    if (res.status !== 202) throw new Error(`replay answered ${res.status}: ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    let job: ReplayJob;
    for (;;) {
      job = (await (await fetch(`${url}/api/admin/v4/replays/${id}`, { headers: { 'Api-Key': apiKey } })).json()) as ReplayJob;
      if (job.status !== 'IN_PROGRESS') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const wall = Date.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = round((cpu.user + cpu.system) / 1e6, 1);
    counting = false;
    const report = job.report;
    if (job.status !== 'SUCCESS' || !report) throw new Error(`replay ${job.status}: ${job.reason}`);
    const t = report.totals;
    console.log(
      `replay of ${t.phrases} phrases (${t.skipped} skipped): ${round(report.durationMs / 1000, 1)} s in the job, ${round(wall / 1000, 1)} s until the poll saw it; ${msearches} _msearch requests of ${searches} searches, Elasticsearch took ${round(tookMs / 1000, 1)} s in all; the service's CPU ${cpuSeconds} s; ${loadBefore} before, ${machineLoad()} after`,
    );
    console.log(
      `zero results lost ${t.zeroResultsLost}, gained ${t.zeroResultsGained}; first three changed ${t.firstThreeChanged}; clicked products moved ${t.clickedMoved}; estimated clicks ${t.liveClicks} → ${t.candidateClicks}`,
    );
    console.log(
      JSON.stringify({
        benchmark: 'replay',
        phrases: t.phrases,
        skipped: t.skipped,
        durationMs: report.durationMs,
        wallMs: wall,
        msearchRequests: msearches,
        searches,
        elasticsearchTookMs: tookMs,
        serviceCpuSeconds: cpuSeconds,
        load: machineLoad(),
      }),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await shutdownContext(context);
    await es.close();
    await admin.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
    await admin.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
