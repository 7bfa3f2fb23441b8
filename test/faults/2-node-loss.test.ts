/**
 * Scenario 1: a data node dies (SIGKILL) while storefront queries run at a steady rate. With one replica
 * of every index, the replica of each lost shard becomes primary; the API's client, which knows every node,
 * retries a request whose node died on another. Target: no storefront request fails (after the one retry
 * a browser client makes), and the first failures are reported with their status.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import { REPLICAS_SETTING, startApi, type ApiProcess } from './support/api';
import { QUERIES, autocompletePath, catalogLines, configure, importFull, productPagePath, searchPagePath } from './support/catalog';
import { dropPrefix, killNode, primaryNodeOf, replicaSettings, sleep, startNode, testClient, waitGreen } from './support/cluster';
import { record } from './support/figures';
import { judge, SteadyLoad, summarizeFailures } from './support/load';

const SCENARIO = 'data node killed under storefront traffic';
const GROUPS = 2000;
const RATE = 15;
const BEFORE_KILL_MS = 10_000;
const AFTER_KILL_MS = 30_000;

describe(SCENARIO, function () {
  this.timeout(15 * 60_000);
  const prefix = `faults-node-${randomBytes(3).toString('hex')}`;
  let client: Client;
  let api: ApiProcess;
  let productKeys: string[] = [];

  before(async () => {
    client = testClient();
    await waitGreen(client);
    api = await startApi('node-loss', { INDEX_PREFIX: prefix });
    await configure(api);
    await importFull(api, catalogLines(GROUPS, 'A'));
    // One page with notify=true so the behaviour indices exist too, and product keys for product pages.
    const res = await api.request('GET', searchPagePath('cotton').replace('notify=false', 'notify=true'));
    const page = (await res.json()) as { primaryList?: { productGroups?: { products?: { key?: string }[] }[] } };
    productKeys = (page.primaryList?.productGroups ?? []).map((g) => g.products?.[0]?.key ?? '').filter(Boolean);
    assert.ok(productKeys.length > 0, 'the catalog answers search-page');
    await sleep(3000);
  });

  after(async () => {
    await api?.stop();
    await dropPrefix(client, prefix);
    await client?.close();
  });

  it(`creates every index with the replica asked for (${REPLICAS_SETTING}=1)`, async () => {
    const settings = await replicaSettings(client, prefix);
    const wrong = [...settings].filter(([, s]) => s.replicas !== 1).map(([name, s]) => `${name}: ${s.replicas} replicas`);
    record(SCENARIO, { indices: settings.size, 'indices without the replica asked for': wrong });
    assert.equal(wrong.length, 0, `${wrong.length} of ${settings.size} indices ignore ${REPLICAS_SETTING}=1: ${wrong.join(', ')}`);
  });

  it('answers every storefront query while the node holding the catalog primary is killed', async () => {
    // The replicas are the service's own (INDEX_REPLICAS=1): without them the kill loses shards (red, 500s).
    await waitGreen(client);
    const victim = await primaryNodeOf(client, `${prefix}-catalog-products`);

    const load = new SteadyLoad({
      ratePerSecond: RATE,
      next: (n) => {
        const path =
          n % 3 === 0
            ? searchPagePath(QUERIES[n % QUERIES.length])
            : n % 3 === 1
              ? autocompletePath(QUERIES[n % QUERIES.length].slice(0, 3))
              : productPagePath(productKeys[n % productKeys.length]);
        return { path, send: async (signal) => judge(await fetch(api.url + path, { signal })) };
      },
    }).start();
    await sleep(BEFORE_KILL_MS);
    const killedAt = Date.now();
    await killNode(victim.node);
    await sleep(AFTER_KILL_MS);
    const figures = await load.stop();
    const health = await client.cluster.health();
    await startNode(victim.node);
    await waitGreen(client);

    record(SCENARIO, {
      'node killed': `node-${victim.node}${victim.isMaster ? ' (elected master)' : ''}, primary of the products index`,
      traffic: `${RATE}/s: search-page, autocomplete, product-page; ${BEFORE_KILL_MS / 1000} s before the kill, ${AFTER_KILL_MS / 1000} s after`,
      'requests sent': figures.sent,
      'failed at first attempt': figures.firstFailures.length,
      'failed after one retry': figures.failures.length,
      statuses: figures.statuses,
      'latency p50/p99/max ms': `${figures.p50Ms}/${figures.p99Ms}/${figures.maxMs}`,
      'cluster health 30 s after the kill': `${health.status}, ${health.number_of_nodes} nodes, ${health.unassigned_shards} unassigned shards`,
      'first-attempt failures': summarizeFailures(figures.firstFailures),
      'failures after retry': summarizeFailures(figures.failures),
      'kill time': new Date(killedAt).toISOString(),
    });
    assert.equal(figures.failures.length, 0, `failed storefront requests after one retry: ${summarizeFailures(figures.failures).join('; ')}`);
  });
});
