/**
 * SIZE facets over the products' `sizes`, grouped by `sizeType` (one format, NO_FORMAT, per type).
 * A value id is `<sizeType>;NO_FORMAT;<size>` (empty size type for products without one), the shape the
 * official client's documentation shows; a plain `<size>` is accepted too and matches any size type.
 */
import type { estypes } from '@elastic/elasticsearch';
import { invalid } from '../../kernel/errors';
import { AGG } from '../aggNames';
import type { FacetValueResult, SizeFacetResult } from '../responseTypes';
import { buckets, type AggResults, type Facet, type Selection } from './types';
import { FACET_VALUES, parseValues } from './valueFacet';

export const NO_FORMAT = 'NO_FORMAT';
const MAX_SIZE_TYPES = 20;

export const sizeValueId = (sizeType: string, size: string) => `${sizeType};${NO_FORMAT};${size}`;

function sizeQuery(facetId: string, id: string): estypes.QueryDslQueryContainer {
  if (!id.includes(';')) return { term: { sizes: id } };
  const parts = id.split(';');
  if (parts.length !== 3 || parts[1] !== NO_FORMAT || !parts[2]) {
    throw invalid(`Query parameter f.${facetId}: "${id}" is not a size value (<sizeType>;${NO_FORMAT};<size>)`);
  }
  const [sizeType, , size] = parts;
  const typeClause: estypes.QueryDslQueryContainer = sizeType ? { term: { sizeType } } : { bool: { must_not: { exists: { field: 'sizeType' } } } };
  return { bool: { filter: [{ term: { sizes: size } }, typeClause] } };
}

export function sizeFacet(o: { id: string; label: string }): Facet {
  const sizesAgg = { [AGG.sizes]: { terms: { field: 'sizes', size: FACET_VALUES } } };
  return {
    id: o.id,
    label: o.label,
    parse(raw): Selection | undefined {
      const s = parseValues(o.id, raw);
      if (s?.kind === 'values') s.values.forEach((v) => sizeQuery(o.id, v));
      return s;
    },
    filter: (s) => ({ bool: { should: (s.kind === 'values' ? s.values : []).map((v) => sizeQuery(o.id, v)), minimum_should_match: 1 } }),
    aggregations: () => ({
      [AGG.sizeTypes]: { terms: { field: 'sizeType', size: MAX_SIZE_TYPES }, aggs: sizesAgg },
      [AGG.noSizeType]: { missing: { field: 'sizeType' }, aggs: sizesAgg },
    }),
    shape(results: AggResults, selection): SizeFacetResult | undefined {
      const selected = new Set(selection?.kind === 'values' ? selection.values : []);
      const typed = buckets(results[AGG.sizeTypes]).map((b) => ({ type: String(b.key), sizes: buckets((b as unknown as AggResults)[AGG.sizes]) }));
      const untyped = buckets((results[AGG.noSizeType] as unknown as AggResults | undefined)?.[AGG.sizes]);
      const groups = untyped.length ? [...typed, { type: '', sizes: untyped }] : typed;
      const sizeTypes = groups.map(({ type, sizes }) => {
        const values: FacetValueResult[] = sizes.map((b) => {
          const id = sizeValueId(type, String(b.key));
          return { id, label: String(b.key), selected: selected.has(id) || selected.has(String(b.key)), count: b.doc_count };
        });
        return { label: type, formats: [{ format: NO_FORMAT, values }] };
      });
      if (sizeTypes.length === 0 && selected.size === 0) return undefined;
      const selectedCount = sizeTypes.reduce((n, t) => n + t.formats[0].values.filter((v) => v.selected).length, 0);
      return { id: o.id, label: o.label, type: 'SIZE', selectedCount, sizeTypes };
    },
  };
}
