/**
 * Scenario: the alias swap at the end of a full import, under steady search-page traffic. The new catalog
 * (keys B…, more groups) replaces the old one (keys A…) in one atomic `_aliases` call, and the old version is
 * deleted right after. No query may fail, and none may see a mix: its products, totalHits and brand facet
 * counts (a second search of the same _msearch) must all be the old catalog's or all the new one's.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { startApi, type ApiProcess } from './support/api';
import { QUERIES, catalogLines, configure, fingerprint, importFull, sameFingerprint, searchPagePath, type PageFingerprint } from './support/catalog';
import { dropPrefix, liveVersion, sleep, testClient, waitGreen } from './support/cluster';
import { record } from './support/figures';
import { judge, SteadyLoad, summarizeFailures } from './support/load';

const SCENARIO = 'alias swap under search-page traffic';
const OLD_GROUPS = 1500;
const NEW_GROUPS = 2000;
const RATE = 20;
const AFTER_SWAP_MS = 10_000;

describe(SCENARIO, function () {
  this.timeout(15 * 60_000);
  const prefix = `faults-swap-${randomBytes(3).toString('hex')}`;
  let client: Client;
  let api: ApiProcess;

  before(async () => {
    client = testClient();
    await waitGreen(client);
    api = await startApi('alias-swap', { INDEX_PREFIX: prefix });
    await configure(api);
    await importFull(api, catalogLines(OLD_GROUPS, 'A'));
  });

  after(async () => {
    await api?.stop();
    await dropPrefix(client, prefix);
    await client?.close();
  });

  const pageOf = async (q: string) => fingerprint(await (await api.request('GET', searchPagePath(q))).json());

  it('fails no query and shows no page mixing the old and the new catalog', async () => {
    const old = new Map<string, PageFingerprint>();
    for (const q of QUERIES) old.set(q, await pageOf(q));
    assert.ok(
      [...old.values()].every((f) => f.totalHits > 0 && f.prefixes.join() === 'A'),
      'every query finds old products',
    );
    const oldVersion = await liveVersion(client, prefix);

    const seen: { q: string; page: PageFingerprint }[] = [];
    const load = new SteadyLoad({
      ratePerSecond: RATE,
      next: (n) => {
        const q = QUERIES[n % QUERIES.length];
        const path = searchPagePath(q);
        return {
          path,
          send: async (signal) =>
            judge(await fetch(api.url + path, { signal }), (body) => {
              seen.push({ q, page: fingerprint(body) });
              return undefined;
            }),
        };
      },
    }).start();
    const started = Date.now();
    await importFull(api, catalogLines(NEW_GROUPS, 'B'), '?force=true&name=swap');
    const importMs = Date.now() - started;
    await sleep(AFTER_SWAP_MS);
    const figures = await load.stop();

    const fresh = new Map<string, PageFingerprint>();
    for (const q of QUERIES) fresh.set(q, await pageOf(q));
    let oldPages = 0;
    let newPages = 0;
    const mixed: string[] = [];
    for (const { q, page } of seen) {
      if (sameFingerprint(page, old.get(q)!)) oldPages++;
      else if (sameFingerprint(page, fresh.get(q)!)) newPages++;
      else
        mixed.push(
          `${q}: ${JSON.stringify({ ...page, brands: page.brands.slice(0, 80) })}; old totalHits ${old.get(q)!.totalHits}, new ${fresh.get(q)!.totalHits}`,
        );
    }
    record(SCENARIO, {
      catalogs: `${OLD_GROUPS} groups (A…) replaced by ${NEW_GROUPS} groups (B…), import ${Math.round(importMs / 1000)} s`,
      versions: `${oldVersion} → ${await liveVersion(client, prefix)}`,
      'search-page requests sent': figures.sent,
      'failed after one retry': figures.failures.length,
      'failed at first attempt': figures.firstFailures.length,
      statuses: figures.statuses,
      'pages of the old catalog / the new / mixed': `${oldPages} / ${newPages} / ${mixed.length}`,
      'latency p50/p99/max ms': `${figures.p50Ms}/${figures.p99Ms}/${figures.maxMs}`,
      failures: summarizeFailures(figures.firstFailures),
      'mixed pages': mixed.slice(0, 10),
    });
    assert.ok(newPages > 0, 'traffic went on after the swap');
    assert.equal(figures.failures.length, 0, summarizeFailures(figures.failures).join('; '));
    assert.equal(mixed.length, 0, `${mixed.length} pages mixed the catalogs, e.g. ${mixed[0]}`);
  });
});
