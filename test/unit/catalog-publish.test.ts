/**
 * Publishing a catalog version is one `_aliases` call. The client retries a request whose answer was lost; the
 * retry of an update that had applied finds the previous version's aliases gone and fails. What the aliases say
 * afterwards decides whether the publish happened (an Elasticsearch stand-in with the state of each case). A
 * retried create of a new version's index meets the index the first attempt made.
 */
import assert from 'node:assert/strict';
import type { Client } from '@elastic/elasticsearch';
import { CatalogIndices } from '../../src/search/catalogIndices';
import { indexNames } from '../../src/search/indexNames';

const names = indexNames('unit');
const OLD = '20261129t010000000';
const NEW = '20261129t020000000';

/** Indices of both versions (entities only), the entities alias on `liveAfter` once the update was tried. */
function standIn(liveAfter: string): { es: Client; tried: () => number } {
  let tried = 0;
  let live = OLD;
  const es = {
    indices: {
      get: async ({ index }: { index: string }) => {
        const base = index.split(',')[0]!;
        const version = names.versionOf(base);
        if (!base.startsWith(names.catalogAlias('entities')) || !version) return {};
        return { [base]: { aliases: version === live ? { [names.catalogAlias('entities')]: {} } : {} } };
      },
      getAlias: async () => ({ [names.catalogIndex('entities', live)]: { aliases: {} } }),
      updateAliases: async () => {
        tried++;
        live = liveAfter;
        throw Object.assign(new Error('aliases_not_found_exception'), { name: 'ResponseError', meta: { statusCode: 404 } });
      },
    },
  } as unknown as Client;
  return { es, tried: () => tried };
}

/** Creating indices where the first create of each is applied but its answer lost, so the client's retry meets it. */
function retriedCreates(): { es: Client; created: string[] } {
  const created: string[] = [];
  const es = {
    nodes: { info: async () => ({ nodes: {} }) },
    indices: {
      analyze: async () => ({ tokens: [] }),
      create: async ({ index }: { index: string }) => {
        created.push(index);
        throw Object.assign(new Error('resource_already_exists_exception'), {
          name: 'ResponseError',
          meta: { statusCode: 400, body: { error: { type: 'resource_already_exists_exception' } } },
        });
      },
      get: async () => ({}),
      delete: async () => ({ acknowledged: true }),
    },
  } as unknown as Client;
  return { es, created };
}

describe('creating a catalog version', () => {
  it('takes an index of the new version that already exists as its own (a retried create)', async () => {
    const { es, created } = retriedCreates();
    const version = await new CatalogIndices(es, names).createVersion(['sv-SE']);
    assert.deepEqual(created, [
      names.catalogIndex('entities', version),
      names.catalogIndex('products', version, 'sv-SE'),
      names.catalogIndex('content', version, 'sv-SE'),
    ]);
  });
});

describe('publishing a catalog version', () => {
  it('counts as published when the aliases point at the new version although the update answered an error', async () => {
    const { es, tried } = standIn(NEW);
    const previous = await new CatalogIndices(es, names).publishVersion(NEW);
    assert.equal(previous, OLD);
    assert.equal(tried(), 1);
  });

  it('fails when the aliases still point at the previous version', async () => {
    const { es } = standIn(OLD);
    await assert.rejects(new CatalogIndices(es, names).publishVersion(NEW), /aliases_not_found_exception/);
  });
});
