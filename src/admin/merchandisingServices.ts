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
import { exportPhraseRules, importPhraseRules, type PhraseRuleImportOptions } from './phraseRulesImport';
import { exportCompounds, importCompounds } from './compoundsImport';
import { endExperiment, exportExperiments, importExperiments, type ExperimentImportMode } from './experimentsImport';
import type { PageExportRequest } from '../merchandising/pages/export';

export type MerchandisingAdmin = ReturnType<typeof merchandisingAdmin>;

export function merchandisingAdmin(deps: MerchandisingImportDeps) {
  return {
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
    importPhraseRules: (body: unknown, options: PhraseRuleImportOptions) => importPhraseRules(deps, body, options),
    exportPhraseRules: (market?: string, view: 'production' | 'preview' = 'production') => exportPhraseRules(deps, market, view),
    importExperiments: (body: unknown, options: MerchandisingImportOptions & { mode: ExperimentImportMode }) => importExperiments(deps, body, options),
    exportExperiments: () => exportExperiments(deps),
    endExperiment: (id: string, options: MerchandisingImportOptions) => endExperiment(deps, id, options),
    importCompounds: (body: unknown, options: MerchandisingImportOptions) => importCompounds(deps, body, options),
    exportCompounds: (locale?: string) => exportCompounds(deps, locale),
  };
}
