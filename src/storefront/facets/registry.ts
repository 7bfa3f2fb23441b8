/**
 * Which facets a listing shows:
 * - the market's facet configuration (merchandising/facets), in its order, with its labels for the locale
 *   (a facet without one: the market-locale's label override, else the built-in label in the locale's
 *   language, merchandising/labels.ts, else the custom attribute's name);
 *   search pages show those marked `searchPage` (the default);
 * - without one, the service's defaults: brand (TEXT, alphabetical) · category (TEXT over every category
 *   path, alphabetical) · price (RANGE over the selling price, honouring priceId) · color (COLOR) ·
 *   size (SIZE by size type) · onlyInStock (CHECKBOX, stock under channels/stores), followed by dynamic
 *   facets (the custom attributes covering most hits, see dynamic.ts);
 * - a landing page's `facetsOverride` replaces the set, without dynamic facets.
 * A selection of any other facet or custom attribute filters and shows that facet after the others.
 */
import type { FacetSetting } from '../../merchandising/pages/types';
import { CUSTOM_PREFIX, defaultLabel, facetAttribute } from '../../merchandising/facets/attributes';
import { visitorLabel } from '../../merchandising/labels';
import type { MarketFacets } from '../../merchandising/facets/types';
import type { CatalogFacts, VersionCandidates } from '../catalogFacts';
import type { RawQuery } from '../../kernel/params';
import { facetFromDefinition, type FacetContext, type FacetDefinition } from './definitions';
import type { AttributeKind } from '../../catalog/attributeQueries';
import type { DynamicFacets } from './dynamic';
import { readSelections, type Selections } from './selections';
import type { Facet } from './types';

/** The facets a listing shows whatever its hits, and how many dynamic ones follow. */
export interface FacetSetup {
  facets: Facet[];
  /** Label of an attribute in this market and locale (configured, else overridden, else built in, else the name). */
  labelOf(attribute: string): string;
  dynamic?: DynamicFacets;
}

/** The request's facets once its selections are read. */
export interface FacetPlan {
  /** Shown whatever the hits: the setup's, then selected ones it lacks. */
  facets: Facet[];
  selections: Selections;
  dynamic?: DynamicFacets;
}

const DEFAULTS: readonly Omit<FacetDefinition, 'label'>[] = [
  { id: 'brand', attribute: 'brand', sortOrder: 'ALPHABETIC' },
  { id: 'category', attribute: 'category', sortOrder: 'ALPHABETIC' },
  { id: 'price', attribute: 'price' },
  { id: 'color', attribute: 'color' },
  { id: 'size', attribute: 'size' },
  { id: 'onlyInStock', attribute: 'onlyInStock' },
];

export interface SetupOptions {
  /** The market's configuration, undefined when it has none. */
  market: MarketFacets | undefined;
  locale: string;
  /** The market-locale's label overrides (none when left out). */
  labels?: Readonly<Record<string, string>>;
  /** Search pages show only the configured facets marked `searchPage`. */
  page: 'search' | 'landing';
  /** Dynamic facets of a market without configured facets (the service's DYNAMIC_FACETS). */
  defaultDynamicCount: number;
  /** The catalog version's dynamic facet candidates (../facets/versionCandidates.ts). */
  known?: VersionCandidates;
}

/** The setup of a market and locale from the catalog facts. */
export function marketFacetSetup(
  facts: Pick<CatalogFacts, 'facetConfiguration' | 'defaultDynamicFacets'> & Partial<Pick<CatalogFacts, 'dynamicCandidates'>>,
  at: { market: string; locale: string; labels: Readonly<Record<string, string>> },
  page: SetupOptions['page'],
  ctx: FacetContext,
): FacetSetup {
  const markets = facts.facetConfiguration.markets;
  return facetSetup(
    {
      market: Object.hasOwn(markets, at.market) ? markets[at.market] : undefined,
      locale: at.locale,
      labels: at.labels,
      page,
      defaultDynamicCount: facts.defaultDynamicFacets,
      ...(facts.dynamicCandidates ? { known: facts.dynamicCandidates } : {}),
    },
    ctx,
  );
}

export function facetSetup(o: SetupOptions, ctx: FacetContext): FacetSetup {
  const configured = o.market?.facets ?? [];
  const labels = new Map(configured.map((f) => [f.attribute, f.labels?.[o.locale]]));
  const place = { locale: o.locale, labels: o.labels ?? {} };
  const labelOf = (attribute: string) => labels.get(attribute) ?? visitorLabel(place, `facet.${attribute}`) ?? defaultLabel(attribute);
  const definitions: FacetDefinition[] = configured.length
    ? configured.filter((f) => o.page === 'landing' || f.searchPage !== false).map((f) => ({ ...f, label: labelOf(f.attribute) }))
    : DEFAULTS.map((d) => ({ ...d, label: labelOf(d.attribute) }));
  const count = o.market?.dynamicFacets ?? (configured.length ? 0 : o.defaultDynamicCount);
  return {
    facets: build(definitions, ctx),
    labelOf,
    ...(count > 0 ? { dynamic: { count, labelOf, ...(o.known ? { known: o.known } : {}) } } : {}),
  };
}

/**
 * A page's `facetsOverride` when enabled and non-empty: its facets in its order, no dynamic ones. A custom
 * attribute is a RANGE with `visualization: RANGE`; with `VALUES`, a number's (or length's) distinct values
 * when the live catalog holds it as one (`attributes`), else the label's values; without, TEXT over the label.
 */
export function pageFacetSetup(
  override: { enabled?: boolean; facets?: FacetSetting[] } | undefined,
  market: FacetSetup,
  ctx: FacetContext,
  attributes: ReadonlyMap<string, AttributeKind> = new Map(),
): FacetSetup {
  if (!override || override.enabled === false || !override.facets?.length) return market;
  const custom = (s: FacetSetting): Partial<FacetDefinition> => {
    if (s.visualization === 'RANGE') return { type: 'RANGE' };
    const kind = attributes.get(s.attribute.slice(CUSTOM_PREFIX.length));
    return s.visualization === 'VALUES' && kind !== undefined && kind !== 'label' ? { type: 'TEXT', valuesOf: kind } : { type: 'TEXT' };
  };
  const definitions = override.facets.map(
    (s): FacetDefinition => ({
      id: s.attribute,
      attribute: s.attribute,
      ...(s.attribute.startsWith(CUSTOM_PREFIX) ? custom(s) : {}),
      label: market.labelOf(s.attribute),
      sortOrder: s.sortOrder ?? 'ALPHABETIC',
      ...(s.unit !== undefined ? { unit: s.unit } : {}),
    }),
  );
  return { facets: build(definitions, ctx), labelOf: market.labelOf };
}

/** Facets of the definitions that the service knows, each id once. */
function build(definitions: FacetDefinition[], ctx: FacetContext): Facet[] {
  const seen = new Set<string>();
  return definitions.flatMap((d) => {
    if (seen.has(d.id)) return [];
    seen.add(d.id);
    const facet = facetFromDefinition(d, ctx);
    return facet ? [facet] : [];
  });
}

/**
 * Reads the request's selections against the setup. A selection of a facet the setup does not show (a
 * built-in attribute, or a custom attribute of the live catalog, by its kind) filters and shows it.
 */
export function planFacets(setup: FacetSetup, query: RawQuery, attributes: ReadonlyMap<string, AttributeKind>, ctx: FacetContext): FacetPlan {
  const selectable = (id: string): Facet | undefined => {
    const a = facetAttribute(id);
    if (!a) return undefined;
    const label = setup.labelOf(id);
    if (a.kind !== 'custom') return facetFromDefinition({ id, attribute: id, label }, ctx);
    const kind = attributes.get(a.name);
    if (!kind) return undefined;
    return facetFromDefinition({ id, attribute: id, label, type: kind === 'label' ? 'TEXT' : 'RANGE', ...(kind === 'length' ? { unit: 'mm' } : {}) }, ctx);
  };
  const { selections, added } = readSelections(query, setup.facets, selectable);
  return { facets: [...setup.facets, ...added], selections, ...(setup.dynamic ? { dynamic: setup.dynamic } : {}) };
}
