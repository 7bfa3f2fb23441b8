/**
 * Shards and replicas as settings (INDEX_SHARDS, INDEX_REPLICAS), on the single node of the test run: new
 * catalog versions and the service's own indices get them, a changed replica count reaches indices made
 * earlier at the next start, and a full import publishes on one node with replicas asked for (yellow is all
 * one node can give: the replicas cannot be allocated anywhere).
 */
import assert from 'node:assert/strict';
import type { Client } from '@elastic/elasticsearch';
import { startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';

const SEARCH = '/api/storefront/v3/queries/search-page?customerKey=c1&sessionKey=s1&market=SE&locale=sv-SE&touchpoint=DESKTOP&q=G1&notify=false';

async function layoutOf(es: Client, prefix: string): Promise<Map<string, { shards: number; replicas: number }>> {
  const settings = await es.indices.getSettings({ index: `${prefix}-*`, expand_wildcards: 'all', name: 'index.number_of_*' });
  return new Map(
    Object.entries(settings).map(([index, s]) => [
      index.slice(prefix.length + 1),
      {
        shards: Number(s.settings?.index?.number_of_shards),
        replicas: Number(s.settings?.index?.number_of_replicas),
      },
    ]),
  );
}

describe('index layout settings (INDEX_SHARDS, INDEX_REPLICAS)', function () {
  let service: TestService | undefined;
  let again: TestService | undefined;
  after(async () => {
    await again?.close();
    await service?.close();
  });

  it('creates catalog versions with INDEX_SHARDS shards and every index with INDEX_REPLICAS replicas; imports publish on one node', async () => {
    service = await startService({ indexShards: 2, indexReplicas: 1, indexHealthTimeoutSeconds: 30 });
    await service.configure();
    const res = await service.importCatalog(smallCatalog());
    assert.equal(res.status, 204, await res.text());
    const search = await service.request('GET', SEARCH);
    assert.equal(search.status, 200, await search.text());

    const layout = await layoutOf(service.context.es, service.prefix);
    const catalog = [...layout].filter(([name]) => name.startsWith('catalog-'));
    const own = [...layout].filter(([name]) => !name.startsWith('catalog-'));
    // entities, and products and content for each of the three locales
    assert.equal(catalog.length, 7, catalog.map(([n]) => n).join(', '));
    assert.deepEqual(
      catalog.filter(([, l]) => l.shards !== 2 || l.replicas !== 1),
      [],
    );
    assert.ok(own.length >= 12, own.map(([n]) => n).join(', '));
    assert.deepEqual(
      own.filter(([, l]) => l.shards !== 1 || l.replicas !== 1),
      [],
    );
  });

  it('sets the replicas of indices made earlier when INDEX_REPLICAS changes (next start)', async () => {
    assert.ok(service, 'the first test ran');
    // A second process on the same prefix with the default replicas (0): it creates nothing, it changes the count.
    again = await startService({ indexPrefix: service.prefix, indexReplicas: 0 });
    const layout = await layoutOf(again.context.es, service.prefix);
    const own = [...layout].filter(([name]) => !name.startsWith('catalog-'));
    assert.deepEqual(
      own.filter(([, l]) => l.replicas !== 0),
      [],
    );
  });
});
