/**
 * Attribution: which registered answer (query) an event belongs to, resolved by the event writer just
 * before it writes a batch, so that every attributed event carries its query's id, time, locale and phrase
 * (QueryFacts) and search analytics needs no join. The rule is last click, per product, within the session
 * and the attribution window (ATTRIBUTION_WINDOW_HOURS, 24 by default):
 *
 * - click, ad-impression, and an add-to-cart from a list of the answer: the query whose id the ticket carries.
 * - an add-to-cart whose ticket names no query (product page, cart page, add-to-cart popup, a list of an
 *   unregistered page): the session's (and market's) latest attributed click on the same product, not after
 *   it and within the window.
 * - a purchase line: the session's latest attributed add-to-cart before it, within the window, whose ticket
 *   named the purchased variant; failing that, the latest with a product ticket of its product (the shop
 *   may send the product's ticket when a variant is picked in the cart); failing that, the latest attributed
 *   click on the product (a shop that adds to the cart without notifying). Each line goes to one query
 *   only, so a purchase counts once however many searches showed the product.
 *   Nothing else: a purchase of a product no search of the session led to is attributed to nothing (not,
 *   for example, to the session's last search, which would credit a search with sales it did not lead to).
 *
 * Queries, clicks and add-to-carts written by this process are remembered (bounded, a few hours); others are
 * looked up in the events index, one multi-search per batch. An event recorded in another process less than
 * the writer's flush interval plus a refresh (about two seconds) before is not found yet: the event is
 * then written with its ticket's query id only, or unattributed.
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { normalizePhrase, type BehaviourEvent, type EventDocument, type QueryFacts } from './events';
import { LruCache } from './lru';

/** An event with its time fixed when it was recorded. */
export type StampedEvent = BehaviourEvent & { at: Date };

/** An attributed click or add-to-cart, as later add-to-carts and purchases of the session are attributed through it. */
export interface Touch {
  type: 'click' | 'add-to-cart';
  productKey: string;
  /** Set when the ticket was a variant ticket. */
  variantKey?: string;
  at: string;
  /** 0-based position of the product in the answer's list it was clicked or added from. */
  position?: number;
  query: QueryFacts;
}

/** An add-to-cart as purchases are attributed through it. */
export type CartAddition = Omit<Touch, 'type'>;

const QUERY_TYPES = ['search', 'page-view', 'content-search'] as const;
const MAX_LOOKUP = 10_000;

/** The query an answer's own event defines (searches that start a search, landing pages, content searches). */
export function queryFactsOf(event: StampedEvent): QueryFacts | undefined {
  const at = event.at.toISOString();
  const locale = event.locale ? { locale: event.locale } : {};
  switch (event.type) {
    case 'search':
      return event.queryId && !event.continued
        ? { queryId: event.queryId, at, ...locale, phrase: normalizePhrase(event.phrase), totalHits: event.totalHits }
        : undefined;
    case 'page-view':
    case 'content-search':
      return event.queryId ? { queryId: event.queryId, at, ...locale } : undefined;
    default:
      return undefined;
  }
}

/** Pure: the answers' own events of these query ids. */
export function queryFactsSearch(index: string, queryIds: string[]): estypes.SearchRequest {
  return {
    index,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: queryIds.length,
    track_total_hits: false,
    query: { bool: { filter: [{ terms: { queryId: queryIds } }, { terms: { type: [...QUERY_TYPES] } }], must_not: [{ term: { continued: true } }] } },
    _source: ['queryId', 'queryAt', 'queryLocale', 'queryPhrase', 'queryTotalHits'],
  };
}

/** Pure: QueryFacts from stored documents (attributed events carry the same query fields). */
export function readQueryFacts(doc: Partial<EventDocument>): QueryFacts | undefined {
  if (!doc.queryId) return undefined;
  return {
    queryId: doc.queryId,
    ...(doc.queryAt ? { at: doc.queryAt } : {}),
    ...(doc.queryLocale ? { locale: doc.queryLocale } : {}),
    ...(doc.queryPhrase ? { phrase: doc.queryPhrase } : {}),
    ...(doc.queryTotalHits !== undefined ? { totalHits: doc.queryTotalHits } : {}),
  };
}

/** Pure: a session's attributed clicks and add-to-carts of these products since `since`, newest first. */
export function sessionTouchesSearch(index: string, market: string, sessionKey: string, productKeys: string[], since: string): estypes.SearchRequest {
  return {
    index,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: 500,
    track_total_hits: false,
    query: {
      bool: {
        filter: [
          { terms: { type: ['click', 'add-to-cart'] } },
          { term: { market } },
          { term: { sessionKey } },
          { exists: { field: 'queryId' } },
          { terms: { productKey: productKeys } },
          { range: { '@timestamp': { gte: since } } },
        ],
      },
    },
    sort: [{ '@timestamp': 'desc' }],
    _source: ['@timestamp', 'type', 'productKey', 'variantKey', 'position', 'pageType', 'queryId', 'queryAt', 'queryLocale', 'queryPhrase', 'queryTotalHits'],
  };
}

/** Pure: a stored click or add-to-cart as a Touch (undefined when it is not attributed). */
export function readTouch(d: Partial<EventDocument> & { pageType?: string }): Touch | undefined {
  const query = readQueryFacts(d);
  if (!query || (d.type !== 'click' && d.type !== 'add-to-cart') || typeof d.productKey !== 'string' || !d['@timestamp']) return undefined;
  return {
    type: d.type,
    productKey: d.productKey,
    ...(d.variantKey ? { variantKey: d.variantKey } : {}),
    at: d['@timestamp'],
    ...(d.position !== undefined ? { position: d.position } : {}),
    query,
  };
}

const latest = <T extends { at: string }>(xs: T[]) => xs.reduce<T | undefined>((best, a) => (!best || a.at > best.at ? a : best), undefined);
const within = (touches: readonly Touch[], at: string, windowMs: number) => {
  const since = new Date(Date.parse(at) - windowMs).toISOString();
  return touches.filter((t) => t.at <= at && t.at >= since);
};

/**
 * Pure: the add-to-cart a purchase line is attributed to: the latest one not after the purchase for the
 * variant itself, else the latest with a product ticket of its product; undefined when none.
 */
export function chooseAddition(additions: readonly CartAddition[], line: { productKey: string; variantKey: string; at: string }): CartAddition | undefined {
  const before = additions.filter((a) => a.at <= line.at);
  return (
    latest(before.filter((a) => a.variantKey === line.variantKey)) ??
    latest(before.filter((a) => a.variantKey === undefined && a.productKey === line.productKey))
  );
}

/** Pure: the session's latest attributed click on the product, not after `at` and within the window. */
export function chooseClick(touches: readonly Touch[], event: { productKey: string; at: string }, windowMs: number): Touch | undefined {
  return latest(within(touches, event.at, windowMs).filter((t) => t.type === 'click' && t.productKey === event.productKey));
}

/** Pure: what a purchase line is attributed to (module comment): an add-to-cart of it, else a click on its product. */
export function choosePurchaseTouch(
  touches: readonly Touch[],
  line: { productKey: string; variantKey: string; at: string },
  windowMs: number,
): Touch | undefined {
  const recent = within(touches, line.at, windowMs);
  const addition = chooseAddition(
    recent.filter((t) => t.type === 'add-to-cart'),
    line,
  );
  return addition ? { type: 'add-to-cart', ...addition } : chooseClick(recent, line, windowMs);
}

const HOURS = 3_600_000;

/** Resolves and stamps the query of each event of a batch (see the module comment). */
export class Attribution {
  private readonly queries = new LruCache<QueryFacts>(100_000, 6 * HOURS);
  /** Each session's attributed clicks and add-to-carts (the latest 200). */
  private readonly touches: LruCache<Touch[]>;

  constructor(
    private readonly es: Client,
    private readonly index: string,
    private readonly windowMs = 24 * HOURS,
  ) {
    this.touches = new LruCache<Touch[]>(50_000, windowMs);
  }

  /** Sets `query` on the batch's ticket events, add-to-carts and purchases (in place); throws when a lookup fails. */
  async attribute(batch: StampedEvent[]): Promise<void> {
    for (const e of batch) {
      const facts = queryFactsOf(e);
      if (facts) this.queries.set(facts.queryId, facts);
    }
    await this.attributeTickets(batch);
    const needs = batch.filter((e) => (e.type === 'add-to-cart' && e.ticket.kind !== 'content' && !e.ticket.queryId) || e.type === 'purchase');
    const stored = await this.storedTouches(needs);
    // In order, so an add-to-cart attributed through a click of the same batch is there for a later purchase.
    for (const e of batch) {
      if ((e.type === 'click' || e.type === 'add-to-cart') && e.ticket.kind !== 'content') {
        const at = e.at.toISOString();
        let query = e.query ?? (e.ticket.queryId ? { queryId: e.ticket.queryId } : undefined);
        let position: number | undefined = e.ticket.position;
        if (!query && e.type === 'add-to-cart') {
          const click = chooseClick(this.sessionTouches(e, stored), { productKey: e.ticket.productKey, at }, this.windowMs);
          if (click) {
            e.query = click.query;
            query = click.query;
            position = click.position;
          }
        }
        if (query)
          this.remember(e, {
            type: e.type,
            productKey: e.ticket.productKey,
            ...(e.ticket.kind === 'variant' ? { variantKey: e.ticket.variantKey } : {}),
            at,
            position,
            query,
          });
      } else if (e.type === 'purchase') {
        const chosen = choosePurchaseTouch(
          this.sessionTouches(e, stored),
          { productKey: e.productKey, variantKey: e.variantKey, at: e.at.toISOString() },
          this.windowMs,
        );
        if (chosen) {
          e.query = chosen.query;
          if (chosen.position !== undefined) e.position = chosen.position;
        }
      }
    }
  }

  private remember(e: BehaviourEvent, touch: Touch): void {
    const key = sessionOf(e);
    this.touches.set(key, [...(this.touches.get(key) ?? []), touch].slice(-200));
  }

  private sessionTouches(e: BehaviourEvent, stored: ReadonlyMap<string, Touch[]>): Touch[] {
    return [...(stored.get(sessionOf(e)) ?? []), ...(this.touches.get(sessionOf(e)) ?? [])];
  }

  private async attributeTickets(batch: StampedEvent[]): Promise<void> {
    const ticketed = batch.filter((e): e is Extract<StampedEvent, { ticket: unknown }> => 'ticket' in e && !!e.ticket.queryId);
    const missing = [...new Set(ticketed.map((e) => e.ticket.queryId!).filter((id) => !this.queries.get(id)))].slice(0, MAX_LOOKUP);
    if (missing.length) {
      const response = await this.es.search<Partial<EventDocument>>(queryFactsSearch(this.index, missing));
      for (const hit of response.hits.hits) {
        const facts = hit._source && readQueryFacts(hit._source);
        if (facts) this.queries.set(facts.queryId, facts);
      }
    }
    for (const e of ticketed) {
      const facts = this.queries.get(e.ticket.queryId!);
      if (facts) e.query = facts;
    }
  }

  /**
   * The stored attributed clicks and add-to-carts of the sessions of `needs` (add-to-carts without a query,
   * purchases) that this process does not remember, one multi-search for the batch.
   */
  private async storedTouches(needs: StampedEvent[]): Promise<Map<string, Touch[]>> {
    const bySession = new Map<string, StampedEvent[]>();
    for (const e of needs) {
      const productKey = productOf(e);
      const known = (this.touches.get(sessionOf(e)) ?? []).some((t) => t.productKey === productKey);
      if (productKey && !known) bySession.set(sessionOf(e), [...(bySession.get(sessionOf(e)) ?? []), e]);
    }
    const found = new Map<string, Touch[]>();
    const sessions = [...bySession.values()].slice(0, MAX_SESSIONS_LOOKUP);
    if (!sessions.length) return found;
    const searches = sessions.map((events) => {
      const productKeys = [...new Set(events.map((e) => productOf(e)!))];
      const earliest = Math.min(...events.map((e) => e.at.getTime()));
      const { index, ignore_unavailable, allow_no_indices, ...body } = sessionTouchesSearch(
        this.index,
        events[0].market,
        events[0].sessionKey,
        productKeys,
        new Date(earliest - this.windowMs).toISOString(),
      );
      return [{ index: index as string, ignore_unavailable, allow_no_indices }, body];
    });
    const response = await this.es.msearch<Partial<EventDocument>>({ searches: searches.flat() });
    response.responses.forEach((r, i) => {
      if ('error' in r) throw new Error(`attribution lookup failed: ${JSON.stringify(r.error)}`);
      const touches = r.hits.hits.flatMap((h) => {
        const t = h._source && readTouch(h._source);
        return t ? [t] : [];
      });
      found.set(sessionOf(sessions[i][0]), touches);
    });
    return found;
  }
}

/** Sessions looked up per batch: the rest stay unattributed rather than making a batch's request unbounded. */
const MAX_SESSIONS_LOOKUP = 1000;

/** The product a purchase line or a product add-to-cart is about. */
function productOf(e: BehaviourEvent): string | undefined {
  if (e.type === 'purchase') return e.productKey;
  return e.type === 'add-to-cart' && e.ticket.kind !== 'content' ? e.ticket.productKey : undefined;
}

const sessionOf = (e: BehaviourEvent) => `${e.market}\u0000${e.sessionKey}`;
