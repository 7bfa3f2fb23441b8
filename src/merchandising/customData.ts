/** `customData` of pages and navigation nodes: a small map of strings an operator attaches for the front end. */
import { stringMap, type Problems } from '../kernel/validation';

export const CUSTOM_DATA_KEY = /^[A-Za-z0-9_-]+$/;

/** customData: string values, keys of letters, digits, `-`, `_`, at most `maxKeys` keys and `maxChars` characters of keys and values together. */
export function customData(p: Problems, path: string, v: unknown, limits: { maxKeys: number; maxChars: number }): Record<string, string> | undefined {
  let keys = 0;
  const m = stringMap(p, path, v, { min: 0 }, (key, at) => {
    if (!CUSTOM_DATA_KEY.test(key)) p.add(at, 'key may hold only letters, digits, "-" and "_"');
    keys++;
  });
  if (!m) return undefined;
  const chars = Object.entries(m).reduce((n, [key, value]) => n + key.length + value.length, 0);
  if (keys > limits.maxKeys) p.add(path, `at most ${limits.maxKeys} keys (got ${keys})`);
  if (chars > limits.maxChars) p.add(path, `at most ${limits.maxChars} characters of keys and values together (got ${chars})`);
  return m;
}
