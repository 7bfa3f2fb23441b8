/**
 * One storefront query reads one catalog version, from its first search to its last.
 *
 * A query makes several searches: the hits and the facet counts of a listing are two searches of one
 * `_msearch` (msearch.ts), the siblings and dynamic facets come in a second round trip, autocomplete and
 * pages read products by id. Each search resolves a catalog alias on its own, so a query running while a
 * full import moves the aliases could show the old catalog's products with the new catalog's totals and
 * facets (the alias-swap fault test saw it). So a query resolves the aliases once, into a CatalogView, and
 * reads the concrete indices behind them (gateway.ts).
 *
 * The view is cached for CATALOG_VIEW_CACHE_MS (a setting) per process; the process that publishes a version forgets it
 * at once. Another process may still hold the previous version for a moment, and the publishing import
 * deletes it right after the swap: a pinned search of a deleted index fails with CatalogVersionGone, and
 * the query runs once more on a fresh view (storefront/services.ts). A query sees one whole catalog, old
 * or new, never a mix, and never an empty page because its version was deleted under it.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { Unavailable } from '../kernel/errors';
import { elasticsearchStatus } from './errors';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from './timing';
import { CATALOG_PARTS, type CatalogPart, type IndexNames } from './indexNames';

export interface CatalogView {
  /** The concrete indices (comma-separated) behind a catalog alias, or undefined for any other name. */
  concrete(alias: string): string | undefined;
  /** The catalog version read (its entities index's), undefined where nothing is pinned: what caches of catalog answers are keyed by. */
  readonly version?: string;
}

/** Reads what the names say: used before the first full import and where nothing is pinned. */
export const UNPINNED: CatalogView = { concrete: () => undefined };

/** Pure: the view of the catalog aliases in a `GET _alias` answer (alias → its indices of one version). */
export function catalogViewOf(aliases: estypes.IndicesGetAliasResponse, names: Pick<IndexNames, 'catalogAlias' | 'versionOf'>): CatalogView {
  const catalog = CATALOG_PARTS.map((part) => names.catalogAlias(part));
  const isCatalogAlias = (alias: string) => catalog.some((base) => alias === base || alias.startsWith(`${base}-`));
  const behind = new Map<string, string[]>();
  for (const [index, { aliases: held }] of Object.entries(aliases)) {
    for (const alias of Object.keys(held ?? {})) {
      if (!isCatalogAlias(alias)) continue;
      const list = behind.get(alias) ?? [];
      list.push(index);
      behind.set(alias, list);
    }
  }
  const resolved = new Map([...behind].map(([alias, indices]) => [alias, indices.sort().join(',')]));
  return viewOf(resolved, names);
}

function viewOf(resolved: ReadonlyMap<string, string>, names: Pick<IndexNames, 'catalogAlias' | 'versionOf'>): CatalogView {
  const entities = resolved.get(names.catalogAlias('entities'));
  const version = entities ? names.versionOf(entities) : undefined;
  return { concrete: (alias) => resolved.get(alias), ...(version ? { version } : {}) };
}

/**
 * Pure: the view of a version that no alias points at (the candidate of an import's impact report): every
 * catalog alias is read as that version's indices, as if it were published. `indices` as
 * CatalogIndices.versionIndices answers them.
 */
export function versionViewOf(
  indices: readonly { index: string; part: CatalogPart; locale?: string }[],
  names: Pick<IndexNames, 'catalogAlias' | 'catalogLocaleAlias' | 'versionOf'>,
): CatalogView {
  const behind = new Map<string, string[]>();
  const add = (alias: string, index: string) => behind.set(alias, [...(behind.get(alias) ?? []), index]);
  for (const { index, part, locale } of indices) {
    add(names.catalogAlias(part), index);
    if (locale && part !== 'entities') add(names.catalogLocaleAlias(part, locale), index);
  }
  const resolved = new Map([...behind].map(([alias, list]) => [alias, list.sort().join(',')]));
  return viewOf(resolved, names);
}

/** A pinned search found its catalog version deleted (a newer one was published meanwhile). */
export class CatalogVersionGone extends Unavailable {
  override readonly name = 'CatalogVersionGone';

  /** `detail`: what Elasticsearch said, for the log. */
  constructor(readonly detail: string) {
    super('The catalog was replaced while the query ran: retry the query');
  }
}

/** Failures of a search on an index deleted before or while it ran. */
const GONE = new Set(['index_not_found_exception', 'shard_not_found_exception', 'already_closed_exception', 'index_closed_exception']);

export const isGoneType = (type: string | undefined): boolean => !!type && GONE.has(type);

/** Pure: whether a search answer lost shards to its index being deleted while it ran. */
export function lostToDeletion(response: { _shards?: estypes.ShardStatistics }): boolean {
  return (response._shards?.failures ?? []).some((f) => isGoneType(f.reason?.type));
}

/** The live catalog aliases of this service, resolved at most every `ttlMs` (the CATALOG_VIEW_CACHE_MS setting). */
export class CatalogViews {
  private readonly cache: ShortCache<CatalogView>;

  constructor(
    private readonly es: Client,
    private readonly names: IndexNames,
    ttlMs: number,
  ) {
    this.cache = new ShortCache(ttlMs, () => this.load(), { name: 'catalog-view', background: untimed });
  }

  /** The cached view, or a fresh one (`fresh`: after a pinned version was found deleted). */
  current(fresh = false): Promise<CatalogView> {
    return this.cache.get(fresh);
  }

  /** Called when this process has moved the aliases: its next query resolves them again. */
  forget(): void {
    this.cache.clear();
  }

  private async load(): Promise<CatalogView> {
    try {
      const res = await this.es.indices.getAlias({ name: `${this.names.prefix}-catalog-*`, expand_wildcards: 'open' });
      return catalogViewOf(res, this.names);
    } catch (err) {
      // Before the first full import no alias exists: names are read as they are (and answer empty).
      if (elasticsearchStatus(err) === 404) return UNPINNED;
      throw err;
    }
  }
}
