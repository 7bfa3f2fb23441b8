/**
 * The events storefront queries register (skipped when `notify=false`): a search, a product page shown, a
 * landing page shown, a cart page shown. Pure; the storefront passes its query context, which has every field of EventContext.
 */
import { normalizePhrase, type BehaviourEvent, type EventContext } from './events';
import type { AnswerState, SearchRegistration } from './searchSessions';

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
  /** The answer's skip (a later page of a search is not another search). */
  skip: number;
  /** Product keys of the main list as shown, in order (the UBI export's query_response_hit_ids). */
  hitKeys?: string[];
  /** Facets, sort and page of the answer: an answer for the session's phrase that changes them is a refinement. */
  state?: AnswerState;
}

/** Where buffered events go; never throws, never waits. */
export interface EventRecorder {
  record(event: BehaviourEvent): void;
}

/** Who and where, from a storefront query's context. */
export function eventContext(ctx: QueryWho): EventContext {
  return { market: ctx.market, customerKey: ctx.customerKey, sessionKey: ctx.sessionKey, touchpoint: ctx.touchpoint, locale: ctx.locale };
}

/**
 * A search as an event. The phrase stored is the one the results are for (after auto-correct), so
 * trending and popular phrases hold no misspellings and recent searches show what was searched.
 */
export function searchEvent(e: SearchFacts, registration?: SearchRegistration): BehaviourEvent | undefined {
  const phrase = searchedPhrase(e);
  if (!phrase) return undefined;
  return {
    ...eventContext(e.context),
    type: 'search',
    phrase,
    totalHits: e.totalHits,
    origin: e.origin,
    ...(registration
      ? {
          queryId: registration.queryId,
          skip: e.skip,
          ...(registration.continued ? { continued: true } : {}),
          ...(registration.refinement ? { refinement: registration.refinement } : {}),
        }
      : {}),
    ...(e.hitKeys ? { hitKeys: e.hitKeys } : {}),
  };
}

/** The phrase of a search as stored: the one searched (after auto-correct), normalised. */
export function searchedPhrase(e: Pick<SearchFacts, 'q' | 'usedQ'>): string {
  return normalizePhrase(e.usedQ || e.q);
}

export function contentSearchEvent(ctx: QueryWho, phrase: string, totalHits: number, queryId: string, hitKeys: string[]): BehaviourEvent | undefined {
  const normalized = normalizePhrase(phrase);
  return normalized ? { ...eventContext(ctx), type: 'content-search', phrase: normalized, totalHits, queryId, hitKeys } : undefined;
}

export function productViewEvent(ctx: QueryWho, productKey: string, variantKey?: string): BehaviourEvent {
  return { ...eventContext(ctx), type: 'product-view', productKey, ...(variantKey ? { variantKey } : {}) };
}

export function pageViewEvent(ctx: QueryWho, pageId: string, queryId?: string): BehaviourEvent {
  return { ...eventContext(ctx), type: 'page-view', pageId, ...(queryId ? { queryId } : {}) };
}

export function cartEvent(ctx: QueryWho, keys: string[]): BehaviourEvent {
  return { ...eventContext(ctx), type: 'cart', keys: [...new Set(keys)] };
}
