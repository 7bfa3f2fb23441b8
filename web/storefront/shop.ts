/** What every component of the shop reads: the client for the current market and locale, and how to link. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api, MarketInfo } from './api';
import { hrefOf, type Locator, type Route } from './route';
import { textFor, type Text } from './text';

export interface Shop extends Locator {
  api: Api;
  currency: string | null;
  markets: MarketInfo[];
  /** The shop's own words in the locale's language. */
  text: Text;
  /** The URL of a route in this market and locale. */
  href(route: Route, productLink?: string): string;
}

export function shopOf(api: Api, locator: Locator, markets: MarketInfo[]): Shop {
  const currency = markets.find((m) => m.id === locator.market)?.currency ?? null;
  return { ...locator, api, currency, markets, text: textFor(locator.locale), href: (route, productLink) => hrefOf(route, locator, productLink) };
}

export const ShopContext = createContext<Shop | null>(null);

export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShop outside the shop');
  return shop;
}
