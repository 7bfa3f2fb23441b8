/**
 * What a page import does to a market's pages. Pure: the stored pages and a validated import in, the pages
 * to write and the ids to delete (or problems) out.
 *
 * - FULL replaces the market's pages: every page not in the import is deleted, every imported page is
 *   published as given. Refused as dangerous when it would delete more than half of the existing pages,
 *   unless forced.
 * - PARTIAL amends: an existing page's newest version (its preview if it has one, else its published one)
 *   is the base; the fields given replace the base's, and within primaryList each part given replaces that
 *   part (omitted parts keep their current settings). A normal import publishes the result (so it also
 *   publishes that page's earlier preview changes); a previewOnly import stores it as the page's preview.
 *   `remove` deletes pages (ids that do not exist are ignored, so a retried import does not fail).
 * - Localized paths stay unique per market and locale, in the published and in the preview view.
 */
import { isDeepStrictEqual } from 'node:util';
import { Problems, field, item } from '../../kernel/validation';
import { versionFor, type Page, type PageImport, type PageView, type StoredPage } from './types';

/** A FULL import may delete at most this share of the market's existing pages unless forced. */
export const DANGEROUS_PAGE_REMOVAL_RATIO = 0.5;

export interface PageChanges {
  write: StoredPage[];
  remove: string[];
}
export type PageImportResult = { ok: true; changes: PageChanges } | { ok: false; problems: Problems };

export function applyPageImport(existing: ReadonlyMap<string, StoredPage>, request: PageImport, options: { force: boolean }): PageImportResult {
  const p = new Problems();
  const after = new Map(existing);
  const { market } = request;
  let removed: string[];

  if (request.type === 'FULL') {
    const incoming = new Set(request.addOrUpdate.map((page) => page.id));
    removed = [...existing.keys()].filter((id) => !incoming.has(id));
    const reason = dangerousRemoval(market, existing.size, removed.length);
    if (reason && !options.force) p.add('type', reason);
    for (const page of request.addOrUpdate) after.set(page.id, { market, id: page.id, published: page });
  } else {
    removed = request.remove.filter((id) => existing.has(id));
    for (const page of request.addOrUpdate) {
      const current = existing.get(page.id);
      const base = current && (current.preview ?? current.published);
      const next = base ? amendPage(base, page) : page;
      after.set(page.id, request.previewOnly ? previewOf(market, current, next) : { market, id: page.id, published: next });
    }
  }
  for (const id of removed) after.delete(id);

  checkUniquePaths(p, after, request);
  if (p.any) return { ok: false, problems: p };
  const write = request.addOrUpdate.map((page) => after.get(page.id)!).filter((page) => !isDeepStrictEqual(page, existing.get(page.id)));
  return { ok: true, changes: { write, remove: removed } };
}

/** The dangerous-import rule; undefined when the removal is acceptable. */
export function dangerousRemoval(market: string, existing: number, removing: number): string | undefined {
  if (existing === 0 || removing / existing <= DANGEROUS_PAGE_REMOVAL_RATIO) return undefined;
  const share = Math.round((removing / existing) * 100);
  return `this FULL import would delete ${removing} of the ${existing} pages of market ${market} (${share}%); a FULL import may delete at most half of a market's pages. Remove pages with a PARTIAL import (remove), or repeat with force=true`;
}

/** `given` applied over `base`: top-level fields given replace; primaryList parts given replace. */
export function amendPage(base: Page, given: Page): Page {
  const out: Page = { ...base, ...given };
  if (base.primaryList && given.primaryList) out.primaryList = { ...base.primaryList, ...given.primaryList };
  return out;
}

function previewOf(market: string, current: StoredPage | undefined, next: Page): StoredPage {
  const published = current?.published;
  if (published && isDeepStrictEqual(published, next)) return { market, id: next.id, published };
  return { market, id: next.id, ...(published ? { published } : {}), preview: next };
}

/** A path used by two pages of the market, in either view, is reported at the imported page holding it. */
function checkUniquePaths(p: Problems, after: ReadonlyMap<string, StoredPage>, request: PageImport): void {
  const importIndex = new Map(request.addOrUpdate.map((page, i) => [page.id, i]));
  const reported = new Set<string>();
  for (const view of ['production', 'preview'] as PageView[]) {
    const owners = new Map<string, string>();
    const claim = (page: Page, report: boolean) => {
      for (const [locale, path] of Object.entries(page.paths ?? {})) {
        const key = `${locale}|${path}`;
        const owner = owners.get(key);
        if (owner === undefined || owner === page.id) {
          owners.set(key, page.id);
          continue;
        }
        const at = field(field(item('addOrUpdate', importIndex.get(page.id)!), 'paths'), locale);
        if (report && !reported.has(at)) p.add(at, `path "${path}" is already the ${locale} path of page "${owner}"; paths are unique per market and locale`);
        reported.add(at);
      }
    };
    // Pages this import does not touch claim their paths first; imported pages in their order.
    for (const page of after.values())
      if (!importIndex.has(page.id)) {
        const v = versionFor(page, view);
        if (v) claim(v, false);
      }
    for (const given of request.addOrUpdate) {
      const v = versionFor(after.get(given.id)!, view);
      if (v) claim(v, true);
    }
  }
}
