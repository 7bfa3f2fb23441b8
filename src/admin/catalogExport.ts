/**
 * Catalog export: the entities index read back as JSON lines of Replace operations, translations first
 * so that the file can be imported again as it is (round trip).
 */
import { Readable } from 'node:stream';
import type { estypes } from '@elastic/elasticsearch';
import type { EntityType } from '../catalog/types';
import type { EntityReader } from './entityStore';

export type ExportType = 'PRODUCT_GROUPS' | 'CONTENT' | 'TRANSLATIONS';

export interface ExportRequest {
  types: ExportType[];
  productGroupKeys?: string[];
  /** Items of each type. */
  limit?: number;
}

const ORDER: { type: ExportType; entityType: EntityType }[] = [
  { type: 'TRANSLATIONS', entityType: 'translation' },
  { type: 'PRODUCT_GROUPS', entityType: 'productGroup' },
  { type: 'CONTENT', entityType: 'content' },
];

export function exportQuery(entityType: EntityType, productGroupKeys?: string[]): estypes.QueryDslQueryContainer {
  const filter: estypes.QueryDslQueryContainer[] = [{ term: { entityType } }];
  if (entityType === 'productGroup' && productGroupKeys?.length) filter.push({ terms: { key: productGroupKeys } });
  return { bool: { filter } };
}

export function exportCatalog(reader: EntityReader, request: ExportRequest): Readable {
  async function* lines() {
    for (const { type, entityType } of ORDER) {
      if (!request.types.includes(type)) continue;
      let n = 0;
      if (request.limit === 0) continue;
      for await (const doc of reader.scan(exportQuery(entityType, request.productGroupKeys))) {
        yield JSON.stringify({ replace: doc.entity }) + '\n';
        if (request.limit !== undefined && ++n >= request.limit) break;
      }
    }
  }
  return Readable.from(lines());
}
