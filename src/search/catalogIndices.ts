/**
 * The catalog index lifecycle, one explicit procedure: create a versioned index set from the mapping
 * files, load it, refresh, point the aliases at it in one atomic `_aliases` call, delete the old set.
 * On failure the new set is deleted and the aliases are left alone. A version holds one entities index and,
 * per locale of the configuration, a products and a content index analysed in that locale's language; each
 * has its locale alias, and the part alias spans the locales (catalog facts, jobs, operations look-ups).
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import type { CatalogPart, LocalePart } from './indexNames';
import { CATALOG_PARTS, LOCALE_PARTS, type IndexNames, newCatalogVersion } from './indexNames';
import { VERSIONED_MAPPINGS } from './indexRegistry';
import { detectAnalysisLevel, indexDefinition, layoutSettings, SINGLE_NODE_LAYOUT, type AnalysisLevel, type IndexLayout } from './mappings';
import { Unavailable } from '../kernel/errors';
import { elasticsearchErrorType, elasticsearchStatus } from './errors';

/**
 * While a version loads nobody reads it, so: no refresh, and the translog is fsynced every few seconds
 * instead of on every bulk request. A crash while loading loses nothing that matters (the version is
 * dropped and the import fails). sealVersion restores the serving settings and flushes before publishing.
 */
export const LOADING_SETTINGS = { refresh_interval: '-1', 'translog.durability': 'async' } as const;
export const SERVING_SETTINGS = { refresh_interval: '1s', 'translog.durability': 'request' } as const;

export class CatalogIndices {
  private analysis?: AnalysisLevel;
  private readonly publishListeners: (() => void)[] = [];

  constructor(
    private readonly es: Client,
    readonly names: IndexNames,
    private readonly layout: IndexLayout = SINGLE_NODE_LAYOUT,
  ) {}

  async analysisLevel(): Promise<AnalysisLevel> {
    this.analysis ??= await detectAnalysisLevel(this.es);
    return this.analysis;
  }

  /** Version the aliases point at now, or undefined before the first full import. */
  async liveVersion(): Promise<string | undefined> {
    const alias = this.names.catalogAlias('entities');
    try {
      const res = await this.es.indices.getAlias({ name: alias });
      const index = Object.keys(res)[0];
      return index ? this.names.versionOf(index) : undefined;
    } catch (err) {
      if (elasticsearchStatus(err) === 404) return undefined;
      throw err;
    }
  }

  /**
   * Creates an empty index set for a new version and `locales`, with the shards and replicas of the layout,
   * tuned for bulk loading (no refresh).
   */
  async createVersion(locales: readonly string[]): Promise<string> {
    const version = newCatalogVersion();
    try {
      await this.createIndices([
        { index: this.names.catalogIndex('entities', version), file: VERSIONED_MAPPINGS.entities },
        ...this.localeIndices(version, locales),
      ]);
    } catch (err) {
      await this.dropVersion(version);
      throw err;
    }
    return version;
  }

  /**
   * Adds the products and content indices of `locales` to a version being built (a full import that learns
   * its locales from the file creates them once it has read it). The caller drops the version on failure.
   */
  async addLocales(version: string, locales: readonly string[]): Promise<void> {
    await this.createIndices(this.localeIndices(version, locales));
  }

  private localeIndices(version: string, locales: readonly string[]): { index: string; file: string; locale: string }[] {
    return LOCALE_PARTS.flatMap((part) =>
      locales.map((locale) => ({ index: this.names.catalogIndex(part, version, locale), file: VERSIONED_MAPPINGS[part], locale })),
    );
  }

  private async createIndices(indices: { index: string; file: string; locale?: string }[]): Promise<void> {
    const analysis = await this.analysisLevel();
    for (const { index, file, locale } of indices) {
      const def = indexDefinition(file, analysis, locale);
      const codec = file === VERSIONED_MAPPINGS.products && this.layout.productCodec === 'best_compression' ? { codec: 'best_compression' } : {};
      try {
        await this.es.indices.create({ ...def, index, settings: { ...def.settings, ...layoutSettings(this.layout, true), ...codec, ...LOADING_SETTINGS } });
      } catch (err) {
        // A version's name is new to the cluster (a timestamp taken under the import lock), so an index of that
        // name is this request's own: the client's retry of a create whose answer was lost.
        if (elasticsearchErrorType(err) !== 'resource_already_exists_exception') throw err;
      }
    }
  }

  /** Restores the serving settings of a loaded version, refreshes it and makes it durable (flush). */
  async sealVersion(version: string): Promise<void> {
    await sealIndices(this.es, (await this.versionIndices(version)).map((i) => i.index).join(','));
  }

  /**
   * Resolves once every shard of `version` is active (green), or every primary when the cluster has fewer
   * data nodes than copies asked for (yellow: those replicas can never be allocated, as on one node with
   * INDEX_REPLICAS=1). Throws Unavailable after `timeoutMs`: the version must not be published with copies
   * missing that a node failure would turn into a red catalog.
   */
  async waitHealthy(version: string, timeoutMs: number): Promise<void> {
    const indices = (await this.versionIndices(version)).map((i) => i.index);
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      const health = await this.es.cluster.health({ index: indices.join(','), level: 'indices' });
      if (health.status === 'green') return;
      const dataNodes = health.number_of_data_nodes;
      const primariesOnly = indices.every((index) => {
        const h = health.indices?.[index];
        return !!h && h.active_primary_shards >= h.number_of_shards && (h.number_of_replicas ?? 0) + 1 > dataNodes;
      });
      if (health.status === 'yellow' && primariesOnly) return;
      last = `${health.status}, ${health.active_shards} active, ${health.initializing_shards} initializing, ${health.unassigned_shards} unassigned shards, ${dataNodes} data nodes`;
      if (Date.now() >= deadline) {
        throw new Unavailable(`The new catalog version did not become green within ${Math.round(timeoutMs / 1000)} s (${last}): the live catalog is unchanged`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Points every catalog alias at `version` in one atomic call (entities, and per part the part alias and
   * the locale aliases); returns the version that was live.
   */
  async publishVersion(version: string): Promise<string | undefined> {
    const previous = await this.liveVersion();
    const actions: estypes.IndicesUpdateAliasesAction[] = [];
    if (previous) {
      for (const { index, aliases } of await this.versionIndices(previous)) {
        for (const alias of aliases) actions.push({ remove: { index, alias } });
      }
    }
    for (const { index, part, locale } of await this.versionIndices(version)) {
      // Writes by id go to the locale alias; the part alias spans several indices and takes no writes.
      if (!locale) actions.push({ add: { index, alias: this.names.catalogAlias(part), is_write_index: true } });
      else {
        actions.push({ add: { index, alias: this.names.catalogAlias(part) } });
        actions.push({ add: { index, alias: this.names.catalogLocaleAlias(part as LocalePart, locale), is_write_index: true } });
      }
    }
    try {
      await this.es.indices.updateAliases({ actions });
    } catch (err) {
      // The client retries a request whose answer was lost; a retry of an update that had applied finds the
      // previous aliases gone and fails, though the version is live. What the aliases say decides.
      if ((await this.liveVersion().catch(() => undefined)) !== version) throw err;
    }
    for (const listener of this.publishListeners) listener();
    return previous;
  }

  /** `listener` runs right after this process has moved the aliases to a new version (catalogView.ts). */
  onPublish(listener: () => void): void {
    this.publishListeners.push(listener);
  }

  /** The indices of a version that exist, with their part, locale (products and content) and aliases. */
  async versionIndices(version: string): Promise<{ index: string; part: CatalogPart; locale?: string; aliases: string[] }[]> {
    const found: { index: string; part: CatalogPart; locale?: string; aliases: string[] }[] = [];
    for (const part of CATALOG_PARTS) {
      const base = this.names.catalogIndex(part, version);
      const res = await this.es.indices.get({
        index: `${base},${base}-*`,
        allow_no_indices: true,
        ignore_unavailable: true,
        expand_wildcards: 'open',
        features: ['aliases'],
      });
      for (const [index, state] of Object.entries(res)) {
        // Only this version: the wildcard also matches a longer version stamp with the same start.
        if (this.names.versionOf(index) !== version) continue;
        const locale = index === base ? undefined : index.slice(base.length + 1);
        found.push({ index, part, ...(locale ? { locale } : {}), aliases: Object.keys(state.aliases ?? {}) });
      }
    }
    return found;
  }

  /**
   * Puts the fields the mapping files have gained since the live version was created on its indices (mappings
   * only grow: additive, no reindexing), so operations imports into it may write them. Returns the indices
   * Elasticsearch refused (a changed field): they keep their mapping until the next full import.
   */
  async addNewFields(): Promise<{ index: string; err: unknown }[]> {
    const live = await this.liveVersion();
    if (!live) return [];
    const analysis = await this.analysisLevel();
    const refused: { index: string; err: unknown }[] = [];
    for (const { index, part, locale } of await this.versionIndices(live)) {
      const { mappings } = indexDefinition(VERSIONED_MAPPINGS[part], analysis, locale);
      if (!mappings) continue;
      try {
        await this.es.indices.putMapping({ index, ...mappings });
      } catch (err) {
        refused.push({ index, err });
      }
    }
    return refused;
  }

  /** Deletes a version's indices (the ones that exist). */
  async dropVersion(version: string): Promise<void> {
    const indices = (await this.versionIndices(version)).map((i) => i.index);
    if (!indices.length) return;
    await this.es.indices.delete({ index: indices.join(','), ignore_unavailable: true, allow_no_indices: true });
  }

  /** Every version but the live one: leftovers of crashed imports, or one an import is building now. */
  async staleVersions(): Promise<string[]> {
    const live = await this.liveVersion();
    const res = await this.es.indices.get({ index: this.names.catalogPattern('entities'), allow_no_indices: true, expand_wildcards: 'open' });
    return Object.keys(res)
      .map((i) => this.names.versionOf(i))
      .filter((v): v is string => !!v && v !== live);
  }

  /** Deletes every version but the live one (under the import lock: never while an import builds one). */
  async dropStaleVersions(): Promise<string[]> {
    const stale = await this.staleVersions();
    for (const v of stale) await this.dropVersion(v);
    return stale;
  }
}

/** Serving settings back, refresh, and a flush so that what was loaded with an async translog is on disk. */
export async function sealIndices(es: Client, index: string): Promise<void> {
  await es.indices.putSettings({ index, settings: SERVING_SETTINGS });
  await es.indices.refresh({ index });
  await es.indices.flush({ index });
}
