/**
 * A facet from its definition: the attribute (see merchandising/facets/attributes.ts), the type it is shown
 * as, its label and value settings. One builder for the market's configuration, pages' `facetsOverride`,
 * the service's defaults, dynamic facets and selections of attributes that are not shown.
 */
import type { estypes } from '@elastic/elasticsearch';
import { customLabelField, customLabelQuery, type NumericAttributeKind } from '../../catalog/attributeQueries';
import { toBase } from '../../catalog/units';
import { facetAttribute, facetTypesOf, type FacetType } from '../../merchandising/facets/attributes';
import type { FacetSortOrder } from '../../merchandising/facets/types';
import type { QueryContext } from '../request';
import type { TextFacetResult } from '../responseTypes';
import { inStockQuery } from '../stock';
import { checkboxFacet } from './checkboxFacet';
import { colorFacet } from './colorFacet';
import { BASE_UNITS, measureFacet, numberFacet } from './numberFacet';
import { numberValuesFacet } from './numberValuesFacet';
import { priceFacet } from './rangeFacet';
import { sizeFacet } from './sizeFacet';
import { textFacet } from './textFacet';
import type { Facet } from './types';

/** What facets need of the query context; `locale` names colours (left out: colour values label themselves). */
export type FacetContext = Pick<QueryContext, 'priceId' | 'channels' | 'stores'> & Partial<Pick<QueryContext, 'locale'>>;

export interface FacetDefinition {
  id: string;
  attribute: string;
  /** Default: the attribute's first type (TEXT for custom labels). */
  type?: FacetType;
  label: string;
  sortOrder?: FacetSortOrder;
  /** TEXT and COLOR: values shown at most. */
  size?: number;
  unit?: string;
  /** Custom TEXT facets: the distinct values of this numeric kind rather than the label (`visualization: VALUES`). */
  valuesOf?: NumericAttributeKind;
}

/** The facet, or undefined when the attribute or its type is unknown (stored settings are not refused at query time). */
export function facetFromDefinition(d: FacetDefinition, ctx: FacetContext): Facet | undefined {
  const a = facetAttribute(d.attribute);
  if (!a) return undefined;
  const type = d.type ?? facetTypesOf(a)[0];
  if (!facetTypesOf(a).includes(type)) return undefined;
  const { id, label } = d;
  const text = (field: string, selectionQuery?: (values: string[]) => estypes.QueryDslQueryContainer) =>
    sortedText(textFacet({ id, label, field, sort: shownSort(d.sortOrder), size: d.size, selectionQuery }), d.sortOrder === 'NATURAL');
  switch (a.kind) {
    case 'text':
      return text(a.field);
    case 'color':
      return type === 'COLOR' ? colorFacet({ id, label, field: 'colors', size: d.size, locale: ctx.locale }) : text('colors');
    case 'size':
      return sizeFacet({ id, label });
    case 'stock':
      return checkboxFacet({ id, label, query: inStockQuery(ctx) });
    case 'price':
      return priceFacet({ id, label, priceId: ctx.priceId });
    case 'number':
      return numberFacet({ id, label, source: { field: a.field } });
    case 'measure':
      return measureFacet({ id, label, source: { field: a.field }, kind: a.measure, unit: d.unit });
    case 'custom':
      if (type === 'TEXT' && d.valuesOf) return numberValues(d, a.name, d.valuesOf);
      // A selection names a value by its shown text or by its feed id (the id products answer in every locale).
      if (type === 'TEXT') return text(customLabelField(a.name), (values) => customLabelQuery(a.name, values));
      if (type === 'CHECKBOX') return checkboxFacet({ id, label, query: labelIsSet(customLabelField(a.name)) });
      return d.unit
        ? measureFacet({ id, label, source: { custom: 'length', name: a.name }, kind: 'length', unit: d.unit })
        : numberFacet({ id, label, source: { custom: 'number', name: a.name } });
    default: {
      const never: never = a;
      throw new Error(`unhandled facet attribute ${JSON.stringify(never)}`);
    }
  }
}

/** The distinct values of a custom number, or of a length in the facet's unit (default mm). */
function numberValues(d: FacetDefinition, name: string, kind: NumericAttributeKind): Facet | undefined {
  const factor = kind === 'length' ? toBase('length', { amount: 1, unit: d.unit ?? BASE_UNITS.length }) : 1;
  if (factor === undefined) return undefined;
  return numberValuesFacet({ id: d.id, label: d.label, kind, name, sort: shownSort(d.sortOrder), size: d.size, factor });
}

/** CHECKBOX over a custom label: the product has the label, with a value other than "false". */
function labelIsSet(field: string): estypes.QueryDslQueryContainer {
  return { bool: { filter: [{ exists: { field } }], must_not: [{ terms: { [field]: ['false', 'False', 'FALSE'] } }] } };
}

function shownSort(order: FacetSortOrder | undefined): TextFacetResult['sort'] {
  switch (order) {
    case 'ALPHABETIC':
      return 'ALPHABETICAL';
    case 'NATURAL':
      return 'NATURAL';
    default:
      return 'RELEVANCE';
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
