/**
 * Suggestions mined from shoppers' behaviour (`GET /api/admin/v4/suggestions`, the console's "Suggestions"
 * view; docs/merchandising.md "Suggestions from behaviour"): the answer the service gives and the console reads.
 * Pure types and constants.
 */

export const SUGGESTION_KINDS = ['synonym', 'redirect', 'boost', 'pin'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** One search of an example journey: its phrase, what it found and what the shopper did with it. */
export interface JourneyStep {
  phrase: string;
  totalHits: number;
  clicks: number;
  addToCarts: number;
  /** 1-based positions of the products clicked, in order. */
  clickedPositions: number[];
  /** Seconds after the journey's first search. */
  afterSeconds: number;
}

/** One session's searches that back a suggestion (no visitor or session key: a merchandiser needs none). */
export interface Journey {
  day: string;
  steps: JourneyStep[];
}

interface SuggestionBase {
  /** Stable for the same evidence: `kind|locale|phrase|target`. */
  id: string;
  kind: SuggestionKind;
  market: string;
  locale: string;
  /** The phrase the suggestion is about (normalised as searches store it). */
  phrase: string;
  /** 0–100: how strongly the behaviour supports it (the definitions in docs/merchandising.md). */
  score: number;
  /** Distinct sessions that back it. */
  sessions: number;
  /** Up to three sessions, most recent first. */
  examples: Journey[];
}

/**
 * `phrase` found nothing, or nothing the shopper clicked, and the same session searched `replacement` next
 * (within the reformulation window) and clicked or added to cart: `phrase` and `replacement` as equivalent terms.
 */
export interface SynonymSuggestion extends SuggestionBase {
  kind: 'synonym';
  replacement: string;
  /** Of the sessions where `phrase` failed and was followed by a successful other phrase, the share that chose `replacement`. */
  consistency: number;
  /** Of the searches for `replacement` (all sessions), the share with a click or an add-to-cart. */
  conversion: number;
  /** Whether `phrase` itself found nothing in the latest such search. */
  zeroHits: boolean;
}

/** `phrase`'s clicks land mostly in one category: redirect to the category's page (`redirect`) or boost the category. */
export interface CategorySuggestion extends SuggestionBase {
  kind: 'redirect' | 'boost';
  categoryId: string;
  /** The category's name as the products carry it (`Women > Shoes > Sneakers`), when known. */
  categoryName?: string;
  /** Clicks on the phrase's results, and the share of them in the category. */
  clicks: number;
  share: number;
  /** redirect: the category page's path in the locale. */
  redirect?: string;
  /** boost: the product rule for the phrase rule's boost. */
  boost?: string;
}

/** A product clicked far below the top for `phrase`, consistently: pin it at `position`. */
export interface PinSuggestion extends SuggestionBase {
  kind: 'pin';
  productKey: string;
  /** Median 1-based position it was clicked at. */
  clickedAt: number;
  /** Of the sessions that clicked a result of `phrase`, the share that clicked this product. */
  share: number;
  /** Where the suggestion pins it (1-based). */
  position: number;
}

export type Suggestion = SynonymSuggestion | CategorySuggestion | PinSuggestion;

export interface SuggestionsAnswer {
  market: string;
  locale?: string;
  /** The window looked at: UTC days, both included. */
  from: string;
  to: string;
  /** Events read (searches, clicks, add-to-carts), and whether the bound stopped the read before the end. */
  scannedEvents: number;
  truncated: boolean;
  sessions: number;
  suggestions: Suggestion[];
}
