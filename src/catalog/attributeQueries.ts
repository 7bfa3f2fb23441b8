/**
 * Where custom attributes live in a ProductDocument, and the queries and aggregations that reach them.
 * Labels are keys of the `flattened` field `customLabels` (`customLabels.<name>` filters and aggregates like
 * a keyword). Numbers and lengths are nested name/value pairs (`customNumberValues`, `customLengthValues`,
 * lengths in mm), so a range, a sort or a min/max on any name needs no field of its own.
 * The same holds one level down for variants (`variants.customLabels`, `variants.customNumberValues`, ...).
 * Pure: every function returns Elasticsearch DSL.
 */
import type { estypes } from '@elastic/elasticsearch';

type Query = estypes.QueryDslQueryContainer;

export type NumericAttributeKind = 'number' | 'length';
/** The kinds of custom attributes: labels, and the numeric kinds. */
export type AttributeKind = 'label' | NumericAttributeKind;

/** A numeric bound of a range on a custom number (in its unit) or length (in mm). */
export interface ValueRange {
  gte?: number;
  gt?: number;
  lte?: number;
  lt?: number;
}

/** The keyed field of a product-level custom label, or a variant's with `variants.` before it. */
export const customLabelField = (name: string, prefix = ''): string => `${prefix}customLabels.${name}`;

/**
 * Products whose custom label `name` has one of `values`, each either the shown (translated) text or the feed's
 * id: the ids are indexed apart only where a translation changed the text (`customLabelFeedIds`), elsewhere
 * text and id are the same.
 */
export function customLabelQuery(name: string, values: string[], prefix = ''): Query {
  return {
    bool: {
      should: [{ terms: { [customLabelField(name, prefix)]: values } }, { terms: { [`${prefix}customLabelFeedIds.${name}`]: values } }],
      minimum_should_match: 1,
    },
  };
}

/** Nested path and value field of a numeric kind (`prefix` is `variants.` one level down). */
export function numericPath(kind: NumericAttributeKind, prefix = ''): { path: string; name: string; value: string } {
  const path = `${prefix}${kind === 'number' ? 'customNumberValues' : 'customLengthValues'}`;
  return { path, name: `${path}.name`, value: `${path}.${kind === 'number' ? 'value' : 'base'}` };
}

/** Products whose custom number (or length) `name` has a value in `range`; any value when `range` is empty. */
export function customNumericQuery(kind: NumericAttributeKind, name: string, range: ValueRange, prefix = ''): Query {
  const f = numericPath(kind, prefix);
  const bounded = Object.keys(range).length > 0;
  return {
    nested: {
      path: f.path,
      query: { bool: { filter: [{ term: { [f.name]: name } }, ...(bounded ? [{ range: { [f.value]: range } }] : [])] } },
    },
  };
}

/** The condition on the product's attribute or on the same attribute of any of its variants. */
export function productOrVariant(query: (prefix: string) => Query): Query {
  return { bool: { should: [query(''), { nested: { path: 'variants', query: query('variants.') } }], minimum_should_match: 1 } };
}

/**
 * Min and max of a product-level custom number or length: a nested aggregation narrowed to the name. The
 * results are read with `readNumericStats`.
 */
export function customNumericStats(kind: NumericAttributeKind, name: string): estypes.AggregationsAggregationContainer {
  const f = numericPath(kind);
  return {
    nested: { path: f.path },
    aggs: { named: { filter: { term: { [f.name]: name } }, aggs: { min: { min: { field: f.value } }, max: { max: { field: f.value } } } } },
  };
}

export function readNumericStats(agg: estypes.AggregationsAggregate | undefined): { min?: number; max?: number } {
  const named = (agg as { named?: { min?: { value: number | null }; max?: { value: number | null } } } | undefined)?.named;
  const value = (v: { value: number | null } | undefined) => (v?.value === null || v?.value === undefined ? undefined : v.value);
  return { min: value(named?.min), max: value(named?.max) };
}
