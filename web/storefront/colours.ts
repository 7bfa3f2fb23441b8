/**
 * Colour names seen in listings' colour facets, kept for the tab (sessionStorage) per market and locale: a
 * product page has no facet, and its swatches are named from what the shopper's listings named them.
 */
const KEY = 'open-elevate.colour-names';

function read(): Record<string, Record<string, string>> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, Record<string, string>>;
  } catch {
    return {};
  }
}

export function rememberColourNames(at: string, names: ReadonlyMap<string, string>): void {
  if (!names.size) return;
  const all = read();
  const known = all[at] ?? {};
  let changed = false;
  for (const [hex, name] of names)
    if (known[hex] !== name) {
      known[hex] = name;
      changed = true;
    }
  if (!changed) return;
  all[at] = known;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or off: names are a nicety */
  }
}

export function knownColourNames(at: string): ReadonlyMap<string, string> {
  return new Map(Object.entries(read()[at] ?? {}));
}
