/**
 * The page editor's draft of one landing page and the PARTIAL page import it saves as (pure). A PARTIAL import
 * replaces each primaryList part it gives and keeps the others, and cannot delete a part: so a part is sent when
 * the page has it or the draft gives it content, and switching an override off is its `enabled: false`.
 */
import type { FacetSetting, PageSortOrder, RecList } from '../../src/merchandising/pages/types';

export interface FacetsOverride {
  enabled?: boolean;
  facets?: FacetSetting[];
}
export interface SortOrderOverride {
  enabled?: boolean;
  sortOrders?: PageSortOrder[];
}
/** A recommendation list as the form edits it: product keys as comma-separated text. */
export interface RecListRow {
  id: string;
  algorithm?: RecList['algorithm'];
  limit?: number;
  rules?: string;
  pinned: string;
  blocked: string;
}

/** A stored page as the page export writes it (the fields the console edits; the rest is kept as is). */
export interface Page {
  id: string;
  paths?: Record<string, string>;
  headings?: Record<string, string>;
  primaryList?: {
    pinned?: string[];
    blocked?: string[];
    rules?: string;
    facetsOverride?: FacetsOverride;
    sortOrderOverride?: SortOrderOverride;
    [more: string]: unknown;
  };
  recLists?: RecList[];
  /** Our addition: when the page is served (ISO 8601 date-times; `{}`: always). */
  schedule?: Schedule;
  [more: string]: unknown;
}

export interface Schedule {
  start?: string;
  end?: string;
}

export interface Draft {
  pinned: string[];
  blocked: string[];
  rules: string;
  /** Undefined while the page has none and the merchandiser added nothing. */
  facetsOverride?: FacetsOverride;
  sortOrderOverride?: SortOrderOverride;
  recLists: RecListRow[];
  schedule: Schedule;
}

export const recListRowOf = (r: RecList): RecListRow => ({
  id: r.id,
  algorithm: r.algorithm,
  limit: r.limit,
  rules: r.rules,
  pinned: (r.pinned ?? []).join(', '),
  blocked: (r.blocked ?? []).join(', '),
});

const keysOf = (text: string): string[] =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');

/** The import's shape of a form row: empty optional fields left out, so the storefront's defaults apply. */
export function recListOf(row: RecListRow): RecList {
  const pinned = keysOf(row.pinned);
  const blocked = keysOf(row.blocked);
  return {
    id: row.id,
    ...(row.algorithm ? { algorithm: row.algorithm } : {}),
    ...(row.limit !== undefined ? { limit: row.limit } : {}),
    ...(row.rules?.trim() ? { rules: row.rules.trim() } : {}),
    ...(pinned.length ? { pinned } : {}),
    ...(blocked.length ? { blocked } : {}),
  };
}

function facetSettingOf(f: FacetSetting): FacetSetting {
  return {
    attribute: f.attribute,
    ...(f.sortOrder ? { sortOrder: f.sortOrder } : {}),
    ...(f.unit ? { unit: f.unit } : {}),
    ...(f.visualization ? { visualization: f.visualization } : {}),
  };
}

const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

export function draftOf(page: Page): Draft {
  const list = page.primaryList ?? {};
  return {
    pinned: [...(list.pinned ?? [])],
    blocked: [...(list.blocked ?? [])],
    rules: list.rules ?? '',
    facetsOverride: copy(list.facetsOverride),
    sortOrderOverride: copy(list.sortOrderOverride),
    recLists: (page.recLists ?? []).map(recListRowOf),
    schedule: { ...page.schedule },
  };
}

/** Whether the draft says something `page` does not. */
export const draftChanged = (page: Page, draft: Draft): boolean => JSON.stringify(forImport(page, draft)) !== JSON.stringify(forImport(page, draftOf(page)));

/** The page as a PARTIAL page import's `addOrUpdate` entry: its id and every part the editor owns. */
export function forImport(page: Page, draft: Draft): Page {
  const list = page.primaryList ?? {};
  const facets = draft.facetsOverride && { ...draft.facetsOverride, facets: (draft.facetsOverride.facets ?? []).map(facetSettingOf) };
  const sorts = draft.sortOrderOverride && { ...draft.sortOrderOverride, sortOrders: draft.sortOrderOverride.sortOrders ?? [] };
  const sendFacets = list.facetsOverride !== undefined || (facets !== undefined && (facets.facets.length > 0 || facets.enabled !== undefined));
  const sendSorts = list.sortOrderOverride !== undefined || (sorts !== undefined && (sorts.sortOrders.length > 0 || sorts.enabled !== undefined));
  const recLists = draft.recLists.map(recListOf);
  const rules = draft.rules.trim();
  return {
    id: page.id,
    primaryList: {
      ...list,
      pinned: draft.pinned,
      blocked: draft.blocked,
      // Emptied rules are sent as "" (no rules: the whole assortment); left out, a PARTIAL import would keep the old ones.
      rules: rules || (list.rules !== undefined ? '' : undefined),
      ...(sendFacets ? { facetsOverride: facets } : {}),
      ...(sendSorts ? { sortOrderOverride: sorts } : {}),
    },
    ...(page.recLists !== undefined || recLists.length ? { recLists } : {}),
    // Sent when the page has one (`{}` clears it: a PARTIAL import keeps what it is not given) or the draft sets one.
    ...(page.schedule !== undefined || draft.schedule.start || draft.schedule.end ? { schedule: scheduleOf(draft.schedule) } : {}),
  };
}

const scheduleOf = (s: Schedule): Schedule => ({ ...(s.start ? { start: s.start } : {}), ...(s.end ? { end: s.end } : {}) });

/** Where a page stands on its schedule at `now`: undefined when it has none. */
export function scheduleState(schedule: Schedule | undefined, now: Date): 'upcoming' | 'live' | 'ended' | undefined {
  if (!schedule?.start && !schedule?.end) return undefined;
  if (schedule.start && Date.parse(schedule.start) > now.getTime()) return 'upcoming';
  if (schedule.end && Date.parse(schedule.end) <= now.getTime()) return 'ended';
  return 'live';
}

/** A copy of `page` at a new id and path (in `locale`): the same settings, its other locales' paths left out (paths are unique). */
export function copyOf(page: Page, id: string, locale: string, path: string): Page {
  const { paths: _paths, id: _id, ...settings } = copy(page);
  return { ...settings, id, paths: { [locale]: path } };
}

/** A page id made from a path (ids take letters, digits, "/" and "-"): undefined when the path has other characters. */
export function idOfPath(path: string): string | undefined {
  return /^(\/[\p{L}\p{N}-]+)+$/u.test(path) ? path : undefined;
}

/** The PARTIAL import that pins `key` first on `page` (its other pins follow, in their order): one gesture in the preview. */
export function pinFirst(page: Page, key: string): Page {
  return { id: page.id, primaryList: { pinned: [key, ...(page.primaryList?.pinned ?? []).filter((k) => k !== key)] } };
}
