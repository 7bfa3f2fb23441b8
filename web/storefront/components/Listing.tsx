/**
 * A product list with its facets, sort, total and "show more": the primary list of search-page and
 * landing-page. The page passes its route; changing a facet or the sort makes a new URL (a history entry),
 * "show more" asks the next `skip` and only replaces the URL's `page`.
 */
import { isColorFacet, type FacetParams, type PrimaryList, type ProductGroup, type SortType } from '@apptus/esales-api';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Route } from '../route';
import { navigate } from '../history';
import { useShop } from '../shop';
import { rememberColourNames } from '../colours';
import { shownSortOptions } from '../settings';
import { Facets } from './Facets';
import { ColourNames, ProductGrid } from './ProductCard';

export const PAGE_SIZE = 24;

function colourNames(list: PrimaryList): Map<string, string> {
  const names = new Map<string, string>();
  for (const facet of list.facets) if (isColorFacet(facet)) for (const v of facet.values) if (v.color) names.set(v.color.toLowerCase(), v.label);
  return names;
}

type ListRoute = Extract<Route, { kind: 'search' | 'landing' }>;

export function Listing({ route, list, loadMore }: { route: ListRoute; list: PrimaryList; loadMore: (skip: number) => Promise<ProductGroup[]> }) {
  const shop = useShop();
  const t = shop.text;
  const [groups, setGroups] = useState(list.productGroups);
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  useEffect(() => setGroups(list.productGroups), [list]);

  const go = (next: Partial<ListRoute>) => navigate(shop.href({ ...route, page: 1, ...next } as ListRoute), { keepFocus: true });
  // After "show more" the focus goes to the first product it added, where reading and tabbing go on.
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusAt === null) return;
    grid.current?.querySelectorAll<HTMLAnchorElement>('.card-title a')[focusAt]?.focus();
    setFocusAt(null);
  }, [focusAt, groups]);
  const showMore = async () => {
    setMore('loading');
    try {
      const next = await loadMore(groups.length);
      setGroups([...groups, ...next]);
      setMore('idle');
      if (next.length) setFocusAt(groups.length);
      navigate(shop.href({ ...route, page: Math.ceil((groups.length + next.length) / PAGE_SIZE) }), { replace: true });
    } catch {
      setMore('failed');
    }
  };

  const hits = list.totalHits;
  const names = colourNames(list);
  useEffect(() => rememberColourNames(`${shop.market}/${shop.locale}`, names), [list]);
  return (
    <div class="listing">
      {list.facets.length > 0 && <Facets facets={list.facets} selection={route.facets} onChange={(facets: FacetParams) => go({ facets })} hits={hits} />}
      <div class="results" ref={grid}>
        <div class="results-bar">
          <p class="total" role="status">
            {t.productCount(hits, shop.locale)}
          </p>
          <label class="sort">
            <span>{t.sort}</span>
            <select aria-label={t.sort} value={list.sort.selected} onChange={(e) => go({ sort: e.currentTarget.value as SortType })}>
              {shownSortOptions(list.sort.options, list.sort.selected).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ColourNames.Provider value={names}>
          <ProductGrid groups={groups} label={t.products} />
        </ColourNames.Provider>
        {groups.length < hits && (
          <div class="more">
            <p class="muted">{t.showing(groups.length, hits)}</p>
            <button type="button" onClick={showMore} disabled={more === 'loading'}>
              {more === 'loading' ? t.loading : t.showMore}
            </button>
            {more === 'failed' && <p role="alert">{t.moreFailed}</p>}
          </div>
        )}
      </div>
    </div>
  );
}
