/**
 * kibana/saved-objects.ndjson against the real node (Kibana itself cannot run here): every line parses as a
 * saved object, ids are unique, every reference resolves to an object of the file, and every field a data
 * view or a visualization names (time fields, aggregation fields, fields in KQL queries) exists in the live
 * mappings of every index it points at (the file's `elevate-` index names read as this test's prefix). The
 * events alias is rolled over first, so the events data view reads two backing indices, as it does once the
 * events maintenance job has run.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type TestService } from './harness';
import { smallCatalog } from '../fixtures/catalog';
import { rolloverEvents } from '../../src/search/indexRegistry';

interface SavedObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  references: { name: string; type: string; id: string }[];
}

const FILE = join(__dirname, '..', '..', 'kibana', 'saved-objects.ndjson');

/** Field names of a KQL query (`field:value`, `not field:value`, `field:*`). */
export function kqlFields(query: string): string[] {
  return [...query.matchAll(/([A-Za-z@_][\w.@]*)\s*:/g)].map((m) => m[1]);
}

describe('Kibana saved objects (against the live mappings)', function () {
  let service: TestService;
  const objects: SavedObject[] = readFileSync(FILE, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line, i) => {
      try {
        return JSON.parse(line) as SavedObject;
      } catch (err) {
        throw new Error(`line ${i + 1} does not parse: ${String(err)}`);
      }
    });
  const byKey = new Map(objects.map((o) => [`${o.type}:${o.id}`, o]));

  before(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(smallCatalog(2))).status, 204);
    const { es, names, log } = service.context;
    assert.equal(await rolloverEvents(es, names, `${names.events}-000002`, log), true);
  });
  after(async () => service?.close());

  const live = (index: string) => index.replace(/^elevate-/, `${service.prefix}-`);
  /** Fields mapped in every index behind `index` (a field missing from one of them reads as `unmapped` there). */
  async function mappedFields(index: string): Promise<Set<string>> {
    const caps = await service.context.es.fieldCaps({ index: live(index), fields: '*', include_unmapped: true });
    assert.ok(caps.indices.length > 0, `${index} (${live(index)}) exists`);
    if (index === 'elevate-events') assert.equal(caps.indices.length, 2, 'the events data view reads both backing indices');
    return new Set(
      Object.entries(caps.fields)
        .filter(([, types]) => !('unmapped' in types))
        .map(([field]) => field),
    );
  }

  it('parses, with unique ids, the two data views and the "Search analytics" dashboard', () => {
    assert.equal(byKey.size, objects.length, 'ids are unique per type');
    for (const o of objects) assert.ok(o.type && o.id && o.attributes && Array.isArray(o.references), `${o.type}:${o.id}`);
    const views = objects.filter((o) => o.type === 'index-pattern').map((o) => [o.attributes.title, o.attributes.timeFieldName]);
    assert.deepEqual(views, [
      ['elevate-events', '@timestamp'],
      ['elevate-catalog-products', 'releaseDate'],
    ]);
    const dashboard = objects.find((o) => o.type === 'dashboard')!;
    assert.equal(dashboard.attributes.title, 'Search analytics');
    const titles = dashboard.references.map((r) => byKey.get(`${r.type}:${r.id}`)?.attributes.title);
    assert.deepEqual(titles, ['Searches per day', 'Zero-result rate per day', 'Click-through rate per day', 'Top phrases', 'Top zero-result phrases']);
    const panels = JSON.parse(dashboard.attributes.panelsJSON as string) as { panelRefName: string }[];
    assert.deepEqual(
      panels.map((p) => p.panelRefName),
      dashboard.references.map((r) => r.name),
    );
  });

  it('resolves every reference', () => {
    for (const o of objects) {
      for (const r of o.references) assert.ok(byKey.has(`${r.type}:${r.id}`), `${o.type}:${o.id} refers to ${r.type}:${r.id}`);
      const search = (o.attributes.kibanaSavedObjectMeta as { searchSourceJSON?: string } | undefined)?.searchSourceJSON;
      const ref = search ? (JSON.parse(search) as { indexRefName?: string }).indexRefName : undefined;
      if (ref)
        assert.ok(
          o.references.some((r) => r.name === ref),
          `${o.id}: ${ref} is among its references`,
        );
    }
  });

  it('names only fields that exist in the live mappings of the indices each object points at', async () => {
    const checked: string[] = [];
    const expectFields = async (index: string, fields: string[], what: string) => {
      const mapped = await mappedFields(index);
      for (const f of fields) {
        assert.ok(mapped.has(f), `${what}: field ${f} is not mapped in ${index}`);
        checked.push(`${what}:${f}`);
      }
    };
    for (const o of objects) {
      if (o.type === 'index-pattern') await expectFields(o.attributes.title as string, [o.attributes.timeFieldName as string], o.id);
      if (o.type !== 'visualization') continue;
      const vis = JSON.parse(o.attributes.visState as string) as { type: string; aggs: { params: { field?: string } }[]; params: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
      if (vis.type === 'metrics') {
        const p = vis.params;
        const fields = [
          p.time_field,
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          ...p.series.flatMap((s: any) => [
            ...kqlFields(s.filter?.query ?? ''),
            ...s.metrics.flatMap((m: any) => [m.field, ...kqlFields(m.numerator?.query ?? ''), ...kqlFields(m.denominator?.query ?? '')]), // eslint-disable-line @typescript-eslint/no-explicit-any
          ]),
        ].filter((f): f is string => typeof f === 'string');
        await expectFields(p.index_pattern, fields, o.id);
      } else {
        const search = JSON.parse((o.attributes.kibanaSavedObjectMeta as { searchSourceJSON: string }).searchSourceJSON) as {
          query: { query: string };
          indexRefName: string;
        };
        const view = byKey.get(`index-pattern:${o.references.find((r) => r.name === search.indexRefName)!.id}`)!;
        await expectFields(
          view.attributes.title as string,
          [...vis.aggs.map((a) => a.params.field).filter((f): f is string => !!f), ...kqlFields(search.query.query)],
          o.id,
        );
      }
    }
    assert.ok(checked.length >= 15, `checked ${checked.length} field uses`);
  });

  it('reads KQL field names the way the checks need', () => {
    assert.deepEqual(kqlFields('type:search and not continued:true and totalHits:0'), ['type', 'continued', 'totalHits']);
    assert.deepEqual(kqlFields('queryPhrase:*'), ['queryPhrase']);
  });
});
