/**
 * Compounds configuration import and export (our addition): `PUT /api/admin/v4/import/compounds` replaces the
 * configuration of each locale in the body, `GET /api/admin/v4/export/compounds` answers it in the import's
 * shape `{"locales": {"de-DE": {"excluded": ["handschuhe"]}}}`. Through the import lock like every import;
 * applied to the next query, without reindexing the catalog.
 */
import { own } from '../kernel/validation';
import type { ImportOutcome } from './importRunner';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { validateCompounds } from '../merchandising/compounds/validate';
import type { CompoundSets } from '../merchandising/compounds/types';

export async function importCompounds(deps: MerchandisingImportDeps, body: unknown, options: MerchandisingImportOptions): Promise<ImportOutcome> {
  const validated = validateCompounds(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Compounds import');
  return deps.runner.run({ kind: 'compounds', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs },
    () => deps.stores.compounds.replace(validated.value));
}

export async function exportCompounds(deps: MerchandisingImportDeps, locale?: string): Promise<{ locales: CompoundSets }> {
  const all = await deps.stores.compounds.all(true);
  if (locale === undefined) return { locales: all };
  return { locales: { [locale]: own(all, locale) ?? { excluded: [] } } };
}
