/**
 * What search-page lists for a phrase on the live catalog, as product keys (each group's first product): the
 * sample shop's generated shoppers click in these (src/sample/sampleBehaviour.ts). The storefront's own
 * searchPage run with a fixed visitor, registering nothing (notify=false and no hooks), as phraseTop.ts does.
 */
import { parseWithFacts } from '../catalogFacts';
import { parseSearchPageBody, parseSearchPageRequest } from './request';
import { searchPage } from './run';
import { noHooks, type StorefrontServices } from '../services';

const VISITOR = { customerKey: 'sample-behaviour', sessionKey: 'sample-behaviour', touchpoint: 'DESKTOP', notify: 'false' };

export async function listedProducts(
  s: StorefrontServices,
  at: { market: string; locale: string },
  phrase: string,
  size: number,
): Promise<{ totalHits: number; productKeys: string[] }> {
  const request = await parseWithFacts(s.facts, (facts) =>
    parseSearchPageRequest({ ...VISITOR, ...at, q: phrase, limit: String(size) }, parseSearchPageBody(undefined), facts),
  );
  const result = await s.onOneCatalogVersion((live) => searchPage({ ...live, hooks: noHooks }, request));
  const productKeys = result.primaryList.productGroups.flatMap((g) => (g.products[0] ? [g.products[0].key] : []));
  // An auto-corrected answer lists another phrase's products: the phrase itself found nothing.
  return {
    totalHits: result.autoCorrect ? result.autoCorrect.originalTotalHits : result.primaryList.totalHits,
    productKeys: result.autoCorrect ? [] : productKeys,
  };
}
