/**
 * Product rules as data: an expression is rules OR'ed together; a rule is restrictions AND'ed in order
 * (incl narrows, excl removes). This module is a stand-in for the full rule language (being written
 * separately): parser.ts reads the subset below, productFilter.ts maps the deprecated JSON filter onto
 * the same tree, compile.ts turns it into Elasticsearch filters.
 */
export type RuleValue =
  | { kind: 'strings'; values: string[] }
  /** Inclusive bounds; undefined is -infinity / infinity. */
  | { kind: 'interval'; min?: number; max?: number };

/** Attributes of the subset, with the value kinds each accepts. */
export const RULE_ATTRIBUTES = {
  brand: ['strings'],
  category: ['strings'],
  product_key: ['strings'],
  variant_key: ['strings'],
  size: ['strings'],
  price: ['interval'],
  discount: ['interval'],
  rating: ['interval'],
} as const satisfies Record<string, readonly RuleValue['kind'][]>;

export type BuiltinAttribute = keyof typeof RULE_ATTRIBUTES;
export type RuleAttribute = { name: BuiltinAttribute } | { name: 'custom'; custom: string };

export interface Restriction {
  mode: 'incl' | 'excl';
  attribute: RuleAttribute;
  value: RuleValue;
}

export interface Rule { restrictions: Restriction[] }
export type RuleExpression = Rule[];

/** Limits of the spec: values per attribute, and product keys per rule. */
export const MAX_VALUES = 200;
export const MAX_PRODUCT_KEYS = 100;

/** Custom attributes take strings (labels) or intervals (numbers). */
export function acceptedKinds(attribute: RuleAttribute): readonly RuleValue['kind'][] {
  return attribute.name === 'custom' ? ['strings', 'interval'] : RULE_ATTRIBUTES[attribute.name];
}

export function attributeName(a: RuleAttribute): string {
  return a.name === 'custom' ? `custom.${a.custom}` : a.name;
}

/** Reads `brand`, `custom.material`, ...; undefined when unknown. */
export function ruleAttribute(name: string): RuleAttribute | undefined {
  if (name.startsWith('custom.') && name.length > 7) return { name: 'custom', custom: name.slice(7) };
  return Object.hasOwn(RULE_ATTRIBUTES, name) ? { name: name as BuiltinAttribute } : undefined;
}
