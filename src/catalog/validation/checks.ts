/**
 * The catalog's rules on the one validation toolkit (src/kernel/validation.ts): the scope a line is
 * checked in (configured markets, full or partial payload), the per-line cap, and the catalog's wording of
 * each repeated shape (`obj` suggests the field a typo meant, `map` knows that an edit merges maps, keys of
 * entities, products, variants and images). Paths are dotted, as a catalog line nests objects only:
 * `replace.productGroup.products.p1.defaults.url`.
 * Every helper treats `undefined` as "field not given" and says nothing about it; `required` does that.
 * Helpers return the narrowed value when its type is right, so callers can go on with rules across fields.
 */
import { Problems, isObject, isPrototypeKey, kindOf, own, prototypeKeyProblem, type Obj, type Problem } from '../../kernel/validation';

export { isObject, kindOf, quoted, type Obj } from '../../kernel/validation';
/** A problem of a catalog line (the toolkit's one problem type). */
export type FieldError = Problem;

/** Operators get the first problems of a line, not thousands for one broken product group. */
export const MAX_ERRORS_PER_LINE = 20;

/**
 * Our choice (the spec gives none for catalog keys): entity, product, variant and image keys are at most
 * 200 characters, like page ids and navigation ids in the spec's limits.
 */
export const MAX_KEY_LENGTH = 200;

/**
 * Our choice (the spec gives none): one catalog string is at most 4,000 characters. Most are indexed as
 * keywords, and Elasticsearch refuses a document holding a keyword over 32,766 bytes, which failed the whole
 * import with a 500 (a 40,000-character brand); 4,000 characters stay under it even in 4-byte UTF-8. Free
 * text (descriptions) is analysed, not kept whole, and takes MAX_FREE_TEXT_LENGTH.
 */
export const MAX_STRING_LENGTH = 4000;
export const MAX_FREE_TEXT_LENGTH = 100_000;

/** The problems of one line, capped at MAX_ERRORS_PER_LINE. */
export const lineProblems = (): Problems => new Problems(MAX_ERRORS_PER_LINE);

/** What a line is checked against. */
export interface Scope {
  problems: Problems;
  /** Configured market → its locales. */
  markets: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every locale of some configured market. */
  locales: ReadonlySet<string>;
  /** An `edit`/`editAttributes` payload: every field optional (no `required`, no minimum map sizes, no rules across variants). */
  partial: boolean;
  /** What the spec advises against but allows: accepted, and reported as warnings. */
  warnings: Problem[];
}

/** Dotted field path; keys are used as they are (`overrides.SE|sv-SE.title`). */
export const at = (base: string, key: string | number): string => (base === '' ? String(key) : `${base}.${key}`);

/**
 * `v` as an object whose keys are all in `allowed`. Keys in `refused` get their own message (a field that
 * exists elsewhere but not here); any other key is an `unknown field`, with a suggestion for likely typos.
 */
export function obj(s: Scope, path: string, v: unknown, allowed: readonly string[], refused: Readonly<Record<string, string>> = {}): Obj | undefined {
  if (!isObject(v)) {
    s.problems.add(path, `must be an object (got ${kindOf(v)})`);
    return undefined;
  }
  for (const key of Object.keys(v)) {
    if (allowed.includes(key)) continue;
    s.problems.add(at(path, key), own(refused, key) ?? unknownField(key, allowed));
  }
  return v;
}

function unknownField(key: string, allowed: readonly string[]): string {
  const guess = allowed.find((a) => a.toLowerCase() === key.toLowerCase()) ?? allowed.find((a) => a.length > 3 && editDistance(a, key) <= 2);
  if (guess) return `unknown field (did you mean "${guess}"?)`;
  return allowed.length <= 8 ? `unknown field (allowed: ${allowed.join(', ')})` : 'unknown field';
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Reports each of `fields` missing from `o`, unless the payload is partial. */
export function required(s: Scope, path: string, o: Obj, ...fields: string[]): void {
  if (s.partial) return;
  for (const field of fields) if (o[field] === undefined) s.problems.add(at(path, field), 'required');
}

export function str(s: Scope, path: string, v: unknown, opts: { nonEmpty?: boolean; max?: number } = {}): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') {
    s.problems.add(path, `must be a string (got ${kindOf(v)})`);
    return undefined;
  }
  const max = opts.max ?? MAX_STRING_LENGTH;
  if (opts.nonEmpty && v.trim() === '') s.problems.add(path, 'must not be empty');
  else if (v.length > max) s.problems.add(path, `at most ${max} characters (got ${v.length})`);
  return v;
}

export function num(s: Scope, path: string, v: unknown, opts: { min?: number; max?: number; integer?: boolean } = {}): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    s.problems.add(path, `must be a number (got ${kindOf(v)})`);
    return undefined;
  }
  let problem: string | undefined;
  if (opts.integer && !Number.isInteger(v)) problem = `must be an integer (got ${v})`;
  else if (opts.min !== undefined && opts.max !== undefined && (v < opts.min || v > opts.max))
    problem = `must be between ${opts.min} and ${opts.max} (got ${v})`;
  else if (opts.min !== undefined && v < opts.min) problem = `must be at least ${opts.min} (got ${v})`;
  if (problem === undefined) return v;
  s.problems.add(path, problem);
  return undefined;
}

export function bool(s: Scope, path: string, v: unknown): boolean | undefined {
  if (v === undefined || typeof v === 'boolean') return v;
  s.problems.add(path, `must be true or false (got ${kindOf(v)})`);
  return undefined;
}

/** An array of strings with `min`..`max` values; `each` checks every string at `path.<index>`. */
export function arrayOfStrings(
  s: Scope,
  path: string,
  v: unknown,
  opts: { min?: number; max?: number; each?: (value: string, path: string) => void } = {},
): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) {
    s.problems.add(path, `must be an array of strings (got ${kindOf(v)})`);
    return undefined;
  }
  if (opts.min !== undefined && v.length < opts.min)
    s.problems.add(path, opts.min === 1 ? 'must have at least one value' : `at least ${opts.min} values (got ${v.length})`);
  if (opts.max !== undefined && v.length > opts.max) s.problems.add(path, `at most ${opts.max} values (got ${v.length})`);
  let ok = true;
  v.forEach((item: unknown, i) => {
    if (typeof item !== 'string') {
      s.problems.add(at(path, i), `must be a string (got ${kindOf(item)})`);
      ok = false;
    } else if (item.length > MAX_STRING_LENGTH) {
      s.problems.add(at(path, i), `at most ${MAX_STRING_LENGTH} characters (got ${item.length})`);
      ok = false;
    } else opts.each?.(item, at(path, i));
  });
  return ok ? (v as string[]) : undefined;
}

/**
 * An object used as a map. `min` is enforced only on full payloads (an edit merges maps, so an empty one
 * changes nothing). `key` checks each key (reporting at the entry's path), `value` each value.
 */
export function map(
  s: Scope,
  path: string,
  v: unknown,
  opts: { min?: number; key?: (key: string, path: string) => void; value: (value: unknown, path: string, key: string) => void },
): Obj | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    s.problems.add(path, `must be an object mapping names to values (got ${kindOf(v)})`);
    return undefined;
  }
  const entries = Object.entries(v);
  if (!s.partial && opts.min === 1 && entries.length === 0) s.problems.add(path, 'must have at least one entry');
  for (const [key, value] of entries) {
    if (s.problems.full) break;
    // Product, variant and image keys, custom attribute names, override keys: ids, never a built-in's name.
    if (isPrototypeKey(key)) {
      s.problems.add(at(path, key), prototypeKeyProblem(key));
      continue;
    }
    opts.key?.(key, at(path, key));
    // JSON has no undefined; in a typed (merged) entity an undefined entry is an absent one.
    if (value !== undefined) opts.value(value, at(path, key), key);
  }
  return v;
}

/** Entity, product, variant and image keys: non-empty, at most MAX_KEY_LENGTH characters, no Object.prototype member's name. */
export function key(s: Scope, path: string, v: unknown): string | undefined {
  if (v === undefined) {
    s.problems.add(path, 'required');
    return undefined;
  }
  const k = str(s, path, v, { nonEmpty: true, max: MAX_KEY_LENGTH });
  if (k !== undefined && isPrototypeKey(k)) {
    s.problems.add(path, prototypeKeyProblem(k));
    return undefined;
  }
  return k;
}

/** A map key used as an entity key (product, variant, image): the same rule, reported at the entry. */
export function mapKey(s: Scope, path: string, k: string): void {
  if (k.trim() === '') s.problems.add(path, 'key must not be empty');
  else if (k.length > MAX_KEY_LENGTH) s.problems.add(path, `key is at most ${MAX_KEY_LENGTH} characters (got ${k.length})`);
}
