/**
 * The page data model (admin spec "Page container"). Pages are stored as imported: omitted settings stay
 * omitted (the storefront applies the defaults), so an export gives back what was imported.
 */
import { SORT_IDS } from '../sortOrders';
import { FACET_SORT_ORDERS } from '../facets/types';

export { FACET_SORT_ORDERS };

export const PAGE_IMPORT_TYPES = ['FULL', 'PARTIAL'] as const;
export type PageImportType = (typeof PAGE_IMPORT_TYPES)[number];

export const FACET_VISUALIZATIONS = ['RANGE', 'VALUES'] as const;
export const REC_LIST_ALGORITHMS = ['TOP_PRODUCTS', 'PERSONAL', 'NEWEST_PRODUCTS', 'FAVORITES', 'RECENTLY_VIEWED'] as const;

/**
 * Allowed `sortOrderOverride.sortOrders`: the storefront's sort values, plus PRICE_INCREASING and
 * PRICE_DECREASING, the page-import naming of the official example (elevate-notes section 10), which
 * stand for PRICE_ASCENDING and PRICE_DESCENDING (see storefrontSortOf).
 */
export const PAGE_SORT_ORDERS = [...SORT_IDS, 'PRICE_INCREASING', 'PRICE_DECREASING'] as const;
export type PageSortOrder = (typeof PAGE_SORT_ORDERS)[number];
export type StorefrontSortId = (typeof SORT_IDS)[number];

export function storefrontSortOf(order: PageSortOrder): StorefrontSortId {
  if (order === 'PRICE_INCREASING') return 'PRICE_ASCENDING';
  if (order === 'PRICE_DECREASING') return 'PRICE_DESCENDING';
  return order;
}

export interface FacetSetting {
  attribute: string;
  sortOrder?: (typeof FACET_SORT_ORDERS)[number];
  unit?: string;
  visualization?: (typeof FACET_VISUALIZATIONS)[number];
}

export interface PrimaryList {
  blocked?: string[];
  pinned?: string[];
  /** Product rule expression (elevate-notes section 1). */
  rules?: string;
  restrictChildRules?: boolean;
  facetsOverride?: { enabled?: boolean; facets?: FacetSetting[] };
  keywords?: { additional?: Record<string, string[]>; enabled?: boolean; headingAsKeyword?: boolean };
  pageSliceInfo?: { inherit?: boolean; slices?: { productSetId: string; pinnedProducts?: string[] }[] };
  sortOrderOverride?: { enabled?: boolean; sortOrders?: PageSortOrder[] };
}

export interface RecList {
  id: string;
  algorithm?: (typeof REC_LIST_ALGORITHMS)[number];
  blocked?: string[];
  pinned?: string[];
  limit?: number;
  rules?: string;
}

export interface Page {
  id: string;
  /** locale → key → value. */
  customData?: Record<string, Record<string, string>>;
  /** locale → heading. */
  headings?: Record<string, string>;
  /** locale → localized path, unique per market and locale. */
  paths?: Record<string, string>;
  primaryList?: PrimaryList;
  recLists?: RecList[];
  /** Our addition: when the page is served (campaigns); see PageSchedule. */
  schedule?: PageSchedule;
}

/**
 * Our addition to the spec's page: the page is served from `start` (inclusive) until `end` (exclusive),
 * ISO 8601 date-times with an offset; either may be omitted (open), and `{}` means always (a PARTIAL import
 * clears a schedule with it). Outside it, landing-page and the keyword pages answer as if the page did not
 * exist, in the production view; the preview view (viewId=PREVIEW) shows it at any time.
 */
export interface PageSchedule {
  start?: string;
  end?: string;
}

/** Whether a page is served at `now` by its schedule. */
export function onSchedule(page: Page, now: Date): boolean {
  const { start, end } = page.schedule ?? {};
  const t = now.getTime();
  return (start === undefined || Date.parse(start) <= t) && (end === undefined || t < Date.parse(end));
}

export interface PageImport {
  market: string;
  type: PageImportType;
  addOrUpdate: Page[];
  remove: string[];
  /** Pages go to preview only (PARTIAL, no removals). */
  previewOnly: boolean;
}

export interface PageContainer {
  market: string;
  type: PageImportType;
  addOrUpdate: Page[];
}

/**
 * A page of a market in its two versions: `published` is what production shows (absent for a page that
 * exists only in preview), `preview` the unpublished version (absent when there are no unpublished changes).
 * At least one is present. The preview view shows `preview ?? published`.
 */
export interface StoredPage {
  market: string;
  id: string;
  published?: Page;
  preview?: Page;
}

export type PageState = 'PUBLISHED' | 'PREVIEW_ONLY' | 'UNPUBLISHED_CHANGES';

export type PageView = 'production' | 'preview';

export const pageState = (p: StoredPage): PageState => (!p.published ? 'PREVIEW_ONLY' : p.preview ? 'UNPUBLISHED_CHANGES' : 'PUBLISHED');

/** The version a view shows, if the page exists in that view. */
export const versionFor = (p: StoredPage, view: PageView): Page | undefined => (view === 'production' ? p.published : (p.preview ?? p.published));

/** A path-style id (`/a/b`): the only kind with parent pages, restrictChildRules and inherited slices. */
export const isPathId = (id: string): boolean => /^(\/[^/]+)+$/.test(id);

/** `/a/b/c` → [`/a/b`, `/a`]: the ids of a path-style id's possible ancestors, nearest first. */
export function ancestorIds(id: string): string[] {
  if (!isPathId(id)) return [];
  const parts = id.split('/').slice(1);
  const out: string[] = [];
  for (let n = parts.length - 1; n >= 1; n--) out.push('/' + parts.slice(0, n).join('/'));
  return out;
}
