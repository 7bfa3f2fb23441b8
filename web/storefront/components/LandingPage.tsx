/**
 * A category or landing page: landing-page for the URL's path, with the page's navigation (breadcrumbs and
 * its sub-categories), its primary list with facets (pins and rules applied by the service), and its content
 * lists. The home page (`/`) asks the same query for its recommendation and content lists.
 */
import type { LandingPage as LandingPageAnswer, NavigationStateNode } from '@apptus/esales-api';
import { type Route } from '../route';
import { followLink } from '../history';
import { useShop } from '../shop';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../history';
import { samePage } from '../navigation';
import { useQuery } from '../useQuery';
import { ContentList } from './ContentList';
import { Listing, PAGE_SIZE } from './Listing';
import { Recommendations } from './Recommendations';

type LandingRoute = Extract<Route, { kind: 'landing' }>;

export function LandingPage({ route }: { route: LandingRoute }) {
  const shop = useShop();
  const t = shop.text;
  const home = route.path === '/';
  const { page: _page, ...page } = route;
  const key = JSON.stringify([shop.market, shop.locale, page]);
  const query = useQuery<LandingPageAnswer>(key, () =>
    shop.api.query.landingPage(
      { pageReference: route.path, sort: route.sort, facets: route.facets, limit: route.page * PAGE_SIZE },
      home
        ? {
            recommendationLists: [
              { id: 'top', algorithm: 'TOP_PRODUCTS', limit: 8 },
              { id: 'newest', algorithm: 'NEWEST_PRODUCTS', limit: 8 },
            ],
            contentLists: [{ id: 'content', limit: 3, algorithm: 'NEWEST_CONTENT' }],
          }
        : { navigation: { include: true }, contentLists: [{ id: 'content', limit: 3 }] },
    ),
  );
  const answer = query.data;
  const missing = !home && !query.loading && answer !== undefined && !answer.primaryList;
  // A category path of another locale (`/women/shoes` while browsing in Swedish) leads to the same page here.
  const [elsewhere, setElsewhere] = useState<'looking' | 'none'>('looking');
  useEffect(() => {
    if (!missing) return;
    let live = true;
    setElsewhere('looking');
    const others = shop.markets
      .flatMap((m) => m.locales.map((locale) => ({ market: m.id, locale })))
      .filter((l) => !(l.market === shop.market && l.locale === shop.locale));
    (async () => {
      // This market's other languages first, where the trees are one tree.
      others.sort((a, b) => Number(b.market === shop.market) - Number(a.market === shop.market));
      for (const other of others) {
        const path = await samePage(route.path, other, shop).catch(() => undefined);
        if (!live) return;
        if (path && path !== route.path) return navigate(shop.href({ ...route, path }), { replace: true });
      }
      setElsewhere('none');
    })();
    return () => {
      live = false;
    };
  }, [missing, route.path, shop.market, shop.locale]);
  if (query.error)
    return (
      <main class="page">
        <h1>{t.pageHeading}</h1>
        <p role="alert">
          {t.pageFailed} {query.error}
        </p>
      </main>
    );
  if (!answer)
    return (
      <main class="page" aria-busy="true">
        <p class="muted">{t.loading}</p>
      </main>
    );

  const content = answer.contentLists.find((l) => l.id === 'content');
  const crumbs = answer.navigation?.breadcrumbs ?? [];
  const here = answer.navigation ? selectedNode(answer.navigation.tree) : undefined;
  const children = here?.children.filter((c) => c.type === 'PAGE_LINK' || c.type === 'PRODUCT') ?? [];
  const heading = answer.seo.pageHeading ?? answer.seo.pageTitle ?? crumbs[crumbs.length - 1]?.label;
  // The answer kept from the previous page (the home page has no list) is no reason to say "not found" while
  // this page's answer is on its way.
  if (!home && !answer.primaryList && (query.loading || elsewhere === 'looking'))
    return (
      <main class="page" aria-busy="true">
        <p class="muted">{t.loading}</p>
      </main>
    );
  if (!home && !answer.primaryList) {
    return (
      <main class="page">
        <h1>{t.pageNotFound}</h1>
        <p>{t.noPageAt(route.path)}</p>
      </main>
    );
  }
  return (
    <main class="page" aria-busy={query.loading}>
      {crumbs.length > 0 && (
        <nav aria-label={t.breadcrumbs} class="breadcrumbs">
          <ol>
            <li>
              <a
                href={shop.href({ kind: 'landing', path: '/', page: 1, facets: {} })}
                onClick={(e) => followLink(e, shop.href({ kind: 'landing', path: '/', page: 1, facets: {} }))}
              >
                {t.home}
              </a>
            </li>
            {crumbs.map((c, i) => {
              const href = shop.href({ kind: 'landing', path: c.path, page: 1, facets: {} });
              return (
                <li key={c.path}>
                  {i === crumbs.length - 1 ? (
                    <span aria-current="page">{c.label}</span>
                  ) : (
                    <a href={href} onClick={(e) => followLink(e, href)}>
                      {c.label}
                    </a>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      {home ? (
        <section class="hero">
          <h1>{t.heroTitle}</h1>
          <p>{t.heroText}</p>
        </section>
      ) : (
        <h1>{heading ?? route.path}</h1>
      )}
      {answer.seo.preamble && <p class="preamble">{answer.seo.preamble}</p>}
      {children.length > 0 && (
        <nav aria-label={t.subcategories} class="subcategories">
          <ul>
            {children.map((c) => {
              if (c.type !== 'PAGE_LINK' && c.type !== 'PRODUCT') return null;
              const path = c.type === 'PAGE_LINK' ? c.link : c.path;
              const href = shop.href({ kind: 'landing', path, page: 1, facets: {} });
              return (
                <li key={path}>
                  <a href={href} onClick={(e) => followLink(e, href)}>
                    {c.label} <span class="count">{c.count}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {answer.primaryList && (
        <Listing
          route={route}
          list={answer.primaryList}
          loadMore={async (skip) =>
            (await shop.api.query.landingPage({ pageReference: route.path, sort: route.sort, facets: route.facets, skip, limit: PAGE_SIZE })).primaryList
              ?.productGroups ?? []
          }
        />
      )}
      <Recommendations lists={answer.recommendationLists} />
      {content && content.items.length > 0 && <ContentList list={content} heading={home ? t.latestArticles : t.readMore} />}
    </main>
  );
}

/** The deepest selected node of a navigation tree: the page being shown, whose children are its sub-categories. */
function selectedNode(tree: NavigationStateNode): NavigationStateNode {
  let node = tree;
  for (let next = node.children.find((c) => c.selected); next; next = node.children.find((c) => c.selected)) node = next;
  return node;
}
