/**
 * The admin use cases, composed from the pieces (lock, jobs, importers, exporter). Routes call these;
 * nothing here knows about HTTP: failures are domain errors (src/kernel/errors.ts).
 */
import type { Readable } from 'node:stream';
import type { CatalogIndices } from '../search/catalogIndices';
import { NoCatalogYet, invalid } from '../kernel/errors';
import { runFullImport, type CatalogImportDeps, type ImportSettings } from './catalogImport';
import { runOperationsImport } from './operationsImport';
import { exportCatalog, type ExportRequest } from './catalogExport';
import { parseConfiguration, removedByConfiguration } from '../configuration/markets';
import type { ConfigurationStore } from '../configuration/store';
import type { CatalogConfiguration } from '../catalog/types';
import { EntityReader } from './entityStore';
import type { VocabularyStore } from '../catalog/vocabularyStore';
import type { ImportJobs } from './importJobs';
import type { ImportOutcome, ImportRunner } from './importRunner';
import { keepStartingVersion, keepVersion, type HistoryKeeping, type ImportAuthor } from './historyRecord';
import { impactReport, type ImpactReport, type ImpactSources } from './impactReport';

export interface CatalogImportOptions {
  gzip: boolean;
  validationOnly: boolean;
  force: boolean;
  name?: string;
  blockingTimeoutMs: number;
  bodyReceived?: Promise<void>;
  /** A validationOnly full import's impact report on the `phrases` most searched phrases (impactReport.ts). */
  impactReport?: { phrases: number };
}

/** The catalog imports' needs and the admin stores. */
export interface AdminServicesDeps extends CatalogImportDeps {
  config: ImportSettings;
  indices: CatalogIndices;
  configuration: ConfigurationStore;
  jobs: ImportJobs;
  runner: ImportRunner;
  vocabulary: VocabularyStore;
  /** Where each configuration import keeps its version (absent: none kept). */
  history?: HistoryKeeping;
  /** The searched phrases and the storefront's answers, for impact reports (absent: impactReport is refused). */
  impact?: ImpactSources;
}

export type AdminServices = ReturnType<typeof adminServices>;

export function adminServices(deps: AdminServicesDeps) {
  const { indices, configuration, jobs, runner } = deps;

  const adoptLearned = async (learned: CatalogConfiguration) => {
    await configuration.save(learned);
    return () => configuration.remove();
  };

  /**
   * A full import that builds the file as a candidate version and reports its impact against the live one;
   * with validationOnly the candidate is deleted afterwards (nothing live changes), without it the candidate
   * is published on request, as a full import publishes (the dangerous-import checks and `force` apply).
   */
  const reportImpact = async (
    body: Readable,
    options: CatalogImportOptions & { impactReport: { phrases: number } },
    mode: 'full' | 'operations',
  ): Promise<ImportOutcome> => {
    if (mode !== 'full')
      throw invalid('Query parameter impactReport is only for a full import (PUT): an operations import has no candidate catalog to compare');
    const sources = deps.impact;
    if (!sources) throw invalid('Query parameter impactReport: impact reports are not available in this process');
    if (!(await indices.liveVersion())) throw invalid('Query parameter impactReport compares with the live catalog: no catalog has been imported yet');
    const cfg = await configuration.required();
    return runner.run(
      {
        kind: options.validationOnly ? 'catalog-impact' : 'catalog-full',
        name: options.name,
        blockingTimeoutMs: options.blockingTimeoutMs,
        bodyReceived: options.bodyReceived,
      },
      async (progress) => {
        await indices.dropStaleVersions();
        let report: ImpactReport | undefined;
        const { warnings } = await runFullImport(deps, cfg, body, {
          ...options,
          onProgress: progress,
          candidate: async (version, facts) => {
            report = await impactReport(
              { documents: deps.documents, log: deps.log, indices, sources },
              { version, configuration: cfg, phrases: options.impactReport.phrases, ...facts },
            );
          },
        });
        return { impactReport: report, ...warnings.asWarnings() };
      },
    );
  };

  return {
    async importCatalog(mode: 'full' | 'operations', body: Readable, options: CatalogImportOptions): Promise<ImportOutcome> {
      if (options.impactReport) return reportImpact(body, { ...options, impactReport: options.impactReport }, mode);
      if (mode === 'operations') {
        const cfg = await configuration.required();
        if (!(await indices.liveVersion())) throw new NoCatalogYet('No catalog has been imported yet: the first catalog import must be a full import (PUT)');
        const unlocked = options.validationOnly;
        return runner.run(
          { kind: 'catalog-operations', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs, bodyReceived: options.bodyReceived, unlocked },
          async (progress) => {
            if (!unlocked) await indices.dropStaleVersions();
            return (await runOperationsImport(deps, cfg, body, { ...options, onProgress: progress })).asWarnings();
          },
        );
      }
      // validationOnly writes nothing (no version: that is the impact report's, above): it reads its body without
      // the lock, so a stalled or slow one keeps no import waiting.
      const unlocked = options.validationOnly;
      return runner.run(
        { kind: 'catalog-full', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs, bodyReceived: options.bodyReceived, unlocked },
        async (progress) => {
          // Leftovers of a crashed import are removed while we hold the lock, never while another import builds.
          if (!unlocked) await indices.dropStaleVersions();
          // Read under the lock, which a configuration import takes too: without one, the file's markets and
          // locales are learned and stored before its documents are built (and removed again if it fails).
          const cfg = await configuration.get(true);
          const { warnings } = await runFullImport(deps, cfg, body, { ...options, onProgress: progress, adoptLearned: cfg ? undefined : adoptLearned });
          return warnings.asWarnings();
        },
      );
    },

    /**
     * Start-up clean-up: the catalog versions a process that died mid-import left behind are deleted under the
     * import lock, once the dead process's lease has expired (it cannot be told from a live one before). An
     * import holding the lock all along did the same at its own start. Returns the versions deleted.
     */
    async dropAbandonedVersions(waitMs: number): Promise<string[]> {
      // Looked at first without the lock, so that a start with nothing to clean never makes an import wait.
      if (!(await indices.staleVersions()).length) return [];
      let dropped: string[] = [];
      await runner.whenFree(
        'clean-up',
        async () => {
          dropped = await indices.dropStaleVersions();
        },
        waitMs,
      );
      return dropped;
    },

    async exportCatalog(request: ExportRequest): Promise<Readable> {
      if (!(await indices.liveVersion())) throw new NoCatalogYet('No catalog has been imported yet: nothing to export');
      return exportCatalog(new EntityReader(deps.documents, indices.names.catalogAlias('entities')), request);
    },

    async importStatus(id: string) {
      const job = await jobs.get(id).catch(() => undefined);
      if (!job) return { id, status: 'NOT_FOUND', reason: null };
      return {
        id: job.id,
        status: job.status,
        reason: job.reason,
        name: job.name,
        kind: job.kind,
        startedAt: job.startedAt,
        finishedAt: job.finishedAt,
        linesRead: job.linesRead,
        errorCount: job.errorCount,
        ...(job.embeddings ? { embeddings: job.embeddings } : {}),
        ...(job.errors ? { errors: job.errors } : {}),
        ...(job.warningCount ? { warningCount: job.warningCount, warnings: job.warnings ?? [] } : {}),
        ...(job.impactReport ? { impactReport: job.impactReport } : {}),
      };
    },

    /** `blockingTimeoutMs` undefined (a rollback without blockingTimeout) waits until the import has finished. */
    async importConfiguration(body: unknown, options: { allowDestructiveImport: boolean; blockingTimeoutMs?: number } & ImportAuthor) {
      const next = parseConfiguration(body);
      const outcome = await runner.run({ kind: 'configuration', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
        const removed = removedByConfiguration(await configuration.get(true), next);
        if (removed.length && !options.allowDestructiveImport && (await indices.liveVersion())) {
          throw invalid(`Configuration import would remove ${removed.join(', ')} and all their data: repeat with allowDestructiveImport=true`);
        }
        // Only a configuration that existed can be gone back to: none is not a configuration.
        const current = await configuration.get(true);
        if (current) await keepStartingVersion(deps.history, 'configuration', '', () => Promise.resolve(current));
        await configuration.save(next);
        await keepVersion(deps.history, 'configuration', '', (await configuration.get(true)) ?? { markets: {} }, options);
      });
      return outcome;
    },

    async exportConfiguration() {
      return (await configuration.get(true)) ?? { markets: {} };
    },
  };
}
