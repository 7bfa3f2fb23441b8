/**
 * COLOR facets: the product `colors`, each value with a CSS colour (see presentation.ts) and labelled with
 * the colour's name in the locale (catalog/colourNames.ts: the nearest of a small named palette; a value
 * that is no colour keeps itself as label). The id stays the feed's value, which selections name.
 */
import { colourName } from '../../catalog/colourNames';
import { cssColor } from '../presentation';
import type { ColorFacetResult } from '../responseTypes';
import type { Facet } from './types';
import { valueFacetBase, values, type ValueFacetOptions } from './valueFacet';

export function colorFacet(o: ValueFacetOptions & { locale?: string }): Facet {
  const name = (id: string) => (o.locale === undefined ? undefined : colourName(id, o.locale)) ?? id;
  return {
    ...valueFacetBase(o),
    shape(results, selection): ColorFacetResult | undefined {
      const vs = values(results, selection).map((v) => ({ ...v, label: name(v.id), color: cssColor(v.id) }));
      if (vs.length === 0) return undefined;
      return { id: o.id, label: o.label, type: 'COLOR', selectedCount: vs.filter((v) => v.selected).length, values: vs };
    },
  };
}
