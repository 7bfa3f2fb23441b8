/**
 * Navigation import and export (admin spec: `POST /api/admin/v{3,4}/import/navigation`,
 * `GET /api/admin/v3/export/navigation`). The body is validated before the import lock is taken; the tree
 * rules (parents, cycles) are checked under the lock against the stored tree, then only changed nodes
 * are written.
 */
import type { AppContext } from '../app';
import type { ImportOutcome } from './importRunner';
import { merchandising, requireConfiguration, requireMarket } from '../merchandising';
import { validateNavigationImport } from '../merchandising/navigation/validate';
import { applyNavigationImport } from '../merchandising/navigation/tree';
import type { NavigationContainer } from '../merchandising/navigation/types';

export type MerchandisingDeps = Pick<AppContext, 'es' | 'config' | 'configuration' | 'importRunner'>;

/** These imports are small JSON bodies: the answer waits for them (a 202 only past this). */
export const MERCHANDISING_BLOCKING_TIMEOUT_MS = 60_000;

export async function importNavigation(deps: MerchandisingDeps, body: unknown, options: { name?: string }): Promise<ImportOutcome> {
  const validated = validateNavigationImport(body, await requireConfiguration(deps));
  if (!validated.ok) throw validated.problems.rejection('Navigation import');
  const request = validated.value;
  const store = merchandising(deps).navigation;
  return deps.importRunner.run({ kind: 'navigation', name: options.name, blockingTimeoutMs: MERCHANDISING_BLOCKING_TIMEOUT_MS }, async () => {
    const before = await store.load(request.market, request.locale);
    const result = applyNavigationImport(before, request);
    if (!result.ok) throw result.problems.rejection('Navigation import');
    await store.save(request.market, request.locale, before, result.nodes);
  });
}

export async function exportNavigation(deps: MerchandisingDeps, request: { market: string; locale: string; includeAppNodes: boolean }): Promise<NavigationContainer> {
  requireMarket(await requireConfiguration(deps), request.market, request.locale);
  return merchandising(deps).navigation.export(request);
}
