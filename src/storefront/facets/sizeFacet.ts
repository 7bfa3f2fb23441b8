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
/** Sub-aggregation of a size type's translated label. */
const SIZE_TYPE_LABEL = 'label';

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

/** Letter sizes from the smallest; `2XL` and `XXL` are the same rank. */
const LETTER_SIZES = ['XXXXS', 'XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL', 'XXXXXL'];

/** The rank of a letter size (`xs`, `XXL`, `3XL`, `M/L` by its first part), else undefined. */
function letterRank(size: string): number | undefined {
  const first = size
    .trim()
    .toUpperCase()
    .split(/[/\s-]/)[0];
  const expanded = first.replace(/^([2-6])X/, (_, n: string) => 'X'.repeat(Number(n)));
  const rank = LETTER_SIZES.indexOf(expanded);
  return rank < 0 ? undefined : rank;
}

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Size order, as a shop shows sizes: letter sizes XXS…XXXL, then numeric sizes ascending (`36`, `36.5`, `W32`
 * by their numbers), then anything else in natural order. Count order (L, M, S, XL) reads as random.
 */
export function compareSizes(a: string, b: string): number {
  const la = letterRank(a);
  const lb = letterRank(b);
  if (la !== undefined || lb !== undefined) return la === undefined ? 1 : lb === undefined ? -1 : la - lb || naturalOrder.compare(a, b);
  const na = Number.parseFloat(a.replace(',', '.').replace(/^[^\d]+/, ''));
  const nb = Number.parseFloat(b.replace(',', '.').replace(/^[^\d]+/, ''));
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  if (Number.isFinite(na) !== Number.isFinite(nb)) return Number.isFinite(na) ? -1 : 1;
  return naturalOrder.compare(a, b);
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
      [AGG.sizeTypes]: {
        terms: { field: 'sizeType', size: MAX_SIZE_TYPES },
        aggs: { ...sizesAgg, [SIZE_TYPE_LABEL]: { terms: { field: 'sizeTypeLabel', size: 1 } } },
      },
      [AGG.noSizeType]: { missing: { field: 'sizeType' }, aggs: sizesAgg },
    }),
    shape(results: AggResults, selection): SizeFacetResult | undefined {
      const selected = new Set(selection?.kind === 'values' ? selection.values : []);
      const typed = buckets(results[AGG.sizeTypes]).map((b) => ({
        type: String(b.key),
        sizes: buckets((b as unknown as AggResults)[AGG.sizes]),
        label: buckets((b as unknown as AggResults)[SIZE_TYPE_LABEL])[0]?.key as string | undefined,
      }));
      const untyped = buckets((results[AGG.noSizeType] as unknown as AggResults | undefined)?.[AGG.sizes]);
      const groups = untyped.length ? [...typed, { type: '', sizes: untyped, label: undefined }] : typed;
      // Value ids keep the size type's feed id (selections work in every locale); the label is translated.
      const sizeTypes = groups.map(({ type, sizes, label }) => {
        const values: FacetValueResult[] = sizes
          .map((b) => {
            const id = sizeValueId(type, String(b.key));
            return { id, label: String(b.key), selected: selected.has(id) || selected.has(String(b.key)), count: b.doc_count };
          })
          .sort((a, b) => compareSizes(a.label, b.label));
        return { label: label ?? type, formats: [{ format: NO_FORMAT, values }] };
      });
      if (sizeTypes.length === 0 && selected.size === 0) return undefined;
      const selectedCount = sizeTypes.reduce((n, t) => n + t.formats[0].values.filter((v) => v.selected).length, 0);
      return { id: o.id, label: o.label, type: 'SIZE', selectedCount, sizeTypes };
    },
  };
}
