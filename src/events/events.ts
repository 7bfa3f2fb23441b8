/**
 * Behaviour events: what the notification endpoints and the storefront queries register, as a tagged
 * union, and the one pure function that turns an event into its document in the events index
 * (mappings/events.json). Every query in ./queries reads these documents, so field names are typed here
 * once (EventDocument) and used through `EventField`.
 */
import type { Ticket } from './tickets';

export type Touchpoint = 'DESKTOP' | 'MOBILE';

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

/** A search through search-page (or autocomplete), as registered by the storefront. */
export interface SearchBody { type: 'search'; phrase: string; totalHits: number; origin?: string }
/** A product page shown. */
export interface ProductViewBody { type: 'product-view'; productKey: string; variantKey?: string }
/** A cart page shown with these product and/or variant keys. */
export interface CartBody { type: 'cart'; keys: string[] }
/** click, add-to-cart and ad-impression notifications: everything comes from the ticket. */
export interface TicketBody { type: 'click' | 'add-to-cart' | 'ad-impression'; ticket: Ticket }
/** add-favorite and remove-favorite, resolved to the product (and the variant when one was named). */
export interface FavouriteBody { type: 'add-favorite' | 'remove-favorite'; productKey: string; variantKey?: string }
export interface RemoveRecentSearchesBody { type: 'remove-recent-searches'; phrases: string[]; removeAll: boolean }
export interface RemoveRecentlyViewedBody { type: 'remove-recently-viewed'; productKeys: string[]; removeAll: boolean }
export interface EndBody { type: 'end' }
/** One line of a purchase notification (our addition: Elevate takes payments server-side). */
export interface PurchaseBody { type: 'purchase'; productKey: string; variantKey: string; quantity: number; sellingPrice: number }

export type EventBody =
  | SearchBody | ProductViewBody | CartBody | TicketBody | FavouriteBody
  | RemoveRecentSearchesBody | RemoveRecentlyViewedBody | EndBody | PurchaseBody;

export type BehaviourEvent = EventContext & EventBody;
export type EventType = EventBody['type'];

export const EVENT_TYPES: readonly EventType[] = [
  'search', 'product-view', 'cart', 'click', 'add-to-cart', 'ad-impression', 'add-favorite', 'remove-favorite',
  'remove-recent-searches', 'remove-recently-viewed', 'end', 'purchase',
];

/** A stored event. Multi-valued fields hold arrays (removals, cart keys, categories). */
export interface EventDocument {
  '@timestamp': string;
  type: EventType;
  market: string;
  customerKey: string;
  sessionKey: string;
  touchpoint?: Touchpoint;
  locale?: string;
  /** The product of the event; the removed products of remove-recently-viewed; the cart's products. */
  productKey?: string | string[];
  variantKey?: string;
  contentKey?: string;
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
    case 'product-view': case 'add-favorite': case 'remove-favorite': case 'purchase':
      return [event.productKey];
    case 'click': case 'add-to-cart': case 'ad-impression':
      return event.ticket.kind === 'content' ? [] : [event.ticket.productKey];
    case 'cart':
      return event.keys;
    case 'search': case 'remove-recent-searches': case 'remove-recently-viewed': case 'end':
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
    case 'search':
      return { ...base, ...defined({ phrase: normalizePhrase(event.phrase), totalHits: event.totalHits, origin: event.origin }) };
    case 'product-view':
      return { ...base, ...product(event.productKey), ...defined({ productKey: event.productKey, variantKey: event.variantKey }) };
    case 'cart': {
      const products = [...new Set(event.keys.map((k) => facts.get(k)?.productKey).filter((k): k is string => !!k))];
      return { ...base, keys: event.keys, ...(products.length ? { productKey: products } : {}) };
    }
    case 'click': case 'add-to-cart': case 'ad-impression': {
      const t = event.ticket;
      const list = { pageType: t.pageType, listId: t.listId, position: t.position, touchpoint: base.touchpoint ?? t.touchpoint };
      if (t.kind === 'content') return { ...base, ...list, contentKey: t.contentKey };
      return { ...base, ...product(t.productKey), ...list, productKey: t.productKey, ...(t.kind === 'variant' ? { variantKey: t.variantKey } : {}) };
    }
    case 'add-favorite': case 'remove-favorite':
      return { ...base, ...product(event.productKey), ...defined({ productKey: event.productKey, variantKey: event.variantKey }) };
    case 'remove-recent-searches':
      return { ...base, removeAll: event.removeAll, ...(event.phrases.length ? { phrase: [...new Set(event.phrases.map(normalizePhrase))] } : {}) };
    case 'remove-recently-viewed':
      return { ...base, removeAll: event.removeAll, ...(event.productKeys.length ? { productKey: [...new Set(event.productKeys)] } : {}) };
    case 'end':
      return base;
    case 'purchase':
      return { ...base, ...product(event.productKey), productKey: event.productKey, variantKey: event.variantKey, quantity: event.quantity, price: event.sellingPrice };
    default:
      return assertNever(event);
  }
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(x)}`);
}

function nonEmpty<T>(values: T[]): T[] | undefined {
  return values.length ? values : undefined;
}

/** Drops undefined fields so documents carry only what the event has. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
