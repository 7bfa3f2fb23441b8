/**
 * Runs a content-search-page request, in search-page's rounds (see searchPage/run.ts):
 *
 * Round 1: the primary list for the typed phrase. Most searches end here.
 * Round 2, only when it is short (fewer than DID_YOU_MEAN_BELOW items): the phrase suggester over the content
 *   titles, for did-you-mean and auto-correct.
 * Round 3, only for auto-correct (nothing found, origin is not UNDO_AUTO_CORRECT, the suggester has
 *   corrections): the primary list for each correction, best first; the first with items wins.
 *
 * No search is registered as visitor behaviour: recent searches and trending phrases are phrases that
 * find products (autocomplete offers them for products). Unless `notify=false`, the answer gets a query
 * id, carried by its items' tickets, and is recorded as a `content-search` event (search analytics
 * attribution and the UBI export only). Clicks on items come through their tickets.
 */
import { totalOf, type IndexedSearch } from '../../search/msearch';
import type { ContentSearchPageResult } from '../responseTypes';
import type { StorefrontServices } from '../services';
import { DID_YOU_MEAN_BELOW, phraseSuggestSearch, phraseSuggestions } from '../suggest/phrase';
import { contentSearch } from './build';
import type { ContentSearchPageRequest } from './request';
import { shapeContentSearchPage, type ContentSearchPageOutcome } from './shape';
import { contentSearchEvent } from '../../events/fromQueries';
import { newQueryId } from '../../events/searchSessions';

type ContentResponse = ContentSearchPageOutcome['primary'];

export async function contentSearchPage(s: StorefrontServices, req: ContentSearchPageRequest): Promise<ContentSearchPageResult> {
  const outcome = await answer(s, req);
  if (!req.context.notify) return shapeContentSearchPage(outcome);
  const queryId = newQueryId();
  try {
    const keys = outcome.primary.hits.hits.flatMap((h) => (h._source ? [h._source.key] : []));
    const event = contentSearchEvent(req.context, outcome.phrase, totalOf(outcome.primary), queryId, keys);
    if (event) s.behaviour.record(event);
  } catch (err) {
    s.log.warn('behaviour registration failed', { err });
  }
  return shapeContentSearchPage({ ...outcome, queryId });
}

async function answer(s: StorefrontServices, req: ContentSearchPageRequest): Promise<ContentSearchPageOutcome> {
  const search = (phrase: string): IndexedSearch => ({ index: s.index.content(req.context.locale), body: contentSearch(req, phrase) });
  const [typed] = (await s.search.msearch([search(req.q)])) as ContentResponse[];
  const typedTotal = totalOf(typed);
  if (typedTotal >= DID_YOU_MEAN_BELOW) return { req, phrase: req.q, primary: typed, suggestions: [] };

  const [suggested] = await s.search.msearch([{ index: s.index.content(req.context.locale), body: phraseSuggestSearch(req.q) }]);
  const suggestions = phraseSuggestions(suggested, req.q);
  if (typedTotal === 0 && req.origin !== 'UNDO_AUTO_CORRECT' && suggestions.length) {
    const corrected = (await s.search.msearch(suggestions.map(search))) as ContentResponse[];
    const winner = corrected.findIndex((r) => totalOf(r) > 0);
    if (winner >= 0) return { req, phrase: suggestions[winner], originalTotalHits: typedTotal, primary: corrected[winner], suggestions };
  }
  return { req, phrase: req.q, primary: typed, suggestions };
}
