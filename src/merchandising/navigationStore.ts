/**
 * Navigation trees in Elasticsearch: one document per node and market-locale, `position` ordering the
 * whole tree. Imports write only the nodes that changed (and delete the ones that went), under the import
 * lock. Readers may see a tree half-written for the instant a bulk request takes; they never see a
 * broken parent link for longer.
 *
 * For the storefront: `tree({market, locale, includeAppNodes})`.
 */
import { documentId, sourcesOf, writeChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import { nestTree, navigationContainer, importedShape } from './navigation/shape';
import type { NavigationContainer, NavigationTreeNode, PlacedNode } from './navigation/types';

interface NavigationDocument extends PlacedNode {
  market: string;
  locale: string;
  updatedAt?: string;
}

export interface TreeRequest {
  market: string;
  locale: string;
  includeAppNodes: boolean;
}

export class NavigationStore {
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

  /** The tree of one market-locale, in tree order (parents before children, siblings in order). */
  async load(market: string, locale: string): Promise<PlacedNode[]> {
    const out: PlacedNode[] = [];
    const query = { bool: { filter: [{ term: { market } }, { term: { locale } }] } };
    for await (const doc of sourcesOf<NavigationDocument>(this.documents, this.index, query, [{ position: 'asc' }, { id: 'asc' }])) {
      out.push({ ...importedShape(doc), origin: doc.origin, position: doc.position, depth: doc.depth });
    }
    return out;
  }

  /** Makes the stored tree `after`, writing only what differs from `before` (the tree as loaded). */
  async save(market: string, locale: string, before: readonly PlacedNode[], after: readonly PlacedNode[]): Promise<void> {
    const previous = new Map(before.map((n) => [n.id, JSON.stringify(toDocument(market, locale, n))]));
    const now = new Date().toISOString();
    const writes = after
      .filter((n) => previous.get(n.id) !== JSON.stringify(toDocument(market, locale, n)))
      .map((n) => ({ id: documentId(market, locale, n.id), document: { ...toDocument(market, locale, n), updatedAt: now } }));
    const kept = new Set(after.map((n) => n.id));
    const remove = before.filter((n) => !kept.has(n.id)).map((n) => documentId(market, locale, n.id));
    try {
      await writeChange(this.documents, this.index, { index: writes, delete: remove }, this.bulk);
    } finally {
      this.saved++; // even a failed write may have changed some documents
    }
  }

  /** The navigation of a market-locale as the storefront shows it: nested, siblings in order. */
  async tree(request: TreeRequest): Promise<NavigationTreeNode[]> {
    return nestTree(await this.load(request.market, request.locale), request.includeAppNodes);
  }

  /** The export: a FULL navigation container. */
  async export(request: TreeRequest): Promise<NavigationContainer> {
    return navigationContainer(request.market, request.locale, await this.load(request.market, request.locale), request.includeAppNodes);
  }
}

/** The stored shape, with a fixed key order so that documents compare as JSON. */
function toDocument(market: string, locale: string, n: PlacedNode): NavigationDocument {
  return { market, locale, ...importedShape(n), origin: n.origin, position: n.position, depth: n.depth };
}
