/**
 * Compiles a rule set to one Elasticsearch filter over ProductDocuments (src/catalog/documentTypes.ts).
 * Rules are OR'ed (`bool.should`), a rule's `incl` restrictions are `bool.filter` and its `excl` ones
 * `bool.must_not`. A product matches an attribute condition when the product itself or any of its
 * variants does: custom attributes look at both, variant facts (key, price, stock) use nested queries.
 * Pure: no scripts, date math only (`now-10d/d`).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { Duration, Interval, MeasureAttribute, NumberAttribute, Restriction, Rule, RuleSet, TextAttribute } from './ast';
import { parseRules, type ParseOptions } from './parser';
import { customLabelQuery, customNumericQuery, productOrVariant, type ValueRange } from '../catalog/attributeQueries';

type Query = estypes.QueryDslQueryContainer;

export interface CompileContext {
  /** Custom price id of the request: price restrictions use `customPrice.<priceId>.selling` instead. */
  priceId?: string;
}

/** One filter for the whole rule set; undefined when there are no rules (no restriction). */
export function compileRuleSet(rules: RuleSet, context: CompileContext = {}): Query | undefined {
  return rules.length === 0 ? undefined : anyOf(rules.map((rule) => compileRule(rule, context)));
}

export function compileRule(rule: Rule, context: CompileContext): Query {
  const clauses = (mode: Restriction['mode']) => rule.restrictions.filter((r) => r.mode === mode).map((r) => compileRestriction(r, context));
  const filter = clauses('incl');
  const mustNot = clauses('excl');
  return { bool: { ...(filter.length ? { filter } : {}), ...(mustNot.length ? { must_not: mustNot } : {}) } };
}

/** The positive query of one restriction (the rule decides whether it includes or excludes). */
export function compileRestriction(r: Restriction, context: CompileContext): Query {
  switch (r.kind) {
    case 'text':
      return textQuery(r.attribute, r.values);
    case 'number':
      return anyOf(r.ranges.map((range) => numberQuery(r.attribute, range, context)));
    case 'measure':
      return measureQuery(r.attribute, r.range);
    case 'newness':
      return newnessQuery(r.within);
    case 'customLabel':
      return productOrVariant((prefix) => customLabelQuery(r.name, r.values, prefix));
    case 'customNumber':
      return productOrVariant((prefix) => anyOf(r.ranges.map((range) => customNumericQuery('number', r.name, valueRange(range), prefix))));
    case 'customLength':
      return productOrVariant((prefix) => customNumericQuery('length', r.name, valueRange(r.range), prefix));
    default: {
      const never: never = r;
      throw new Error(`unhandled restriction ${JSON.stringify(never)}`);
    }
  }
}

/** Product-level keyword fields of the text attributes that map one to one. */
const TEXT_FIELDS: Record<Exclude<TextAttribute, 'category' | 'variant_key'>, string> = {
  product_key: 'productKey',
  brand: 'brand',
  series: 'series',
  department: 'department',
  gender: 'gender',
  age: 'age',
  pattern: 'pattern',
  product_type: 'productType',
  size: 'sizes',
};

function textQuery(attribute: TextAttribute, values: string[]): Query {
  switch (attribute) {
    // A path names its descendants too (categoryPaths holds every ancestor path); ids match as imported.
    case 'category':
      return anyOf([{ terms: { categoryPaths: values } }, { terms: { categoryIds: values } }]);
    case 'variant_key':
      return inVariants({ terms: { 'variants.key': values } });
    default:
      return { terms: { [TEXT_FIELDS[attribute]]: values } };
  }
}

function numberQuery(attribute: NumberAttribute, range: Interval, context: CompileContext): Query {
  switch (attribute) {
    case 'price':
      return priceQuery(range, context.priceId);
    case 'discount':
      return rangeQuery('discount', range);
    case 'rating':
      return rangeQuery('rating', range);
    case 'stock_number':
      return inVariants(rangeQuery('variants.stock', range));
    default: {
      const never: never = attribute;
      throw new Error(`unhandled number attribute ${String(never)}`);
    }
  }
}

/**
 * Standard prices: a product matches when one of its variants sells within the interval (exact, nested).
 * Custom prices are indexed per product only (`customPrice.<id>.selling.min/max`), so with a priceId a
 * product matches when its selling price range overlaps the interval.
 */
export function priceQuery(range: Interval, priceId: string | undefined): Query {
  if (priceId === undefined) return inVariants(rangeQuery('variants.sellingPrice', range));
  const base = `customPrice.${priceId}.selling`;
  const clauses: Query[] = [
    ...(range.min ? [rangeQuery(`${base}.max`, { min: range.min })] : []),
    ...(range.max ? [rangeQuery(`${base}.min`, { max: range.max })] : []),
  ];
  if (clauses.length === 0) return { exists: { field: `${base}.min` } };
  return clauses.length === 1 ? clauses[0] : { bool: { filter: clauses } };
}

/** Measurements are indexed per product with `base` in mm, ml or g (variant measurements are not searchable). */
/**
 * The product's measurement or any variant's (the spec allows either level): `measureValues` holds both;
 * `<attribute>.base` keeps documents written before that field matching by the product's own value.
 */
function measureQuery(attribute: MeasureAttribute, range: Interval): Query {
  return anyOf([rangeQuery(`measureValues.${attribute}`, range), rangeQuery(`${attribute}.base`, range)]);
}

/** Released within the period: hours round to the hour, days and weeks to the day (cache-friendly). */
function newnessQuery(within: Duration): Query {
  const rounding = within.unit === 'h' ? 'h' : 'd';
  return { range: { releaseDate: { gte: `now-${within.amount}${within.unit}/${rounding}` } } };
}

/** A range on a numeric field; an interval without bounds means "has a value". */
export function rangeQuery(field: string, range: Interval): Query {
  const bounds = valueRange(range);
  return Object.keys(bounds).length ? { range: { [field]: bounds } } : { exists: { field } };
}

/** An interval as range bounds (none: any value). */
function valueRange({ min, max }: Interval): ValueRange {
  return {
    ...(min ? { [min.inclusive ? 'gte' : 'gt']: min.value } : {}),
    ...(max ? { [max.inclusive ? 'lte' : 'lt']: max.value } : {}),
  };
}

function inVariants(query: Query): Query {
  return { nested: { path: 'variants', query } };
}

function anyOf(queries: Query[]): Query {
  return queries.length === 1 ? queries[0] : { bool: { should: queries, minimum_should_match: 1 } };
}

/**
 * Handpicked product keys in order, duplicates dropped: those of the first rule when it consists of
 * `incl product_key` restrictions only (landing pages pin them in this order). Otherwise none.
 */
export function handpickedKeys(rules: RuleSet): string[] {
  const first = rules[0]?.restrictions ?? [];
  const keys: string[] = [];
  for (const r of first) {
    if (r.kind !== 'text' || r.attribute !== 'product_key' || r.mode !== 'incl') return [];
    keys.push(...r.values);
  }
  return [...new Set(keys)];
}

export interface CompiledRules {
  /** Undefined when the expression holds no rule. */
  filter: Query | undefined;
  handpicked: string[];
}

/** Parses and compiles a rule expression. Throws RuleSyntaxError (a 400). */
export function compileRules(source: string, context: ParseOptions & CompileContext = {}): CompiledRules {
  const rules = parseRules(source, context);
  return { filter: compileRuleSet(rules, context), handpicked: handpickedKeys(rules) };
}
