/**
 * Label overrides import and export (our addition, as Elevate keeps texts in its app): `PUT
 * /api/admin/v4/import/labels` replaces the overrides of every market (a market left out goes back to the
 * built-in texts), `GET /api/admin/v4/export/labels` answers them in the same shape.
 */
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { validateLabelConfiguration, type LabelConfiguration } from '../merchandising/labelConfiguration';

export async function importLabels(deps: MerchandisingImportDeps, body: unknown, options: MerchandisingImportOptions): Promise<ImportOutcome> {
  const validated = validateLabelConfiguration(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Label import');
  const store = deps.stores.labels;
  return deps.runner.run({ kind: 'labels', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    await keepMerchandisingStart(deps, 'labels', '');
    await store.replace(validated.value);
    await keepMerchandisingVersion(deps, 'labels', '', options);
  });
}

export async function exportLabels(deps: MerchandisingImportDeps): Promise<LabelConfiguration> {
  return deps.stores.labels.all(true);
}
