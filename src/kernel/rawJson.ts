/**
 * JSON text spliced into an answer as it is: parts serialised earlier (a product group's listing JSON,
 * src/storefront/listingJson.ts) are not parsed and serialised again per request.
 *
 * `stringifyAnswer` writes what `JSON.stringify` writes, byte for byte, but for RawJson values, whose text
 * goes in unchanged. It walks plain objects and arrays only down to RAW_DEPTH (where answers hold their
 * product lists) and hands every deeper value to `JSON.stringify` whole, so its own JavaScript touches a
 * few dozen values per answer. A RawJson deeper than that, or serialised by `JSON.stringify` itself, throws:
 * a misplaced one fails the first test that meets it instead of answering `{}`.
 */

/** How deep (0: the answer itself) RawJson values may sit: `primaryList.productGroups` is at depth 2. */
export const RAW_DEPTH = 3;

export class RawJson {
  /** `json` must be one complete JSON value. */
  constructor(readonly json: string) {}

  toJSON(): never {
    throw new Error(`RawJson reached JSON.stringify: place it at most ${RAW_DEPTH} levels deep in the answer`);
  }
}

/** JSON.stringify(value), with each RawJson's text spliced in. */
export function stringifyAnswer(value: unknown): string {
  return write(value, 0) ?? 'null';
}

/** A plain object or array, whose members this module writes itself: anything else (Date, ...) JSON.stringify writes. */
function walked(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** The JSON of `value`, undefined where JSON.stringify leaves a member out (undefined, functions, symbols). */
function write(value: unknown, depth: number): string | undefined {
  if (value instanceof RawJson) return value.json;
  if (value === null || typeof value !== 'object' || depth >= RAW_DEPTH || !walked(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${write(value[i], depth + 1) ?? 'null'}`;
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = write((value as Record<string, unknown>)[key], depth + 1);
    if (member === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${member}`;
    first = false;
  }
  return `${out}}`;
}
