/**
 * Tickets: the opaque strings every product, variant and content item carries so a later click or
 * add-to-cart notification can tell which page, list and position produced it.
 *
 * Format (version 2). A semicolon-separated record, each field percent-encoded with encodeURIComponent
 * (so no field can contain `;`), then base64url-encoded without padding:
 *
 *   `2;<pageType>;<listId>;<kind>;<key>;<variantKey>;<position>;<market>;<touchpoint>;<queryId>`
 *
 * - `pageType`: SEARCH_PAGE, LANDING_PAGE, PRODUCT_PAGE, CART_PAGE, ADD_TO_CART_POPUP, AUTOCOMPLETE,
 *   CONTENT_SEARCH_PAGE, CONTENT_INFORMATION
 * - `listId`: PRIMARY_LIST, SECONDARY_LIST, a recommendation or content list id, ...
 * - `kind`: `product` | `variant` | `content`; `key` is the product key (product, variant) or the
 *   content key; `variantKey` is empty unless kind is `variant`
 * - `position`: 0-based position of the product group (or content item) in its list
 * - `market`, `touchpoint`: the query context
 * - `queryId`: the id of the registered search-page, landing-page or content-search-page answer that listed
 *   the item (empty when the answer was not registered, `notify=false`, or the page registers nothing):
 *   click, add-to-cart and ad-impression notifications are attributed to that query (search analytics).
 *
 * Version 1 (the same record without `queryId`) is still decoded: tickets handed out before an upgrade
 * stay valid in open browser tabs; they are attributed to no query.
 *
 * Clients never build or parse tickets; decodeTicket validates everything and throws a 400 naming the
 * ticket when it is not one of ours.
 */
import { invalid } from '../kernel/errors';

export const TICKET_VERSION = '2';
/** Tickets of the previous version (no query id) still decode. */
const PREVIOUS_VERSION = '1';

export type TicketKind = 'product' | 'variant' | 'content';
export const PAGE_TYPES = [
  'SEARCH_PAGE',
  'LANDING_PAGE',
  'PRODUCT_PAGE',
  'CART_PAGE',
  'ADD_TO_CART_POPUP',
  'AUTOCOMPLETE',
  'CONTENT_SEARCH_PAGE',
  'CONTENT_INFORMATION',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

interface TicketBase {
  pageType: PageType;
  listId: string;
  position: number;
  market: string;
  touchpoint: 'DESKTOP' | 'MOBILE';
  /** The registered answer that listed the item (absent when none). */
  queryId?: string;
}

export type Ticket =
  | (TicketBase & { kind: 'product'; productKey: string })
  | (TicketBase & { kind: 'variant'; productKey: string; variantKey: string })
  | (TicketBase & { kind: 'content'; contentKey: string });

/** Where tickets of one list come from; the shaper adds kind, keys and position. */
export type TicketOrigin = Omit<TicketBase, 'position'>;

export function encodeTicket(t: Ticket): string {
  const key = t.kind === 'content' ? t.contentKey : t.productKey;
  return ticketEncoder(t)(t.kind, key, t.kind === 'variant' ? t.variantKey : '', t.position);
}

/**
 * An encoder for many tickets of one list: the fields shared by the list are encoded once (shaping a
 * page makes a ticket per product and per variant, hundreds per response).
 */
export function ticketEncoder(origin: TicketOrigin): (kind: TicketKind, key: string, variantKey: string, position: number) => string {
  const e = encodeURIComponent;
  const head = `${TICKET_VERSION};${e(origin.pageType)};${e(origin.listId)};`;
  const tail = `;${e(origin.market)};${e(origin.touchpoint)};${e(origin.queryId ?? '')}`;
  return (kind, key, variantKey, position) => Buffer.from(`${head}${kind};${e(key)};${e(variantKey)};${position}${tail}`, 'utf8').toString('base64url');
}

export function decodeTicket(ticket: string): Ticket {
  const refused = (why: string) => invalid(`ticket is not valid: ${why}`);
  if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]+$/.test(ticket)) throw refused('not a base64url string');
  let fields: string[];
  try {
    fields = Buffer.from(ticket, 'base64url').toString('utf8').split(';').map(decodeURIComponent);
  } catch {
    throw refused('undecodable');
  }
  const current = fields.length === 10 && fields[0] === TICKET_VERSION;
  if (!current && !(fields.length === 9 && fields[0] === PREVIOUS_VERSION)) throw refused('unknown format');
  const [, pageType, listId, kind, key, variantKey, position, market, touchpoint, queryId] = fields;
  if (!(PAGE_TYPES as readonly string[]).includes(pageType)) throw refused(`unknown page type ${pageType}`);
  if (!/^\d{1,6}$/.test(position)) throw refused('bad position');
  if (touchpoint !== 'DESKTOP' && touchpoint !== 'MOBILE') throw refused('bad touchpoint');
  if (!listId || !key || !market) throw refused('missing field');
  if (queryId && !/^[A-Za-z0-9_-]{1,64}$/.test(queryId)) throw refused('bad query id');
  const base: TicketBase = { pageType: pageType as PageType, listId, position: Number(position), market, touchpoint, ...(queryId ? { queryId } : {}) };
  switch (kind) {
    case 'product':
      if (variantKey) throw refused('a product ticket has no variant key');
      return { ...base, kind, productKey: key };
    case 'variant':
      if (!variantKey) throw refused('a variant ticket needs a variant key');
      return { ...base, kind, productKey: key, variantKey };
    case 'content':
      if (variantKey) throw refused('a content ticket has no variant key');
      return { ...base, kind, contentKey: key };
    default:
      throw refused(`unknown kind ${kind}`);
  }
}
