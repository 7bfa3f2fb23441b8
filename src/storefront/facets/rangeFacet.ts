/**
 * RANGE facets (price): `f.<id>.min` / `f.<id>.max`, inclusive, either alone. The facet's `min`/`max` are
 * the lowest and highest selling price among the products the other selections leave.
 */
import { invalid } from '../../kernel/errors';
import { AGG } from '../aggNames';
import { priceIntervalQuery, sellingPriceFields } from '../prices';
import type { RangeFacetResult } from '../responseTypes';
import type { Facet, RawSelection, Selection } from './types';

function bound(id: string, which: 'min' | 'max', raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!/^-?\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(n)) throw invalid(`Query parameter f.${id}.${which} must be a number (got "${raw}")`);
  return n;
}

export function parseRange(id: string, raw: RawSelection): Selection | undefined {
  if (raw.value !== undefined) throw invalid(`Query parameter f.${id}: ${id} is a range facet, select with f.${id}.min and f.${id}.max`);
  const min = bound(id, 'min', raw.min);
  const max = bound(id, 'max', raw.max);
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined && min > max) throw invalid(`Query parameter f.${id}.min must not be above f.${id}.max`);
  return { kind: 'range', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function priceFacet(o: { id: string; label: string; priceId: string | undefined }): Facet {
  const fields = sellingPriceFields(o.priceId);
  return {
    id: o.id,
    label: o.label,
    parse: (raw) => parseRange(o.id, raw),
    filter: (s) => priceIntervalQuery(s.kind === 'range' ? s : {}, o.priceId),
    aggregations: () => ({ [AGG.min]: { min: { field: fields.min } }, [AGG.max]: { max: { field: fields.max } } }),
    shape(results, selection): RangeFacetResult {
      const value = (name: string) => (results[name] as { value?: number | null } | undefined)?.value ?? undefined;
      const min = value(AGG.min);
      const max = value(AGG.max);
      const s = selection?.kind === 'range' ? selection : undefined;
      return {
        id: o.id,
        label: o.label,
        type: 'RANGE',
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(s?.min !== undefined ? { minSelected: s.min } : {}),
        ...(s?.max !== undefined ? { maxSelected: s.max } : {}),
      };
    },
  };
}
