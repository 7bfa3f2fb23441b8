/** The index registry's start-up step against the real node: every managed index, from its mapping file, usable at once. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../src/kernel/log';
import { createElasticsearchClient } from '../../src/search/client';
import { indexNames } from '../../src/search/indexNames';
import { ensureEventsIndex, eventsBackingIndices, MANAGED_INDICES, prepareIndices, rolloverEvents, type ManagedIndexKey } from '../../src/search/indexRegistry';
import { checkReadiness } from '../../src/search/readiness';
import { plainIndexDefinition } from '../../src/search/mappings';
import { Lease } from '../../src/behaviour/lease';
import { elasticsearchDocuments } from '../../src/search/documents';

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
    assert.equal(await new Lease(elasticsearchDocuments(es), names.leases, 'co-occurrence', 'p1', 60_000).acquire(), true);
  });

  it('keeps working when the events alias has rolled over and its first index is deleted', async () => {
    const second = `${names.events}-000002`;
    assert.equal(await rolloverEvents(es, names, second, log), true);
    assert.equal(await rolloverEvents(es, names, second, log), false, 'a second rollover from the same write index is refused');
    const mappings = await es.indices.getMapping({ index: names.events });
    assert.deepEqual(mappings[second].mappings, mappings[names.firstEventsIndex].mappings, "the new index has the mapping file's fields");
    const analysis = await es.indices.getSettings({ index: names.events, name: 'index.analysis*', flat_settings: true });
    assert.ok(Object.keys(analysis[second].settings ?? {}).length > 0);
    assert.deepEqual(analysis[second].settings, analysis[names.firstEventsIndex].settings, 'and its analysis');

    await es.indices.delete({ index: names.firstEventsIndex });
    assert.deepEqual(
      (await eventsBackingIndices(es, names)).map((i) => [i.index, i.isWriteIndex]),
      [[second, true]],
    );
    const started = Date.now();
    await prepareIndices(es, names, log);
    await ensureEventsIndex(es, names, log);
    assert.ok(Date.now() - started < 10_000, `start-up waited ${Date.now() - started} ms for the deleted first index`);
    assert.equal(await es.indices.exists({ index: names.firstEventsIndex }), false, 'start-up does not make the first index again');
    assert.deepEqual(await checkReadiness(es, names), { ready: true, status: 'green' });
    await es.index({ index: names.events, document: { '@timestamp': new Date().toISOString(), type: 'end' }, refresh: true, require_alias: true });
    assert.equal((await es.count({ index: second })).count, 1, 'events are written to the new index');
  });
});
