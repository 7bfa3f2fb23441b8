/**
 * Synonyms import and export (our addition, beyond Elevate's API): `PUT /api/admin/v4/import/synonyms`
 * replaces the rules of each locale in the body, `POST` appends rules to them, `GET /api/admin/v4/export/synonyms`
 * answers every locale's rules (or one `locale`'s) in the import's shape `{"locales": {"sv-SE": [rules]}}`;
 * with `shipped=true`, the general rules shipped for each configured locale's language instead (read-only: a
 * shop overrides them by naming their terms in its own rules).
 * Applied to the next query (the store's cache is reset by the import), without reindexing the catalog.
 */
import { own } from '../kernel/validation';
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { validateSynonyms } from '../merchandising/synonyms/validate';
import type { SynonymSets } from '../merchandising/synonyms/types';

export type SynonymImportMode = 'replace' | 'append';

export async function importSynonyms(deps: MerchandisingImportDeps, body: unknown, options: MerchandisingImportOptions & { mode: SynonymImportMode }): Promise<ImportOutcome> {
  const validated = validateSynonyms(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Synonyms import');
  const store = deps.stores.synonyms;
  return deps.runner.run({ kind: 'synonyms', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs },
    async () => {
      await keepMerchandisingStart(deps, 'synonyms', '');
      await (options.mode === 'replace' ? store.replace(validated.value) : store.append(validated.value));
      await keepMerchandisingVersion(deps, 'synonyms', '', options);
    });
}

export async function exportSynonyms(deps: MerchandisingImportDeps, locale?: string, shipped = false): Promise<{ locales: SynonymSets }> {
  if (shipped) {
    const store = deps.stores.synonyms;
    const locales = locale !== undefined ? [locale] : [...new Set(Object.values((await deps.configuration.required()).markets).flatMap((m) => m.locales))];
    return { locales: Object.fromEntries(locales.map((l) => [l, [...store.shipped(l)]])) };
  }
  const all = await deps.stores.synonyms.all(true);
  if (locale === undefined) return { locales: all };
  return { locales: { [locale]: own(all, locale) ?? [] } };
}
