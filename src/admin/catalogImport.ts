/**
 * Full catalog import (PUT): every line a Replace entity. The body is streamed line by line into a new
 * catalog version (entities, products, content indices); the aliases move to it in one atomic call only
 * when every line is in and valid, so the live catalog is untouched by a failed or rejected import.
 */
import type { Readable } from 'node:stream';
import type { DocumentIndex } from '../search/documents';
import type { Config } from '../kernel/config';
import type { Logger } from '../kernel/log';
import { invalid } from '../kernel/errors';
import { readJsonLines } from '../catalog/lines';
import { CatalogLimits, validateReplaceLine } from '../catalog/validate';
import { contentDocuments, productDocumentJson, productGroupDocuments, type BuildContext } from '../catalog/documents';
import { TranslationTable } from '../catalog/translations';
import type { CatalogConfiguration, ReplaceEntity } from '../catalog/types';
import type { ProductDocument } from '../catalog/documentTypes';
import type { BulkWriter } from '../search/bulkWriter';
import type { CatalogIndices } from '../search/catalogIndices';
import { dangerousChanges, type CatalogCensus } from './catalogSafety';
import { EntityReader, entityDocument, entityId } from './entityStore';
import { LineProblems } from '../kernel/validation';
import { ConfigurationLearner } from '../configuration/learn';
import { FORM_LANGUAGES, VocabularyCounter, languageOf } from '../catalog/vocabulary';
import type { VocabularyStore } from '../catalog/vocabularyStore';
import { TypePriorCounter } from '../catalog/typePrior';
import { VectorStage, type ProductVectors, type VectorCounts } from '../catalog/productVectors';

export interface ImportProgress {
  linesRead: number;
  errorCount: number;
  /** Product documents given vectors so far: from the embedding cache, or by the model (search by meaning). */
  embeddings?: VectorCounts;
}

export interface FullImportOptions {
  gzip: boolean;
  validationOnly: boolean;
  force: boolean;
  /** Called now and then with progress, and before long steps; used to renew the lock and update the job. */
  onProgress: (p: ImportProgress) => Promise<void>;
  /**
   * Without a configuration: takes the configuration learned from the file (configuration/learn.ts), before its
   * documents are built, and returns how to take it back should the import fail after all.
   */
  adoptLearned?: (configuration: CatalogConfiguration) => Promise<() => Promise<void>>;
  /**
   * The impact report (with a stored configuration): the file is built into a candidate version, sealed and
   * handed to this before anything is published. With validationOnly the candidate is then deleted, whatever
   * happens; without it (publishing on request) the import goes on and publishes it as any full import does.
   */
  candidate?: (version: string, facts: { lines: number; dangerous: string[] }) => Promise<void>;
}

/** The settings catalog imports read. */
export type ImportSettings = Pick<Config, 'dangerousRemovalRatio' | 'bulkBytes' | 'bulkConcurrency' | 'maxOperationsBytes' | 'indexHealthTimeoutSeconds'>;

export interface CatalogImportDeps {
  /** Every document is written, and stored entities read, through the document-index access (search/documents.ts). */
  documents: DocumentIndex;
  indices: CatalogIndices;
  config: ImportSettings;
  log: Logger;
  /** Where a full import stores the compounds of its vocabulary when it publishes (operations imports keep them). */
  vocabulary?: Pick<VocabularyStore, 'replace'>;
  /** The vectors of product texts, one per import (its counts are the import's); none: search by meaning is off. */
  vectors?: () => ProductVectors;
}

const PROGRESS_EVERY_LINES = 5000;

/**
 * `configured` is the stored configuration; undefined when there is none, and then the markets and locales are
 * learned from the file: lines are validated against what was seen so far, only entities are written while
 * reading, and the documents are built from them once the file is read and the locales are known.
 */
export async function runFullImport(
  deps: CatalogImportDeps,
  configured: CatalogConfiguration | undefined,
  body: Readable,
  options: FullImportOptions,
): Promise<{ version?: string; lines: number; learned?: CatalogConfiguration; warnings: LineProblems }> {
  const { documents, indices, config } = deps;
  const learner = configured ? undefined : new ConfigurationLearner();
  const candidate = configured ? options.candidate : undefined;
  const version = options.validationOnly && !candidate ? undefined : await indices.createVersion(configured ? configuredLocales(configured) : []);
  const names = indices.names;
  const errors = new LineProblems();
  const warnings = new LineProblems();
  // Without a configuration, variant attribute names are counted per market (an overcount at worst).
  const limits = new CatalogLimits(configured ? { configuration: configured } : {});
  const translations = new TranslationTable();
  const translate: BuildContext['translate'] = (a, id, l) => translations.get(a, id, l);
  let ctx: BuildContext | undefined = configured && { configuration: configured, translate };
  let undoLearned: (() => Promise<void>) | undefined;
  let published = false;
  const writer = documents.writer({ maxBytes: config.bulkBytes, concurrency: config.bulkConcurrency });
  // Product documents wait here for their vectors (where search by meaning is on) on their way to the writer.
  const stage = new VectorStage(deps.vectors?.());
  const progress = (linesRead: number, errorCount: number) =>
    options.onProgress({ linesRead, errorCount, ...(stage.counts ? { embeddings: { ...stage.counts } } : {}) });
  // Groups built while a translation they use had not arrived yet are rebuilt at the end if translations came
  // later (feeds usually send translations first). Only the smallest translation count at which such a group
  // was built is kept, not the groups: memory stays flat whatever the feed (plain-text labels look untranslated).
  let missingSince: number | undefined;
  let lines = 0;
  // Words of titles, names, categories and product types per locale (brands are names, not compounds), in the
  // languages that get compounds or word forms from them.
  const vocabulary = new Map<string, VocabularyCounter>();
  // Title heads against product types per locale: the query → category prior (catalog/typePrior.ts).
  const priors = new Map<string, TypePriorCounter>();
  const collectWords = (d: ProductDocument) => {
    if (!FORM_LANGUAGES.has(languageOf(d.locale))) return;
    let counter = vocabulary.get(d.locale);
    if (!counter) vocabulary.set(d.locale, (counter = new VocabularyCounter()));
    let prior = priors.get(d.locale);
    if (!prior) priors.set(d.locale, (prior = new TypePriorCounter(languageOf(d.locale))));
    prior.add(d.title, d.productTypeKeys);
    counter.add(d.title, d.productKey);
    counter.add(d.name, d.productKey);
    for (const c of d.category) counter.add(c, d.productKey);
    for (const t of d.productType) counter.add(t, d.productKey);
  };

  // The file's own census: what validationOnly (no version written) judges the dangerous-import check on.
  const fileCensus: CatalogCensus = { productGroups: 0, perMarket: new Map() };
  const countGroup = (entity: ReplaceEntity) => {
    if (!('productGroup' in entity)) return;
    fileCensus.productGroups++;
    const markets = new Set(Object.values(entity.productGroup.products ?? {}).flatMap((p) => p.markets ?? []));
    for (const m of markets) fileCensus.perMarket.set(m, (fileCensus.perMarket.get(m) ?? 0) + 1);
  };

  const write = async (entity: ReplaceEntity) => {
    if (!version) {
      countGroup(entity);
      return;
    }
    const doc = entityDocument(entity);
    await writer.index(names.catalogIndex('entities', version), entityId(doc.entityType, entity.key), doc);
    if ('translation' in entity) {
      translations.set(entity.translation);
    } else if (!ctx) {
      return; // learning the configuration: documents are built once the file is read
    } else if ('productGroup' in entity) {
      const built = productGroupDocuments(entity.key, entity.productGroup, ctx);
      if (built.missingTranslations) missingSince = Math.min(missingSince ?? translations.size, translations.size);
      for (const d of built.documents) {
        collectWords(d.document);
        await stage.add(d.document, () => writer.indexJson(names.catalogIndex('products', version, d.document.locale), d.id, productDocumentJson(d.document)));
      }
    } else {
      const built = contentDocuments(entity.key, entity.content, ctx);
      for (const d of built.documents) await writer.index(names.catalogIndex('content', version, d.document.locale), d.id, d.document);
    }
  };

  try {
    for await (const parsed of readJsonLines(body, options.gzip)) {
      lines = parsed.line;
      if ('error' in parsed) {
        errors.add(parsed.line, [{ path: '', message: parsed.error }]);
      } else {
        learner?.addLine(parsed.value);
        const result = validateReplaceLine(parsed.value, configured ? { configuration: configured } : learner!.forValidation());
        if (!result.ok) {
          errors.add(parsed.line, result.problems.errors);
        } else {
          if (result.warnings) warnings.add(parsed.line, result.warnings);
          const limitErrors = limits.add(result.value, 'replace');
          if (limitErrors.length) errors.add(parsed.line, limitErrors);
          // After the first error nothing more is written: the version will be dropped, only validation goes on.
          else if (!errors.any) await write(result.value);
        }
      }
      if (parsed.line % PROGRESS_EVERY_LINES === 0) await progress(lines, errors.count);
    }
    if (lines === 0) errors.add(0, [{ path: '', message: 'the file is empty: a full import needs at least one line' }]);
    if (errors.any) throw errors.rejection('Full catalog import');
    if (learner) {
      const learned = learner.result();
      if (!learned.ok) {
        throw invalid(
          `Full catalog import rejected: no markets are configured, and none could be learned from the file: ${learned.message}. Import the configuration first (POST /api/admin/v4/import/configuration)`,
        );
      }
      const configuration = learned.configuration;
      deps.log.info(version ? 'configuration learned from the catalog import' : 'configuration the catalog import would learn (validationOnly)', {
        markets: configuration.markets,
      });
      if (!version) return { lines, learned: configuration, warnings };
      await indices.addLocales(version, configuredLocales(configuration));
      undoLearned = await options.adoptLearned?.(configuration);
      ctx = { configuration, translate };
      await buildFromEntities(deps, version, writer, stage, ctx, ['productGroup', 'content'], collectWords);
    } else {
      if (!version || !ctx) {
        // Validation judges everything the real import judges, the dangerous-import check included.
        if (!options.force) await refuseDangerousCensus(deps, fileCensus);
        return { lines, warnings };
      }
      if (missingSince !== undefined && missingSince < translations.size) await buildFromEntities(deps, version, writer, stage, ctx, ['productGroup']);
    }
    await stage.flush();
    await writer.flush();
    if (stage.counts) deps.log.info('product vectors', { ...stage.counts });
    await progress(lines, 0);
    await indices.sealVersion(version);
    // Published only with every copy in place (replicas included): a node lost right after must not take
    // shards of the live catalog with it. A lock renewal runs meanwhile (the runner's timer).
    await indices.waitHealthy(version, config.indexHealthTimeoutSeconds * 1000);
    await progress(lines, 0);
    if (candidate) {
      await candidate(version, { lines, dangerous: await dangerousReasons(deps, version) });
      if (options.validationOnly) {
        await indices.dropVersion(version);
        return { lines, warnings };
      }
    }
    if (!options.force) await refuseDangerous(deps, version);
    const previous = await indices.publishVersion(version);
    published = true;
    // The import has succeeded once the aliases moved: what follows is upkeep, and its failure is logged, never
    // answered as a failed import (the shop's catalog is the new one). A spelling vocabulary not replaced leaves
    // corrections from the words of the previous version; a previous version not deleted is a stale version,
    // which the next import deletes under the lock (admin/services.ts).
    await deps.vocabulary
      ?.replace(
        version,
        new Map([...vocabulary].map(([locale, counter]) => [locale, counter.entries()])),
        new Map([...vocabulary].map(([locale, counter]) => [locale, counter.pairs()])),
        new Map([...priors].map(([locale, counter]) => [locale, counter.prior()])),
        new Map([...vocabulary].map(([locale, counter]) => [locale, counter.singles()])),
      )
      .catch((e) => deps.log.error('could not replace the spelling vocabulary of the published catalog version', { version, err: e }));
    if (previous) await indices.dropVersion(previous).catch((e) => deps.log.warn('could not delete the previous catalog version', { previous, err: e }));
    deps.log.info('catalog version published', { version, previous, lines, documents: writer.stats.indexed });
    return { version, lines, warnings, ...(ctx && learner ? { learned: ctx.configuration } : {}) };
  } catch (err) {
    // Keep the loud failure, but never leave a half-built version behind, nor a configuration learned from it.
    // A published version is live: it is never dropped here.
    if (version && !published) await indices.dropVersion(version).catch((e) => deps.log.error('could not drop failed catalog version', { version, err: e }));
    if (undoLearned) await undoLearned().catch((e) => deps.log.error('could not remove the configuration learned by a failed import', { err: e }));
    throw err;
  }
}

/** Every locale of the configuration: each gets its own products and content index, in its language. */
export function configuredLocales(configuration: CatalogConfiguration): string[] {
  return [...new Set(Object.values(configuration.markets).flatMap((m) => m.locales))].sort();
}

/**
 * Builds the documents of the version's entities of `types` from the entities index: every product group again
 * once every translation is known (rare: a file sending translations after the product groups that use them, so
 * the whole version is reread rather than remembering which groups to rebuild), or every entity once the
 * configuration has been learned from the file. `collect` sees each product document (the vocabulary).
 */
async function buildFromEntities(
  deps: CatalogImportDeps,
  version: string,
  writer: BulkWriter,
  stage: VectorStage,
  ctx: BuildContext,
  types: ('productGroup' | 'content')[],
  collect?: (d: ProductDocument) => void,
): Promise<void> {
  await stage.flush();
  await writer.flush();
  const names = deps.indices.names;
  await deps.documents.refresh(names.catalogIndex('entities', version));
  const reader = new EntityReader(deps.documents, names.catalogIndex('entities', version));
  let entities = 0;
  for await (const doc of reader.scan({ terms: { entityType: types } })) {
    entities++;
    if ('productGroup' in doc.entity) {
      for (const d of productGroupDocuments(doc.key, doc.entity.productGroup, ctx).documents) {
        collect?.(d.document);
        await stage.add(d.document, () => writer.indexJson(names.catalogIndex('products', version, d.document.locale), d.id, productDocumentJson(d.document)));
      }
    } else if ('content' in doc.entity) {
      for (const d of contentDocuments(doc.key, doc.entity.content, ctx).documents)
        await writer.index(names.catalogIndex('content', version, d.document.locale), d.id, d.document);
    }
  }
  deps.log.info(
    types.includes('content')
      ? 'built the catalog from its entities with the learned configuration'
      : 'rebuilt the product groups: translations came after product groups in the file',
    { entities },
  );
}

async function census(reader: EntityReader): Promise<CatalogCensus> {
  return { productGroups: await reader.count('productGroup'), perMarket: await reader.productGroupsPerMarket() };
}

/** Why publishing `version` would be judged dangerous (catalogSafety.ts); empty when it would not. */
async function dangerousReasons(deps: CatalogImportDeps, version: string): Promise<string[]> {
  const names = deps.indices.names;
  if (!(await deps.indices.liveVersion())) return [];
  const live = await census(new EntityReader(deps.documents, names.catalogAlias('entities')));
  const next = await census(new EntityReader(deps.documents, names.catalogIndex('entities', version)));
  return dangerousChanges(live, next, deps.config.dangerousRemovalRatio);
}

async function refuseDangerous(deps: CatalogImportDeps, version: string): Promise<void> {
  refuseReasons(await dangerousReasons(deps, version));
}

/** The check of refuseDangerous on a census counted while reading the file (validationOnly writes no version). */
async function refuseDangerousCensus(deps: CatalogImportDeps, next: CatalogCensus): Promise<void> {
  if (!(await deps.indices.liveVersion())) return;
  const live = await census(new EntityReader(deps.documents, deps.indices.names.catalogAlias('entities')));
  refuseReasons(dangerousChanges(live, next, deps.config.dangerousRemovalRatio));
}

function refuseReasons(reasons: string[]): void {
  if (reasons.length) {
    throw invalid(`Import judged dangerous and not applied: ${reasons.join('; ')}. Repeat with force=true to import it anyway.`, { dangerous: reasons });
  }
}
