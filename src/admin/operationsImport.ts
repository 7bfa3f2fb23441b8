/**
 * Operations import (POST): one operation per line, applied all-or-nothing. Every line is validated and
 * applied in memory first (the batch is capped by MAX_OPERATIONS_BYTES); the entities that end up changed
 * are validated whole; only then are the live indices written. If a write fails, the before-images are
 * written back, so a failed batch leaves the catalog as it was.
 */
import type { Readable } from 'node:stream';
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../kernel/errors';
import { readJsonLines } from '../catalog/lines';
import { validateEntity, validateOperationLine, type FieldError } from '../catalog/validate';
import { applyEdit, applyEditAttributes, removeMarket } from '../catalog/merge';
import { contentDocuments, productGroupDocuments, type BuildContext } from '../catalog/documents';
import { TranslationTable } from '../catalog/translations';
import type { CatalogConfiguration, CatalogOperation, EntityType, ReplaceEntity, Translation } from '../catalog/types';
import type { LocalePart } from '../search/indexNames';
import type { CatalogImportDeps, ImportProgress } from './catalogImport';
import { EntityReader, entityDocument, entityId, type EntityDocument } from './entityStore';
import { LineProblems } from '../kernel/validation';
import type { ProductDocument } from '../catalog/documentTypes';
import { VECTOR_BATCH } from '../catalog/productVectors';

export interface OperationsImportOptions {
  gzip: boolean;
  validationOnly: boolean;
  onProgress: (p: ImportProgress) => Promise<void>;
}

interface NumberedOperation {
  line: number;
  operation: CatalogOperation;
}

/** The entities a batch touches: their state before, their state after (null = removed), the last line touching them. */
interface WorkingEntity {
  before?: ReplaceEntity;
  after: ReplaceEntity | null;
  line: number;
  changed: boolean;
}

/** Returns the batch's warnings (what is accepted but advised against), for the import's status. */
export async function runOperationsImport(
  deps: CatalogImportDeps,
  configuration: CatalogConfiguration,
  body: Readable,
  options: OperationsImportOptions,
): Promise<LineProblems> {
  const operations = await readOperations(deps, configuration, body, options);
  const names = deps.indices.names;
  const reader = new EntityReader(deps.documents, names.catalogAlias('entities'));
  const working = await loadWorkingSet(deps, reader, operations);
  const errors = new LineProblems();
  const warnings = new LineProblems();

  for (const { line, operation } of operations) applyOperation(working, operation, line, errors, warnings);
  for (const [, w] of working) {
    if (!w.changed || !w.after) continue;
    const entityWarnings: FieldError[] = [];
    errors.add(w.line, validateEntity(w.after, { configuration }, 'entity', entityWarnings));
    warnings.add(w.line, entityWarnings);
  }
  if (errors.any) throw errors.rejection('Operations import');
  if (options.validationOnly) return warnings;

  const changed = [...working].filter(([, w]) => w.changed);
  if (!changed.length) return warnings;
  const translations = await loadTranslations(reader, changed);
  const rebuild = await groupsAffectedByTranslations(deps, reader, changed, working);
  await writeChanges(deps, configuration, translations, changed, rebuild);
  return warnings;
}

async function readOperations(
  deps: CatalogImportDeps,
  configuration: CatalogConfiguration,
  body: Readable,
  options: OperationsImportOptions,
): Promise<NumberedOperation[]> {
  const errors = new LineProblems();
  const operations: NumberedOperation[] = [];
  let bytes = 0;
  for await (const parsed of readJsonLines(body, options.gzip)) {
    bytes += parsed.bytes;
    if (bytes > deps.config.maxOperationsBytes) {
      throw invalid(
        `Operations import larger than ${deps.config.maxOperationsBytes} bytes (MAX_OPERATIONS_BYTES): split it into several batches, or use a full import`,
      );
    }
    if ('error' in parsed) {
      errors.add(parsed.line, [{ path: '', message: parsed.error }]);
      continue;
    }
    const result = validateOperationLine(parsed.value, { configuration });
    if (!result.ok) errors.add(parsed.line, result.problems.errors);
    else operations.push({ line: parsed.line, operation: result.value });
    if (parsed.line % 5000 === 0) await options.onProgress({ linesRead: parsed.line, errorCount: errors.count });
  }
  if (errors.any) throw errors.rejection('Operations import');
  return operations;
}

function idOf(op: CatalogOperation): string | undefined {
  switch (op.op) {
    case 'replace':
    case 'edit': {
      const e = op.entity;
      return entityId('productGroup' in e ? 'productGroup' : 'content' in e ? 'content' : 'translation', e.key);
    }
    case 'remove':
    case 'removePartial':
      return entityId(op.entityType, op.key);
    default:
      return undefined;
  }
}

async function loadWorkingSet(deps: CatalogImportDeps, reader: EntityReader, operations: NumberedOperation[]): Promise<Map<string, WorkingEntity>> {
  const ids = new Set<string>();
  const attributeKeys = new Set<string>();
  const scans: estypes.QueryDslQueryContainer[] = [];
  for (const { operation: op } of operations) {
    const id = idOf(op);
    if (id) ids.add(id);
    else if (op.op === 'editAttributes') attributeKeys.add(op.entity.key);
    else if (op.op === 'clearProductGroups') scans.push({ bool: { filter: [{ term: { entityType: 'productGroup' } }, { term: { markets: op.market } }] } });
    else if (op.op === 'clearContent') scans.push({ bool: { filter: [{ term: { entityType: 'content' } }, { term: { markets: op.market } }] } });
    else if (op.op === 'clearTranslations') scans.push({ bool: { filter: [{ term: { entityType: 'translation' } }, { term: { locale: op.locale } }] } });
  }
  // Product and variant keys of editAttributes lead to their product group through the products index.
  if (attributeKeys.size) {
    const keys = [...attributeKeys];
    const res = await deps.documents.search<{ productGroupKey: string }>({
      index: deps.indices.names.catalogAlias('products'),
      size: 10000,
      _source: ['productGroupKey'],
      query: { bool: { should: [{ terms: { productKey: keys } }, { terms: { variantKeys: keys } }] } },
      collapse: { field: 'productGroupKey' },
    });
    for (const h of res.hits.hits) ids.add(entityId('productGroup', h._source!.productGroupKey));
  }
  const found = await reader.getMany([...ids]);
  for (const query of scans) for await (const doc of reader.scan(query)) found.set(entityId(doc.entityType, doc.key), doc);
  const working = new Map<string, WorkingEntity>();
  for (const [id, doc] of found) working.set(id, { before: doc.entity, after: doc.entity, line: 0, changed: false });
  return working;
}

function set(working: Map<string, WorkingEntity>, id: string, after: ReplaceEntity | null, line: number): void {
  const w = working.get(id) ?? { before: undefined, after: null, line };
  working.set(id, { ...w, after, line, changed: true });
}

/**
 * `remove` or `removePartial` of a key the catalog does not hold is a warning, not an error: a retried
 * delta feed removes again what its first run removed.
 */
function applyOperation(working: Map<string, WorkingEntity>, op: CatalogOperation, line: number, errors: LineProblems, warnings: LineProblems): void {
  const current = (id: string) => working.get(id)?.after ?? undefined;
  switch (op.op) {
    case 'replace':
      set(working, idOf(op)!, op.entity, line);
      return;
    case 'edit':
      set(working, idOf(op)!, applyEdit(current(idOf(op)!), op.entity), line);
      return;
    case 'remove': {
      const id = idOf(op)!;
      if (!current(id)) {
        warnings.add(line, [{ path: `remove.${op.entityType}`, message: `no ${op.entityType} with key ${op.key}: nothing removed` }]);
        return;
      }
      set(working, id, null, line);
      return;
    }
    case 'removePartial': {
      const id = idOf(op)!;
      const entity = current(id);
      if (!entity) {
        warnings.add(line, [{ path: `removePartial.${op.entityType}`, message: `no ${op.entityType} with key ${op.key}: nothing removed` }]);
        return;
      }
      set(working, id, removeMarket(entity, op.market) ?? null, line);
      return;
    }
    case 'editAttributes': {
      for (const [id, w] of working) {
        if (!w.after || !('productGroup' in w.after)) continue;
        const next = applyEditAttributes(w.after.productGroup, op.entity);
        if (next) {
          set(working, id, { key: w.after.key, productGroup: next }, line);
          return;
        }
      }
      const kind = 'product' in op.entity ? 'product' : 'variant';
      errors.add(line, [{ path: `editAttributes.key`, message: `no ${kind} with key ${op.entity.key}` }]);
      return;
    }
    case 'clearProductGroups':
    case 'clearContent':
      for (const [id, w] of working) {
        const type: EntityType = op.op === 'clearProductGroups' ? 'productGroup' : 'content';
        if (w.after && type in w.after) {
          const after = removeMarket(w.after, op.market);
          if (after !== w.after) set(working, id, after ?? null, line);
        }
      }
      return;
    case 'clearTranslations':
      for (const [id, w] of working) if (w.after && 'translation' in w.after && w.after.translation.locale === op.locale) set(working, id, null, line);
      return;
    default: {
      const never: never = op;
      throw new Error(`unknown operation ${JSON.stringify(never)}`);
    }
  }
}

async function loadTranslations(reader: EntityReader, changed: [string, WorkingEntity][]): Promise<TranslationTable> {
  const table = new TranslationTable();
  for await (const doc of reader.scan({ term: { entityType: 'translation' } })) if ('translation' in doc.entity) table.set(doc.entity.translation);
  for (const [, w] of changed) {
    const t = w.before ?? w.after;
    if (!t || !('translation' in t)) continue;
    if (w.before && 'translation' in w.before) table.delete(w.before.translation.attribute, w.before.translation.id, w.before.translation.locale);
    if (w.after && 'translation' in w.after) table.set(w.after.translation);
  }
  return table;
}

/** Product groups whose documents show a translation that changed, found through the products index. */
async function groupsAffectedByTranslations(
  deps: CatalogImportDeps,
  reader: EntityReader,
  changed: [string, WorkingEntity][],
  working: Map<string, WorkingEntity>,
): Promise<ReplaceEntity[]> {
  const should: estypes.QueryDslQueryContainer[] = [];
  for (const [, w] of changed) {
    const ts = [w.before, w.after].filter((e): e is ReplaceEntity => !!e && 'translation' in e).map((e) => (e as { translation: Translation }).translation);
    for (const t of ts) {
      const field = t.attribute === 'category' ? 'categoryIds' : t.attribute;
      const values = t.attribute === 'category' ? [t.id] : [t.id, t.value];
      should.push({ bool: { filter: [{ term: { locale: t.locale } }, { terms: { [field]: values } }] } });
    }
  }
  if (!should.length) return [];
  const keys = new Set<string>();
  let after: estypes.SortResults | undefined;
  for (;;) {
    const res = await deps.documents.search<{ productGroupKey: string }>({
      index: deps.indices.names.catalogAlias('products'),
      size: 1000,
      _source: ['productGroupKey'],
      sort: [{ productGroupKey: 'asc' }],
      search_after: after,
      query: { bool: { should, minimum_should_match: 1 } },
      collapse: { field: 'productGroupKey' },
    });
    for (const h of res.hits.hits) keys.add(h._source!.productGroupKey);
    if (res.hits.hits.length < 1000) break;
    after = res.hits.hits[res.hits.hits.length - 1].sort;
  }
  const ids = [...keys].map((k) => entityId('productGroup', k)).filter((id) => !working.get(id)?.changed);
  return [...(await reader.getMany(ids)).values()].map((d) => d.entity);
}

interface StoredDocument {
  index: string;
  id: string;
  source: unknown;
}

/** Every document of the given entity keys, paged on a unique sort of keyword fields. */
async function currentDocuments(deps: CatalogImportDeps, index: string, field: string, keys: string[], uniqueSort: string[]): Promise<StoredDocument[]> {
  const out: StoredDocument[] = [];
  if (!index) return out;
  for (let i = 0; i < keys.length; i += 500) {
    let after: estypes.SortResults | undefined;
    for (;;) {
      const res = await deps.documents.search({
        index,
        size: 1000,
        sort: uniqueSort,
        search_after: after,
        query: { terms: { [field]: keys.slice(i, i + 500) } },
      });
      for (const h of res.hits.hits) out.push({ index: h._index, id: h._id!, source: h._source });
      if (res.hits.hits.length < 1000) break;
      after = res.hits.hits[res.hits.hits.length - 1].sort;
    }
  }
  return out;
}

async function writeChanges(
  deps: CatalogImportDeps,
  configuration: CatalogConfiguration,
  translations: TranslationTable,
  changed: [string, WorkingEntity][],
  rebuild: ReplaceEntity[],
): Promise<void> {
  const names = deps.indices.names;
  // Writes go to the concrete indices behind the aliases.
  const live = await deps.indices.liveVersion();
  if (!live) throw new Error('no live catalog');
  // Products and content have an index per locale; a locale added since the last full import has none and
  // gets its documents with the next full import (writing would auto-create an index without the mapping).
  const liveIndices = await deps.indices.versionIndices(live);
  const localeIndex = (part: LocalePart, locale: string): string | undefined =>
    liveIndices.find((i) => i.part === part && i.locale === locale.toLowerCase())?.index;
  const partIndices = (part: LocalePart) =>
    liveIndices
      .filter((i) => i.part === part)
      .map((i) => i.index)
      .join(',');
  const index = { products: partIndices('products'), content: partIndices('content'), entities: names.catalogIndex('entities', live) };
  const ctx: BuildContext = { configuration, translate: (a, id, l) => translations.get(a, id, l) };
  const entities = [...changed.map(([, w]) => w.after ?? w.before!), ...rebuild];
  const groupKeys = entities.filter((e) => 'productGroup' in e).map((e) => e.key);
  const contentKeys = entities.filter((e) => 'content' in e).map((e) => e.key);

  const beforeProducts = await currentDocuments(deps, index.products, 'productGroupKey', groupKeys, ['productKey', 'market', 'locale']);
  const before = [...beforeProducts, ...(await currentDocuments(deps, index.content, 'key', contentKeys, ['key', 'market', 'locale']))];
  const beforeEntities = changed
    .filter(([, w]) => w.before)
    .map(([id, w]): StoredDocument => ({ index: index.entities, id, source: entityDocument(w.before!) }));

  const next: StoredDocument[] = [];
  const removedEntities: string[] = [];
  for (const [id, w] of changed) {
    if (w.after) next.push({ index: index.entities, id, source: entityDocument(w.after) satisfies EntityDocument });
    else removedEntities.push(id);
  }
  const products: ProductDocument[] = [];
  for (const e of [...changed.map(([, w]) => w.after).filter((e): e is ReplaceEntity => !!e), ...rebuild]) {
    const built =
      'productGroup' in e
        ? productGroupDocuments(e.key, e.productGroup, ctx).documents
        : 'content' in e
          ? contentDocuments(e.key, e.content, ctx).documents
          : [];
    const part: LocalePart = 'productGroup' in e ? 'products' : 'content';
    for (const d of built) {
      const target = localeIndex(part, d.document.locale);
      if (target) next.push({ index: target, id: d.id, source: d.document });
      if (target && part === 'products') products.push(d.document as ProductDocument);
    }
  }
  // Vectors of the rebuilt product documents (search by meaning): from the embedding cache, else the model.
  const vectors = deps.vectors?.();
  const attachVectors = async (docs: ProductDocument[]) => {
    if (!vectors) return;
    for (let i = 0; i < docs.length; i += VECTOR_BATCH) await vectors.attach(docs.slice(i, i + VECTOR_BATCH));
  };
  await attachVectors(products);
  const nextIds = new Set(next.map((d) => `${d.index}/${d.id}`));
  const obsolete = [
    ...before.filter((d) => !nextIds.has(`${d.index}/${d.id}`)),
    ...removedEntities.map((id) => ({ index: index.entities, id, source: undefined })),
  ];

  const writer = deps.documents.writer({ maxBytes: deps.config.bulkBytes, concurrency: 1 });
  try {
    for (const d of next) await writer.index(d.index, d.id, d.source);
    for (const d of obsolete) await writer.delete(d.index, d.id);
    await writer.flush();
  } catch (err) {
    deps.log.error('operations import failed while writing; restoring the previous state', { err });
    const beforeIds = new Set([...before, ...beforeEntities].map((d) => `${d.index}/${d.id}`));
    const restoreOnce = async () => {
      const restore = deps.documents.writer({ maxBytes: deps.config.bulkBytes, concurrency: 1 });
      // The stored sources leave vectors out (the mapping excludes them): the cache gives them back.
      await attachVectors(beforeProducts.map((d) => d.source as ProductDocument)).catch((e: unknown) =>
        deps.log.warn('restored product documents without vectors', { err: e }),
      );
      for (const d of next) if (!beforeIds.has(`${d.index}/${d.id}`)) await restore.delete(d.index, d.id);
      for (const d of [...before, ...beforeEntities]) await restore.index(d.index, d.id, d.source);
      await restore.flush();
    };
    await restoreUntilDone(restoreOnce, deps, next.length + obsolete.length);
    throw err;
  } finally {
    await deps.documents.refresh(Object.values(index).join(',')).catch((err) => deps.log.warn('refresh after the operations import failed', { err }));
  }
}

/** How long a failed operations import keeps trying to write the before-images back (the cluster may be down). */
const RESTORE_DEADLINE_MS = 10 * 60_000;

/**
 * Writes the before-images back, again and again while Elasticsearch cannot take them (a write that failed
 * because the cluster went down fails its restore too, until the cluster is back): idempotent, so a repeat
 * after a half-done attempt is safe. Logs loudly when it gives up: the catalog is then partly changed.
 */
async function restoreUntilDone(restoreOnce: () => Promise<void>, deps: CatalogImportDeps, documents: number): Promise<void> {
  const deadline = Date.now() + RESTORE_DEADLINE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await restoreOnce();
      if (attempt > 1) deps.log.warn('operations import: previous state restored', { attempts: attempt });
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        deps.log.error('operations import: could not restore the previous state; the catalog is partly changed', { documents, attempts: attempt, err });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 1000 * attempt)));
    }
  }
}
