/**
 * Behaviour events: what the notification endpoints and the storefront queries register, as a tagged
 * union, and the one pure function that turns an event into its document in the events index
 * (mappings/events.json). Every query in ./queries reads these documents, so field names are typed here
 * once (EventDocument) and used through `EventField`.
 */
import { invalid } from '../kernel/errors';
import type { RefinementKind } from './searchSessions';
import type { Ticket } from './tickets';

export type Touchpoint = 'DESKTOP' | 'MOBILE';

/**
 * Longest `customerKey` and `sessionKey` a request may name: a shop's visitor ids are UUIDs (36 characters)
 * or hashes (64); each is stored in every event of the visitor, so a longer one is refused (400 naming the
 * parameter) rather than written thousands of times.
 */
export const MAX_VISITOR_KEY_LENGTH = 128;

/** `value` of the visitor key query parameter `name`, or a 400 naming it when it is longer than MAX_VISITOR_KEY_LENGTH. */
export function visitorKey(name: 'customerKey' | 'sessionKey', value: string): string {
  if (value.length > MAX_VISITOR_KEY_LENGTH) throw invalid(`Query parameter ${name} takes at most ${MAX_VISITOR_KEY_LENGTH} characters (got ${value.length})`);
  return value;
}

/** Who did it, where and when. */
export interface EventContext {
  market: string;
  customerKey: string;
  sessionKey: string;
  touchpoint?: Touchpoint;
  locale?: string;
  /** When it happened; record() stamps the current time when absent (tests and back-fills pass it). */
  at?: Date;
}

/**
 * A search through search-page, as registered by the storefront. `queryId` is the answer's query id (the
 * one its tickets carry); `skip` the answer's skip; `continued` marks an answer for the phrase of the session's
 * search before it (a refinement or a repeat, searchSessions.ts): it shares that search's query id and is not
 * another search.
 */
export interface SearchBody {
  type: 'search';
  phrase: string;
  totalHits: number;
  origin?: string;
  queryId?: string;
  skip?: number;
  continued?: boolean;
  hitKeys?: string[];
  /** A continued answer that changed facets, sort or page (searchSessions.ts). */
  refinement?: RefinementKind[];
}
/**
 * A content-search-page answer (registered for attribution and the UBI export only: recent searches,
 * trending and analytics' searches are product searches).
 */
export interface ContentSearchBody {
  type: 'content-search';
  phrase: string;
  totalHits: number;
  queryId: string;
  hitKeys?: string[];
}
/** A product page shown. */
export interface ProductViewBody {
  type: 'product-view';
  productKey: string;
  variantKey?: string;
}
/**
 * A landing page shown: `pageId` is the id of the stored page that answered, else the reference as the
 * shop sent it (a page configured only by the request body).
 */
export interface PageViewBody {
  type: 'page-view';
  pageId: string;
  queryId?: string;
}
/** A cart page shown with these product and/or variant keys. */
export interface CartBody {
  type: 'cart';
  keys: string[];
}
/**
 * The query an event is attributed to, as the event writer resolves it (src/events/attribution.ts): the
 * query id, and from the registered answer its time, locale and (searches) phrase, copied so that search
 * analytics aggregates each event type by the search's phrase and day without a join.
 */
export interface QueryFacts {
  queryId: string;
  /** When the answer was given; absent when only the id is known (the answer's event was not found). */
  at?: string;
  locale?: string;
  phrase?: string;
  totalHits?: number;
}

/**
 * click, add-to-cart and ad-impression notifications: everything comes from the ticket; `query` is added
 * by the writer when the ticket's query id is found.
 */
export interface TicketBody {
  type: 'click' | 'add-to-cart' | 'ad-impression';
  ticket: Ticket;
  query?: QueryFacts;
}
/** add-favorite and remove-favorite, resolved to the product (and the variant when one was named). */
export interface FavouriteBody {
  type: 'add-favorite' | 'remove-favorite';
  productKey: string;
  variantKey?: string;
}
export interface RemoveRecentSearchesBody {
  type: 'remove-recent-searches';
  phrases: string[];
  removeAll: boolean;
}
export interface RemoveRecentlyViewedBody {
  type: 'remove-recently-viewed';
  productKeys: string[];
  removeAll: boolean;
}
export interface EndBody {
  type: 'end';
}
/** One line of a purchase notification (our addition: Elevate takes payments server-side). */
/** `query` and `position` (of the add-to-cart it is attributed to) are added by the writer. */
/** `purchaseId` is shared by the lines of one notification: a purchase counts once however many lines a search led to. */
export interface PurchaseBody {
  type: 'purchase';
  productKey: string;
  variantKey: string;
  quantity: number;
  sellingPrice: number;
  purchaseId?: string;
  query?: QueryFacts;
  position?: number;
}

export type EventBody =
  | SearchBody
  | ContentSearchBody
  | ProductViewBody
  | PageViewBody
  | CartBody
  | TicketBody
  | FavouriteBody
  | RemoveRecentSearchesBody
  | RemoveRecentlyViewedBody
  | EndBody
  | PurchaseBody;

export type BehaviourEvent = EventContext & EventBody;
export type EventType = EventBody['type'];

/** A stored event. Multi-valued fields hold arrays (removals, cart keys, categories). */
export interface EventDocument {
  '@timestamp': string;
  type: EventType;
  market: string;
  customerKey: string;
  sessionKey: string;
  touchpoint?: Touchpoint;
  locale?: string;
  /** `experimentId:variantId` of each A/B experiment the visitor was in at the event (added by the writer). */
  experimentVariants?: string[];
  /** The product of the event; the removed products of remove-recently-viewed; the cart's products. */
  productKey?: string | string[];
  variantKey?: string;
  contentKey?: string;
  /** The landing page of a page view. */
  pageId?: string;
  /** Cart keys as given (product and/or variant keys). */
  keys?: string[];
  /** The normalised search phrase; the removed phrases of remove-recent-searches. */
  phrase?: string | string[];
  removeAll?: boolean;
  totalHits?: number;
  origin?: string;
  pageType?: string;
  listId?: string;
  position?: number;
  quantity?: number;
  /** Selling price: of the purchase line, else the product's lowest selling price. */
  price?: number;
  /** Purchase lines: quantity × selling price. */
  revenue?: number;
  /** Purchase lines: the same for every line of one purchase notification. */
  purchaseId?: string;
  /**
   * The registered answer (search-page, landing-page) of the event: its own for search and page-view
   * events, the ticket's for clicks, add-to-carts and ad-impressions, the session's add-to-cart's for purchases.
   */
  queryId?: string;
  /** The phrase of that answer when it was a search (search events: their own phrase). */
  queryPhrase?: string;
  /** When that answer was given (search and page-view events: their own time). */
  queryAt?: string;
  queryLocale?: string;
  /** totalHits of that search. */
  queryTotalHits?: number;
  /** Search events: the answer's skip. */
  skip?: number;
  /** Search events: an answer for the phrase of the session's search before it (not another search). */
  continued?: boolean;
  /** Continued search events that changed facets, sort or page: which (`facet`, `sort`, `page`). */
  refinement?: string[];
  /** Search and content-search events: the keys listed (primary list, in order), for the UBI export; not indexed. */
  hitKeys?: string[];
  brand?: string;
  category?: string[];
  categoryIds?: string[];
}

export type EventField = keyof EventDocument;

/** What the event writer copies from the product into events about it (see productLookup.ts). */
export interface ProductFacts {
  productKey: string;
  brand?: string;
  category: string[];
  categoryIds: string[];
  /** Lowest selling price of the product. */
  price?: number;
}

/**
 * Phrases are stored, compared and removed in one form: trimmed, inner whitespace collapsed, lower case.
 * `RecentSearch.q` returns this form, so a removal with the phrase shown always matches.
 */
export function normalizePhrase(phrase: string): string {
  return phrase.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Product keys an event is about, whose facts enrich its document (cart keys may be variant keys). */
export function keysToEnrich(event: BehaviourEvent): string[] {
  switch (event.type) {
    case 'product-view':
    case 'add-favorite':
    case 'remove-favorite':
    case 'purchase':
      return [event.productKey];
    case 'click':
    case 'add-to-cart':
    case 'ad-impression':
      return event.ticket.kind === 'content' ? [] : [event.ticket.productKey];
    case 'cart':
      return event.keys;
    case 'search':
    case 'content-search':
    case 'page-view':
    case 'remove-recent-searches':
    case 'remove-recently-viewed':
    case 'end':
      return [];
    default:
      return assertNever(event);
  }
}

/**
 * The document of an event. `facts` maps product and variant keys to product facts (possibly empty when
 * the lookup failed: the event is still written, without brand, category and price).
 */
export function eventDocument(event: BehaviourEvent, at: Date, facts: ReadonlyMap<string, ProductFacts> = new Map()): EventDocument {
  const base: EventDocument = defined({
    '@timestamp': at.toISOString(),
    type: event.type,
    market: event.market,
    customerKey: event.customerKey,
    sessionKey: event.sessionKey,
    touchpoint: event.touchpoint,
    locale: event.locale,
  });
  const product = (key: string): Partial<EventDocument> => {
    const f = facts.get(key);
    return f ? defined({ brand: f.brand, category: nonEmpty(f.category), categoryIds: nonEmpty(f.categoryIds), price: f.price }) : {};
  };
  switch (event.type) {
    case 'search': {
      const phrase = normalizePhrase(event.phrase);
      const query = event.queryId
        ? { queryId: event.queryId, queryPhrase: phrase, queryAt: base['@timestamp'], queryLocale: event.locale, queryTotalHits: event.totalHits }
        : {};
      return {
        ...base,
        ...defined({
          phrase,
          totalHits: event.totalHits,
          origin: event.origin,
          ...query,
          skip: event.skip,
          continued: event.continued || undefined,
          refinement: event.refinement?.length ? event.refinement : undefined,
          hitKeys: event.hitKeys,
        }),
      };
    }
    case 'product-view':
      return { ...base, ...product(event.productKey), ...defined({ productKey: event.productKey, variantKey: event.variantKey }) };
    case 'content-search':
      return {
        ...base,
        ...defined({
          phrase: normalizePhrase(event.phrase),
          totalHits: event.totalHits,
          queryId: event.queryId,
          queryAt: base['@timestamp'],
          queryLocale: event.locale,
          hitKeys: event.hitKeys,
        }),
      };
    case 'page-view':
      return {
        ...base,
        pageId: event.pageId,
        ...(event.queryId ? defined({ queryId: event.queryId, queryAt: base['@timestamp'], queryLocale: event.locale }) : {}),
      };
    case 'cart': {
      const products = [...new Set(event.keys.map((k) => facts.get(k)?.productKey).filter((k): k is string => !!k))];
      return { ...base, keys: event.keys, ...(products.length ? { productKey: products } : {}) };
    }
    case 'click':
    case 'add-to-cart':
    case 'ad-impression': {
      const t = event.ticket;
      const list = {
        pageType: t.pageType,
        listId: t.listId,
        position: t.position,
        touchpoint: base.touchpoint ?? t.touchpoint,
        ...attributed(event.query ?? (t.queryId ? { queryId: t.queryId } : undefined)),
      };
      if (t.kind === 'content') return { ...base, ...list, contentKey: t.contentKey };
      return { ...base, ...product(t.productKey), ...list, productKey: t.productKey, ...(t.kind === 'variant' ? { variantKey: t.variantKey } : {}) };
    }
    case 'add-favorite':
    case 'remove-favorite':
      return { ...base, ...product(event.productKey), ...defined({ productKey: event.productKey, variantKey: event.variantKey }) };
    case 'remove-recent-searches':
      return { ...base, removeAll: event.removeAll, ...(event.phrases.length ? { phrase: [...new Set(event.phrases.map(normalizePhrase))] } : {}) };
    case 'remove-recently-viewed':
      return { ...base, removeAll: event.removeAll, ...(event.productKeys.length ? { productKey: [...new Set(event.productKeys)] } : {}) };
    case 'end':
      return base;
    case 'purchase':
      return {
        ...base,
        ...product(event.productKey),
        productKey: event.productKey,
        variantKey: event.variantKey,
        quantity: event.quantity,
        price: event.sellingPrice,
        revenue: roundMoney(event.quantity * event.sellingPrice),
        ...(event.purchaseId ? { purchaseId: event.purchaseId } : {}),
        ...attributed(event.query),
        ...(event.position !== undefined ? { position: event.position } : {}),
      };
    default:
      return assertNever(event);
  }
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(x)}`);
}

/** The query fields of an attributed event. */
function attributed(q: Partial<QueryFacts> | undefined): Partial<EventDocument> {
  if (!q?.queryId) return {};
  return defined({ queryId: q.queryId, queryPhrase: q.phrase, queryAt: q.at, queryLocale: q.locale, queryTotalHits: q.totalHits });
}

/** Removes binary floating-point noise from sums of prices (3 × 19.9 is 59.7, not 59.699999…). */
export function roundMoney(amount: number): number {
  return Math.round(amount * 1e6) / 1e6;
}

function nonEmpty<T>(values: T[]): T[] | undefined {
  return values.length ? values : undefined;
}

/** Drops undefined fields so documents carry only what the event has. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
