/**
 * How storefront queries register behaviour (skipped when `notify=false`): the hooks object the storefront
 * services take, and event builders for the query endpoints that register views and carts.
 *
 *   storefrontServices(context, behaviourHooks(context.behaviour))      // search-page searches
 *   context.behaviour.record(productViewEvent(request.context, productKey))  // product-page
 *   context.behaviour.record(cartEvent(request.context, cartKeys))           // cart-page
 */
import type { QueryContext } from '../storefront/request';
import type { SearchEvent, StorefrontHooks } from '../storefront/services';
import { normalizePhrase, type BehaviourEvent, type EventContext } from './events';

export interface Recorder { record(event: BehaviourEvent): void }

/** Who and where, from a storefront query's context. */
export function eventContext(ctx: Pick<QueryContext, 'market' | 'customerKey' | 'sessionKey' | 'touchpoint' | 'locale'>): EventContext {
  return { market: ctx.market, customerKey: ctx.customerKey, sessionKey: ctx.sessionKey, touchpoint: ctx.touchpoint, locale: ctx.locale };
}

/**
 * A search as an event. The phrase stored is the one the results are for (after auto-correct), so
 * trending and popular phrases hold no misspellings and recent searches show what was searched.
 */
export function searchEvent(e: SearchEvent): BehaviourEvent | undefined {
  const phrase = normalizePhrase(e.usedQ || e.q);
  if (!phrase) return undefined;
  return { ...eventContext(e.context), type: 'search', phrase, totalHits: e.totalHits, origin: e.origin };
}

export function productViewEvent(ctx: QueryContext, productKey: string, variantKey?: string): BehaviourEvent {
  return { ...eventContext(ctx), type: 'product-view', productKey, ...(variantKey ? { variantKey } : {}) };
}

export function cartEvent(ctx: QueryContext, keys: string[]): BehaviourEvent {
  return { ...eventContext(ctx), type: 'cart', keys: [...new Set(keys)] };
}

/** The storefront hooks that record behaviour through `recorder`. */
export function behaviourHooks(recorder: Recorder): Pick<StorefrontHooks, 'onSearch'> {
  return {
    onSearch(e) {
      const event = searchEvent(e);
      if (event) recorder.record(event);
    },
  };
}
