/**
 * The catalog entities index (`<prefix>-catalog-entities`): the catalog exactly as imported, one document
 * per entity. It is what the export returns and what operations imports edit.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import type { EntityType, ReplaceEntity } from '../catalog/types';
import { fairShare } from '../kernel/fairShare';

export interface EntityDocument {
  entityType: EntityType;
  key: string;
  markets?: string[];
  locale?: string;
  entity: ReplaceEntity;
}

export const entityId = (type: EntityType, key: string) => `${type}:${key}`;

export function entityDocument(entity: ReplaceEntity): EntityDocument {
  if ('productGroup' in entity) {
    const markets = new Set<string>();
    for (const p of Object.values(entity.productGroup.products ?? {})) for (const m of p.markets ?? []) markets.add(m);
    return { entityType: 'productGroup', key: entity.key, markets: [...markets], entity };
  }
  if ('content' in entity) return { entityType: 'content', key: entity.key, markets: entity.content.markets, entity };
  return { entityType: 'translation', key: entity.key, locale: entity.translation.locale, entity };
}

/** Reads entities of one index (an alias or a concrete version). */
export class EntityReader {
  constructor(private readonly es: Client, readonly index: string) {}

  async getMany(ids: string[]): Promise<Map<string, EntityDocument>> {
    const found = new Map<string, EntityDocument>();
    for (let i = 0; i < ids.length; i += 1000) {
      const res = await this.es.mget<EntityDocument>({ index: this.index, ids: ids.slice(i, i + 1000) });
      for (const d of res.docs) if ('found' in d && d.found && d._source) found.set(d._id, d._source);
    }
    return found;
  }

  /**
   * Streams every entity matching `query`, sorted by key, in pages (bounded memory). A page is consumed
   * without I/O (documents built from it, exports written): queries get their turns (fairShare.ts).
   */
  async *scan(query: estypes.QueryDslQueryContainer, pageSize = 1000): AsyncGenerator<EntityDocument> {
    let after: estypes.SortResults | undefined;
    const giveWay = fairShare();
    for (;;) {
      const res = await this.es.search<EntityDocument>({
        index: this.index, query, size: pageSize, sort: [{ entityType: 'asc' }, { key: 'asc' }], search_after: after, track_total_hits: false,
      });
      const hits = res.hits.hits;
      for (const h of hits) {
        yield h._source!;
        const turn = giveWay();
        if (turn) await turn;
      }
      if (hits.length < pageSize) return;
      after = hits[hits.length - 1].sort;
    }
  }

  async count(entityType: EntityType): Promise<number> {
    const res = await this.es.count({ index: this.index, query: { term: { entityType } } });
    return res.count;
  }

  /** Number of product groups per market. */
  async productGroupsPerMarket(): Promise<Map<string, number>> {
    const res = await this.es.search({
      index: this.index, size: 0, query: { term: { entityType: 'productGroup' } },
      aggs: { markets: { terms: { field: 'markets', size: 1000 } } },
    });
    const buckets = (res.aggregations?.markets as estypes.AggregationsStringTermsAggregate | undefined)?.buckets as estypes.AggregationsStringTermsBucket[] | undefined;
    return new Map((buckets ?? []).map((b) => [String(b.key), b.doc_count]));
  }
}
