/**
 * The merchandising admin use cases, bound to their dependencies once by the composition root;
 * src/http/merchandisingRoutes.ts calls these. Every kind's import and export is described once in
 * merchandisingKinds.ts; what an import does whatever its kind is importKind() below.
 */
import type { MerchandisingKindName } from '../contract/merchandising';
import type { RawQuery } from '../kernel/params';
import { invalid } from '../kernel/errors';
import { ExperimentNotFound, type Experiment } from '../merchandising/experiments/types';
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import { kindNamed, type MerchandisingKind } from './merchandisingKinds';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';

export type MerchandisingAdmin = ReturnType<typeof merchandisingAdmin>;

/** An import's options: who makes it and how long the answer waits, and the kind's own (mode, force, previewOnly). */
export type KindImportOptions = MerchandisingImportOptions & Record<string, unknown>;

export function merchandisingAdmin(deps: MerchandisingImportDeps) {
  return {
    /** The kind's import, with its route's options (merchandisingKinds.ts). */
    import: (kind: MerchandisingKindName, body: unknown, options: KindImportOptions) => importKind(deps, kindNamed(kind), body, options),
    /** The kind's export for the request's query. */
    export: (kind: MerchandisingKindName, query: RawQuery) => kindNamed(kind).export.read(deps, query),
    endExperiment: (id: string, options: MerchandisingImportOptions) => endExperiment(deps, id, options),
  };
}

/**
 * Any kind's import: the body validated before the import lock is taken, then under it, as a job: the kind's
 * checks against the stored data, the starting version kept (a first import can be rolled back like any
 * other), the write, and the new version kept (not for a preview: nothing live changed).
 */
export async function importKind<Value, Options>(
  deps: MerchandisingImportDeps,
  kind: MerchandisingKind<Value, Options>,
  body: unknown,
  options: MerchandisingImportOptions & Options,
): Promise<ImportOutcome> {
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

/** An experiment by id, fresh from the store; ExperimentNotFound (404) when there is none. */
export async function experimentById(deps: MerchandisingImportDeps, id: string): Promise<Experiment> {
  const found = (await deps.stores.experiments.all(true)).experiments.find((e) => e.id === id);
  if (!found) throw new ExperimentNotFound(`No experiment "${id}"`);
  return found;
}

/**
 * Ends a running experiment now (`POST /api/admin/v4/experiments/{id}/end`): its end becomes this instant,
 * recorded in the history like an import. An ended one answers as it is; one that has not started cannot end
 * (move its start, or delete it with a PUT).
 */
export async function endExperiment(deps: MerchandisingImportDeps, id: string, options: MerchandisingImportOptions, now = new Date()): Promise<Experiment> {
  const experiment = await experimentById(deps, id);
  if (Date.parse(experiment.end) <= now.getTime()) return experiment;
  if (Date.parse(experiment.start) > now.getTime())
    throw invalid(`Experiment "${id}" has not started (start ${experiment.start}): change its start or remove it with an import`);
  const ended = { ...experiment, end: now.toISOString() };
  await deps.runner.run({ kind: 'experiments', name: options.name ?? `end ${id}`, blockingTimeoutMs: undefined }, async () => {
    await deps.stores.experiments.upsert({ experiments: [ended] });
    await keepMerchandisingVersion(deps, 'experiments', '', { ...options, name: options.name ?? `end ${id}` });
  });
  return ended;
}
