/**
 * npm run bench:import [-- --groups 100000]
 * A full import of N generated product groups through the API, against raw `_bulk` of the same final
 * documents (entities, products, content) into fresh indices with the same mappings, in the same run.
 * Prints both times, their ratio and the API process's peak RSS, then one JSON line.
 */
import { createReadStream, createWriteStream, statSync, unlinkSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@elastic/elasticsearch';
import { defaultConfiguration, generateCatalogLines } from '../src/catalog/generator';
import { productGroupDocuments, contentDocuments } from '../src/catalog/documents';
import { TranslationTable } from '../src/catalog/translations';
import { entityDocument, entityId } from '../src/admin/entityStore';
import { indexDefinition, detectAnalysisLevel } from '../src/search/mappings';
import { BulkWriter } from '../src/search/bulkWriter';
import { arg, build, elasticsearchUrl, ensureElasticsearch, round, startApi } from './benchSupport';

const groups = arg('groups', 100_000);
const prefix = 'bench-import';
const apiKey = 'bench-key';

async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines) if (!out.write(line)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function main() {
  ensureElasticsearch();
  build();
  const es = new Client({ node: elasticsearchUrl, requestTimeout: 600_000 });
  await es.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
  const configuration = defaultConfiguration();
  const file = join(tmpdir(), `bench-catalog-${groups}.jsonl`);
  const docsFile = join(tmpdir(), `bench-docs-${groups}.ndjson`);

  // 1. The catalog file and, untimed, the final documents the API will write, as bulk lines.
  await writeLines(file, (function* () { for (const e of generateCatalogLines({ productGroups: groups, markets: configuration })) yield JSON.stringify({ replace: e }) + '\n'; })());
  const translations = new TranslationTable();
  const ctx = { configuration, translate: (a: string, id: string, l: string) => translations.get(a, id, l) };
  let documents = 0;
  await writeLines(docsFile, (function* () {
    for (const e of generateCatalogLines({ productGroups: groups, markets: configuration })) {
      const doc = entityDocument(e);
      yield JSON.stringify({ index: 'entities', id: entityId(doc.entityType, e.key), doc }) + '\n';
      documents++;
      if ('translation' in e) translations.set(e.translation);
      const built = 'productGroup' in e ? productGroupDocuments(e.key, e.productGroup, ctx).documents.map((d) => ['products', d] as const)
        : 'content' in e ? contentDocuments(e.key, e.content, ctx).documents.map((d) => ['content', d] as const) : [];
      for (const [index, d] of built) { documents++; yield JSON.stringify({ index, id: d.id, doc: d.document }) + '\n'; }
    }
  })());
  console.log(`catalog: ${groups} product groups, ${(statSync(file).size / 1e6).toFixed(0)} MB of JSON lines, ${documents} documents`);

  // 2. Through the API.
  const api = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey }, 18080);
  let res = await fetch(`${api.url}/api/admin/v4/import/configuration`, { method: 'POST', headers: { 'Api-Key': apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(configuration) });
  if (res.status !== 204) throw new Error(`configuration: ${res.status} ${await res.text()}`);
  const apiStart = process.hrtime.bigint();
  res = await fetch(`${api.url}/api/admin/v4/import/catalog?blockingTimeout=PT2H&name=bench`, {
    method: 'PUT', headers: { 'Api-Key': apiKey, 'Content-Type': 'application/jsonlines' },
    body: createReadStream(file), duplex: 'half',
  } as unknown as RequestInit);
  const apiSeconds = Number(process.hrtime.bigint() - apiStart) / 1e9;
  if (res.status !== 204) throw new Error(`import: ${res.status} ${await res.text()}`);
  const peakRssMb = api.peakRssMb();
  await api.stop();

  // 3. Raw _bulk of the same documents into fresh indices with the same mappings, same bulk size and concurrency.
  const analysis = await detectAnalysisLevel(es);
  const raw = { entities: `${prefix}-raw-entities`, products: `${prefix}-raw-products`, content: `${prefix}-raw-content` };
  for (const [part, index] of Object.entries(raw)) {
    const def = indexDefinition(`catalog-${part}.json`, analysis);
    await es.indices.create({ ...def, index, settings: { ...def.settings, refresh_interval: '-1' } });
  }
  const bulkStart = process.hrtime.bigint();
  const writer = new BulkWriter(es, { maxBytes: Number(process.env.BULK_BYTES ?? 5_000_000), concurrency: Number(process.env.BULK_CONCURRENCY ?? 2) });
  for await (const line of createInterface({ input: createReadStream(docsFile), crlfDelay: Infinity })) {
    const { index, id, doc } = JSON.parse(line) as { index: keyof typeof raw; id: string; doc: unknown };
    await writer.index(raw[index], id, doc);
  }
  await writer.flush();
  await es.indices.refresh({ index: Object.values(raw).join(',') });
  const bulkSeconds = Number(process.hrtime.bigint() - bulkStart) / 1e9;

  await es.indices.delete({ index: `${prefix}-*`, ignore_unavailable: true, allow_no_indices: true, expand_wildcards: 'all' });
  unlinkSync(file); unlinkSync(docsFile);
  const ratio = apiSeconds / bulkSeconds;
  console.log(`API full import: ${apiSeconds.toFixed(1)} s; raw _bulk of the same ${documents} documents: ${bulkSeconds.toFixed(1)} s; ratio ${ratio.toFixed(2)} (target <= 1.5); API peak RSS ${peakRssMb} MB (target < 400)`);
  console.log(JSON.stringify({ benchmark: 'import', productGroups: groups, documents, apiSeconds: round(apiSeconds), bulkSeconds: round(bulkSeconds), ratio: round(ratio), peakRssMb }));
  await es.close();
}

main().catch((err) => { console.error(err); process.exit(1); });
