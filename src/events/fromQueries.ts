/**
 * The events storefront queries register (skipped when `notify=false`): a search, a product page shown, a
 * cart page shown. Pure; the storefront passes its query context, which has every field of EventContext.
 */
import { normalizePhrase, type BehaviourEvent, type EventContext } from './events';

/** Who and where, as a storefront query knows them. */
export type QueryWho = Required<Pick<EventContext, 'market' | 'customerKey' | 'sessionKey' | 'touchpoint' | 'locale'>>;

/** A search as the storefront reports it. */
export interface SearchFacts {
  context: QueryWho;
  /** The phrase as typed. */
  q: string;
  /** The phrase the results are for (differs after auto-correct). */
  usedQ: string;
  origin: string;
  totalHits: number;
}

/** Where buffered events go; never throws, never waits. */
export interface EventRecorder { record(event: BehaviourEvent): void }

/** Who and where, from a storefront query's context. */
export function eventContext(ctx: QueryWho): EventContext {
  return { market: ctx.market, customerKey: ctx.customerKey, sessionKey: ctx.sessionKey, touchpoint: ctx.touchpoint, locale: ctx.locale };
}

/**
 * A search as an event. The phrase stored is the one the results are for (after auto-correct), so
 * trending and popular phrases hold no misspellings and recent searches show what was searched.
 */
export function searchEvent(e: SearchFacts): BehaviourEvent | undefined {
  const phrase = normalizePhrase(e.usedQ || e.q);
  if (!phrase) return undefined;
  return { ...eventContext(e.context), type: 'search', phrase, totalHits: e.totalHits, origin: e.origin };
}

export function productViewEvent(ctx: QueryWho, productKey: string, variantKey?: string): BehaviourEvent {
  return { ...eventContext(ctx), type: 'product-view', productKey, ...(variantKey ? { variantKey } : {}) };
}

export function cartEvent(ctx: QueryWho, keys: string[]): BehaviourEvent {
  return { ...eventContext(ctx), type: 'cart', keys: [...new Set(keys)] };
}
