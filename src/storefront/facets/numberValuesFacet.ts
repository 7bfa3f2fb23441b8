/**
 * TEXT facets over the distinct values of a custom number or length (a page's `facetsOverride` with
 * `visualization: VALUES`): each value is one choice, selected by its number (`f.custom.ports=2|4`), OR
 * between values. Values are aggregated in the nested name/value pairs narrowed to the name and counted
 * in products (reverse_nested), most products first, then by value. Lengths are shown in the facet's
 * unit (default mm). ALPHABETIC and NATURAL order a number's values by size.
 */
import { invalid } from '../../kernel/errors';
import { numericPath, type NumericAttributeKind } from '../../catalog/attributeQueries';
import { AGG } from '../aggNames';
import type { FacetValueResult, TextFacetResult } from '../responseTypes';
import { FACET_VALUES } from './valueFacet';
import type { AggResults, Facet, RawSelection, Selection } from './types';

export interface NumberValuesFacetOptions {
  id: string;
  label: string;
  kind: NumericAttributeKind;
  name: string;
  sort: TextFacetResult['sort'];
  size?: number;
  /** Size of the shown unit in the stored unit (lengths: mm per unit); 1 for numbers. */
  factor?: number;
}

const PRODUCTS = 'products';
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A value as the visitor selects it: the number in the shown unit, without trailing zeros. */
export const numberValueId = (stored: number, factor = 1): string => String(round(stored / factor));

function parse(id: string, raw: RawSelection): Selection | undefined {
  if (raw.min !== undefined || raw.max !== undefined) throw invalid(`Query parameter f.${id}.min/f.${id}.max: ${id} is not a range facet`);
  const values = [
    ...new Set(
      (raw.value ?? '')
        .split('|')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  const bad = values.find((v) => !NUMBER.test(v));
  if (bad !== undefined) throw invalid(`Query parameter f.${id} must be numbers separated by | (got "${bad}")`);
  return values.length ? { kind: 'values', values: values.map((v) => String(Number(v))) } : undefined;
}

type ValueBucket = { key: number; [PRODUCTS]?: { doc_count: number } };

export function numberValuesFacet(o: NumberValuesFacetOptions): Facet {
  const f = numericPath(o.kind);
  const factor = o.factor ?? 1;
  return {
    id: o.id,
    label: o.label,
    parse: (raw) => parse(o.id, raw),
    filter(selection) {
      const wanted = selection.kind === 'values' ? selection.values.map((v) => round(Number(v) * factor)) : [];
      return { nested: { path: f.path, query: { bool: { filter: [{ term: { [f.name]: o.name } }, { terms: { [f.value]: wanted } }] } } } };
    },
    aggregations: () => ({
      [AGG.stats]: {
        nested: { path: f.path },
        aggs: {
          named: {
            filter: { term: { [f.name]: o.name } },
            aggs: {
              [AGG.values]: {
                terms: { field: f.value, size: o.size ?? FACET_VALUES, order: [{ [PRODUCTS]: 'desc' }, { _key: 'asc' }] },
                aggs: { [PRODUCTS]: { reverse_nested: {} } },
              },
            },
          },
        },
      },
    }),
    shape(results: AggResults, selection): TextFacetResult | undefined {
      const named = (results[AGG.stats] as { named?: { [AGG.values]?: { buckets?: ValueBucket[] } } } | undefined)?.named;
      const selected = new Set(selection?.kind === 'values' ? selection.values : []);
      const found: FacetValueResult[] = (named?.[AGG.values]?.buckets ?? []).map((b) => {
        const id = numberValueId(b.key, factor);
        return { id, label: id, selected: selected.has(id), count: b[PRODUCTS]?.doc_count ?? 0 };
      });
      const missing = [...selected].filter((v) => !found.some((x) => x.id === v)).map((v) => ({ id: v, label: v, selected: true, count: 0 }));
      const values = [...found, ...missing];
      if (values.length === 0) return undefined;
      if (o.sort !== 'RELEVANCE') values.sort((a, b) => Number(a.id) - Number(b.id));
      return { id: o.id, label: o.label, type: 'TEXT', sort: o.sort, selectedCount: values.filter((v) => v.selected).length, values };
    },
  };
}
