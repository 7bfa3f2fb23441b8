/**
 * The catalog index lifecycle, one explicit procedure: create a versioned index set from the mapping
 * files, load it, refresh, point the aliases at it in one atomic `_aliases` call, delete the old set.
 * On failure the new set is deleted and the aliases are left alone.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { CATALOG_PARTS, type IndexNames, newCatalogVersion } from './indexNames';
import { VERSIONED_MAPPINGS } from './indexRegistry';
import { detectAnalysisLevel, indexDefinition, type AnalysisLevel } from './mappings';

/**
 * While a version loads nobody reads it, so: no refresh, and the translog is fsynced every few seconds
 * instead of on every bulk request. A crash while loading loses nothing that matters (the version is
 * dropped and the import fails). sealVersion restores the serving settings and flushes before publishing.
 */
export const LOADING_SETTINGS = { refresh_interval: '-1', 'translog.durability': 'async' } as const;
export const SERVING_SETTINGS = { refresh_interval: '1s', 'translog.durability': 'request' } as const;

export class CatalogIndices {
  private analysis?: AnalysisLevel;

  constructor(private readonly es: Client, readonly names: IndexNames) {}

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
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Creates an empty index set for a new version, tuned for bulk loading (no refresh). */
  async createVersion(): Promise<string> {
    const version = newCatalogVersion();
    const analysis = await this.analysisLevel();
    try {
      for (const part of CATALOG_PARTS) {
        const def = indexDefinition(VERSIONED_MAPPINGS[part], analysis);
        await this.es.indices.create({
          ...def,
          index: this.names.catalogIndex(part, version),
          settings: { ...def.settings, ...LOADING_SETTINGS },
        });
      }
    } catch (err) {
      await this.dropVersion(version);
      throw err;
    }
    return version;
  }

  /** Restores the serving settings of a loaded version, refreshes it and makes it durable (flush). */
  async sealVersion(version: string): Promise<void> {
    const index = CATALOG_PARTS.map((p) => this.names.catalogIndex(p, version)).join(',');
    await sealIndices(this.es, index);
  }

  /** Points every catalog alias at `version` in one atomic call; returns the version that was live. */
  async publishVersion(version: string): Promise<string | undefined> {
    const previous = await this.liveVersion();
    const actions: estypes.IndicesUpdateAliasesAction[] = [];
    for (const part of CATALOG_PARTS) {
      if (previous) actions.push({ remove: { index: this.names.catalogIndex(part, previous), alias: this.names.catalogAlias(part) } });
      actions.push({ add: { index: this.names.catalogIndex(part, version), alias: this.names.catalogAlias(part), is_write_index: true } });
    }
    await this.es.indices.updateAliases({ actions });
    return previous;
  }

  /** Deletes a version's indices (the ones that exist). */
  async dropVersion(version: string): Promise<void> {
    const indices = CATALOG_PARTS.map((p) => this.names.catalogIndex(p, version));
    await this.es.indices.delete({ index: indices.join(','), ignore_unavailable: true, allow_no_indices: true });
  }

  /** Deletes every version but the live one: leftovers of crashed imports and the previous catalog. */
  async dropStaleVersions(): Promise<string[]> {
    const live = await this.liveVersion();
    const res = await this.es.indices.get({ index: this.names.catalogPattern('entities'), allow_no_indices: true, expand_wildcards: 'open' });
    const stale = Object.keys(res).map((i) => this.names.versionOf(i)).filter((v): v is string => !!v && v !== live);
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

export function isNotFound(err: unknown): boolean {
  return (err as { meta?: { statusCode?: number } })?.meta?.statusCode === 404;
}
