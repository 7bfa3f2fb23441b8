/** What an integrator chooses for this shop front (as a shop does in its own code); pure. */
import type { SortOption, SortType } from '@apptus/esales-api';
import { SORT_TYPES } from './route';

/**
 * The sort orders a listing offers where the page did not choose its own: what shops show. The service
 * answers every sort it knows (20); a shop wanting "Name" or "Weight" adds it here.
 */
export const SHOWN_SORTS: readonly SortType[] = ['RELEVANCE', 'NEWEST_FIRST', 'PRICE_ASCENDING', 'PRICE_DESCENDING', 'DISCOUNT', 'RATING'];

/**
 * The sort options to show: the answer's own when a page chose them (a landing page's sort order override
 * answers fewer than all), else those of SHOWN_SORTS, and always the selected one (a link may carry another).
 */
export function shownSortOptions(options: SortOption[], selected: SortType, shown: readonly SortType[] = SHOWN_SORTS): SortOption[] {
  if (options.length < SORT_TYPES.length) return options;
  return options.filter((o) => shown.includes(o.id) || o.id === selected);
}
