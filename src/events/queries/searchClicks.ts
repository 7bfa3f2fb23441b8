/**
 * What shoppers clicked and added to cart from the answers of given phrases in the last days (replays and
 * implicit judgments, src/events/clickModel.ts): counts per market, phrase, product, rank and event type, paged
 * with a composite aggregation. Clicks and add-to-carts carry the phrase of the search they came from
 * (`queryPhrase`, copied by the event writer) and their list's 0-based `position`.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOnly, ofTypes, readCompositePage, since, terms, type QueryScope } from './common';

export interface SearchClicksInput {
  days: number;
  phrases: readonly string[];
  after?: Record<string, string | number>;
}

export interface SearchClick {
  market: string;
  phrase: string;
  productKey: string /** 1-based. */;
  rank: number;
  type: 'click' | 'add-to-cart';
  count: number;
}

const AGG = 'clicks';
/** Buckets per page. */
export const CLICK_PAGE = 2000;

export function searchClicksSearch(input: SearchClicksInput, scope: Pick<QueryScope, 'index' | 'now'>): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    {
      bool: { filter: [ofTypes('click', 'add-to-cart'), since(scope.now, input.days), terms('queryPhrase', input.phrases), { exists: { field: 'position' } }] },
    },
    {
      [AGG]: {
        composite: {
          size: CLICK_PAGE,
          sources: [
            { market: { terms: { field: 'market' } } },
            { phrase: { terms: { field: 'queryPhrase' } } },
            { productKey: { terms: { field: 'productKey' } } },
            { position: { terms: { field: 'position' } } },
            { type: { terms: { field: 'type' } } },
          ],
          ...(input.after ? { after: input.after } : {}),
        },
      },
    },
  );
}

interface ClickBucket {
  key: { market: string; phrase: string; productKey: string; position: number; type: string };
  doc_count: number;
}

/** One page of counts, and the key to ask the next page after (undefined on the last). */
export function readSearchClicks(response: estypes.SearchResponse<unknown>): { clicks: SearchClick[]; after?: Record<string, string | number> } {
  const page = readCompositePage<ClickBucket, Record<string, string | number>>(response, AGG);
  const clicks = page.buckets
    .filter((b) => b.key.type === 'click' || b.key.type === 'add-to-cart')
    .map((b) => ({
      market: b.key.market,
      phrase: b.key.phrase,
      productKey: b.key.productKey,
      rank: Number(b.key.position) + 1,
      type: b.key.type as SearchClick['type'],
      count: b.doc_count,
    }));
  return { clicks, ...(page.after && page.buckets.length >= CLICK_PAGE ? { after: page.after } : {}) };
}
