/**
 * Search results: search-page with the phrase, facets, sort and `origin` of the URL. Shows the auto-correct
 * banner with "search instead for" (origin UNDO_AUTO_CORRECT), did-you-mean and related searches (their own
 * origins), and the content that matches. A search without results is no dead end: it offers the products
 * close to the phrase (the secondary list), else the top products of the nearest category (nearestCategory.ts).
 * When no product matches the words and the service answers the products closest in meaning (`similarInMeaning`,
 * search by meaning), a notice says so above them. Beside a short list, the secondary list shows the products
 * matching part of the phrase under a heading that says so, and all of them on request (`viewAllSecondary`).
 */
import type { LandingPage as LandingPageAnswer, NavigationTree, ProductGroup, SearchOrigin, SearchPage as SearchPageAnswer } from '@apptus/esales-api';
import { useEffect, useRef, useState } from 'preact/hooks';
import { nearestCategory } from '../nearestCategory';
import { type Route } from '../route';
import { followLink } from '../history';
import { useShop } from '../shop';
import { useQuery } from '../useQuery';
import { ContentList } from './ContentList';
import { Listing, PAGE_SIZE } from './Listing';
import { ProductGrid } from './ProductCard';

type SearchRoute = Extract<Route, { kind: 'search' }>;

export function SearchPage({ route }: { route: SearchRoute }) {
  const shop = useShop();
  const t = shop.text;
  // "Show more" changes only the URL's page: it is not a new search. A page loaded with page=3 asks for 3 pages at once.
  const { page: _page, ...search } = route;
  const key = JSON.stringify([shop.market, shop.locale, search]);
  const query = useQuery<SearchPageAnswer>(key, () =>
    shop.api.query.searchPage(
      { q: route.q, origin: route.origin ?? 'ORGANIC', sort: route.sort, facets: route.facets, limit: route.page * PAGE_SIZE },
      { contentLists: [{ id: 'content', limit: 4 }] },
    ),
  );
  const answer = query.data;
  const searchFor = (q: string, origin: SearchOrigin) => shop.href({ kind: 'search', q, origin, page: 1, facets: {} });
  const link = (q: string, origin: SearchOrigin) => {
    const href = searchFor(q, origin);
    return (
      <a href={href} onClick={(e) => followLink(e, href)}>
        {q}
      </a>
    );
  };

  if (query.error)
    return (
      <main class="page">
        <h1>{t.searchHeading}</h1>
        <p role="alert">
          {t.searchFailed} {query.error}
        </p>
      </main>
    );
  if (!answer)
    return (
      <main class="page" aria-busy="true">
        <h1>{t.resultsFor(route.q)}</h1>
        <p class="muted">{t.searching}</p>
      </main>
    );

  const primary = answer.primaryList;
  // Our addition to the answer (the official client's model lacks it): the list is by meaning, no word matched.
  const byMeaning = (answer as SearchPageAnswer & { similarInMeaning?: boolean }).similarInMeaning === true;
  const empty = primary.totalHits === 0;
  const content = answer.contentLists.find((l) => l.id === 'content');
  return (
    <main class="page" aria-busy={query.loading}>
      <h1>{t.resultsFor(answer.q)}</h1>
      {answer.autoCorrect && (
        <p class="notice" role="status">
          {t.autoCorrected(route.q, answer.q)} {t.searchInsteadFor} {link(route.q, 'UNDO_AUTO_CORRECT')}
        </p>
      )}
      {byMeaning && (
        <p class="notice" role="status">
          {t.similarInMeaning(answer.q)}
        </p>
      )}
      {answer.didYouMean.length > 0 && (
        <p class="notice">
          {t.didYouMean}{' '}
          {answer.didYouMean.map((d, i) => (
            <span key={d.q}>
              {i > 0 && ', '}
              {link(d.q, 'DID_YOU_MEAN')}
            </span>
          ))}
          ?
        </p>
      )}
      {answer.relatedSearches && answer.relatedSearches.length > 0 && (
        <nav class="related" aria-label={t.relatedSearches}>
          <span class="muted">{t.related}</span>
          <ul>
            {answer.relatedSearches.map((r) => (
              <li key={r.q}>{link(r.q, 'RELATED_SEARCHES')}</li>
            ))}
          </ul>
        </nav>
      )}
      {empty ? (
        <section>
          <p class="empty">{t.noProductsMatch(answer.q)}</p>
          <NoResults phrase={answer.q} close={answer.secondaryList?.productGroups ?? []} />
        </section>
      ) : (
        <Listing
          route={route}
          list={primary}
          loadMore={async (skip) =>
            (await shop.api.query.searchPage({ q: route.q, origin: route.origin ?? 'ORGANIC', sort: route.sort, facets: route.facets, skip, limit: PAGE_SIZE }))
              .primaryList.productGroups
          }
        />
      )}
      {!empty && answer.secondaryList && answer.secondaryList.productGroups.length > 0 && (
        <PartlyMatching route={route} phrase={answer.q} list={answer.secondaryList} />
      )}
      {content && content.items.length > 0 && <ContentList list={content} heading={t.articles} />}
    </main>
  );
}

/** Most products "show all" lists of the secondary list (the service's largest page). */
const SECONDARY_ALL = 600;

/** The secondary list: the products matching part of the phrase, the first of them, then all on request (viewAllSecondary). */
function PartlyMatching({ route, phrase, list }: { route: SearchRoute; phrase: string; list: NonNullable<SearchPageAnswer['secondaryList']> }) {
  const shop = useShop();
  const t = shop.text;
  const [groups, setGroups] = useState(list.productGroups);
  const [all, setAll] = useState<'idle' | 'loading' | 'failed'>('idle');
  useEffect(() => setGroups(list.productGroups), [list]);
  // After "show all" the focus goes to the first product it added, where reading and tabbing go on.
  const section = useRef<HTMLElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    section.current?.querySelectorAll<HTMLAnchorElement>('.card-title a')[focusAt]?.focus();
    setFocusAt(null);
  }, [focusAt, groups]);
  const showAll = async () => {
    setAll('loading');
    try {
      const answer = await shop.api.query.searchPage({
        q: route.q,
        origin: route.origin ?? 'ORGANIC',
        facets: route.facets,
        viewAllSecondary: true,
        skip: 0,
        limit: Math.min(list.totalHits, SECONDARY_ALL),
      });
      const shown = groups.length;
      const every = answer.secondaryList?.productGroups ?? groups;
      setGroups(every);
      setAll('idle');
      if (every.length > shown) setFocusAt(shown);
    } catch {
      setAll('failed');
    }
  };
  const heading = t.partlyMatching(phrase);
  return (
    <section ref={section} class="partly-matching">
      <h2>{heading}</h2>
      <ProductGrid groups={groups} label={heading} />
      {groups.length < list.totalHits && (
        <div class="more">
          <p class="muted">{t.showing(groups.length, list.totalHits)}</p>
          <button type="button" onClick={showAll} disabled={all === 'loading'}>
            {all === 'loading' ? t.loading : t.showAll(list.totalHits)}
          </button>
          {all === 'failed' && <p role="alert">{t.moreFailed}</p>}
        </div>
      )}
    </section>
  );
}

/** What a search without results offers: products close to the phrase, else the nearest category's top products. */
function NoResults({ phrase, close }: { phrase: string; close: ProductGroup[] }) {
  const { text: t } = useShop();
  if (close.length) {
    return (
      <>
        <h2>{t.closeTo(phrase)}</h2>
        <ProductGrid groups={close} label={t.closeMatches} />
      </>
    );
  }
  return <NearestCategoryTop phrase={phrase} />;
}

const CATEGORY_TOP = 8;

function NearestCategoryTop({ phrase }: { phrase: string }) {
  const shop = useShop();
  const key = JSON.stringify([shop.market, shop.locale, 'nearest-category', phrase]);
  const top = useQuery<{ label: string; path: string; groups: ProductGroup[] } | undefined>(key, async () => {
    const tree = (await shop.api.query.navigationTree({})) as NavigationTree;
    const category = nearestCategory(tree.tree.children ?? [], phrase);
    if (!category) return undefined;
    const page = (await shop.api.query.landingPage({ pageReference: category.path, limit: CATEGORY_TOP })) as LandingPageAnswer;
    return { ...category, groups: page.primaryList?.productGroups ?? [] };
  });
  const found = top.data;
  const t = shop.text;
  if (!found || !found.groups.length) return null;
  const href = shop.href({ kind: 'landing', path: found.path, page: 1, facets: {} });
  return (
    <>
      <h2>
        {t.popularIn('')}
        <a href={href} onClick={(e) => followLink(e, href)}>
          {found.label}
        </a>
      </h2>
      <ProductGrid groups={found.groups} label={t.popularIn(found.label)} />
    </>
  );
}
