/** The header on every page: the shop's name, the search box, market and language, the cart, and the category menu. */
import type { NavigationNode, NavigationTree } from '@apptus/esales-api';
import { useState } from 'preact/hooks';
import { useCart } from '../cart';
import { type Route } from '../route';
import { followLink, navigate } from '../history';
import { useShop } from '../shop';
import { navigationTree, samePage } from '../navigation';
import { useQuery } from '../useQuery';
import { SearchBox } from './SearchBox';

export function Header({ route }: { route: Route }) {
  const shop = useShop();
  const cart = useCart(shop.market);
  const count = cart.reduce((n, l) => n + l.quantity, 0);
  const home = shop.href({ kind: 'landing', path: '/', page: 1, facets: {} });
  const cartHref = shop.href({ kind: 'cart' });
  return (
    <header class="header">
      <div class="bar">
        <a class="logo" href={home} onClick={(e) => followLink(e, home)}>
          open<span>elevate</span>
        </a>
        <SearchBox initial={route.kind === 'search' ? route.q : ''} />
        <MarketSwitcher />
        <a class="cart-link" href={cartHref} onClick={(e) => followLink(e, cartHref)} aria-label={shop.text.cart(count)}>
          {shop.text.cartWord}{' '}
          <span class="cart-count" aria-hidden="true">
            {count}
          </span>
        </a>
      </div>
      <CategoryMenu />
    </header>
  );
}

/** Market and language: one choice of the pairs the service is configured with; the page stays where it is. */
function MarketSwitcher() {
  const shop = useShop();
  const pairs = shop.markets.flatMap((m) => m.locales.map((l) => ({ market: m.id, locale: l })));
  const change = async (value: string) => {
    const [market, locale] = value.split('/') as [string, string];
    const url = new URL(location.href);
    url.searchParams.set('market', market);
    url.searchParams.set('locale', locale);
    // A product keeps its key (the product page then shows the locale's own link); a category page is the
    // page at the same place of the other locale's navigation tree; anything else stays as it is.
    if (!url.searchParams.has('pk') && !url.searchParams.has('ck') && !['/search', '/cart', '/checkout', '/thanks', '/'].includes(url.pathname)) {
      const path = await samePage(url.pathname, shop, { market, locale }).catch(() => undefined);
      if (!path) return navigate(`/?market=${encodeURIComponent(market)}&locale=${encodeURIComponent(locale)}`);
      url.pathname = path;
    }
    navigate(url.pathname + url.search);
  };
  return (
    <label class="market">
      <span class="visually-hidden">{shop.text.marketAndLanguage}</span>
      <select aria-label={shop.text.marketAndLanguage} value={`${shop.market}/${shop.locale}`} onChange={(e) => void change(e.currentTarget.value)}>
        {pairs.map((p) => (
          <option key={`${p.market}/${p.locale}`} value={`${p.market}/${p.locale}`}>
            {p.market} · {languageName(p.locale)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The language of a locale in itself ("svenska", "English", "norsk bokmål"): the market names the country. */
function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale.split('-')[0]!) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/** The category menu from navigation-tree: top-level categories, their children on hover or focus. */
function CategoryMenu() {
  const shop = useShop();
  const tree = useQuery<NavigationTree>(JSON.stringify([shop.market, shop.locale]), () => navigationTree(shop));
  const nodes = tree.data?.tree.children ?? [];
  // A chosen category closes its open submenu, though the pointer still rests on it (until it leaves).
  const [closed, setClosed] = useState(false);
  // On a phone the categories are behind a "Menu" button (a bar of them would be cut off), listed down the page.
  const [open, setOpen] = useState(false);
  return (
    <nav
      class={`categories${closed ? ' closed' : ''}${open ? ' open' : ''}`}
      aria-label={shop.text.categories}
      onClick={(e) => {
        if ((e.target as Element).closest('a')) {
          setClosed(true);
          setOpen(false);
          (document.activeElement as HTMLElement | null)?.blur();
        }
      }}
      onMouseLeave={() => setClosed(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          (e.currentTarget.querySelector('.menu-toggle') as HTMLElement | null)?.focus();
        }
      }}
    >
      <button type="button" class="menu-toggle" aria-expanded={open} aria-controls="category-list" onClick={() => setOpen(!open)}>
        {shop.text.menu}
      </button>
      <ul id="category-list">
        {nodes.map((node, i) => (
          <MenuItem key={i} node={node} />
        ))}
      </ul>
    </nav>
  );
}

function MenuItem({ node }: { node: NavigationNode }) {
  const shop = useShop();
  if (node.type === 'SPACER') return null;
  const path = node.type === 'PAGE_LINK' ? node.link : node.type === 'PRODUCT' ? node.path : undefined;
  const href = path ? shop.href({ kind: 'landing', path, page: 1, facets: {} }) : undefined;
  const children = node.children.filter((c) => c.type !== 'SPACER');
  return (
    <li class={children.length ? 'has-children' : undefined}>
      {href ? (
        <a href={href} onClick={(e) => followLink(e, href)}>
          {node.label}
        </a>
      ) : (
        <span>{node.label}</span>
      )}
      {children.length > 0 && (
        <ul class="submenu">
          {children.map((c, i) => (
            <MenuItem key={i} node={c} />
          ))}
        </ul>
      )}
    </li>
  );
}
