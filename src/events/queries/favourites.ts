/**
 * The visitor's current favourites: add-favorite and remove-favorite events folded in time order per
 * product (a variant favourite counts for its product; the notification resolves it). A product is a
 * favourite when its latest add is later than its latest remove. Newest first. No time limit: a
 * favourite does not expire.
 */
import type { estypes } from '@elastic/elasticsearch';
import { aggregationsOf, aggregationsOnly, bucketsOf, FEW_EVENTS_TERMS, latest, latestOf, ofTypes, type QueryScope, term } from './common';

export interface FavouritesInput {
  market: string;
  customerKey: string;
}

export const MAX_FAVOURITES = 500;
const AGG = { products: 'products', added: 'added', removed: 'removed' } as const;

export function favouritesSearch(input: FavouritesInput, scope: Pick<QueryScope, 'index'>): estypes.SearchRequest {
  return aggregationsOnly(
    scope,
    { bool: { filter: [term('market', input.market), term('customerKey', input.customerKey), ofTypes('add-favorite', 'remove-favorite')] } },
    {
      [AGG.products]: {
        terms: { field: 'productKey', size: MAX_FAVOURITES * 2, ...FEW_EVENTS_TERMS, order: { [`${AGG.added}>at`]: 'desc' } },
        aggs: { [AGG.added]: latest(term('type', 'add-favorite')), [AGG.removed]: latest(term('type', 'remove-favorite')) },
      },
    },
  );
}

export function readFavourites(response: estypes.SearchResponse<unknown>): string[] {
  return bucketsOf(aggregationsOf(response)[AGG.products])
    .filter((b) => {
      const added = latestOf(b[AGG.added]);
      return added !== undefined && added > (latestOf(b[AGG.removed]) ?? Number.NEGATIVE_INFINITY);
    })
    .slice(0, MAX_FAVOURITES)
    .map((b) => b.key);
}
