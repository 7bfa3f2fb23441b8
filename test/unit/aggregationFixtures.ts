import { AGG } from '../../src/storefront/aggNames';

/**
 * The groupCount aggregate Elasticsearch returns for `docs` matching products, `suppressingDocs` of them
 * in groups that suppress duplicates, which form `suppressedGroups` distinct groups.
 */
export function counted(docs: number, suppressingDocs: number, suppressedGroups: number) {
  return { [AGG.groupCount]: { doc_count: docs, [AGG.suppressing]: { doc_count: suppressingDocs, [AGG.suppressedGroups]: { value: suppressedGroups } } } };
}
