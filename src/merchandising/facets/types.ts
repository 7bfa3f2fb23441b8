/**
 * The facet configuration of each market (our `PUT /api/admin/v4/import/facets`, the Facet configurator of
 * Elevate's app): which attributes are facets, in which order, as which type, with labels per locale.
 * Market defaults apply to search pages and to every landing page without a `facetsOverride`.
 */
import type { FacetType } from './attributes';

export const FACET_SORT_ORDERS = ['RELEVANCE', 'ALPHABETIC', 'NATURAL'] as const;
export type FacetSortOrder = (typeof FACET_SORT_ORDERS)[number];

/** A facet id is what a visitor's selection names (`f.<id>`). */
export const FACET_ID = /^[A-Za-z0-9_.:-]{1,200}$/;
export const MAX_FACETS_PER_MARKET = 100;
export const MAX_FACET_VALUES = 1000;
/** Dynamic facets a market may ask for at most. */
export const MAX_DYNAMIC_FACETS = 30;

export interface ConfiguredFacet {
  /** Defaults to the attribute. */
  id: string;
  attribute: string;
  type: FacetType;
  /** Locale → label; a locale without one gets the built-in label or the attribute name. */
  labels?: Record<string, string>;
  /** TEXT and COLOR value order: RELEVANCE (by count, the default), ALPHABETIC, NATURAL. */
  sortOrder?: FacetSortOrder;
  /** Values shown at most (TEXT, COLOR); default 100. */
  size?: number;
  /** RANGE over lengths and measurements: the unit values are shown and selected in. */
  unit?: string;
  /** Shown on search pages (default true); landing pages show every facet of the market. */
  searchPage?: boolean;
}

export interface MarketFacets {
  facets: ConfiguredFacet[];
  /**
   * How many attribute facets are chosen per result set, after the configured ones (the attributes that
   * cover most of the hits). Default: 0 when `facets` is not empty, else the service's DYNAMIC_FACETS.
   */
  dynamicFacets?: number;
}

export interface FacetConfiguration {
  markets: Record<string, MarketFacets>;
}
