/**
 * Facts about the live catalog that every storefront query needs to validate and build requests:
 * configured markets, product counts per market, store keys, custom price ids, custom attribute names (with
 * the version's dynamic facet candidates) and the facet configuration. Read with one aggregation and one mapping
 * call, cached per live catalog version for STORE_CACHE_MS (operations imports change data without changing the
 * version; reloaded in the background from half that age on), and shared by concurrent requests.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SearchGateway } from '../search/gateway';
import { InvalidInput, Unavailable } from '../kernel/errors';
import type { ConfigurationReader } from '../configuration/store';
import type { CatalogConfiguration } from '../catalog/types';
import type { CatalogIndices } from '../search/catalogIndices';
import type { FacetStore } from '../merchandising/facetStore';
import type { FacetConfiguration } from '../merchandising/facets/types';
import type { LabelStore } from '../merchandising/labelStore';
import type { LabelConfiguration } from '../merchandising/labelConfiguration';
import type { AttributeKind } from '../catalog/attributeQueries';
import { Cache } from '../kernel/cache';
import { untimed } from '../search/timing';
import { REFRESH_AHEAD_SHARE } from '../kernel/shortCache';
import { customLabelField } from '../catalog/attributeQueries';
import type { CatalogAttribute } from './understanding';

/** Aggregation name prefix of an understood attribute's values. */
const ATTRIBUTE_AGG = 'attribute:';

export interface CatalogFacts {
  version: string;
  configuration: CatalogConfiguration;
  /** Product documents per market. */
  productCounts: Readonly<Record<string, number>>;
  /** Markets where at least one product group suppresses duplicates (listings then collapse). */
  collapsingMarkets: ReadonlySet<string>;
  storeKeys: ReadonlySet<string>;
  priceIds: ReadonlySet<string>;
  /** The catalog's `gender` values, every locale's (query understanding recognises them in phrases). */
  genders: readonly string[];
  /** The catalog's brands and sizes, every locale's (query understanding recognises them in phrases). */
  brands: readonly string[];
  sizes: readonly string[];
  /**
   * Values of the understood label attributes (UNDERSTOOD_ATTRIBUTES), every locale's; an attribute of more
   * than MAX_ATTRIBUTE_VALUES values is left out (a free text, not a facet of few words).
   */
  attributes: readonly CatalogAttribute[];
  /** Product-level custom attribute names of the live catalog and their kind (selections of facets not shown). */
  customAttributes: ReadonlyMap<string, AttributeKind>;
  /** Dynamic facet candidates of the version (facets/versionCandidates.ts): what round 1 asks of a listing not seen before. */
  dynamicCandidates: VersionCandidates;
  /** The markets' facet configuration (read through its own short cache, so an import shows at once). */
  facetConfiguration: FacetConfiguration;
  /** The markets' label overrides (read through their own short cache, like the facet configuration). */
  labelConfiguration: LabelConfiguration;
  /** Dynamic facets of a market without a facet configuration (DYNAMIC_FACETS). */
  defaultDynamicFacets: number;
}

/** The facts read from merchandising stores rather than from the catalog. */
type Merchandised = 'facetConfiguration' | 'labelConfiguration';

/** Custom attribute names read per kind, at most (a selection of a name beyond them is ignored). */
const MAX_ATTRIBUTE_NAMES = 20_000;
const MAX_STORES = 10_000;
/** Gender values read (a handful per language in any real catalog). */
const MAX_GENDERS = 200;
/** Brands and sizes read: beyond them a brand or size named in a phrase stays a word (docs/language.md). */
const MAX_BRANDS = 10_000;
const MAX_SIZES = 2_000;
/** Values an understood attribute may have, every locale's together ("Läder", "Leather", "Skinn", ...). */
export const MAX_ATTRIBUTE_VALUES = 300;

type CatalogPartFacts = Omit<CatalogFacts, Merchandised> | undefined;

/** The one key of each of the two caches. */
const LIVE = 'live';

export class CatalogFactsCache {
  /** Only a live version is kept: while there is no catalog every request looks again. */
  private readonly version: Cache<string | undefined>;
  /** Per live version, and reloaded after the TTL too: operations imports change data without changing the version. */
  private readonly facts: Cache<CatalogPartFacts>;

  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(
    private readonly search: SearchGateway,
    private readonly indices: Pick<CatalogIndices, 'liveVersion' | 'names'>,
    private readonly configuration: ConfigurationReader,
    private readonly facets: Pick<FacetStore, 'all'>,
    private readonly labels: Pick<LabelStore, 'all'>,
    private readonly defaultDynamicFacets: number,
    cacheMs: number,
    /** UNDERSTOOD_ATTRIBUTES: label attributes whose values query understanding recognises. */
    private readonly understoodAttributes: readonly string[] = [],
  ) {
    // The live version too (an alias read each STORE_CACHE_MS otherwise waited for by a visitor's request).
    this.version = new Cache({
      name: 'catalog-version',
      ttlMs: cacheMs,
      refreshAheadMs: cacheMs * REFRESH_AHEAD_SHARE,
      background: untimed,
      keep: (version) => version !== undefined,
    });
    // Reloaded in the background from half their TTL on (same version only: a new version is awaited), so no
    // visitor's request pays the facts' aggregation every STORE_CACHE_MS under steady traffic (issue 41: a
    // counted round trip then), and none is served facts older than the TTL.
    // The reload is no request's work: it is not counted in the request that started it.
    this.facts = new Cache({ name: 'catalog-facts', ttlMs: cacheMs, refreshAheadMs: cacheMs / 2, background: untimed });
  }

  /**
   * The facts of the live catalog, or undefined when there is no catalog or no configuration.
   * `maxAgeMs` asks for fresher facts than the TTL gives (a retry after a validation failure).
   */
  async get(maxAgeMs?: number): Promise<CatalogFacts | undefined> {
    const [catalog, facetConfiguration, labelConfiguration] = await Promise.all([this.catalog(maxAgeMs), this.facets.all(), this.labels.all()]);
    return catalog && { ...catalog, facetConfiguration, labelConfiguration };
  }

  private async catalog(maxAgeMs: number | undefined): Promise<CatalogPartFacts> {
    const version = await this.version.get(LIVE, () => this.indices.liveVersion(), { maxAgeMs });
    if (!version) return undefined;
    return this.facts.get(LIVE, () => this.load(version), { version, maxAgeMs });
  }

  /** Forgets everything: this process has published a catalog version (app.ts), and tests. */
  clear(): void {
    this.version.forget();
    this.facts.forget();
  }

  /** Age of the cached facts in milliseconds, from the start of their load (infinite when none). */
  age(): number {
    return this.facts.age(LIVE);
  }

  private async load(version: string): Promise<CatalogPartFacts> {
    const index = this.indices.names.catalogAlias('products');
    const [configuration, search, mapping] = await Promise.all([
      this.configuration.get(),
      this.search.search({ index, size: 0, track_total_hits: false, aggs: factsAggregations(this.understoodAttributes) }),
      this.search.mapping(index),
    ]);
    return configuration
      ? { ...readFacts(version, configuration, search.aggregations ?? {}, mapping), defaultDynamicFacets: this.defaultDynamicFacets }
      : undefined;
  }
}

function factsAggregations(attributes: readonly string[]): Record<string, estypes.AggregationsAggregationContainer> {
  return {
    // One more than allowed: an attribute reaching it has too many values to understand.
    ...Object.fromEntries(attributes.map((name) => [`${ATTRIBUTE_AGG}${name}`, { terms: { field: customLabelField(name), size: MAX_ATTRIBUTE_VALUES + 1 } }])),
    markets: { terms: { field: 'market', size: 1000 } },
    stores: { terms: { field: 'storeKeys', size: MAX_STORES } },
    collapsing: { filter: { term: { suppressDuplicates: true } }, aggs: { markets: { terms: { field: 'market', size: 1000 } } } },
    labels: { terms: { field: 'customLabelNames', size: MAX_ATTRIBUTE_NAMES } },
    genders: { terms: { field: 'gender', size: MAX_GENDERS } },
    brands: { terms: { field: 'brand', size: MAX_BRANDS } },
    sizes: { terms: { field: 'sizes', size: MAX_SIZES } },
    numbers: { nested: { path: 'customNumberValues' }, aggs: { names: { terms: { field: 'customNumberValues.name', size: MAX_ATTRIBUTE_NAMES } } } },
    lengths: { nested: { path: 'customLengthValues' }, aggs: { names: { terms: { field: 'customLengthValues.name', size: MAX_ATTRIBUTE_NAMES } } } },
  };
}

type Buckets = { buckets: { key: string; doc_count: number }[] };

/**
 * Dynamic facet candidates of a catalog version (facets/versionCandidates.ts): the custom label and number
 * names, most covering first (ties by name, labels first), as a listing's coverage ranks them (facets/dynamic.ts).
 */
export interface VersionCandidates {
  version: string;
  ranked: readonly { name: string; kind: 'label' | 'number'; products: number }[];
}

/** Pure: label and number names with their coverage (products, or number values), most covering first. */
export function rankCandidates(
  labels: readonly { key: string; doc_count: number }[],
  numbers: readonly { key: string; doc_count: number }[],
): VersionCandidates['ranked'] {
  return [
    ...labels.map((b) => ({ name: b.key, kind: 'label' as const, products: b.doc_count })),
    ...numbers.map((b) => ({ name: b.key, kind: 'number' as const, products: b.doc_count })),
  ].sort((a, b) => b.products - a.products || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.kind < b.kind ? -1 : 1));
}

/** Pure: aggregation results and the mapping to facts. */
export function readFacts(
  version: string,
  configuration: CatalogConfiguration,
  aggs: Record<string, estypes.AggregationsAggregate>,
  mapping: estypes.IndicesGetMappingResponse,
): Omit<CatalogFacts, Merchandised | 'defaultDynamicFacets'> {
  const buckets = (agg: unknown) => (agg as Buckets | undefined)?.buckets ?? [];
  // The part alias spans one index per locale, and each maps only the dynamic fields its documents brought.
  const properties = mergeProperties(Object.values(mapping).map((m) => m.mappings?.properties ?? {}));
  const names = (p: estypes.MappingProperty | undefined) => Object.keys((p as estypes.MappingObjectProperty | undefined)?.properties ?? {}).sort();
  // A name used as several kinds keeps the first: label, then number, then length.
  const customAttributes = new Map<string, AttributeKind>();
  const add = (agg: unknown, kind: AttributeKind) =>
    buckets(agg).forEach((b) => {
      if (!customAttributes.has(b.key)) customAttributes.set(b.key, kind);
    });
  add(aggs.labels, 'label');
  add((aggs.numbers as { names?: unknown } | undefined)?.names, 'number');
  add((aggs.lengths as { names?: unknown } | undefined)?.names, 'length');
  return {
    version,
    configuration,
    productCounts: Object.fromEntries(buckets(aggs.markets).map((b) => [b.key, b.doc_count])),
    collapsingMarkets: new Set(buckets((aggs.collapsing as { markets?: unknown } | undefined)?.markets).map((b) => b.key)),
    storeKeys: new Set(buckets(aggs.stores).map((b) => b.key)),
    // `customPrice` maps `<id>.selling.min` and friends, flattened (subobjects: false) or nested.
    priceIds: new Set(names(properties.customPrice).map((n) => n.replace(/\.(selling|list)\.(min|max)$/, ''))),
    genders: buckets(aggs.genders).map((b) => b.key),
    brands: buckets(aggs.brands).map((b) => b.key),
    sizes: buckets(aggs.sizes).map((b) => b.key),
    attributes: Object.entries(aggs)
      .filter(([key]) => key.startsWith(ATTRIBUTE_AGG))
      .map(([key, agg]) => ({ name: key.slice(ATTRIBUTE_AGG.length), values: buckets(agg).map((b) => b.key) }))
      .filter((a) => a.values.length && a.values.length <= MAX_ATTRIBUTE_VALUES),
    customAttributes,
    // The coverage of the label names and number names read above: no aggregation of their own.
    dynamicCandidates: { version, ranked: rankCandidates(buckets(aggs.labels), buckets((aggs.numbers as { names?: unknown } | undefined)?.names)) },
  };
}

/** Facts younger than this are not reloaded to retry a failed validation. */
const FRESH_MS = 250;

/**
 * Runs a request parser with the cached facts; when it fails as invalid or unavailable, which stale facts may
 * explain (a store or price id just imported, a first catalog just published), it runs once more with
 * freshly read facts. Facts read within FRESH_MS are not read again, so bad requests cannot flood
 * Elasticsearch.
 */
export async function parseWithFacts<T>(cache: CatalogFactsCache, parse: (facts: CatalogFacts | undefined) => T): Promise<T> {
  const facts = await cache.get();
  try {
    return parse(facts);
  } catch (err) {
    if (!(err instanceof InvalidInput || err instanceof Unavailable) || cache.age() < FRESH_MS) throw err;
    return parse(await cache.get(FRESH_MS));
  }
}

type Properties = Record<string, estypes.MappingProperty>;

/** Pure: the union of several indices' properties, objects merged field by field. */
export function mergeProperties(all: Properties[]): Properties {
  const out: Properties = {};
  for (const properties of all) {
    for (const [name, property] of Object.entries(properties)) {
      const seen = out[name];
      const inner = 'properties' in property ? property.properties : undefined;
      const seenInner = seen && 'properties' in seen ? seen.properties : undefined;
      // An index whose documents brought no sub-field maps the object without properties: it must not hide
      // another index's (the order of indices in a mapping answer is arbitrary).
      out[name] =
        inner || seenInner
          ? ({ ...(seen ?? property), properties: mergeProperties([seenInner ?? {}, inner ?? {}]) } as estypes.MappingProperty)
          : (seen ?? property);
    }
  }
  return out;
}
