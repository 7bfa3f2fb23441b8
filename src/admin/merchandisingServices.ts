/**
 * The merchandising admin use cases (navigation, pages, templates, facet configuration, labels, synonyms, phrase rules, experiments), bound to their
 * dependencies once by the composition root; src/http/merchandisingRoutes.ts calls these.
 */
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { exportNavigation, importNavigation } from './navigationImport';
import { exportPages, importPages, type PageImportOptions } from './pagesImport';
import { exportTemplates, importTemplates, type TemplateImportOptions } from './templatesImport';
import { exportFacets, importFacets } from './facetsImport';
import { exportLabels, importLabels } from './labelsImport';
import { exportSynonyms, importSynonyms, type SynonymImportMode } from './synonymsImport';
import { exportCompounds, importCompounds } from './compoundsImport';
import { endExperiment, exportExperiments, importExperiments, type ExperimentImportMode } from './experimentsImport';
import type { PageExportRequest } from '../merchandising/pages/export';
import type { RawQuery } from '../kernel/params';
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingKind } from './merchandisingKinds';

export type MerchandisingAdmin = ReturnType<typeof merchandisingAdmin>;

export function merchandisingAdmin(deps: MerchandisingImportDeps) {
  return {
    /** The kind's import, with its route's options (merchandisingKinds.ts). */
    import: (kind: MerchandisingKind, body: unknown, options: MerchandisingImportOptions) => importKind(deps, kind, body, options),
    /** The kind's export for the request's query. */
    export: (kind: MerchandisingKind, query: RawQuery) => kind.export.read(deps, query),
    importNavigation: (body: unknown, options: MerchandisingImportOptions) => importNavigation(deps, body, options),
    exportNavigation: (request: { market: string; locale: string; includeAppNodes: boolean }) => exportNavigation(deps, request),
    importPages: (body: unknown, options: PageImportOptions) => importPages(deps, body, options),
    exportPages: (request: PageExportRequest) => exportPages(deps, request),
    importTemplates: (body: unknown, options: TemplateImportOptions) => importTemplates(deps, body, options),
    exportTemplates: () => exportTemplates(deps),
    importFacets: (body: unknown, options: MerchandisingImportOptions) => importFacets(deps, body, options),
    exportFacets: () => exportFacets(deps),
    importLabels: (body: unknown, options: MerchandisingImportOptions) => importLabels(deps, body, options),
    exportLabels: () => exportLabels(deps),
    importSynonyms: (body: unknown, options: MerchandisingImportOptions & { mode: SynonymImportMode }) => importSynonyms(deps, body, options),
    exportSynonyms: (locale?: string, shipped = false) => exportSynonyms(deps, locale, shipped),
    importExperiments: (body: unknown, options: MerchandisingImportOptions & { mode: ExperimentImportMode }) => importExperiments(deps, body, options),
    exportExperiments: () => exportExperiments(deps),
    endExperiment: (id: string, options: MerchandisingImportOptions) => endExperiment(deps, id, options),
    importCompounds: (body: unknown, options: MerchandisingImportOptions) => importCompounds(deps, body, options),
    exportCompounds: (locale?: string) => exportCompounds(deps, locale),
  };
}

/**
 * Any kind's import: the body validated before the import lock is taken, then under it, as a job: the kind's
 * checks against the stored data, the starting version kept (a first import can be rolled back like any
 * other), the write, and the new version kept (not for a preview: nothing live changed).
 */
export async function importKind<Value, Options>(deps: MerchandisingImportDeps, kind: MerchandisingKind<Value, Options>, body: unknown, options: MerchandisingImportOptions & Options): Promise<ImportOutcome> {
  const validated = await kind.validate(body, deps, options);
  if (!validated.ok) throw validated.problems.rejection(kind.what);
  const value = validated.value;
  const keeps = !kind.previewOnly?.(options);
  return deps.runner.run({ kind: kind.name, name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    const write = await kind.write(deps, value, options);
    const scope = kind.scope(value);
    if (keeps && kind.history.startingVersion) await keepMerchandisingStart(deps, kind.name, scope);
    await write();
    if (keeps) await keepMerchandisingVersion(deps, kind.name, scope, options);
  });
}
