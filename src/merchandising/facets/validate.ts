/** Validation of a facet configuration import body. Pure: paths name the field, e.g. `markets.SE.facets[2].type`. */
import type { CatalogConfiguration } from '../../catalog/types';
import { MEASURE_ATTRIBUTES, facetAttribute, facetTypesOf, FACET_TYPES, type FacetType } from './attributes';
import {
  FACET_ID,
  FACET_SORT_ORDERS,
  MAX_DYNAMIC_FACETS,
  MAX_FACETS_PER_MARKET,
  MAX_FACET_VALUES,
  type ConfiguredFacet,
  type FacetConfiguration,
  type MarketFacets,
} from './types';
import { toBase } from '../../catalog/units';
import {
  Problems,
  array,
  boolean,
  field,
  integer,
  map,
  object,
  oneOf,
  requireFields,
  string,
  stringMap,
  requiredBody,
  type Validated,
  own,
} from '../../kernel/validation';

const FACET_FIELDS = ['id', 'attribute', 'type', 'labels', 'sortOrder', 'size', 'unit', 'searchPage'];

export function validateFacetConfiguration(raw: unknown, configuration: CatalogConfiguration): Validated<FacetConfiguration> {
  const p = new Problems();
  const body = requiredBody(p, raw, 'markets', '{"markets": {...}}');
  if (!body) return { ok: false, problems: p };
  const markets: Record<string, MarketFacets> = {};
  map(p, 'markets', body.markets, (entry, at, market) => {
    const locales = own(configuration.markets, market)?.locales;
    if (!locales) p.add(at, `market "${market}" is not configured (configured: ${Object.keys(configuration.markets).join(', ')})`);
    const value = marketFacets(p, at, entry, locales ?? []);
    if (value) markets[market] = value;
  });
  return p.any ? { ok: false, problems: p } : { ok: true, value: { markets } };
}

function marketFacets(p: Problems, path: string, v: unknown, locales: readonly string[]): MarketFacets | undefined {
  const o = object(p, path, v, ['facets', 'dynamicFacets']);
  if (!o) return undefined;
  requireFields(p, path, o, 'facets');
  const dynamicFacets = integer(p, field(path, 'dynamicFacets'), o.dynamicFacets, { min: 0, max: MAX_DYNAMIC_FACETS });
  const ids = new Set<string>();
  const facets: ConfiguredFacet[] = [];
  array(p, field(path, 'facets'), o.facets, {
    max: MAX_FACETS_PER_MARKET,
    each: (entry, at) => {
      const facet = configuredFacet(p, at, entry, locales);
      if (!facet) return;
      if (ids.has(facet.id)) p.add(field(at, 'id'), `facet id "${facet.id}" is repeated`);
      ids.add(facet.id);
      facets.push(facet);
    },
  });
  return { facets, ...(dynamicFacets !== undefined ? { dynamicFacets } : {}) };
}

function configuredFacet(p: Problems, path: string, v: unknown, locales: readonly string[]): ConfiguredFacet | undefined {
  const o = object(p, path, v, FACET_FIELDS);
  if (!o) return undefined;
  requireFields(p, path, o, 'attribute', 'type');
  const before = p.count;
  const attribute = string(p, field(path, 'attribute'), o.attribute, { min: 1, max: 2000 });
  const target = attribute === undefined ? undefined : facetAttribute(attribute);
  if (attribute !== undefined && !target) {
    p.add(
      field(path, 'attribute'),
      `unknown attribute "${attribute}" (brand, category, color, size, price, onlyInStock, rating, discount, series, department, gender, age, pattern, product_type, length, width, height, depth, volume, weight, or custom.<name>)`,
    );
  }
  const type = oneOf<FacetType>(p, field(path, 'type'), o.type, FACET_TYPES);
  if (target && type && !facetTypesOf(target).includes(type)) {
    p.add(field(path, 'type'), `${attribute} can be shown as ${facetTypesOf(target).join(' or ')}, not ${type}`);
  }
  const id =
    o.id === undefined
      ? attribute
      : string(p, field(path, 'id'), o.id, { id: true, min: 1, pattern: FACET_ID, patternText: 'must be 1 to 200 letters, digits, ".", "_", ":" or "-"' });
  if (o.id === undefined && attribute !== undefined && !FACET_ID.test(attribute)) {
    p.add(field(path, 'id'), 'required: the attribute name cannot be a facet id (1 to 200 letters, digits, ".", "_", ":" or "-")');
  }
  const labels = stringMap(p, field(path, 'labels'), o.labels, { min: 1, max: 200 }, (locale, at) => {
    if (!locales.includes(locale)) p.add(at, `locale "${locale}" is not configured for this market (configured: ${locales.join(', ')})`);
  });
  const valued = type === 'TEXT' || type === 'COLOR';
  const sortOrder = oneOf(p, field(path, 'sortOrder'), o.sortOrder, FACET_SORT_ORDERS);
  if (sortOrder !== undefined && type !== 'TEXT') p.add(field(path, 'sortOrder'), 'only for TEXT facets');
  const size = integer(p, field(path, 'size'), o.size, { min: 1, max: MAX_FACET_VALUES });
  if (size !== undefined && type && !valued) p.add(field(path, 'size'), 'only for TEXT and COLOR facets');
  const unit = string(p, field(path, 'unit'), o.unit, { min: 1, max: 20 });
  if (unit !== undefined) checkUnit(p, field(path, 'unit'), unit, attribute, type);
  const searchPage = boolean(p, field(path, 'searchPage'), o.searchPage);
  if (p.count > before || attribute === undefined || type === undefined || id === undefined) return undefined;
  return {
    id,
    attribute,
    type,
    ...(labels ? { labels } : {}),
    ...(sortOrder ? { sortOrder } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(unit !== undefined ? { unit } : {}),
    ...(searchPage !== undefined ? { searchPage } : {}),
  };
}

/** A unit belongs to RANGE facets over lengths (custom) or measurements, and must be one we convert. */
function checkUnit(p: Problems, path: string, unit: string, attribute: string | undefined, type: FacetType | undefined): void {
  const measure =
    attribute === undefined
      ? undefined
      : Object.hasOwn(MEASURE_ATTRIBUTES, attribute)
        ? MEASURE_ATTRIBUTES[attribute]
        : attribute.startsWith('custom.')
          ? 'length'
          : undefined;
  if (type !== 'RANGE' || !measure) p.add(path, 'only for RANGE facets over custom lengths or length, width, height, depth, volume, weight');
  else if (toBase(measure, { amount: 1, unit }) === undefined) p.add(path, `unknown ${measure} unit "${unit}"`);
}
