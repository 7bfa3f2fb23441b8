/**
 * The session's cart as add-to-cart notifications built it (for add-to-cart-popup and cart-page
 * requests that omit `cart`): variant keys (product keys for product tickets), newest first, distinct.
 * Only events after the session's latest `end` notification count.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { EventDocument } from '../events';
import { ofTypes, term, type Query, type QueryScope } from './common';

export interface CartInput {
  market: string;
  customerKey: string;
  sessionKey: string;
}

export const MAX_CART_EVENTS = 250;

export type CartEvent = Pick<EventDocument, 'type' | 'productKey' | 'variantKey'>;

export function cartSearch(input: CartInput, scope: Pick<QueryScope, 'index'>): estypes.SearchRequest {
  const query: Query = {
    bool: {
      filter: [term('market', input.market), term('customerKey', input.customerKey), term('sessionKey', input.sessionKey), ofTypes('add-to-cart', 'end')],
    },
  };
  return {
    index: scope.index,
    ignore_unavailable: true,
    allow_no_indices: true,
    track_total_hits: false,
    size: MAX_CART_EVENTS,
    query,
    sort: [{ '@timestamp': 'desc' }],
    _source: ['type', 'productKey', 'variantKey'],
  };
}

export function readCart(response: estypes.SearchResponse<CartEvent>): string[] {
  const keys: string[] = [];
  for (const hit of response.hits.hits) {
    const e = hit._source;
    if (!e) continue;
    if (e.type === 'end') break;
    const key = e.variantKey ?? (Array.isArray(e.productKey) ? e.productKey[0] : e.productKey);
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
