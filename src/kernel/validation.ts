/**
 * The one validation toolkit of imports and bodies (catalog lines, navigation, pages, templates, facets,
 * recommendation lists). Pure: a parsed JSON value in, a typed value or the problems that reject it out.
 *
 * - One problem type (`Problem`: a field path and a message), collected by `Problems` (one body or one
 *   line) or `LineProblems` (a file of lines), both capped in what they keep and exact in what they count.
 * - One result type (`Validated<T>`).
 * - Readers of the JSON shapes every body has (`object`, `string`, `integer`, `oneOf`, `array`, `map`, ...).
 *   Paths name the field the way an operator reads the body: `addOrUpdate[3].primaryList.pinned[7]`.
 *   Every reader treats `undefined` as "not given" and says nothing about it; `requireFields` does. JSON
 *   `null` is "not given" too where bodies go through `stripNulls` first (the spec says "omit or null").
 *   Unknown fields are errors: operators want typos caught, not silently dropped.
 *
 * Rules of one domain build on these: the catalog's in src/catalog/validation/, the markets a body may name
 * in src/configuration/markets.ts.
 */
import { invalid, type InvalidInput } from './errors';

/** One problem: where (a field path, '' for the whole body or line) and what. */
export interface Problem {
  path: string;
  message: string;
}

/** Operators get the first problems of a body, not thousands for one broken file. */
export const MAX_REPORTED_ERRORS = 100;

export class Problems {
  readonly errors: Problem[] = [];
  private total = 0;

  /** `limit`: problems kept (and reported); every one is counted. */
  constructor(private readonly limit = MAX_REPORTED_ERRORS) {}

  add(path: string, message: string): void {
    this.total++;
    if (this.errors.length < this.limit) this.errors.push({ path, message });
  }
  get any(): boolean {
    return this.total > 0;
  }
  get count(): number {
    return this.total;
  }
  /** As many problems kept as the limit allows: checking further only costs time. */
  get full(): boolean {
    return this.errors.length >= this.limit;
  }

  /** The 400 of a rejected import: `{message, errors: [{path, message}], moreErrors?}`. */
  rejection(what: string): InvalidInput {
    const first = this.errors[0];
    const head = first ? ` First: ${first.path || '(body)'}: ${first.message}.` : '';
    const more = this.total - this.errors.length;
    return invalid(`${what} rejected: ${this.total} error(s); nothing was imported.${head}`, {
      errors: this.errors,
      ...(more > 0 ? { moreErrors: more } : {}),
    });
  }
}

/**
 * A validated body, or the problems that reject it. `warnings`: what the spec advises against but allows
 * (accepted, reported in the import's status).
 */
export type Validated<T> = { ok: true; value: T; warnings?: Problem[] } | { ok: false; problems: Problems };

/** `value` unless `problems` has any. */
export function validated<T>(problems: Problems, value: T): Validated<T> {
  return problems.any ? { ok: false, problems } : { ok: true, value };
}

/** A problem of one line of an import file. */
export interface LineProblem extends Problem {
  line: number;
}

/** The problems of an import file, line by line, with a cap on what is kept. */
export class LineProblems {
  private readonly kept: LineProblem[] = [];
  private total = 0;
  private readonly lines = new Set<number>();

  add(line: number, problems: readonly Problem[]): void {
    for (const e of problems) {
      this.total++;
      this.lines.add(line);
      if (this.kept.length < MAX_REPORTED_ERRORS) this.kept.push({ line, path: e.path, message: e.message });
    }
  }

  get count(): number {
    return this.total;
  }
  get any(): boolean {
    return this.total > 0;
  }
  get list(): LineProblem[] {
    return this.kept;
  }

  /** The warnings of an accepted file, for its import status: `{warningCount, warnings: [{line, path, message}]}` (capped). */
  asWarnings(): { warningCount: number; warnings: LineProblem[] } | undefined {
    return this.total ? { warningCount: this.total, warnings: this.kept } : undefined;
  }

  /** The 400 of a rejected file: `{message, errors: [{line, path, message}], moreErrors?}`. */
  rejection(what = 'Import'): InvalidInput {
    const more = this.total - this.kept.length;
    const first = this.kept[0];
    const head = first ? ` First: line ${first.line}, ${first.path || '(line)'}: ${first.message}.` : '';
    return invalid(`${what} rejected: ${this.total} error(s) in ${this.lines.size} line(s); nothing was imported.${head}`, {
      errors: this.kept,
      ...(more > 0 ? { moreErrors: more } : {}),
    });
  }
}

export type Obj = Record<string, unknown>;

/**
 * Names every plain object answers for (`constructor`, `toString`, `valueOf`, `__proto__`, ...). An id equal
 * to one would find a built-in where a lookup by id expects nothing, and `__proto__` is no key at all when
 * assigned; so no id, market, locale or map key may be one (the readers below refuse them), and lookups by
 * caller data use `own()`, Maps or null-prototype objects.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isPrototypeKey = (name: string): boolean => PROTOTYPE_KEYS.has(name);

/** The problem of an id named after an Object.prototype member. */
export const prototypeKeyProblem = (name: string): string =>
  `"${name}" is the name of a built-in property of every JavaScript object: not allowed as an id or key`;

/** `record[key]` when `record` has it as its own entry; never a built-in (`own(markets, 'constructor')` is undefined). */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `"a", "b", ...` for messages that list allowed values. */
export function quoted(values: Iterable<string>, max = 10): string {
  const list = [...values];
  const shown = list
    .slice(0, max)
    .map((v) => `"${v}"`)
    .join(', ');
  return list.length > max ? `${shown}, ...` : shown;
}

export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

/** `base.name`, or `name` at the top. */
export const field = (base: string, name: string): string => (base === '' ? name : `${base}.${name}`);
/** `base[i]`. */
export const item = (base: string, i: number): string => `${base}[${i}]`;

/**
 * A deep copy without object members whose value is null (array elements are kept as they are). A member
 * named `__proto__` stays a member (defined, not assigned), so the readers refuse it instead of losing it.
 */
export function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (!isObject(v)) return v;
  const out: Obj = {};
  for (const [k, value] of Object.entries(v)) {
    if (value !== null) Object.defineProperty(out, k, { value: stripNulls(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** `v` as an object whose keys are all in `allowed`; other keys are `unknown field` problems. */
export function object(p: Problems, path: string, v: unknown, allowed: readonly string[]): Obj | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    p.add(path, `must be an object (got ${kindOf(v)})`);
    return undefined;
  }
  for (const key of Object.keys(v)) {
    if (!allowed.includes(key)) p.add(field(path, key), `unknown field (allowed: ${allowed.join(', ')})`);
  }
  return v;
}

export function requireFields(p: Problems, path: string, o: Obj, ...names: string[]): void {
  for (const name of names) if (o[name] === undefined) p.add(field(path, name), 'required');
}

/**
 * The opening of an import body holding one required field (`{"markets": ...}`, `{"locales": ...}`): the body
 * without nulls, or undefined with the problem added (`shape` shows the expected body in the message).
 */
export function requiredBody(p: Problems, raw: unknown, name: string, shape: string): Obj | undefined {
  const body = object(p, '', stripNulls(raw), [name]);
  if (!body) {
    if (!p.any) p.add('', `must be an object ${shape}`);
    return undefined;
  }
  requireFields(p, '', body, name);
  return body;
}

/** `id`: the string names something looked up by it (a market, locale, page, node, ...): no PROTOTYPE_KEYS. */
export interface StringRule {
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternText?: string;
  id?: boolean;
}

export function string(p: Problems, path: string, v: unknown, rule: StringRule = {}): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') {
    p.add(path, `must be a string (got ${kindOf(v)})`);
    return undefined;
  }
  const { min = 0, max } = rule;
  if (v.length < min) p.add(path, min === 1 ? 'must not be empty' : `at least ${min} characters (got ${v.length})`);
  else if (max !== undefined && v.length > max) p.add(path, `at most ${max} characters (got ${v.length})`);
  else if (rule.pattern && !rule.pattern.test(v)) p.add(path, `${rule.patternText ?? `must match ${rule.pattern}`} (got "${v.slice(0, 60)}")`);
  else if (rule.id && isPrototypeKey(v)) p.add(path, prototypeKeyProblem(v));
  else return v;
  return undefined;
}

export function boolean(p: Problems, path: string, v: unknown): boolean | undefined {
  if (v === undefined || typeof v === 'boolean') return v;
  p.add(path, `must be true or false (got ${kindOf(v)})`);
  return undefined;
}

export function integer(p: Problems, path: string, v: unknown, range: { min: number; max?: number }): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) p.add(path, `must be an integer (got ${typeof v === 'number' ? v : kindOf(v)})`);
  else if (v < range.min || (range.max !== undefined && v > range.max)) {
    p.add(path, range.max === undefined ? `must be at least ${range.min} (got ${v})` : `must be between ${range.min} and ${range.max} (got ${v})`);
  } else return v;
  return undefined;
}

export function oneOf<T extends string>(p: Problems, path: string, v: unknown, values: readonly T[]): T | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  p.add(path, `must be one of ${values.join(', ')} (got ${typeof v === 'string' ? `"${v.slice(0, 60)}"` : kindOf(v)})`);
  return undefined;
}

/** An array with `min`..`max` items; `each` checks every item at `path[i]`. */
export function array(
  p: Problems,
  path: string,
  v: unknown,
  opts: { min?: number; max?: number; each?: (value: unknown, path: string, i: number) => void },
): unknown[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) {
    p.add(path, `must be an array (got ${kindOf(v)})`);
    return undefined;
  }
  if (opts.min !== undefined && v.length < opts.min)
    p.add(path, opts.min === 1 ? 'must have at least one item' : `at least ${opts.min} items (got ${v.length})`);
  if (opts.max !== undefined && v.length > opts.max) p.add(path, `at most ${opts.max} items (got ${v.length})`);
  v.forEach((value, i) => opts.each?.(value, item(path, i), i));
  return v as unknown[];
}

/** An array of strings, each checked by `rule`; `unique` reports repeated values. */
export function stringArray(
  p: Problems,
  path: string,
  v: unknown,
  opts: { min?: number; max?: number; unique?: boolean; rule?: StringRule } = {},
): string[] | undefined {
  const seen = new Set<string>();
  const strings: string[] = [];
  const given = array(p, path, v, {
    ...opts,
    each: (value, at) => {
      const s = string(p, at, value, opts.rule ?? { min: 1 });
      if (s !== undefined && opts.unique && seen.has(s)) p.add(at, `"${s}" is repeated`);
      if (s !== undefined) seen.add(s);
      if (s !== undefined) strings.push(s);
    },
  });
  return given && strings;
}

/** An object used as a map; `value` checks each entry at `path.<key>`. A key named after a PROTOTYPE_KEYS member is a problem, not an entry. */
export function map(p: Problems, path: string, v: unknown, value: (entry: unknown, path: string, key: string) => void): Obj | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    p.add(path, `must be an object mapping names to values (got ${kindOf(v)})`);
    return undefined;
  }
  for (const [key, entry] of Object.entries(v)) {
    if (isPrototypeKey(key)) p.add(field(path, key), prototypeKeyProblem(key));
    else value(entry, field(path, key), key);
  }
  return v;
}

/**
 * An object mapping names to strings, each checked by `rule` (and `key`, when given, for the name): the
 * valid entries, typed. Its problems are in `p`; callers decide on `p.any` as for every reader.
 */
export function stringMap(
  p: Problems,
  path: string,
  v: unknown,
  rule: StringRule = { min: 1 },
  key?: (name: string, path: string) => void,
): Record<string, string> | undefined {
  const strings: Record<string, string> = {};
  const given = map(p, path, v, (entry, at, name) => {
    key?.(name, at);
    const s = string(p, at, entry, rule);
    if (s !== undefined) strings[name] = s;
  });
  return given && strings;
}

/** A problem for every object key of `v`, at any depth, that is one of PROTOTYPE_KEYS (a loop, not recursion: bodies may nest deep). */
export function prototypeKeys(p: Problems, path: string, v: unknown): void {
  const pending: [string, unknown][] = [[path, v]];
  for (let next = pending.pop(); next !== undefined && !p.full; next = pending.pop()) {
    const [at, value] = next;
    if (Array.isArray(value)) value.forEach((x, i) => pending.push([item(at, i), x]));
    else if (isObject(value)) {
      for (const [key, entry] of Object.entries(value)) {
        if (isPrototypeKey(key)) p.add(field(at, key), prototypeKeyProblem(key));
        else pending.push([field(at, key), entry]);
      }
    }
  }
}

/** What a joi schema gives back (joi is the design card's schema language for request bodies). */
interface JoiSchema<T> {
  validate(
    value: unknown,
    options?: { abortEarly?: boolean; convert?: boolean },
  ): { error?: { details: { path: (string | number)[]; message: string }[] }; value: T };
}

/**
 * Request bodies described by a joi schema (storefront and notification bodies, the configuration) go
 * through the same result and problem types as every import: joi's findings become Problems with paths
 * written like the toolkit's (`lines[2].quantity`).
 */
export function validateWithSchema<T>(schema: JoiSchema<T>, body: unknown, options: { abortEarly?: boolean; convert?: boolean } = {}): Validated<T> {
  const p = new Problems();
  // No schema names a field after an Object.prototype member, so any such key is an id or a map key: refused.
  prototypeKeys(p, '', body);
  if (p.any) return validated(p, undefined as T);
  const { error, value } = schema.validate(body, options);
  for (const d of error?.details ?? [])
    p.add(
      d.path.reduce<string>((at, part) => (typeof part === 'number' ? item(at, part) : field(at, part)), ''),
      d.message,
    );
  return validated(p, value);
}
