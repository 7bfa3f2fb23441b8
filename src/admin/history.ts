/**
 * History of the merchandising imports (docs/merchandising.md "Merchandising console: explain, history, impact"): list,
 * show, diff and roll back kept versions. A rollback imports the version's content again through the
 * kind's own import (the same validation, the same import lock, 409 while another import runs), which
 * keeps a new version equal to the old one.
 */
import type { ImportOutcome } from './importRunner';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { importPages } from './pagesImport';
import { importNavigation } from './navigationImport';
import { importSynonyms } from './synonymsImport';
import { merchandisingKind } from './merchandisingKinds';
import { importKind } from './merchandisingServices';
import { importTemplates } from './templatesImport';
import { importFacets } from './facetsImport';
import { importLabels } from './labelsImport';
import { importExperiments } from './experimentsImport';
import { diffVersions, type VersionDiff } from './historyDiff';
import type { HistoryKind } from './historyRecord';
import type { StoredVersion, VersionSummary } from '../merchandising/historyStore';
import { invalid } from '../kernel/errors';

export interface HistoryDeps {
  merchandising: MerchandisingImportDeps;
  /** The configuration import (adminServices), for configuration rollbacks. */
  importConfiguration(body: unknown, options: MerchandisingImportOptions): Promise<ImportOutcome>;
}

export type History = ReturnType<typeof history>;

export function history(deps: HistoryDeps) {
  const store = () => {
    if (!deps.merchandising.history) throw new Error('history is not kept');
    return deps.merchandising.history.store;
  };
  const version = async (kind: HistoryKind, id: string, parameter = 'id'): Promise<StoredVersion> => {
    const found = await store().get(kind, id);
    if (!found) throw new VersionNotFound(`${parameter}: no ${kind} version "${id}"`);
    return found;
  };
  return {
    list: async (kind: HistoryKind, scope: string): Promise<{ versions: VersionSummary[] }> => ({ versions: await store().list(kind, scope) }),

    show: async (kind: HistoryKind, id: string): Promise<VersionSummary & { scope: string; content: unknown }> => {
      const { id: vid, at, name, keyId, role, user, summary, scope, content } = await version(kind, id);
      return { id: vid, at, name, keyId, role: role ?? null, user: user ?? null, summary, scope, content };
    },

    diff: async (kind: HistoryKind, fromId: string, toId: string): Promise<VersionDiff & { from: string; to: string }> => {
      const [from, to] = await Promise.all([version(kind, fromId, 'from'), version(kind, toId, 'to')]);
      if (from.scope !== to.scope) throw invalid(`Query parameters from and to: the versions are of different scopes ("${from.scope}" and "${to.scope}")`);
      return { from: from.id, to: to.id, ...diffVersions(kind, from.content, to.content) };
    },

    rollback: async (kind: HistoryKind, id: string, options: MerchandisingImportOptions): Promise<ImportOutcome> => {
      const v = await version(kind, id);
      const who = { ...options, name: options.name ?? `rollback to ${v.id}` };
      const m = deps.merchandising;
      const described = merchandisingKind(kind);
      if (described) {
        const again = await described.history.rollback(m, v.content);
        return importKind(m, described, again.body, { ...who, ...(again.options as object) });
      }
      switch (kind) {
        // FULL, forced: the version's published pages exactly (pages it lacks are deleted, whatever their number).
        case 'pages': return importPages(m, { ...(v.content as object), type: 'FULL' }, { ...who, force: true });
        case 'navigation': return importNavigation(m, { ...(v.content as object), type: 'FULL' }, who);
        case 'synonyms': return importSynonyms(m, await synonymsBody(m, v.content), { ...who, mode: 'replace' });
        case 'templates': return importTemplates(m, v.content, { ...who, mode: 'replace', force: true });
        case 'facets': return importFacets(m, v.content, who);
        case 'labels': return importLabels(m, v.content, who);
        case 'experiments': return importExperiments(m, v.content, { ...who, mode: 'replace' });
        case 'configuration': return deps.importConfiguration(v.content, who);
        default: throw new Error(`no rollback of ${kind}`);
      }
    },
  };
}

/** A replace of every locale: the version's rules, and none for a locale that has rules now but had none then. */
async function synonymsBody(m: MerchandisingImportDeps, content: unknown): Promise<{ locales: Record<string, unknown[]> }> {
  const then = (content as { locales?: Record<string, unknown[]> }).locales ?? {};
  const now = await m.stores.synonyms.all(true);
  return { locales: { ...Object.fromEntries(Object.keys(now).map((locale) => [locale, []])), ...then } };
}

/** An unknown version id (404). */
export class VersionNotFound extends Error {}
