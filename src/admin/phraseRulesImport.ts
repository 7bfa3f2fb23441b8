/**
 * Phrase rules import and export (our addition, beyond Elevate's API): `PUT /api/admin/v4/import/phrase-rules`
 * replaces the rules of each market in the body (`[]` clears one), `POST` adds or replaces rules by id,
 * `GET /api/admin/v4/export/phrase-rules` answers every market's rules (or one `market`'s) in the import's shape
 * `{"markets": {"SE": [rules]}}`. `previewOnly=true` keeps the rules as the markets' preview (what
 * `viewId=PREVIEW` applies), publishing nothing and keeping no version.
 * Applied to the next query (the store's cache is reset by the import), without reindexing the catalog.
 */
import { own } from '../kernel/validation';
import type { ImportOutcome } from './importRunner';
import { keepMerchandisingStart, keepMerchandisingVersion } from './historyRecord';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { validatePhraseRules } from '../merchandising/phraseRules/validate';
import type { PhraseRuleSets } from '../merchandising/phraseRules/types';

export type PhraseRuleImportMode = 'replace' | 'upsert';

export interface PhraseRuleImportOptions extends MerchandisingImportOptions { mode: PhraseRuleImportMode; previewOnly?: boolean }

export async function importPhraseRules(deps: MerchandisingImportDeps, body: unknown, options: PhraseRuleImportOptions): Promise<ImportOutcome> {
  const validated = validatePhraseRules(body, await deps.configuration.required());
  if (!validated.ok) throw validated.problems.rejection('Phrase rules import');
  const store = deps.stores.phraseRules;
  const previewOnly = options.previewOnly === true;
  return deps.runner.run({ kind: 'phrase-rules', name: options.name, blockingTimeoutMs: options.blockingTimeoutMs },
    async () => {
      if (!previewOnly) await keepMerchandisingStart(deps, 'phrase-rules', '');
      await (options.mode === 'replace' ? store.replace(validated.value, previewOnly) : store.upsert(validated.value, previewOnly));
      // A preview changes nothing live: the history keeps what visitors get.
      if (!previewOnly) await keepMerchandisingVersion(deps, 'phrase-rules', '', options);
    });
}

/** The published rules (`view=preview`: preview, else published) of every market, or of one. */
export async function exportPhraseRules(deps: MerchandisingImportDeps, market?: string, view: 'production' | 'preview' = 'production'): Promise<{ markets: PhraseRuleSets }> {
  const all = await deps.stores.phraseRules.view(view, true);
  if (market === undefined) return { markets: all };
  return { markets: { [market]: own(all, market) ?? [] } };
}
