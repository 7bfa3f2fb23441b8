/**
 * Markets and locales an entity refers to: every one must exist in the configuration (elevate-notes §8),
 * and `overrides` keys have the form `market|locale` with `*` as a wildcard for either side.
 */
import { type Scope, arrayOfStrings, map, quoted } from './checks';

export function market(s: Scope, path: string, m: string): void {
  if (!s.markets.has(m)) s.problems.add(path, `unknown market "${m}" (configured: ${quoted(s.markets.keys())})`);
}

export function locale(s: Scope, path: string, l: string): void {
  if (!s.locales.has(l)) s.problems.add(path, `unknown locale "${l}": not a locale of any configured market (configured: ${quoted(s.locales)})`);
}

/** `markets` of a product or content: at least one, all configured. */
export function marketList(s: Scope, path: string, v: unknown): void {
  arrayOfStrings(s, path, v, { min: 1, each: (m, p) => market(s, p, m) });
}

/** `limitedMarkets`: configured markets. */
export function marketValues(s: Scope, path: string, v: unknown): void {
  arrayOfStrings(s, path, v, { each: (m, p) => market(s, p, m) });
}

/** `limitedLocales`: locales of some configured market. */
export function localeValues(s: Scope, path: string, v: unknown): void {
  arrayOfStrings(s, path, v, { each: (l, p) => locale(s, p, l) });
}

/** One `overrides` key; `path` is the entry's path, e.g. `...overrides.SE|sv-SE`. */
export function overrideKey(s: Scope, path: string, k: string): void {
  const parts = k.split('|');
  if (parts.length !== 2) {
    s.problems.add(path, 'override key must have the form "market|locale", "market|*" or "*|locale"');
    return;
  }
  const [m, l] = parts;
  if (m === '*' && l === '*') {
    s.problems.add(path, '"*|*" is not allowed: put values for every market and locale in defaults');
    return;
  }
  if (m !== '*' && !s.markets.has(m)) s.problems.add(path, `unknown market "${m}" in override key (configured: ${quoted(s.markets.keys())})`);
  else if (l !== '*' && !s.locales.has(l)) s.problems.add(path, `unknown locale "${l}" in override key (configured: ${quoted(s.locales)})`);
  else if (m !== '*' && l !== '*' && !s.markets.get(m)?.has(l)) {
    s.problems.add(path, `locale "${l}" is not a locale of market "${m}" (its locales: ${quoted(s.markets.get(m) ?? [])})`);
  }
}

/** An `overrides` map: checked keys, each value checked by `data`. */
export function overrides(s: Scope, path: string, v: unknown, data: (value: unknown, path: string) => void): void {
  map(s, path, v, { key: (k, p) => overrideKey(s, p, k), value: data });
}

/** Does override key `k` apply in `m`/`l`? `l` may be `*` to mean "any locale of the market". */
export function overrideApplies(k: string, m: string, l: string): boolean {
  const [km, kl] = k.split('|');
  return (km === '*' || km === m) && (kl === '*' || l === '*' || kl === l);
}
