/**
 * Navigation import and export (admin spec: `POST /api/admin/v{3,4}/import/navigation`,
 * `GET /api/admin/v3/export/navigation`). The body is validated before the import lock is taken; the tree
 * rules (parents, cycles) are checked under the lock against the stored tree, then only changed nodes
 * are written.
 */
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { requireMarket } from '../configuration/markets';
import { validateNavigationImport } from '../merchandising/navigation/validate';
import { applyNavigationImport } from '../merchandising/navigation/tree';
import type { NavigationContainer } from '../merchandising/navigation/types';

export async function importNavigation(deps: MerchandisingImportDeps, body: unknown, options: MerchandisingImportOptions): Promise<ImportOutcome> {
  const validated = validateNavigationImport(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Navigation import');
  const request = validated.value;
  const store = deps.stores.navigation;
  return deps.runner.run({ kind: 'navigation', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    const before = await store.load(request.market, request.locale);
    const result = applyNavigationImport(before, request);
    if (!result.ok) throw result.problems.rejection('Navigation import');
    await keepMerchandisingStart(deps, 'navigation', `${request.market}|${request.locale}`);
    await store.save(request.market, request.locale, before, result.nodes);
    await keepMerchandisingVersion(deps, 'navigation', `${request.market}|${request.locale}`, options);
  });
}

export async function exportNavigation(deps: MerchandisingImportDeps, request: { market: string; locale: string; includeAppNodes: boolean }): Promise<NavigationContainer> {
  requireMarket(await deps.configuration.required(), request.market, request.locale);
  return deps.stores.navigation.export(request);
}
