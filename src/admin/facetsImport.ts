/**
 * Facet configuration import and export (our addition, as Elevate keeps it in its app's Facet configurator):
 * `PUT /api/admin/v4/import/facets` replaces the facet configuration of every market (a market left out
 * goes back to the defaults), `GET /api/admin/v4/export/facets` answers it in the same shape.
 */
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { validateFacetConfiguration } from '../merchandising/facets/validate';
import type { FacetConfiguration } from '../merchandising/facets/types';

export async function importFacets(deps: MerchandisingImportDeps, body: unknown, options: MerchandisingImportOptions): Promise<ImportOutcome> {
  const validated = validateFacetConfiguration(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Facet configuration import');
  const store = deps.stores.facets;
  return deps.runner.run({ kind: 'facets', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    await keepMerchandisingStart(deps, 'facets', '');
    await store.replace(validated.value);
    await keepMerchandisingVersion(deps, 'facets', '', options);
  });
}

export async function exportFacets(deps: MerchandisingImportDeps): Promise<FacetConfiguration> {
  return deps.stores.facets.all(true);
}
