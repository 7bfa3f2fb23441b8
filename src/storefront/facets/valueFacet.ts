/**
 * What value facets (TEXT, COLOR) share: a keyword field, OR between selected values, a terms aggregation
 * by count. Values the aggregation did not return but the visitor selected are listed with count 0 so
 * they stay visible.
 */
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../../kernel/errors';
import { AGG } from '../aggNames';
import type { FacetValueResult, TextFacetResult } from '../responseTypes';
import { buckets, type AggResults, type Facet, type RawSelection, type Selection } from './types';

/** Values per facet, at most. */
export const FACET_VALUES = 100;

export interface ValueFacetOptions {
  id: string;
  label: string;
  field: string;
  /** TEXT: how values are presented. */
  sort?: TextFacetResult['sort'];
  /** Values shown at most (default FACET_VALUES). */
  size?: number;
  /** The filter of the selected values, when it is more than `terms` on `field` (custom labels: feed ids too). */
  selectionQuery?: (values: string[]) => estypes.QueryDslQueryContainer;
}

export function parseValues(id: string, raw: RawSelection): Selection | undefined {
  if (raw.min !== undefined || raw.max !== undefined) throw invalid(`Query parameter f.${id}.min/f.${id}.max: ${id} is not a range facet`);
  const values = [
    ...new Set(
      (raw.value ?? '')
        .split('|')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  return values.length ? { kind: 'values', values } : undefined;
}

function selectedValues(selection: Selection | undefined): string[] {
  return selection?.kind === 'values' ? selection.values : [];
}

export function values(results: AggResults, selection: Selection | undefined): FacetValueResult[] {
  const selected = new Set(selectedValues(selection));
  const found = buckets(results[AGG.values]).map((b) => ({
    id: String(b.key),
    label: String(b.key),
    selected: selected.has(String(b.key)),
    count: b.doc_count,
  }));
  const missing = [...selected].filter((v) => !found.some((f) => f.id === v)).map((v) => ({ id: v, label: v, selected: true, count: 0 }));
  return [...found, ...missing];
}

export function valueFacetBase(o: ValueFacetOptions): Pick<Facet, 'id' | 'label' | 'parse' | 'filter' | 'aggregations'> {
  return {
    id: o.id,
    label: o.label,
    parse: (raw) => parseValues(o.id, raw),
    filter: (selection) => (o.selectionQuery ? o.selectionQuery(selectedValues(selection)) : { terms: { [o.field]: selectedValues(selection) } }),
    aggregations: () => ({ [AGG.values]: { terms: { field: o.field, size: o.size ?? FACET_VALUES } } }),
  };
}
