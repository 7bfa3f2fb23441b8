/**
 * Pure diff of two kept versions of a merchandising import: the entries added, removed and changed, each
 * changed entry field by field (leaf paths such as `primaryList.pinned[0]`). Entries are what the kind's
 * export is made of: pages by id, synonyms by locale, templates by id, experiments by id, facets and labels by market,
 * navigation nodes by id, the configuration by market.
 */
import { isDeepStrictEqual } from 'node:util';

import type { FieldChange, VersionDiff } from '../contract/merchandising';
import { merchandisingKind } from './merchandisingKinds';

export type { FieldChange, VersionDiff } from '../contract/merchandising';

type Entries = Map<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entries of a version's content by id. */
export function entriesOf(kind: string, content: unknown): Entries {
  const c = isObject(content) ? content : {};
  const described = merchandisingKind(kind);
  if (described) return described.history.entries(c);
  const byId = (list: unknown) => new Map((Array.isArray(list) ? list : []).map((e) => [String((e as { id?: unknown }).id), e] as const));
  switch (kind) {
    case 'pages': case 'navigation': return byId(c.addOrUpdate);
    case 'experiments': return byId(c.experiments);
    case 'synonyms': return new Map(Object.entries(isObject(c.locales) ? c.locales : {}));
    case 'facets': case 'labels': case 'configuration': return new Map(Object.entries(isObject(c.markets) ? c.markets : c));
    default: return new Map(Object.entries(c));
  }
}

/** Leaf paths where `a` and `b` differ; a value missing on one side is `undefined` there. */
export function fieldChanges(a: unknown, b: unknown, path = ''): FieldChange[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => fieldChanges(a[k], b[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => fieldChanges(a[i], b[i], `${path}[${i}]`)).flat();
  }
  return [{ path, from: a, to: b }];
}

export function diffVersions(kind: string, from: unknown, to: unknown): VersionDiff {
  const a = entriesOf(kind, from);
  const b = entriesOf(kind, to);
  const out: VersionDiff = { added: [], removed: [], changed: [] };
  for (const [id, entry] of b) if (!a.has(id)) out.added.push({ id, entry });
  for (const [id, entry] of a) {
    if (!b.has(id)) { out.removed.push({ id, entry }); continue; }
    const fields = fieldChanges(entry, b.get(id));
    if (fields.length) out.changed.push({ id, fields });
  }
  return out;
}

/** A one-line account of a version for lists: its entries, counted. */
export function summarize(kind: string, content: unknown): string {
  const entries = entriesOf(kind, content);
  const noun: Record<string, string> = { pages: 'page', navigation: 'node', synonyms: 'locale', templates: 'template', facets: 'market', labels: 'market', experiments: 'experiment', configuration: 'market', ...(merchandisingKind(kind) ? { [kind]: merchandisingKind(kind)!.history.noun } : {}) };
  const n = entries.size;
  const what = `${n} ${noun[kind] ?? 'entry'}${n === 1 ? '' : 's'}`;
  if (kind !== 'synonyms') return what;
  const rules = [...entries].map(([locale, list]) => `${locale}: ${Array.isArray(list) ? list.length : 0} rules`);
  return rules.length ? `${what} (${rules.join(', ')})` : what;
}
