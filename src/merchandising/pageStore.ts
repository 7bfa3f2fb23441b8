/**
 * Pages in Elasticsearch: one document per page and market holding its published and preview versions
 * (see StoredPage), plus `locale|path` keys per view for lookups by localized path.
 *
 * For the storefront (landing pages): `findPage({market, locale, reference, view})` resolves a page
 * reference (the page id or its localized path) in the production or the preview view; `parentOf(page)`
 * and `ancestors(page)` walk up path-style ids (`/a/b` → `/a`) for inherited settings; `keywordSearch`
 * finds the page whose keywords hold a visitor's phrase (pages/keywords.ts) within a storefront `_msearch`.
 *
 * The lookup keys (paths, keywords) are derived from the page when it is written. `LOOKUP_VERSION` tells
 * which derivation a document has: `upgradeDocuments()` (start-up) rewrites older documents, so pages
 * imported before keywords were indexed need no re-import.
 */
import type { estypes } from '@elastic/elasticsearch';
import { documentId, sourcesOf, writeChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import { pageContainer, type PageExportRequest } from './pages/export';
import type { PageChanges } from './pages/apply';
import { keywordKey, keywordKeys, normalizeKeyword } from './pages/keywords';
import type { IndexedSearch } from '../search/msearch';
import { ancestorIds, pageState, versionFor, type Page, type PageContainer, type PageState, type PageView, type StoredPage } from './pages/types';

/** The derivation of the lookup keys: 1 paths only (no field), 2 paths and keywords. */
export const LOOKUP_VERSION = 2;

interface PageDocument extends StoredPage {
  state: PageState;
  publishedPaths: string[];
  previewPaths: string[];
  publishedKeywords: string[];
  previewKeywords: string[];
  lookupVersion: number;
  updatedAt: string;
}

export interface PageLookup {
  market: string;
  locale: string;
  /** The page id, or its localized path in `locale`. */
  reference: string;
  view: PageView;
}

export interface KeywordLookup {
  market: string;
  locale: string;
  /** The visitor's phrase, as typed. */
  phrase: string;
  view: PageView;
}

/** A page as one view shows it. */
export interface FoundPage {
  market: string;
  locale: string;
  view: PageView;
  /** The version of the view. */
  page: Page;
  state: PageState;
}

export class PageStore {
  private saved = 0;

  /** Counts this process's saves: storefront caches of this data compare it to notice imports at once. */
  get revision(): number {
    return this.saved;
  }

  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    private readonly bulk: BulkOptions,
  ) {}

  /** Every stored page of a market, by id. */
  async loadMarket(market: string): Promise<Map<string, StoredPage>> {
    const out = new Map<string, StoredPage>();
    for await (const doc of sourcesOf<PageDocument>(this.documents, this.index, { term: { market } }, [{ id: 'asc' }])) out.set(doc.id, storedPage(doc));
    return out;
  }

  async save(market: string, changes: PageChanges): Promise<void> {
    const updatedAt = new Date().toISOString();
    try {
      await writeChange(
        this.documents,
        this.index,
        {
          index: changes.write.map((page) => ({ id: documentId(market, page.id), document: toDocument(page, updatedAt) })),
          delete: changes.remove.map((id) => documentId(market, id)),
        },
        this.bulk,
      );
    } finally {
      this.saved++; // even a failed write may have changed some documents
    }
  }

  async export(request: PageExportRequest): Promise<PageContainer> {
    const pages = request.idFilter
      ? [
          ...(
            await this.documents.getMany<PageDocument>(
              this.index,
              request.idFilter.map((id) => documentId(request.market, id)),
            )
          ).values(),
        ].map(storedPage)
      : [...(await this.loadMarket(request.market)).values()];
    return pageContainer(request, pages);
  }

  /** The page a reference names in a view: by id first, else by localized path. */
  async findPage(lookup: PageLookup): Promise<FoundPage | undefined> {
    const byId = (await this.documents.getMany<PageDocument>(this.index, [documentId(lookup.market, lookup.reference)])).values().next().value;
    const found = byId && inView(byId, lookup) ? byId : await this.byPath(lookup);
    return found && inView(found, lookup);
  }

  /**
   * The search finding the page one of whose keywords in the locale is the phrase, in the view (the first by
   * id when several pages share it), for a storefront `_msearch`; none for a blank phrase. `keywordMatch`
   * reads its response.
   */
  keywordSearch(lookup: KeywordLookup): IndexedSearch | undefined {
    const body = keywordSearchBody(lookup);
    return body && { index: this.index, body };
  }

  keywordMatch(response: estypes.SearchResponse<unknown> | undefined, lookup: KeywordLookup): FoundPage | undefined {
    const doc = response?.hits.hits[0]?._source as PageDocument | undefined;
    return doc && inView(doc, lookup);
  }

  /**
   * Rewrites the documents written by an earlier version with today's lookup keys (run at start-up).
   * Each write is conditional on the document being unchanged since it was read, so an import racing it
   * wins; returns how many documents were rewritten.
   */
  async upgradeDocuments(): Promise<number> {
    let upgraded = 0;
    let after: estypes.SortResults | undefined;
    for (;;) {
      const res = await this.documents.search<PageDocument>({
        index: this.index,
        size: 500,
        ignore_unavailable: true,
        track_total_hits: false,
        seq_no_primary_term: true,
        query: { bool: { must_not: [{ range: { lookupVersion: { gte: LOOKUP_VERSION } } }] } },
        sort: [{ market: 'asc' }, { id: 'asc' }],
        search_after: after,
      });
      const hits = res.hits.hits;
      if (!hits.length) break;
      const operations = hits.flatMap((hit) => [
        { index: { _index: this.index, _id: hit._id, if_seq_no: hit._seq_no, if_primary_term: hit._primary_term } },
        toDocument(storedPage(hit._source!), hit._source!.updatedAt),
      ]);
      const bulk = await this.documents.bulk(operations);
      await this.documents.refresh(this.index);
      for (const item of bulk.items) {
        const result = item.index;
        if (result?.error && result.status !== 409) throw new Error(`page ${result._id}: ${result.error.reason ?? result.error.type}`);
        if (!result?.error) upgraded++;
      }
      if (hits.length < 500) break;
      after = hits[hits.length - 1].sort;
    }
    if (upgraded) this.saved++;
    return upgraded;
  }

  /** The nearest existing ancestor of a path-style page in the same view (`/a/b/c` → `/a/b`, else `/a`). */
  async parentOf(page: FoundPage): Promise<FoundPage | undefined> {
    return (await this.ancestors(page))[0];
  }

  /** The existing ancestors of a path-style page in the same view, nearest first. */
  async ancestors(page: FoundPage): Promise<FoundPage[]> {
    const ids = ancestorIds(page.page.id);
    const docs = await this.documents.getMany<PageDocument>(
      this.index,
      ids.map((id) => documentId(page.market, id)),
    );
    return ids
      .map((id) => docs.get(documentId(page.market, id)))
      .map((doc) => doc && inView(doc, page))
      .filter((p): p is FoundPage => p !== undefined);
  }

  /**
   * Pages by id in one view, together with their existing ancestors (one `mget`): what the storefront
   * needs to list the products of many pages at once (navigation counts). Ids not in the view are absent.
   */
  async findPagesWithAncestors(where: { market: string; locale: string; view: PageView }, ids: readonly string[]): Promise<Map<string, FoundPage>> {
    const wanted = [...new Set(ids.flatMap((id) => [id, ...ancestorIds(id)]))];
    const docs = await this.documents.getMany<PageDocument>(
      this.index,
      wanted.map((id) => documentId(where.market, id)),
    );
    const out = new Map<string, FoundPage>();
    for (const id of wanted) {
      const doc = docs.get(documentId(where.market, id));
      const found = doc && inView(doc, where);
      if (found) out.set(id, found);
    }
    return out;
  }

  private async byPath(lookup: PageLookup): Promise<PageDocument | undefined> {
    const pathField = lookup.view === 'production' ? 'publishedPaths' : 'previewPaths';
    const res = await this.documents.search<PageDocument>({
      index: this.index,
      size: 1,
      ignore_unavailable: true,
      query: { bool: { filter: [{ term: { market: lookup.market } }, { term: { [pathField]: `${lookup.locale}|${lookup.reference}` } }] } },
    });
    return res.hits.hits[0]?._source;
  }
}

/** Pure: the keyword search's body (see PageStore.keywordSearch). */
export function keywordSearchBody(lookup: KeywordLookup): estypes.SearchRequest | undefined {
  if (normalizeKeyword(lookup.phrase) === '') return undefined;
  const field = lookup.view === 'production' ? 'publishedKeywords' : 'previewKeywords';
  return {
    size: 1,
    track_total_hits: false,
    sort: [{ id: 'asc' }],
    query: { bool: { filter: [{ term: { market: lookup.market } }, { term: { [field]: keywordKey(lookup.locale, lookup.phrase) } }] } },
  };
}

function inView(doc: StoredPage, where: { market: string; locale: string; view: PageView }): FoundPage | undefined {
  const page = versionFor(doc, where.view);
  return page && { market: where.market, locale: where.locale, view: where.view, page, state: pageState(doc) };
}

function storedPage(doc: PageDocument): StoredPage {
  return { market: doc.market, id: doc.id, ...(doc.published ? { published: doc.published } : {}), ...(doc.preview ? { preview: doc.preview } : {}) };
}

const pathKeys = (page: Page | undefined): string[] => Object.entries(page?.paths ?? {}).map(([locale, path]) => `${locale}|${path}`);

function toDocument(page: StoredPage, updatedAt: string): PageDocument {
  return {
    ...page,
    state: pageState(page),
    publishedPaths: pathKeys(page.published),
    previewPaths: pathKeys(versionFor(page, 'preview')),
    publishedKeywords: keywordKeys(page.published),
    previewKeywords: keywordKeys(versionFor(page, 'preview')),
    lookupVersion: LOOKUP_VERSION,
    updatedAt,
  };
}
