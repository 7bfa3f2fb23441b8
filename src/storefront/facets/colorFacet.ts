/** COLOR facets: the product `colors`, each value with a CSS colour (see presentation.ts). */
import { cssColor } from '../presentation';
import type { ColorFacetResult } from '../responseTypes';
import type { Facet } from './types';
import { valueFacetBase, values, type ValueFacetOptions } from './valueFacet';

export function colorFacet(o: ValueFacetOptions): Facet {
  return {
    ...valueFacetBase(o),
    shape(results, selection): ColorFacetResult | undefined {
      const vs = values(results, selection).map((v) => ({ ...v, color: cssColor(v.id) }));
      if (vs.length === 0) return undefined;
      return { id: o.id, label: o.label, type: 'COLOR', selectedCount: vs.filter((v) => v.selected).length, values: vs };
    },
  };
}
