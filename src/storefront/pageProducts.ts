/**
 * What a page lists (pure): shared by landing-page's primary list and navigation counts, where a node
 * counts the products its page would list.
 *
 * - Products: the page's `rules` (none: every product of the market-locale), AND the rules of every
 *   ancestor page whose `restrictChildRules` is true; never the page's `blocked` products. A request's
 *   own rules (landing-page's `primaryList.productRules`) come on top in the listing plan.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { Page } from '../merchandising/pages/types';
import { compileRules } from '../rules';

type Query = estypes.QueryDslQueryContainer;

/** A page as the storefront loaded it: the version of the view, and its existing ancestors nearest first. */
export interface LoadedPage {
  page: Page;
  ancestors: Page[];
}

export interface PageProducts {
  /** Filters that must all match (rules of the page and restricting ancestors). */
  filters: Query[];
  /** Product keys never listed. */
  blocked: string[];
  /** Handpicked keys of the page's first rule, in order. */
  handpicked: string[];
}

export interface Place {
  market: string;
  locale: string;
}

/** The products a page lists (without request rules): used by the primary list and navigation counts. */
export function pageProducts(loaded: LoadedPage, priceId: string | undefined): PageProducts {
  const own = compileRules(loaded.page.primaryList?.rules ?? '', { handpickedFirst: true, priceId });
  const restricting = loaded.ancestors
    .filter((a) => a.primaryList?.restrictChildRules === true && a.primaryList.rules)
    .flatMap((a) => {
      const { filter } = compileRules(a.primaryList!.rules!, { handpickedFirst: true, priceId });
      return filter ? [filter] : [];
    });
  return {
    filters: [...(own.filter ? [own.filter] : []), ...restricting],
    blocked: [...new Set(loaded.page.primaryList?.blocked ?? [])],
    handpicked: own.handpicked,
  };
}

/** The products of a page: market, locale, its filters, never its blocked products. */
export function productsFilters(at: Place, products: Pick<PageProducts, 'filters' | 'blocked'>): Query[] {
  return [
    { term: { market: at.market } },
    { term: { locale: at.locale } },
    ...products.filters,
    ...(products.blocked.length ? [{ bool: { must_not: [{ terms: { productKey: products.blocked } }] } }] : []),
  ];
}
