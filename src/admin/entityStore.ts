/**
 * The catalog entities index (`<prefix>-catalog-entities`): the catalog exactly as imported, one document
 * per entity. It is what the export returns and what operations imports edit.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { DocumentIndex } from '../search/documents';
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
  constructor(
    private readonly documents: DocumentIndex,
    readonly index: string,
  ) {}

  async getMany(ids: string[]): Promise<Map<string, EntityDocument>> {
    return this.documents.getMany<EntityDocument>(this.index, ids);
  }

  /**
   * Streams every entity matching `query`, sorted by key, in pages (bounded memory). A page is consumed
   * without I/O (documents built from it, exports written): queries get their turns (fairShare.ts).
   */
  async *scan(query: estypes.QueryDslQueryContainer, pageSize = 1000): AsyncGenerator<EntityDocument> {
    const giveWay = fairShare();
    const pages = this.documents.scan<EntityDocument>(
      { index: this.index, query, sort: [{ entityType: 'asc' }, { key: 'asc' }], track_total_hits: false },
      pageSize,
    );
    for await (const hits of pages) {
      for (const h of hits) {
        yield h._source!;
        const turn = giveWay();
        if (turn) await turn;
      }
    }
  }

  async count(entityType: EntityType): Promise<number> {
    return this.documents.count(this.index, { term: { entityType } });
  }

  /** Number of product groups per market. */
  async productGroupsPerMarket(): Promise<Map<string, number>> {
    const res = await this.documents.search({
      index: this.index,
      size: 0,
      query: { term: { entityType: 'productGroup' } },
      aggs: { markets: { terms: { field: 'markets', size: 1000 } } },
    });
    const buckets = (res.aggregations?.markets as estypes.AggregationsStringTermsAggregate | undefined)?.buckets as
      | estypes.AggregationsStringTermsBucket[]
      | undefined;
    return new Map((buckets ?? []).map((b) => [String(b.key), b.doc_count]));
  }
}
