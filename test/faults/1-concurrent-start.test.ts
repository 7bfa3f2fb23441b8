/**
 * Scenario: two API processes start at the same moment against a cluster holding nothing of theirs (a fresh
 * index prefix; the run's first scenario, on a fresh cluster). Both run the periodic jobs (popularity,
 * co-occurrence) at start and both create the service's indices on first use. Each index must be created
 * once, each job must run in one process (its lease), and nothing may fail: no error in either log, and
 * the first requests (two configuration imports at once, storefront queries) answer as they should.
 * Races show only sometimes, so the start is repeated a few times, each on a fresh prefix.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { describeLines, errorLines, startApi, waitReady, type ApiProcess, type LogLine } from './support/api';
import { CONFIGURATION, searchPagePath } from './support/catalog';
import { dropPrefix, sleep, testClient, waitGreen } from './support/cluster';
import { record } from './support/figures';

const SCENARIO = 'two API processes started at once on an empty cluster';
const ROUNDS = 5;
/** The jobs tick at once and then every 15 s (src/behaviour/periodicJob.ts): two ticks each. */
const WATCH_MS = 20_000;

describe(SCENARIO, function () {
  this.timeout(15 * 60_000);
  let client: Client;
  const rounds: string[] = [];
  const problems: string[] = [];

  before(async () => {
    client = testClient();
    await waitGreen(client);
  });

  after(async () => {
    record(SCENARIO, { rounds, problems });
    await client?.close();
  });

  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: each index created once, each job in one process, no error`, async () => {
      const prefix = `faults-start-${randomBytes(3).toString('hex')}`;
      // Short intervals, so that a job due again while the other process holds its lease would show.
      const env = { INDEX_PREFIX: prefix, POPULARITY_INTERVAL_SECONDS: '10', CO_OCCURRENCE_INTERVAL_SECONDS: '10' };
      const apis: ApiProcess[] = await Promise.all([startApi(`start-${round}-a`, env, { wait: false }), startApi(`start-${round}-b`, env, { wait: false })]);
      try {
        await Promise.all(apis.map((a) => waitReady(a)));
        // The first requests, at once on both: configuration imports (one 204 and one 409, or two 204 one after
        // the other) and a storefront query (503: no catalog yet).
        const config = await Promise.all(
          apis.map((a) =>
            a
              .admin('POST', '/api/admin/v4/import/configuration', { body: JSON.stringify(CONFIGURATION), headers: { 'Content-Type': 'application/json' } })
              .then(async (r) => `${r.status}${r.status === 204 ? '' : ` ${(await r.text()).slice(0, 160)}`}`),
          ),
        );
        const queries = await Promise.all(
          apis.map((a) =>
            a.request('GET', searchPagePath('cotton')).then(async (r) => `${r.status}${r.status === 200 ? '' : ` ${(await r.text()).slice(0, 160)}`}`),
          ),
        );
        await sleep(WATCH_MS);
        const indices = ((await client.cat.indices({ index: `${prefix}-*`, format: 'json', h: 'index', expand_wildcards: 'all' })) as { index?: string }[])
          .map((r) => r.index ?? '')
          .sort();
        const runs = (job: string) => apis.map((a) => a.logs.filter((l) => l.msg === `${job} updated`).length);
        const popularity = runs('popularity');
        const coOccurrence = runs('co-occurrence');
        // The 503 of the storefront query above is logged as a failed request: expected, the rest is not.
        const errors = apis.flatMap((a) =>
          errorLines(a)
            .filter((l) => !/No products found/.test(String(l.err ?? '')))
            .map((l): LogLine => ({ ...l, msg: `${a.name}: ${l.msg}` })),
        );
        const unexpected = [...config.filter((c) => !/^(204|409)/.test(c)), ...queries.filter((q) => !q.startsWith('503'))];
        const eventsIndices = indices.filter((i) => i.startsWith(`${prefix}-events-`));
        const coOccurrenceIndices = indices.filter((i) => i.startsWith(`${prefix}-co-occurrence-`));
        rounds.push(
          `round ${round}: configuration imports ${config.join(' / ')}; search-page ${queries.map((q) => q.slice(0, 3)).join(' / ')}; ` +
            `popularity runs per process ${popularity.join('+')}, co-occurrence ${coOccurrence.join('+')}; ${indices.length} indices; ${errors.length} error lines`,
        );
        const roundProblems = [
          ...errors.map((l) => `round ${round} ${l.msg}${l.err ? `: ${String(l.err).split('\n')[0].slice(0, 200)}` : ''}`),
          ...unexpected.map((u) => `round ${round} unexpected answer: ${u}`),
          ...(popularity.filter((n) => n > 0).length > 1 ? [`round ${round}: popularity ran in both processes (${popularity.join('+')})`] : []),
          ...(coOccurrence.filter((n) => n > 0).length > 1 ? [`round ${round}: co-occurrence ran in both processes (${coOccurrence.join('+')})`] : []),
          ...(eventsIndices.length > 1 ? [`round ${round}: ${eventsIndices.length} events indices`] : []),
          ...(coOccurrenceIndices.length > 2 ? [`round ${round}: ${coOccurrenceIndices.length} co-occurrence indices`] : []),
        ];
        problems.push(...roundProblems);
        assert.equal(roundProblems.length, 0, roundProblems.join('; ') + (errors.length ? ` | ${describeLines(errors, 2)}` : ''));
      } finally {
        await Promise.all(apis.map((a) => a.stop()));
        await dropPrefix(client, prefix);
      }
    });
  }
});
