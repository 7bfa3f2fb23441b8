/**
 * Template import (admin spec: `PUT|POST /api/admin/v4/import/templates`) and our export
 * (`GET /api/admin/v4/export/templates`, the stored map of template id → settings).
 * PUT replaces all templates and refuses to delete existing ones unless `force=true`; POST adds or replaces
 * the templates given.
 */
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { invalid } from '../kernel/errors';
import { validateTemplates } from '../merchandising/templates/validate';
import type { Templates } from '../merchandising/templates/types';

export interface TemplateImportOptions extends MerchandisingImportOptions { mode: 'replace' | 'upsert'; force: boolean }

export async function importTemplates(deps: MerchandisingImportDeps, body: unknown, options: TemplateImportOptions): Promise<ImportOutcome> {
  const validated = validateTemplates(body);
  if (!validated.ok) throw validated.problems.rejection('Template import');
  const templates = validated.value;
  const store = deps.stores.templates;
  return deps.runner.run({ kind: 'templates', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs }, async () => {
    const existing = Object.keys(await store.all(true));
    const removed = options.mode === 'replace' ? existing.filter((id) => !(id in templates)) : [];
    if (removed.length && !options.force) {
      throw invalid(`Template import would delete the templates ${removed.join(', ')}, which are not in the body: repeat with force=true to delete them, or add them with POST`, { removed });
    }
    await keepMerchandisingStart(deps, 'templates', '');
    await store.save(templates, removed);
    await keepMerchandisingVersion(deps, 'templates', '', options);
  });
}

export async function exportTemplates(deps: MerchandisingImportDeps): Promise<Templates> {
  return deps.stores.templates.all(true);
}
