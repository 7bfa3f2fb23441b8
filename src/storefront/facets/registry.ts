/**
 * The default facet set, built from the catalog (until merchandisers configure facets):
 *   brand (TEXT, alphabetical) · category (TEXT over every category path, alphabetical) ·
 *   price (RANGE over the selling price, honouring priceId) · color (COLOR over colours) ·
 *   size (SIZE over sizes by size type) · onlyInStock (CHECKBOX, stock under channels/stores) ·
 *   custom.<name> (TEXT, by count) for every product-level custom label in the live catalog's mapping.
 */
import type { CatalogFacts } from '../catalogFacts';
import type { QueryContext } from '../request';
import { inStockQuery } from '../stock';
import { checkboxFacet } from './checkboxFacet';
import { colorFacet } from './colorFacet';
import { priceFacet } from './rangeFacet';
import { sizeFacet } from './sizeFacet';
import { textFacet } from './textFacet';
import type { Facet } from './types';

export function defaultFacets(facts: Pick<CatalogFacts, 'customLabels'>, ctx: Pick<QueryContext, 'priceId' | 'channels' | 'stores'>): Facet[] {
  return [
    textFacet({ id: 'brand', label: 'Brand', field: 'brand', sort: 'ALPHABETICAL' }),
    textFacet({ id: 'category', label: 'Category', field: 'categoryPaths', sort: 'ALPHABETICAL' }),
    priceFacet({ id: 'price', label: 'Price', priceId: ctx.priceId }),
    colorFacet({ id: 'color', label: 'Color', field: 'colors' }),
    sizeFacet({ id: 'size', label: 'Size' }),
    checkboxFacet({ id: 'onlyInStock', label: 'In stock', query: inStockQuery(ctx) }),
    ...facts.customLabels.map((name) => textFacet({ id: `custom.${name}`, label: name, field: `customLabels.${name}`, sort: 'RELEVANCE' })),
  ];
}
