/**
 * Product rules as data. A rule set is rules OR'ed together; a rule is restrictions AND'ed in order
 * (`incl` narrows, `excl` removes). Each restriction kind pairs an attribute with the one condition shape
 * it accepts, so the compiler never meets an ill-typed restriction. The parser (rule language) and
 * productFilter.ts (deprecated JSON filter) both produce this tree; compile.ts turns it into a filter.
 * Grammar and semantics: docs/product-rules.md.
 */

export type Mode = 'incl' | 'excl';

/** One end of an interval; an absent bound is -infinity / infinity. */
export interface Bound {
  value: number;
  inclusive: boolean;
}
export interface Interval {
  min?: Bound;
  max?: Bound;
}

export type DurationUnit = 'h' | 'd' | 'w';
/** Newness: released within this period before now. */
export interface Duration {
  amount: number;
  unit: DurationUnit;
}

/** Attributes taking a list of strings. */
export const TEXT_ATTRIBUTES = [
  'product_key',
  'variant_key',
  'brand',
  'series',
  'category',
  'department',
  'gender',
  'age',
  'pattern',
  'product_type',
  'size',
] as const;
/** Attributes taking a numeric interval. */
export const NUMBER_ATTRIBUTES = ['price', 'discount', 'rating', 'stock_number'] as const;
/** Attributes taking an interval with units, and the dimension of those units. */
export const MEASURE_ATTRIBUTES = {
  length: 'length',
  width: 'length',
  height: 'length',
  depth: 'length',
  volume: 'volume',
  weight: 'weight',
} as const;

export type TextAttribute = (typeof TEXT_ATTRIBUTES)[number];
export type NumberAttribute = (typeof NUMBER_ATTRIBUTES)[number];
export type MeasureAttribute = keyof typeof MEASURE_ATTRIBUTES;
export type Dimension = (typeof MEASURE_ATTRIBUTES)[MeasureAttribute];

/**
 * A restriction. `ranges` are OR'ed (the rule language writes one; productFilter may list exact numbers).
 * Measure and custom length ranges are in base units: mm, ml, g.
 */
export type Restriction =
  | { kind: 'text'; mode: Mode; attribute: TextAttribute; values: string[] }
  | { kind: 'number'; mode: Mode; attribute: NumberAttribute; ranges: Interval[] }
  | { kind: 'measure'; mode: Mode; attribute: MeasureAttribute; range: Interval }
  | { kind: 'newness'; mode: Mode; within: Duration }
  | { kind: 'customLabel'; mode: Mode; name: string; values: string[] }
  | { kind: 'customNumber'; mode: Mode; name: string; ranges: Interval[] }
  | { kind: 'customLength'; mode: Mode; name: string; range: Interval };

export interface Rule {
  restrictions: Restriction[];
}
export type RuleSet = Rule[];

/** Spec limits: values in one restriction, and product keys in a whole rule set. */
export const MAX_VALUES_PER_RESTRICTION = 200;
export const MAX_PRODUCT_KEYS = 100;
/**
 * Our limits on one expression (not the spec's), at many times what a shop's pages use (a handful of rules of
 * a few restrictions each), so that no caller makes the search cluster do unbounded work: a storefront
 * request may send rules without a key. The compiled filter of 100 restrictions stays far below
 * Elasticsearch's clause limit (docs/storefront.md#limits).
 */
export const MAX_RULES = 50;
export const MAX_RESTRICTIONS = 100;
/**
 * Our limit on one value a rule, a productFilter or a contentFilter matches (not the spec's): no catalog value
 * is longer (custom labels are indexed up to 1,000 characters, keys up to 200), and Elasticsearch fails a
 * whole search on a term over 32,766 bytes.
 */
export const MAX_FILTER_VALUE_LENGTH = 1000;

/** What an attribute name refers to, before its condition is known. */
export type AttributeRef =
  | { kind: 'text'; attribute: TextAttribute }
  | { kind: 'number'; attribute: NumberAttribute }
  | { kind: 'measure'; attribute: MeasureAttribute; dimension: Dimension }
  | { kind: 'newness' }
  | { kind: 'custom'; name: string };

const CUSTOM_PREFIX = 'custom.';

const isOneOf = <T extends string>(list: readonly T[], s: string): s is T => (list as readonly string[]).includes(s);

/**
 * Reads an attribute name. Built-in names and the `custom.` prefix are case-insensitive; the custom name
 * after the prefix is a field name and keeps its case. Undefined when unknown (or `custom.` has no name).
 */
export function lookupAttribute(name: string): AttributeRef | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith(CUSTOM_PREFIX)) {
    const custom = name.slice(CUSTOM_PREFIX.length);
    return custom === '' ? undefined : { kind: 'custom', name: custom };
  }
  if (isOneOf(TEXT_ATTRIBUTES, lower)) return { kind: 'text', attribute: lower };
  if (isOneOf(NUMBER_ATTRIBUTES, lower)) return { kind: 'number', attribute: lower };
  if (Object.hasOwn(MEASURE_ATTRIBUTES, lower)) {
    const attribute = lower as MeasureAttribute;
    return { kind: 'measure', attribute, dimension: MEASURE_ATTRIBUTES[attribute] };
  }
  return lower === 'newness' ? { kind: 'newness' } : undefined;
}

/** The canonical spelling of an attribute, for messages. */
export function attributeName(ref: AttributeRef): string {
  switch (ref.kind) {
    case 'custom':
      return `${CUSTOM_PREFIX}${ref.name}`;
    case 'newness':
      return 'newness';
    default:
      return ref.attribute;
  }
}
