/**
 * A/B experiments import and export (our addition, issue 35): `PUT /api/admin/v4/import/experiments` replaces
 * every experiment (one left out is deleted), `POST` adds experiments or replaces those of the same id,
 * `GET /api/admin/v4/export/experiments` answers them in the import's shape, `POST
 * /api/admin/v4/experiments/{id}/end` ends one now. Each change keeps a version in the history, so an ended or
 * replaced experiment can be rolled back. The storefront applies the change to its next query in this
 * process, in others within STORE_CACHE_MS.
 */
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { validateExperiments } from '../merchandising/experiments/validate';
import { ExperimentNotFound, type Experiment, type ExperimentSet } from '../merchandising/experiments/types';
import { invalid } from '../kernel/errors';

export type ExperimentImportMode = 'replace' | 'upsert';

export async function importExperiments(deps: MerchandisingImportDeps, body: unknown, options: MerchandisingImportOptions & { mode: ExperimentImportMode }): Promise<ImportOutcome> {
  const validated = validateExperiments(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Experiments import');
  const store = deps.stores.experiments;
  return deps.runner.run({ kind: 'experiments', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    await (options.mode === 'replace' ? store.replace(validated.value) : store.upsert(validated.value));
    await keepMerchandisingVersion(deps, 'experiments', '', options);
  });
}

export async function exportExperiments(deps: MerchandisingImportDeps): Promise<ExperimentSet> {
  return deps.stores.experiments.all(true);
}

/** An experiment by id, fresh from the store; ExperimentNotFound (404) when there is none. */
export async function experimentById(deps: MerchandisingImportDeps, id: string): Promise<Experiment> {
  const found = (await deps.stores.experiments.all(true)).experiments.find((e) => e.id === id);
  if (!found) throw new ExperimentNotFound(`No experiment "${id}"`);
  return found;
}

/**
 * Ends a running experiment now: its end becomes this instant, recorded in the history like an import. An
 * ended one answers as it is; one that has not started cannot end (move its start, or delete it with a PUT).
 */
export async function endExperiment(deps: MerchandisingImportDeps, id: string, options: MerchandisingImportOptions, now = new Date()): Promise<Experiment> {
  const experiment = await experimentById(deps, id);
  if (Date.parse(experiment.end) <= now.getTime()) return experiment;
  if (Date.parse(experiment.start) > now.getTime()) throw invalid(`Experiment "${id}" has not started (start ${experiment.start}): change its start or remove it with an import`);
  const ended = { ...experiment, end: now.toISOString() };
  await deps.runner.run({ kind: 'experiments', name: options.name ?? `end ${id}`, blockingTimeoutMs: undefined }, async () => {
    await deps.stores.experiments.upsert({ experiments: [ended] });
    await keepMerchandisingVersion(deps, 'experiments', '', { ...options, name: options.name ?? `end ${id}` });
  });
  return ended;
}
