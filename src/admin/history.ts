/**
 * History of the merchandising imports (docs/merchandising.md "Merchandising console: explain, history, impact"): list,
 * show, diff and roll back kept versions. A rollback imports the version's content again through the
 * kind's own import (its entry in merchandisingKinds.ts says with which body and options) (the same validation, the same import lock, 409 while another import runs), which
 * keeps a new version equal to the old one.
 */
import type { ImportOutcome } from './importRunner';
import type { MerchandisingImportDeps, MerchandisingImportOptions } from './merchandisingDeps';
import { merchandisingKind } from './merchandisingKinds';
import type { RawQuery } from '../kernel/params';
import { importKind } from './merchandisingServices';
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
      if (kind === 'configuration') return deps.importConfiguration(v.content, who);
      const described = merchandisingKind(kind);
      if (!described) throw new VersionNotFound(`no ${kind} version "${id}"`);
      const again = await described.history.rollback(deps.merchandising, v.content);
      return importKind(deps.merchandising, described, again.body, { ...who, ...(again.options as object) });
    },
  };
}

/** The scope a kind's versions are kept per, from the history routes' query (the configuration: one). */
export function historyScope(kind: HistoryKind, query: RawQuery): string {
  return merchandisingKind(kind)?.history.scopeOf(query) ?? '';
}

/** An unknown version id (404). */
export class VersionNotFound extends Error {}
