/**
 * The deprecated `productFilter` object, read into the rule tree and compiled by the same compiler:
 * one rule with one `incl` restriction per attribute (attributes AND, values of one attribute OR).
 *
 *   { "brand": "Acme", "custom.material": ["leather", "wool"], "price": { "min": 10, "max": 100 }, "discount": 50 }
 *
 * Values: a string or a list of strings (text attributes, custom labels); a number or a list of numbers
 * (exact values: numeric attributes, custom numbers); a range `{min, max}` (inclusive; `min` defaults
 * to 0, `max` to unbounded). The spec calls range bounds integers, the official client's own example
 * uses `{ "min": 3.5 }`, so any finite number is accepted. Measurements and newness are rules-only.
 */
import {
  lookupAttribute,
  MAX_FILTER_VALUE_LENGTH,
  MAX_PRODUCT_KEYS,
  MAX_RESTRICTIONS,
  MAX_VALUES_PER_RESTRICTION,
  type Interval,
  type Restriction,
  type RuleSet,
} from './ast';
import { compileRuleSet, type CompileContext, type CompiledRules } from './compile';
import { ProductFilterError } from './errors';

export interface ProductFilterOptions {
  /** Where the object came from; prefixes error messages. Default `productFilter`. */
  parameter?: string;
}

type Value = { kind: 'strings'; values: string[] } | { kind: 'ranges'; ranges: Interval[] };

/** The filter as a rule set (empty object → no rules). Throws ProductFilterError naming the attribute. */
export function parseProductFilter(filter: unknown, options: ProductFilterOptions = {}): RuleSet {
  const parameter = options.parameter ?? 'productFilter';
  if (!isPlainObject(filter)) throw new ProductFilterError('', `${parameter}: expected an object of attribute to value(s)`);
  const attributes = Object.keys(filter).length;
  if (attributes > MAX_RESTRICTIONS) throw new ProductFilterError('', `${parameter}: at most ${MAX_RESTRICTIONS} attributes (got ${attributes})`);
  let productKeys = 0;
  const restrictions = Object.entries(filter).map(([name, raw]): Restriction => {
    const fail = (detail: string) => new ProductFilterError(name, `${parameter}.${name}: ${detail}`);
    const ref = lookupAttribute(name);
    if (!ref) throw fail('unknown attribute');
    const value = readValue(raw, fail);
    switch (ref.kind) {
      case 'text':
        if (value.kind !== 'strings') throw fail('expected a string or a list of strings');
        if (ref.attribute === 'product_key') productKeys += value.values.length;
        if (productKeys > MAX_PRODUCT_KEYS) throw fail(`at most ${MAX_PRODUCT_KEYS} product keys in total`);
        return { kind: 'text', mode: 'incl', attribute: ref.attribute, values: value.values };
      case 'number':
        if (value.kind !== 'ranges') throw fail('expected a number, a list of numbers or {min, max}');
        return { kind: 'number', mode: 'incl', attribute: ref.attribute, ranges: value.ranges };
      case 'custom':
        return value.kind === 'strings'
          ? { kind: 'customLabel', mode: 'incl', name: ref.name, values: value.values }
          : { kind: 'customNumber', mode: 'incl', name: ref.name, ranges: value.ranges };
      case 'measure':
      case 'newness':
        throw fail('not available in productFilter; use productRules');
      default: {
        const never: never = ref;
        throw new Error(`unhandled attribute ${JSON.stringify(never)}`);
      }
    }
  });
  return restrictions.length ? [{ restrictions }] : [];
}

/** Parses and compiles a productFilter; it never handpicks. */
export function compileProductFilter(filter: unknown, context: ProductFilterOptions & CompileContext = {}): CompiledRules {
  return { filter: compileRuleSet(parseProductFilter(filter, context), context), handpicked: [] };
}

function readValue(raw: unknown, fail: (detail: string) => ProductFilterError): Value {
  const long = (Array.isArray(raw) ? raw : [raw]).find((v): v is string => typeof v === 'string' && v.length > MAX_FILTER_VALUE_LENGTH);
  if (long !== undefined) throw fail(`a value is at most ${MAX_FILTER_VALUE_LENGTH} characters (got ${long.length})`);
  if (typeof raw === 'string') return { kind: 'strings', values: [raw] };
  if (typeof raw === 'number') return { kind: 'ranges', ranges: [exactly(raw, fail)] };
  if (Array.isArray(raw)) {
    if (raw.length === 0) throw fail('expected at least one value');
    if (raw.length > MAX_VALUES_PER_RESTRICTION) throw fail(`at most ${MAX_VALUES_PER_RESTRICTION} values`);
    if (raw.every((v): v is string => typeof v === 'string')) return { kind: 'strings', values: raw };
    if (raw.every((v): v is number => typeof v === 'number')) return { kind: 'ranges', ranges: raw.map((n) => exactly(n, fail)) };
    throw fail('a list holds only strings or only numbers');
  }
  if (isPlainObject(raw)) return { kind: 'ranges', ranges: [readRange(raw, fail)] };
  throw fail('expected a string, a number, a list of them or {min, max}');
}

function exactly(n: number, fail: (detail: string) => ProductFilterError): Interval {
  if (!Number.isFinite(n)) throw fail('expected a finite number');
  return { min: { value: n, inclusive: true }, max: { value: n, inclusive: true } };
}

/** `{min, max}`: inclusive; min defaults to 0, max to unbounded. */
function readRange(raw: Record<string, unknown>, fail: (detail: string) => ProductFilterError): Interval {
  const extra = Object.keys(raw).filter((k) => k !== 'min' && k !== 'max');
  if (extra.length) throw fail(`a range holds only min and max, not ${extra.join(', ')}`);
  const bound = (key: 'min' | 'max'): number | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw fail(`${key} must be a number`);
    return v;
  };
  const min = bound('min') ?? 0;
  const max = bound('max');
  if (max !== undefined && max < min) throw fail(`min ${min} is above max ${max}`);
  return { min: { value: min, inclusive: true }, ...(max !== undefined ? { max: { value: max, inclusive: true } } : {}) };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
