/**
 * User Behavior Insights (o19s/ubi, the format OpenSearch's UBI plugin and Search Relevance Workbench
 * read): stored events as `ubi_queries` and `ubi_events` records, pure. The schemas are in
 * test/fixtures/ubi (version 1.3.0, Apache-2.0, see the README there).
 *
 * - ubi_queries: one per search (search-page, not a later page) and per content search of the range:
 *   query_id, client_id (the customer key), user_query (the phrase searched, after auto-correct,
 *   normalised), timestamp, query_response_hit_ids (the product or content keys listed, in order),
 *   application (`search-page`, `content-search-page`), object_id_field, query_attributes (market, locale,
 *   touchpoint, session, total hits, skip).
 * - ubi_events: one per attributed click (`click`), add-to-cart (`add_to_cart`), ad-impression
 *   (`impression`) and purchase line (`purchase`) of those queries: action_name, query_id, session_id,
 *   client_id, timestamp, message_type (`INTERACTION`, `CONVERSION`), event_attributes.object (object_id: the
 *   variant, product or content key, and which of the three), event_attributes.position.ordinal (1-based;
 *   a purchase line takes the position of the add-to-cart it is attributed to), and the list, quantity and
 *   price where there are some.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { EventDocument } from './events';

export type UbiIndex = 'ubi_queries' | 'ubi_events';

export interface UbiQuery {
  application: string;
  query_id: string;
  client_id: string;
  user_query: string;
  timestamp: string;
  query_response_hit_ids: string[];
  object_id_field: string;
  query_attributes: Record<string, unknown>;
}

export interface UbiEvent {
  application: string;
  action_name: string;
  query_id: string;
  session_id: string;
  client_id: string;
  timestamp: string;
  message_type: string;
  event_attributes: {
    object: { object_id: string; object_id_field: string };
    position: { ordinal: number };
    [extra: string]: unknown;
  };
}

const ACTIONS: Partial<Record<EventDocument['type'], { action: string; message: string }>> = {
  click: { action: 'click', message: 'INTERACTION' },
  'ad-impression': { action: 'impression', message: 'INTERACTION' },
  'add-to-cart': { action: 'add_to_cart', message: 'CONVERSION' },
  purchase: { action: 'purchase', message: 'CONVERSION' },
};

const APPLICATIONS: Record<string, string> = {
  search: 'search-page',
  'content-search': 'content-search-page',
  SEARCH_PAGE: 'search-page',
  CONTENT_SEARCH_PAGE: 'content-search-page',
};

/** The range and market of an export: UTC days, inclusive. */
export interface UbiRange {
  market: string;
  from: string;
  to: string;
}

const dayRange = (field: keyof EventDocument, r: UbiRange) => ({
  range: { [field]: { gte: `${r.from}T00:00:00.000Z`, lt: new Date(Date.parse(`${r.to}T00:00:00.000Z`) + 86_400_000).toISOString() } },
});

/**
 * What the export reads: the searches and content searches of the range, and the events attributed to them
 * (a search's events by their query's day: each query comes with its events).
 */
export function ubiQuery(r: UbiRange): estypes.QueryDslQueryContainer {
  return {
    bool: {
      filter: [{ term: { market: r.market } }, { exists: { field: 'queryId' } }, dayRange('queryAt', r)],
      should: [
        { bool: { filter: [{ terms: { type: ['search', 'content-search'] } }], must_not: [{ term: { continued: true } }] } },
        { bool: { filter: [{ terms: { type: ['click', 'add-to-cart', 'ad-impression'] } }, { terms: { pageType: ['SEARCH_PAGE', 'CONTENT_SEARCH_PAGE'] } }] } },
        { bool: { filter: [{ term: { type: 'purchase' } }, { exists: { field: 'queryPhrase' } }] } },
      ],
      minimum_should_match: 1,
    },
  };
}

/** The UBI record of a stored event, with the index it belongs in; undefined for what UBI does not hold. */
export function ubiRecord(doc: EventDocument): { index: UbiIndex; record: UbiQuery | UbiEvent } | undefined {
  if (!doc.queryId) return undefined;
  if (doc.type === 'search' || doc.type === 'content-search') {
    if (doc.continued) return undefined;
    const record: UbiQuery = {
      application: APPLICATIONS[doc.type],
      query_id: doc.queryId,
      client_id: doc.customerKey,
      user_query: typeof doc.phrase === 'string' ? doc.phrase : '',
      timestamp: doc['@timestamp'],
      query_response_hit_ids: doc.hitKeys ?? [],
      object_id_field: doc.type === 'search' ? 'productKey' : 'contentKey',
      query_attributes: defined({
        market: doc.market,
        locale: doc.locale,
        touchpoint: doc.touchpoint,
        session_id: doc.sessionKey,
        total_hits: doc.totalHits,
        skip: doc.skip,
        experiment_variants: doc.experimentVariants,
      }),
    };
    return { index: 'ubi_queries', record };
  }
  const action = ACTIONS[doc.type];
  if (!action || doc.position === undefined) return undefined;
  const [objectId, field] = doc.variantKey
    ? [doc.variantKey, 'variantKey']
    : doc.contentKey
      ? [doc.contentKey, 'contentKey']
      : [String(doc.productKey ?? ''), 'productKey'];
  if (!objectId) return undefined;
  const record: UbiEvent = {
    application: APPLICATIONS[doc.pageType ?? 'SEARCH_PAGE'] ?? 'search-page',
    action_name: action.action,
    query_id: doc.queryId,
    session_id: doc.sessionKey,
    client_id: doc.customerKey,
    timestamp: doc['@timestamp'],
    message_type: action.message,
    event_attributes: {
      object: { object_id: objectId, object_id_field: field },
      position: { ordinal: doc.position + 1 },
      ...defined({
        market: doc.market,
        list: doc.listId,
        product_key: doc.variantKey ? doc.productKey : undefined,
        quantity: doc.quantity,
        price: doc.price,
        experiment_variants: doc.experimentVariants,
      }),
    },
  };
  return { index: 'ubi_events', record };
}

function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
