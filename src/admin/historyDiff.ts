/**
 * Pure diff of two kept versions of a merchandising import: the entries added, removed and changed, each
 * changed entry field by field (leaf paths such as `primaryList.pinned[0]`). Entries are what the kind's
 * export is made of, as its entry in merchandisingKinds.ts says (pages by id, synonyms by locale, ...); the
 * configuration's are its markets.
 */
import { isDeepStrictEqual } from 'node:util';

import type { FieldChange, VersionDiff } from '../contract/merchandising';
import { merchandisingKind } from './merchandisingKinds';

export type { FieldChange, VersionDiff } from '../contract/merchandising';

type Entries = Map<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entries of a version's content by id: the kind's (merchandisingKinds.ts), the configuration's by market. */
export function entriesOf(kind: string, content: unknown): Entries {
  const c = isObject(content) ? content : {};
  const described = merchandisingKind(kind);
  if (described) return described.history.entries(c);
  return new Map(Object.entries(isObject(c.markets) ? c.markets : c));
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
    if (!b.has(id)) {
      out.removed.push({ id, entry });
      continue;
    }
    const fields = fieldChanges(entry, b.get(id));
    if (fields.length) out.changed.push({ id, fields });
  }
  return out;
}

/** A one-line account of a version for lists: its entries, counted. */
export function summarize(kind: string, content: unknown): string {
  const entries = entriesOf(kind, content);
  const history = merchandisingKind(kind)?.history;
  const noun = history?.noun ?? (kind === 'configuration' ? 'market' : 'entry');
  const n = entries.size;
  const what = `${n} ${noun}${n === 1 ? '' : 's'}`;
  const detail = history?.detail?.(entries);
  return detail ? `${what} (${detail})` : what;
}
