/**
 * An index published behind an alias the way a catalog version is (the co-occurrence job's answer): each run
 * loads a new version with no refresh, seals it (refresh, serving settings) and merges it to one segment, then
 * swaps the alias to it in one call. Readers see the previous version until the swap and never a half-written
 * one. The version replaced by a swap is kept until the next one, so searches in flight during the swap still
 * find it; older ones are deleted. Index management stays here, in search/: the job holds this, not the client.
 */
import type { Client } from '@elastic/elasticsearch';
import { BulkWriter } from './bulkWriter';
import { LOADING_SETTINGS, sealIndices } from './catalogIndices';
import { newCatalogVersion } from './indexNames';
import { layoutSettings, plainIndexDefinition, SINGLE_NODE_LAYOUT, type IndexLayout } from './mappings';

export interface VersionedAlias {
  /**
   * Creates a new version named after `now`, hands `fill` a writer of its documents and seals it once `fill`
   * returns; on any failure the version is deleted and the alias left alone. Answers the new index's name.
   */
  build<T>(now: Date, fill: (write: (id: string, document: unknown) => Promise<void>) => Promise<T>): Promise<{ index: string; filled: T }>;
  /** Points the alias at `index` in one call, then deletes every older version but the one just replaced. */
  publish(index: string): Promise<void>;
}

export interface VersionedAliasOptions {
  alias: string;
  /** The mapping file of its versions (indexRegistry.ts VERSIONED_MAPPINGS). */
  mapping: string;
  /** Shards and replicas of new versions (default one shard, no replica). */
  layout?: IndexLayout;
  /** Bytes per `_bulk`. */
  bulkBytes: number;
}

export function versionedAlias(es: Client, options: VersionedAliasOptions): VersionedAlias {
  const { alias } = options;
  return {
    async build(now, fill) {
      const index = `${alias}-v${newCatalogVersion(now)}`;
      const def = plainIndexDefinition(options.mapping);
      await es.indices.create({
        index,
        mappings: def.mappings,
        settings: { ...def.settings, ...layoutSettings(options.layout ?? SINGLE_NODE_LAYOUT), ...LOADING_SETTINGS },
      });
      try {
        const writer = new BulkWriter(es, { maxBytes: options.bulkBytes, concurrency: 1 });
        const filled = await fill((id, document) => writer.index(index, id, document));
        await writer.flush();
        await sealIndices(es, index);
        await es.indices.forcemerge({ index, max_num_segments: 1 });
        return { index, filled };
      } catch (err) {
        await es.indices.delete({ index }, { ignore: [404] });
        throw err;
      }
    },
    async publish(index) {
      const current = (await es.indices.existsAlias({ name: alias })) ? Object.keys(await es.indices.getAlias({ name: alias })) : [];
      await es.indices.updateAliases({ actions: [...current.map((i) => ({ remove: { index: i, alias } })), { add: { index, alias } }] });
      const all = Object.keys(await es.indices.get({ index: `${alias}-v*`, allow_no_indices: true, expand_wildcards: 'open' }));
      const stale = all.filter((i) => i !== index && !current.includes(i));
      if (stale.length) await es.indices.delete({ index: stale.join(','), ignore_unavailable: true });
    },
  };
}
