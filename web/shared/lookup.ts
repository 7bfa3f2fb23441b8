/**
 * Lookups by ids and keys that come from data (markets, locales, product keys, facet ids): `own(record, key)`
 * is the record's own entry or undefined, never a built-in every object has (`constructor`, `toString`,
 * `__proto__`), as `record[key]` would find. The server refuses such ids; the pages do not trust that.
 */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An empty object to use as a map: no prototype, so no key finds a built-in and `__proto__` is a key like any. */
export const emptyMap = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
