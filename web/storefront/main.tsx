/**
 * The reference storefront: a shop front built on the official Elevate client against this service. The URL
 * is the state (route.ts); each page component asks its storefront query through the client (api.ts) and
 * renders the answer, catalog strings always as text.
 */
import './main.css';
import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { apiFor, loadMarkets, type MarketInfo } from './api';
import { CartPage, CheckoutPage, ThanksPage } from './components/CartPage';
import { Header } from './components/Header';
import { LandingPage } from './components/LandingPage';
import { ProductPage } from './components/ProductPage';
import { ArticlePage } from './components/ArticlePage';
import { SearchPage } from './components/SearchPage';
import { parseLocation, type Locator, type Route } from './route';
import { onNavigate, takeHeadingFocus } from './history';
import { ShopContext, shopOf } from './shop';

/** The market and locale of the URL when the service knows them, else the first configured pair. */
function locatorOf(wanted: Partial<Locator>, markets: MarketInfo[]): Locator {
  const market = markets.find((m) => m.id === wanted.market) ?? markets[0]!;
  const locale = market.locales.includes(wanted.locale ?? '') ? wanted.locale! : market.locales[0]!;
  return { market: market.id, locale };
}

/**
 * The tab's title follows the page's heading ("Results for “boots” · open-elevate demo shop"), and after a route
 * change the heading takes the focus once it shows, so a screen reader announces the new page and Tab goes
 * on from its top. Watching the heading covers every page, which each render their own heading when their
 * answer arrives.
 */
function useHeadingTitleAndFocus(shopName: string): void {
  useEffect(() => {
    // The app root, not #main: #main is made anew when the market or language changes.
    const root = document.getElementById('app');
    if (!root) return;
    const update = () => {
      const main = root.querySelector('#main');
      const heading = main?.querySelector('h1');
      const text = heading?.textContent?.trim();
      const title = text ? `${text} · ${shopName}` : shopName;
      if (document.title !== title) document.title = title;
      if (heading && !main?.querySelector('[aria-busy="true"]') && takeHeadingFocus()) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
    return () => observer.disconnect();
  }, [shopName]);
}

function Page({ route }: { route: Route }) {
  switch (route.kind) {
    case 'search':
      return <SearchPage route={route} />;
    case 'landing':
      return <LandingPage route={route} />;
    case 'product':
      return <ProductPage route={route} />;
    case 'article':
      return <ArticlePage route={route} />;
    case 'cart':
      return <CartPage />;
    case 'checkout':
      return <CheckoutPage />;
    case 'thanks':
      return <ThanksPage order={route.order} />;
  }
}

function App({ markets }: { markets: MarketInfo[] }) {
  const [url, setUrl] = useState(() => location.href);
  useEffect(() => onNavigate(() => setUrl(location.href)), []);
  const { route, locator: wanted } = parseLocation(new URL(url));
  const locator = locatorOf(wanted, markets);
  const shop = useMemo(() => shopOf(apiFor(locator.market, locator.locale), locator, markets), [locator.market, locator.locale]);
  useEffect(() => {
    document.documentElement.lang = locator.locale;
  }, [locator.locale]);
  useHeadingTitleAndFocus(shop.text.shopName);
  return (
    <ShopContext.Provider value={shop}>
      <a class="skip" href="#main">
        {shop.text.skip}
      </a>
      <Header route={route} />
      <div id="main" key={`${locator.market}/${locator.locale}`}>
        <Page route={route} />
      </div>
      <footer class="footer">
        <p>
          A demo of <strong>open-elevate</strong>: every request on this page goes through <code>@apptus/esales-api</code>.{' '}
          {shop.text.footer(locator.market, locator.locale)}
        </p>
      </footer>
    </ShopContext.Provider>
  );
}

async function start(): Promise<void> {
  const root = document.getElementById('app')!;
  try {
    const markets = await loadMarkets();
    if (!markets.length) {
      root.textContent = 'No market is configured yet: import a configuration and a catalog (see docs/admin-api.md).';
      return;
    }
    root.textContent = '';
    render(<App markets={markets} />, root);
  } catch (err) {
    root.textContent = `The shop could not start: ${(err as Error).message}`;
  }
}

void start();
