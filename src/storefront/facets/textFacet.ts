/** TEXT facets: brand, category paths, custom labels. */
import type { TextFacetResult } from '../responseTypes';
import type { Facet } from './types';
import { valueFacetBase, values, type ValueFacetOptions } from './valueFacet';

export function textFacet(o: ValueFacetOptions): Facet {
  const sort = o.sort ?? 'RELEVANCE';
  return {
    ...valueFacetBase(o),
    shape(results, selection): TextFacetResult | undefined {
      const vs = values(results, selection);
      if (vs.length === 0) return undefined;
      if (sort === 'ALPHABETICAL') vs.sort((a, b) => a.label.localeCompare(b.label));
      return { id: o.id, label: o.label, type: 'TEXT', sort, selectedCount: vs.filter((v) => v.selected).length, values: vs };
    },
  };
}
