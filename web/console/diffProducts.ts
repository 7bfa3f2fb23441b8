/**
 * The products a history diff names (pins, hidden and blocked products, phrase rules' pinned and hidden,
 * slices' pinned products), so the History view can show them by title: the keys are gathered from the whole
 * diff and looked up in one request, then each value is named where it is shown. Pure.
 */
import type { VersionDiff } from '../../src/contract/merchandising';

/** Fields whose values are product keys (pages, recommendation lists, phrase rules, slices). */
const PRODUCT_FIELDS = new Set(['pinned', 'hidden', 'blocked', 'pinnedProducts', 'productKey']);

/** A product a value names, with its title when the lookup found it and a phrase rule's position when it has one. */
export interface NamedProduct {
  key: string;
  title?: string;
  position?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The last field name of a leaf path: `primaryList.pinned[0]` → `pinned`, `[1]` → ''. */
export function fieldOf(path: string): string {
  const names = path.replace(/\[\d+\]/g, '').split('.');
  return names[names.length - 1] ?? '';
}

/** Keys under a product field: a key, a list of them, or pins as phrase rules write them ({productKey, position}). */
function keysUnder(value: unknown): { key: string; position?: number }[] {
  if (typeof value === 'string') return [{ key: value }];
  if (Array.isArray(value)) return value.flatMap(keysUnder);
  if (isObject(value) && typeof value.productKey === 'string')
    return [{ key: value.productKey, ...(typeof value.position === 'number' ? { position: value.position } : {}) }];
  return [];
}

/** Every product a value holds, looking into nested entries (a page or rule added whole). */
function keysIn(value: unknown, field: string): { key: string; position?: number }[] {
  if (PRODUCT_FIELDS.has(field)) return keysUnder(value);
  if (Array.isArray(value)) return value.flatMap((v) => keysIn(v, field));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => keysIn(v, k));
  return [];
}

const named = (found: { key: string; position?: number }[], titles: Record<string, string>): NamedProduct[] =>
  found.map((p) => ({ ...p, ...(titles[p.key] !== undefined ? { title: titles[p.key] } : {}) }));

/** The products one side of a changed field names; undefined when the field holds no product keys (shown as it is). */
export function productsOfChange(path: string, value: unknown, titles: Record<string, string>): NamedProduct[] | undefined {
  const field = fieldOf(path);
  const found = PRODUCT_FIELDS.has(field) ? keysUnder(value) : keysIn(value, field);
  return found.length || (PRODUCT_FIELDS.has(field) && Array.isArray(value)) ? named(found, titles) : undefined;
}

/** The products an added or removed entry names. */
export function productsOfEntry(entry: unknown, titles: Record<string, string>): NamedProduct[] {
  return named(keysIn(entry, ''), titles);
}

/** Every product key the diff names, once each, for one lookup. */
export function productKeysOf(diff: VersionDiff): string[] {
  const keys = [
    ...diff.changed.flatMap((c) =>
      c.fields.flatMap((f) => [f.from, f.to].flatMap((v) => (PRODUCT_FIELDS.has(fieldOf(f.path)) ? keysUnder(v) : keysIn(v, fieldOf(f.path))))),
    ),
    ...[...diff.added, ...diff.removed].flatMap((e) => keysIn(e.entry, '')),
  ].map((p) => p.key);
  return [...new Set(keys)];
}
