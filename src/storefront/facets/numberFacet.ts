/**
 * RANGE facets over numbers other than the price: a product-level numeric field (rating, discount, a
 * measurement's base) or a custom number or length (nested name/value pairs, see catalog/attributeQueries).
 * `f.<id>.min` / `.max` are inclusive and in the facet's unit; the facet's `min`/`max` are the lowest and
 * highest value among the products the other selections leave.
 */
import type { estypes } from '@elastic/elasticsearch';
import { customNumericQuery, customNumericStats, readNumericStats, type NumericAttributeKind, type ValueRange } from '../../catalog/attributeQueries';
import { toBase, type MeasureKind } from '../../catalog/units';
import { AGG } from '../aggNames';
import type { RangeFacetResult } from '../responseTypes';
import { parseRange } from './rangeFacet';
import type { AggResults, Aggs, Facet } from './types';

/** Where the numbers are. */
export type NumberSource = { field: string } | { custom: NumericAttributeKind; name: string };

export interface NumberFacetOptions {
  id: string;
  label: string;
  source: NumberSource;
  /** The unit values are shown and selected in, and its size in the source's unit (mm, ml, g). */
  unit?: string;
  factor?: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function sourceQuery(source: NumberSource, range: ValueRange): estypes.QueryDslQueryContainer {
  return 'field' in source ? { range: { [source.field]: range } } : customNumericQuery(source.custom, source.name, range);
}

function sourceAggregations(source: NumberSource): Aggs {
  if ('field' in source) return { [AGG.min]: { min: { field: source.field } }, [AGG.max]: { max: { field: source.field } } };
  return { [AGG.stats]: customNumericStats(source.custom, source.name) };
}

function readSource(source: NumberSource, results: AggResults): { min?: number; max?: number } {
  if (!('field' in source)) return readNumericStats(results[AGG.stats]);
  const value = (name: string) => (results[name] as { value?: number | null } | undefined)?.value ?? undefined;
  return { min: value(AGG.min), max: value(AGG.max) };
}

export function numberFacet(o: NumberFacetOptions): Facet {
  const factor = o.factor ?? 1;
  return {
    id: o.id,
    label: o.label,
    parse: (raw) => parseRange(o.id, raw),
    filter(s) {
      const range: { min?: number; max?: number } = s.kind === 'range' ? s : {};
      return sourceQuery(o.source, {
        ...(range.min !== undefined ? { gte: round(range.min * factor) } : {}),
        ...(range.max !== undefined ? { lte: round(range.max * factor) } : {}),
      });
    },
    aggregations: () => sourceAggregations(o.source),
    shape(results, selection): RangeFacetResult {
      const found = readSource(o.source, results);
      const min = found.min === undefined ? undefined : round(found.min / factor);
      const max = found.max === undefined ? undefined : round(found.max / factor);
      const s = selection?.kind === 'range' ? selection : undefined;
      return {
        id: o.id,
        label: o.label,
        type: 'RANGE',
        ...(o.unit !== undefined ? { unit: o.unit } : {}),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(s?.min !== undefined ? { minSelected: s.min } : {}),
        ...(s?.max !== undefined ? { maxSelected: s.max } : {}),
      };
    },
  };
}

/** Measurements are stored in mm, ml or g. */
export const BASE_UNITS: Readonly<Record<MeasureKind, string>> = { length: 'mm', volume: 'ml', weight: 'g' };

/** A RANGE over a measured value shown in `unit` (default the base unit); undefined for an unknown unit. */
export function measureFacet(o: { id: string; label: string; source: NumberSource; kind: MeasureKind; unit?: string }): Facet | undefined {
  const unit = o.unit ?? BASE_UNITS[o.kind];
  const factor = toBase(o.kind, { amount: 1, unit });
  if (factor === undefined) return undefined; // import validation keeps units known; an unknown one shows no facet
  return numberFacet({ id: o.id, label: o.label, source: o.source, unit, factor });
}
