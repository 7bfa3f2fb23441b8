/**
 * Facet configuration import and export (our addition, as Elevate keeps it in its app's Facet configurator):
 * `PUT /api/admin/v4/import/facets` replaces the facet configuration of every market (a market left out
 * goes back to the defaults), `GET /api/admin/v4/export/facets` answers it in the same shape.
 */
import type { ImportOutcome } from './importRunner';
import { MERCHANDISING_BLOCKING_TIMEOUT_MS, type MerchandisingDeps } from './navigationImport';
import { merchandising, requireConfiguration } from '../merchandising';
import { validateFacetConfiguration } from '../merchandising/facets/validate';
import type { FacetConfiguration } from '../merchandising/facets/types';

export async function importFacets(deps: MerchandisingDeps, body: unknown, options: { name?: string }): Promise<ImportOutcome> {
  const validated = validateFacetConfiguration(body, await requireConfiguration(deps));
  if (!validated.ok) throw validated.problems.rejection('Facet configuration import');
  const store = merchandising(deps).facets;
  return deps.importRunner.run({ kind: 'facets', name: options.name, blockingTimeoutMs: MERCHANDISING_BLOCKING_TIMEOUT_MS }, () => store.replace(validated.value));
}

export async function exportFacets(deps: MerchandisingDeps): Promise<FacetConfiguration> {
  return merchandising(deps).facets.all(true);
}
