/**
 * Attribution: which registered answer (query) an event belongs to, resolved by the event writer just
 * before it writes a batch, so that every attributed event carries its query's id, time, locale and phrase
 * (QueryFacts) and search analytics needs no join.
 *
 * - click, add-to-cart, ad-impression: the query whose id the notification's ticket carries.
 * - purchase line: the latest add-to-cart of the same session (and market), before the purchase, whose
 *   ticket named the purchased variant; failing that, the latest one whose product ticket named the
 *   variant's product (the shop may send the product's ticket when a variant is picked in the cart).
 *   No other fallback: a purchase without such an add-to-cart is attributed to nothing (not, for example,
 *   to the session's last search, which would credit a search with sales it did not lead to).
 *
 * Queries and add-to-carts written by this process are remembered (bounded, a few hours); others are
 * looked up in the events index, one search per batch. An event recorded in another process less than
 * the writer's flush interval plus a refresh (about two seconds) before is not found yet: the event is
 * then written with its query id only (tickets) or unattributed (purchases).
 */
import type { Client, estypes } from '@elastic/elasticsearch';
import { normalizePhrase, type BehaviourEvent, type EventDocument, type QueryFacts } from './events';
import { LruCache } from './lru';

/** An event with its time fixed when it was recorded. */
export type StampedEvent = BehaviourEvent & { at: Date };

/** An add-to-cart as purchases are attributed through it. */
export interface CartAddition {
  productKey: string;
  /** Set when the ticket was a variant ticket. */
  variantKey?: string;
  at: string;
  /** 0-based position of the product in the list it was added from. */
  position?: number;
  query: QueryFacts;
}

const QUERY_TYPES = ['search', 'page-view', 'content-search'] as const;
const MAX_LOOKUP = 10_000;

/** The query an answer's own event defines (searches that start a search, landing pages, content searches). */
export function queryFactsOf(event: StampedEvent): QueryFacts | undefined {
  const at = event.at.toISOString();
  const locale = event.locale ? { locale: event.locale } : {};
  switch (event.type) {
    case 'search':
      return event.queryId && !event.continued ? { queryId: event.queryId, at, ...locale, phrase: normalizePhrase(event.phrase), totalHits: event.totalHits } : undefined;
    case 'page-view': case 'content-search':
      return event.queryId ? { queryId: event.queryId, at, ...locale } : undefined;
    default:
      return undefined;
  }
}

/** Pure: the answers' own events of these query ids. */
export function queryFactsSearch(index: string, queryIds: string[]): estypes.SearchRequest {
  return {
    index, ignore_unavailable: true, allow_no_indices: true, size: queryIds.length, track_total_hits: false,
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

/** Pure: a session's attributed add-to-carts of these variants or their products, newest first. */
export function cartAdditionsSearch(index: string, market: string, sessionKey: string, variantKeys: string[], productKeys: string[]): estypes.SearchRequest {
  return {
    index, ignore_unavailable: true, allow_no_indices: true, size: 500, track_total_hits: false,
    query: {
      bool: {
        filter: [
          { term: { type: 'add-to-cart' } }, { term: { market } }, { term: { sessionKey } }, { exists: { field: 'queryId' } },
          { bool: { should: [{ terms: { variantKey: variantKeys } }, { terms: { productKey: productKeys } }], minimum_should_match: 1 } },
        ],
      },
    },
    sort: [{ '@timestamp': 'desc' }],
    _source: ['@timestamp', 'productKey', 'variantKey', 'position', 'queryId', 'queryAt', 'queryLocale', 'queryPhrase', 'queryTotalHits'],
  };
}

/**
 * Pure: the add-to-cart a purchase line is attributed to: the latest one not after the purchase for the
 * variant itself, else the latest with a product ticket of its product; undefined when none.
 */
export function chooseAddition(additions: readonly CartAddition[], line: { productKey: string; variantKey: string; at: string }): CartAddition | undefined {
  const before = additions.filter((a) => a.at <= line.at);
  const latest = (xs: CartAddition[]) => xs.reduce<CartAddition | undefined>((best, a) => (!best || a.at > best.at ? a : best), undefined);
  return latest(before.filter((a) => a.variantKey === line.variantKey))
    ?? latest(before.filter((a) => a.variantKey === undefined && a.productKey === line.productKey));
}

const HOURS = 3_600_000;

/** Resolves and stamps the query of each event of a batch (see the module comment). */
export class Attribution {
  private readonly queries = new LruCache<QueryFacts>(100_000, 6 * HOURS);
  private readonly carts = new LruCache<CartAddition[]>(50_000, 24 * HOURS);

  constructor(private readonly es: Client, private readonly index: string) {}

  /** Sets `query` on the batch's ticket events and purchases (in place); throws when a lookup fails. */
  async attribute(batch: StampedEvent[]): Promise<void> {
    for (const e of batch) {
      const facts = queryFactsOf(e);
      if (facts) this.queries.set(facts.queryId, facts);
    }
    await this.attributeTickets(batch);
    for (const e of batch) {
      if (e.type === 'add-to-cart' && e.ticket.kind !== 'content' && e.ticket.queryId) {
        const key = sessionOf(e);
        const added: CartAddition = {
          productKey: e.ticket.productKey, ...(e.ticket.kind === 'variant' ? { variantKey: e.ticket.variantKey } : {}),
          at: e.at.toISOString(), position: e.ticket.position, query: e.query ?? { queryId: e.ticket.queryId },
        };
        this.carts.set(key, [...(this.carts.get(key) ?? []), added].slice(-200));
      }
    }
    await this.attributePurchases(batch);
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

  private async attributePurchases(batch: StampedEvent[]): Promise<void> {
    const purchases = batch.filter((e): e is Extract<StampedEvent, { type: 'purchase' }> => e.type === 'purchase');
    const bySession = new Map<string, typeof purchases>();
    for (const p of purchases) bySession.set(sessionOf(p), [...(bySession.get(sessionOf(p)) ?? []), p]);
    for (const [key, lines] of bySession) {
      let additions = this.carts.get(key) ?? [];
      const unresolved = lines.filter((l) => !chooseAddition(additions, { ...l, at: l.at.toISOString() }));
      if (unresolved.length) {
        const { market, sessionKey } = lines[0];
        const response = await this.es.search<Partial<EventDocument>>(cartAdditionsSearch(this.index, market, sessionKey,
          [...new Set(unresolved.map((l) => l.variantKey))], [...new Set(unresolved.map((l) => l.productKey))]));
        const stored = response.hits.hits.flatMap((h) => {
          const d = h._source;
          const query = d && readQueryFacts(d);
          return d && query && typeof d.productKey === 'string' && d['@timestamp']
            ? [{ productKey: d.productKey, ...(d.variantKey ? { variantKey: d.variantKey } : {}), at: d['@timestamp'], ...(d.position !== undefined ? { position: d.position } : {}), query }] : [];
        });
        additions = [...stored, ...additions];
      }
      for (const line of lines) {
        const chosen = chooseAddition(additions, { ...line, at: line.at.toISOString() });
        if (chosen) { line.query = chosen.query; if (chosen.position !== undefined) line.position = chosen.position; }
      }
    }
  }
}

const sessionOf = (e: BehaviourEvent) => `${e.market}\u0000${e.sessionKey}`;
