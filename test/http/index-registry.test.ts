/** The index registry's start-up step against the real node: every managed index, from its mapping file, usable at once. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import { indexNames } from '../../src/search/indexNames';
import { MANAGED_INDICES, prepareIndices, type ManagedIndexKey } from '../../src/search/indexRegistry';
import { plainIndexDefinition } from '../../src/search/mappings';
import { Lease } from '../../src/behaviour/lease';

describe('index registry (start-up step)', function () {
  const es = createElasticsearchClient(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200');
  const names = indexNames(`test-${randomBytes(4).toString('hex')}`);
  const log = createLogger('error');

  after(async () => {
    await es.indices.delete({ index: `${names.prefix}-*`, expand_wildcards: 'all', ignore_unavailable: true, allow_no_indices: true });
    await es.close();
  });

  it('creates every managed index from its mapping file, even when two processes start together', async () => {
    await Promise.all([prepareIndices(es, names, log), prepareIndices(es, names, log)]);
    for (const key of Object.keys(MANAGED_INDICES) as ManagedIndexKey[]) {
      const index = MANAGED_INDICES[key].index(names);
      assert.ok(await es.indices.exists({ index }), `${key}: ${index}`);
    }
    assert.deepEqual(Object.keys(await es.indices.getAlias({ name: names.events })), [names.firstEventsIndex]);
    const mapping = await es.indices.getMapping({ index: names.importJobs });
    assert.deepEqual(mapping[names.importJobs].mappings.properties, plainIndexDefinition('import-jobs.json').mappings?.properties);
  });

  it('leaves the indices usable at once: a lease is taken right after start-up', async () => {
    await prepareIndices(es, names, log);
    assert.equal(await new Lease(es, names.leases, 'co-occurrence', 'p1', 60_000).acquire(), true);
  });
});
