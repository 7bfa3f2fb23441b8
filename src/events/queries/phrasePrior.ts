/**
 * The query → category prior from behaviour: for each searched phrase of a locale, the categories of the
 * products shoppers clicked or put in the cart from its answers (the events' `queryPhrase`, `queryLocale` and
 * the product's `category`, copied into the event when it was recorded). Clicks weigh 1, add-to-carts 3: a
 * cart says more than a look. One aggregation, asked by the popularity job (behaviour/popularityJob.ts); the
 * prior is stored with the vocabulary and read from its cache by search-page. Pure builder and reader.
 */
import type { estypes } from '@elastic/elasticsearch';
import { exists, ofTypes, since, type QueryScope } from './common';

/** Phrase → [category, share of the phrase's weighted clicks and add-to-carts], most likely first. */
export type PhrasePrior = Map<string, [string, number][]>;

/** Locales, phrases per locale, and categories per phrase read at most. */
const MAX_LOCALES = 100;
export const MAX_PRIOR_PHRASES = 10_000;
const CATEGORIES_PER_PHRASE = 10;
/** A phrase needs this weight of clicks and add-to-carts before its categories say anything. */
export const MIN_PHRASE_WEIGHT = 3;
/** A category needs this share of the phrase's weight to be one the phrase names. */
export const MIN_PHRASE_SHARE = 0.25;
/** Categories kept per phrase, most likely first. */
export const MAX_PHRASE_CATEGORIES = 3;
const WEIGHTS: Readonly<Record<string, number>> = { click: 1, 'add-to-cart': 3 };

export function phrasePriorSearch(windowDays: number, scope: Pick<QueryScope, 'index' | 'now'>): estypes.SearchRequest {
  return {
    index: scope.index,
    ignore_unavailable: true,
    allow_no_indices: true,
    size: 0,
    track_total_hits: false,
    query: { bool: { filter: [ofTypes('click', 'add-to-cart'), since(scope.now, windowDays), exists('queryPhrase'), exists('category')] } },
    aggs: {
      locales: {
        terms: { field: 'queryLocale', size: MAX_LOCALES },
        aggs: {
          phrases: {
            terms: { field: 'queryPhrase', size: MAX_PRIOR_PHRASES },
            aggs: {
              types: { terms: { field: 'type', size: 2 } },
              categories: { terms: { field: 'category', size: CATEGORIES_PER_PHRASE }, aggs: { types: { terms: { field: 'type', size: 2 } } } },
            },
          },
        },
      },
    },
  };
}

interface TypeBuckets {
  types?: { buckets: { key: string; doc_count: number }[] };
}
const weightOf = (b: TypeBuckets) => (b.types?.buckets ?? []).reduce((sum, t) => sum + (WEIGHTS[t.key] ?? 0) * t.doc_count, 0);

/** Locale → phrase prior. A product in several categories counts in each (a category's share is of the phrase's weight). */
export function readPhrasePrior(response: estypes.SearchResponse<unknown>): Map<string, PhrasePrior> {
  type Phrase = TypeBuckets & { key: string; categories?: { buckets: (TypeBuckets & { key: string })[] } };
  const locales = (response.aggregations?.locales as { buckets?: { key: string; phrases?: { buckets: Phrase[] } }[] } | undefined)?.buckets ?? [];
  const out = new Map<string, PhrasePrior>();
  for (const locale of locales) {
    const prior: PhrasePrior = new Map();
    for (const phrase of locale.phrases?.buckets ?? []) {
      const total = weightOf(phrase);
      if (total < MIN_PHRASE_WEIGHT) continue;
      const likely = (phrase.categories?.buckets ?? [])
        .map((c): [string, number] => [c.key, Math.round((weightOf(c) / total) * 100) / 100])
        .filter(([, share]) => share >= MIN_PHRASE_SHARE)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, MAX_PHRASE_CATEGORIES);
      if (likely.length) prior.set(phrase.key, likely);
    }
    out.set(locale.key, prior);
  }
  return out;
}
