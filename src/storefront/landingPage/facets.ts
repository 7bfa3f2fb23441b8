/**
 * A page's `facetsOverride`: the facets it lists, in its order, each from one FacetSetting.
 *
 * | attribute | facet |
 * |---|---|
 * | `brand`, `series`, `department`, `gender`, `age`, `pattern`, `product_type` | TEXT over the keyword field |
 * | `category` | TEXT over every category path |
 * | `color` | COLOR · `size`: SIZE · `onlyInStock`: CHECKBOX · `price`: RANGE (the selling price, honouring priceId) |
 * | `rating`, `discount` | RANGE |
 * | `length`, `width`, `height`, `depth`, `volume`, `weight` | RANGE over the measurement, in `unit` (default mm, ml, g) |
 * | `custom.<name>` | VALUES (default): TEXT over the custom label; RANGE: the custom length in `unit` when a unit is given, else the custom number |
 *
 * `sortOrder` orders TEXT values: ALPHABETIC → ALPHABETICAL, RELEVANCE (by count), NATURAL (alphabetical with
 * numbers compared by value: "2" before "10"). Attributes not in the table are left out (stored pages
 * are not refused at query time).
 */
import { badRequest } from '../../http/errors';
import { toBase, type MeasureKind } from '../../catalog/units';
import type { FacetSetting, PrimaryList } from '../../merchandising/pages/types';
import { AGG } from '../aggNames';
import { checkboxFacet } from '../facets/checkboxFacet';
import { colorFacet } from '../facets/colorFacet';
import { parseRange, priceFacet } from '../facets/rangeFacet';
import { sizeFacet } from '../facets/sizeFacet';
import { textFacet } from '../facets/textFacet';
import type { Facet } from '../facets/types';
import type { QueryContext } from '../request';
import type { RangeFacetResult, TextFacetResult } from '../responseTypes';
import { inStockQuery } from '../stock';

type FacetContext = Pick<QueryContext, 'priceId' | 'channels' | 'stores'>;

const TEXT_FIELDS: Record<string, { field: string; label: string }> = {
  brand: { field: 'brand', label: 'Brand' },
  category: { field: 'categoryPaths', label: 'Category' },
  series: { field: 'series', label: 'Series' },
  department: { field: 'department', label: 'Department' },
  gender: { field: 'gender', label: 'Gender' },
  age: { field: 'age', label: 'Age' },
  pattern: { field: 'pattern', label: 'Pattern' },
  product_type: { field: 'productType', label: 'Product type' },
};
const MEASURES: Record<string, MeasureKind> = { length: 'length', width: 'length', height: 'length', depth: 'length', volume: 'volume', weight: 'weight' };
const BASE_UNITS: Record<MeasureKind, string> = { length: 'mm', volume: 'ml', weight: 'g' };
const CUSTOM = 'custom.';

/** The facets of a page: its override when enabled and non-empty, else `defaults`. */
export function pageFacets(primaryList: PrimaryList | undefined, defaults: Facet[], ctx: FacetContext): Facet[] {
  const override = primaryList?.facetsOverride;
  if (!override || override.enabled === false || !override.facets?.length) return defaults;
  const seen = new Set<string>();
  return override.facets.flatMap((setting) => {
    if (seen.has(setting.attribute)) return [];
    seen.add(setting.attribute);
    const facet = facetFor(setting, ctx);
    return facet ? [facet] : [];
  });
}

export function facetFor(s: FacetSetting, ctx: FacetContext): Facet | undefined {
  const id = s.attribute;
  const sort = textSort(s.sortOrder);
  if (Object.hasOwn(TEXT_FIELDS, id)) return sortedText(textFacet({ id, label: TEXT_FIELDS[id].label, field: TEXT_FIELDS[id].field, sort: sort.shown }), sort.natural);
  switch (id) {
    case 'color': return colorFacet({ id, label: 'Color', field: 'colors' });
    case 'size': return sizeFacet({ id, label: 'Size' });
    case 'onlyInStock': return checkboxFacet({ id, label: 'In stock', query: inStockQuery(ctx) });
    case 'price': return priceFacet({ id, label: 'Price', priceId: ctx.priceId });
    case 'rating': return numberFacet({ id, label: 'Rating', field: 'rating' });
    case 'discount': return numberFacet({ id, label: 'Discount', field: 'discount' });
    default: break;
  }
  if (Object.hasOwn(MEASURES, id)) return measureFacet(id, `${id}.base`, MEASURES[id], s.unit);
  if (id.startsWith(CUSTOM) && id.length > CUSTOM.length) {
    const name = id.slice(CUSTOM.length);
    if (s.visualization !== 'RANGE') return sortedText(textFacet({ id, label: name, field: `customLabels.${name}`, sort: sort.shown }), sort.natural);
    return s.unit ? measureFacet(id, `customLengths.${name}.base`, 'length', s.unit, name) : numberFacet({ id, label: name, field: `customNumbers.${name}` });
  }
  return undefined;
}

function textSort(order: FacetSetting['sortOrder']): { shown: TextFacetResult['sort']; natural: boolean } {
  switch (order) {
    case 'ALPHABETIC': return { shown: 'ALPHABETICAL', natural: false };
    case 'NATURAL': return { shown: 'NATURAL', natural: true };
    case 'RELEVANCE': return { shown: 'RELEVANCE', natural: false };
    default: return { shown: 'ALPHABETICAL', natural: false };
  }
}

const natural = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** NATURAL value order on top of a TEXT facet (which keeps count order for it). */
function sortedText(facet: Facet, naturalOrder: boolean): Facet {
  if (!naturalOrder) return facet;
  return {
    ...facet,
    shape(results, selection) {
      const shaped = facet.shape(results, selection) as TextFacetResult | undefined;
      return shaped && { ...shaped, values: [...shaped.values].sort((a, b) => natural.compare(a.label, b.label)) };
    },
  };
}

function measureFacet(id: string, field: string, kind: MeasureKind, unit: string | undefined, label = id): Facet | undefined {
  const shownUnit = unit ?? BASE_UNITS[kind];
  const factor = toBase(kind, { amount: 1, unit: shownUnit });
  if (factor === undefined) return undefined; // import validation keeps units known; an unknown one shows no facet
  return numberFacet({ id, label, field, unit: shownUnit, factor });
}

interface NumberFacetOptions {
  id: string;
  label: string;
  /** A product-level numeric field. */
  field: string;
  /** The unit values are shown and selected in, and its size in the field's unit (mm, ml, g). */
  unit?: string;
  factor?: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** RANGE over a numeric field: `f.<id>.min` / `.max` inclusive, in the facet's unit. */
export function numberFacet(o: NumberFacetOptions): Facet {
  const factor = o.factor ?? 1;
  return {
    id: o.id,
    label: o.label,
    parse: (raw) => parseRange(o.id, raw),
    filter(s) {
      if (s.kind !== 'range') throw badRequest(`Query parameter f.${o.id}: ${o.id} is a range facet`);
      return {
        range: {
          [o.field]: {
            ...(s.min !== undefined ? { gte: round(s.min * factor) } : {}),
            ...(s.max !== undefined ? { lte: round(s.max * factor) } : {}),
          },
        },
      };
    },
    aggregations: () => ({ [AGG.min]: { min: { field: o.field } }, [AGG.max]: { max: { field: o.field } } }),
    shape(results, selection): RangeFacetResult {
      const value = (name: string) => {
        const v = (results[name] as { value?: number | null } | undefined)?.value;
        return v === null || v === undefined ? undefined : round(v / factor);
      };
      const min = value(AGG.min);
      const max = value(AGG.max);
      const s = selection?.kind === 'range' ? selection : undefined;
      return {
        id: o.id, label: o.label, type: 'RANGE',
        ...(o.unit !== undefined ? { unit: o.unit } : {}),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(s?.min !== undefined ? { minSelected: s.min } : {}),
        ...(s?.max !== undefined ? { maxSelected: s.max } : {}),
      };
    },
  };
}
