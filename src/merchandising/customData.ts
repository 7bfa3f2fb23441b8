/** `customData` of pages and navigation nodes: a small map of strings an operator attaches for the front end. */
import { map, string, type Problems } from '../kernel/validation';

export const CUSTOM_DATA_KEY = /^[A-Za-z0-9_-]+$/;

/** customData: string values, keys of letters, digits, `-`, `_`, at most `maxKeys` keys and `maxChars` characters of keys and values together. */
export function customData(p: Problems, path: string, v: unknown, limits: { maxKeys: number; maxChars: number }): Record<string, string> | undefined {
  let chars = 0;
  const m = map(p, path, v, (entry, at, key) => {
    if (!CUSTOM_DATA_KEY.test(key)) p.add(at, 'key may hold only letters, digits, "-" and "_"');
    chars += key.length;
    const s = string(p, at, entry);
    if (s !== undefined) chars += s.length;
  });
  if (!m) return undefined;
  const keys = Object.keys(m).length;
  if (keys > limits.maxKeys) p.add(path, `at most ${limits.maxKeys} keys (got ${keys})`);
  if (chars > limits.maxChars) p.add(path, `at most ${limits.maxChars} characters of keys and values together (got ${chars})`);
  return m as Record<string, string>;
}
