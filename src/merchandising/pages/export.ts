/** Pure shaping of a market's stored pages into the export container (admin spec, `GET /api/admin/v4/export/pages`). */
import { versionFor, type PageContainer, type StoredPage } from './types';

export const OUTPUT_FILTERS = ['PUBLISHED_ONLY', 'INCLUDE_UNPUBLISHED', 'GENERATED_ONLY'] as const;
export type OutputFilter = (typeof OUTPUT_FILTERS)[number];
export const MAX_ID_FILTER = 250;

export interface PageExportRequest {
  market: string;
  /** When given, only these pages, and the container is PARTIAL. */
  idFilter?: string[];
  /**
   * PUBLISHED_ONLY: published versions (pages only in preview are left out). INCLUDE_UNPUBLISHED: the
   * preview version where there is one. GENERATED_ONLY: generated page templates (deprecated; we have
   * none, so no pages).
   */
  outputFilter: OutputFilter;
}

/** The container, pages ordered by id. */
export function pageContainer(request: PageExportRequest, pages: readonly StoredPage[]): PageContainer {
  const wanted = request.idFilter && new Set(request.idFilter);
  const view = request.outputFilter === 'INCLUDE_UNPUBLISHED' ? 'preview' : 'production';
  const addOrUpdate =
    request.outputFilter === 'GENERATED_ONLY'
      ? []
      : pages
          .filter((page) => page.market === request.market && (!wanted || wanted.has(page.id)))
          .map((page) => versionFor(page, view))
          .filter((page) => page !== undefined)
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { market: request.market, type: request.idFilter ? 'PARTIAL' : 'FULL', addOrUpdate };
}
