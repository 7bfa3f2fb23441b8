/**
 * Page import and export (admin spec: `POST /api/admin/v3/import/pages`, `GET /api/admin/v4/export/pages`).
 * The body is validated before the import lock is taken; the rules that need the market's stored pages
 * (unique paths, the dangerous FULL import) are checked under the lock, then the changes are written.
 */
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { requireMarket } from '../configuration/markets';
import { validatePageImport } from '../merchandising/pages/validate';
import { applyPageImport } from '../merchandising/pages/apply';
import type { PageExportRequest } from '../merchandising/pages/export';
import type { PageContainer } from '../merchandising/pages/types';

export interface PageImportOptions extends MerchandisingImportOptions {
  /** Our addition: a FULL import that would delete more than half of the market's pages is refused unless forced. */
  force: boolean;
  /** The `previewOnly` query parameter, when sent (our addition; the body's field is the spec's). */
  previewOnly?: boolean;
}

export async function importPages(deps: MerchandisingImportDeps, body: unknown, options: PageImportOptions): Promise<ImportOutcome> {
  const validated = validatePageImport(body, await deps.configuration.required(), { previewOnly: options.previewOnly }, await deps.customAttributes?.());
  if (!validated.ok) throw validated.problems.rejection('Page import');
  const request = validated.value;
  const store = deps.stores.pages;
  return deps.runner.run({ kind: 'pages', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    const result = applyPageImport(await store.loadMarket(request.market), request, { force: options.force });
    if (!result.ok) throw result.problems.rejection('Page import');
    await keepMerchandisingStart(deps, 'pages', request.market);
    await store.save(request.market, result.changes);
    await keepMerchandisingVersion(deps, 'pages', request.market, options);
  });
}

export async function exportPages(deps: MerchandisingImportDeps, request: PageExportRequest): Promise<PageContainer> {
  requireMarket(await deps.configuration.required(), request.market);
  return deps.stores.pages.export(request);
}
