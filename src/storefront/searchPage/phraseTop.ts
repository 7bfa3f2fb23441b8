/**
 * What a search-page shows for a phrase, on the live catalog or on a version no alias points at (the
 * candidate of a catalog import's impact report, docs/merchandising.md "Merchandising console: explain, history, impact"):
 * the storefront's own searchPage run, so relevance, pages, synonyms and auto-correct are exactly the
 * storefront's. It registers nothing (notify=false and no hooks).
 */
import type { CatalogView } from '../../search/catalogView';
import { parseWithFacts } from '../catalogFacts';
import { parseSearchPageBody, parseSearchPageRequest } from './request';
import { searchPage } from './run';
import { noHooks, type StorefrontServices } from '../services';

export interface PhraseTop {
  /** Product groups the phrase itself finds (before any auto-correct). */
  totalHits: number;
  /** Product group keys of the first `size` positions the storefront shows. */
  top: string[];
  /** The title of each group in `top` (its first product's), so a report can name products as the shop does. */
  titles: Record<string, string>;
  /** The phrase the storefront would search instead, when it finds nothing. */
  autoCorrectedTo?: string;
  /** The product keys of each group in `top` (replays). */
  members?: string[][];
}

/** A fixed visitor: the answer must not depend on anyone's behaviour (affinity, recently viewed). */
const VISITOR = { customerKey: 'impact-report', sessionKey: 'impact-report', touchpoint: 'DESKTOP', notify: 'false' };

export async function phraseTop(
  s: StorefrontServices,
  at: { market: string; locale: string },
  phrase: string,
  view: CatalogView | undefined,
  size = 10,
): Promise<PhraseTop> {
  const request = await parseWithFacts(s.facts, (facts) =>
    parseSearchPageRequest({ ...VISITOR, ...at, q: phrase, limit: String(size) }, parseSearchPageBody(undefined), facts),
  );
  const quiet = { ...s, hooks: noHooks };
  const pin = s.search.pinned?.bind(s.search);
  if (view && !pin) throw new Error('phraseTop: this search gateway cannot read a catalog version');
  const result =
    view && pin
      ? await searchPage({ ...quiet, search: pin(view) }, request)
      : await s.onOneCatalogVersion((live) => searchPage({ ...live, hooks: noHooks }, request));
  const groups = result.primaryList.productGroups;
  const top = groups.map((g) => g.key);
  const titles = Object.fromEntries(groups.flatMap((g) => (g.products[0]?.title ? [[g.key, g.products[0].title] as const] : [])));
  if (result.autoCorrect) return { totalHits: result.autoCorrect.originalTotalHits, top, titles, autoCorrectedTo: result.autoCorrect.q };
  return { totalHits: result.primaryList.totalHits, top, titles };
}
