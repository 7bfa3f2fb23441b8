/**
 * The integration: everything the shop asks the search service goes through the official client
 * `@apptus/esales-api`, configured with this service's URL as the cluster (the only change a shop moving from
 * Elevate makes). Pages call these functions; nothing else talks to the API.
 */
import { elevate, localStorageBackedSession, type Touchpoint } from '@apptus/esales-api';

export type Api = ReturnType<typeof elevate>;

/** Who is browsing: one customer key and session key per browser, kept in localStorage by the client itself. */
export const session = localStorageBackedSession('open-elevate.session');

export function touchpoint(): Touchpoint {
  return window.matchMedia('(max-width: 700px)').matches ? 'mobile' : 'desktop';
}

/** A client for one market and locale. The cluster is this page's own origin. */
export function apiFor(market: string, locale: string): Api {
  return elevate({ clusterId: `${location.origin}/`, market, locale, touchpoint: touchpoint(), session });
}

/**
 * A click on a product (or variant) that carries a ticket. The client sends it with `keepalive`, so it still
 * arrives when the click navigates away from the page at once.
 */
export function notifyClick(api: Api, ticket: string | undefined): void {
  if (ticket) api.notify.click(ticket).catch(() => undefined);
}

export interface PurchaseLine {
  variantKey: string;
  quantity: number;
  sellingPrice: number;
}

/**
 * This service's own `purchase` notification (Elevate's client has none since v3: Elevate learns purchases
 * from order data). Sent with `keepalive` like the client's notifications, so the thank-you page can load at once.
 */
export async function notifyPurchase(market: string, lines: PurchaseLine[]): Promise<void> {
  const { customerKey, sessionKey } = await session();
  const url = new URL('/api/storefront/v3/notifications/purchase', location.origin);
  url.search = new URLSearchParams({ market, customerKey, sessionKey }).toString();
  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ lines }), keepalive: true, headers: { 'Content-Type': 'text/plain' } });
  if (!res.ok) throw new Error(`purchase notification answered ${res.status}`);
}

export interface MarketInfo {
  id: string;
  locales: string[];
  currency: string | null;
}

/** The markets the service is configured with (a page of the service, not of the storefront API). */
export async function loadMarkets(): Promise<MarketInfo[]> {
  const res = await fetch('/storefront/markets.json');
  if (!res.ok) throw new Error(`markets answered ${res.status}`);
  return ((await res.json()) as { markets: MarketInfo[] }).markets;
}
