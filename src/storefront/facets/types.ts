/**
 * A facet kind owns its filter, its aggregation and the parsing of its buckets (one module per kind).
 * Selections arrive as `f.<id>` (values or true/false) and `f.<id>.min` / `f.<id>.max` (ranges).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { FacetResult } from '../responseTypes';

/** The raw parameters of one facet id. */
export interface RawSelection {
  value?: string;
  min?: string;
  max?: string;
}

export type Selection = { kind: 'values'; values: string[] } | { kind: 'range'; min?: number; max?: number } | { kind: 'checkbox'; selected: true };

export type { Aggs, AggResults } from '../aggNames';
import type { Aggs, AggResults } from '../aggNames';

export interface Facet {
  id: string;
  label: string;
  /** Parses the raw parameters; undefined means nothing selected; malformed → 400 naming the parameter. */
  parse(raw: RawSelection): Selection | undefined;
  /** The filter a selection of this facet applies. */
  filter(selection: Selection): estypes.QueryDslQueryContainer;
  /** Aggregations computing this facet (placed inside the multi-select wrapper). */
  aggregations(): Aggs;
  /** The facet from its aggregation results; undefined when there is nothing to show. */
  shape(results: AggResults, selection: Selection | undefined): FacetResult | undefined;
}

export type Bucket = { key: string | number; doc_count: number };

export function buckets(agg: estypes.AggregationsAggregate | undefined): Bucket[] {
  return (agg as { buckets?: Bucket[] } | undefined)?.buckets ?? [];
}
