/**
 * Judgments and replays as the admin API answers them and the console reads them (docs/merchandising.md
 * "Replay before publishing"). Pure types.
 */

/** One judged result: how good `productKey` is for `phrase` in a market and locale, 0 (bad) to 3 (perfect). */
export interface Judgment {
  market: string;
  locale: string;
  phrase: string;
  productKey: string;
  grade: number;
}

export const MAX_GRADE = 3;

/** The pending change a replay compares with the live answers. */
export type ReplayChange =
  /** The preview versions of pages and phrase rules (what the console's Preview shows). */
  | { kind: 'preview' }
  /** An experiment's variant (its overrides, for every shopper). */
  | { kind: 'experiment'; experimentId: string; variantId: string }
  /** Synonym rules replacing those of their locales, as `PUT /import/synonyms` would: `{"sv-SE": [rules]}`. */
  | { kind: 'synonyms'; locales: Record<string, unknown[]> };

export interface ReplayRequest {
  change: ReplayChange;
  /** Most searched phrases to replay (default 500, at most 1000). */
  phrases?: number;
  /** Days of logged searches they are taken from (default 30, at most 90). */
  days?: number;
}

export interface ReplayedPhraseRef {
  market: string;
  locale: string;
  phrase: string;
  searches: number;
}

/** A phrase as the change moves it, with the estimated clicks per window and nDCG@10 where judged. */
export interface PhraseChange extends ReplayedPhraseRef {
  liveTotalHits: number;
  candidateTotalHits: number;
  /** First ten product keys, live and with the change. */
  live: string[];
  candidate: string[];
  /** Estimated clicks in the first ten positions over the window's searches (click model), live and with the change. */
  liveClicks: number;
  candidateClicks: number;
  /** nDCG@10 on the phrase's judgments (imported, else implicit from clicks); absent without any. */
  liveNdcg?: number;
  candidateNdcg?: number;
  /** What changed, in words a merchandiser reads: "finds products now", "finds nothing now", "first three change", ... */
  reasons: string[];
  /** The score the better and worse lists sort by (positive: better). */
  score: number;
}

/** Where a product shoppers clicked for a phrase moves (ranks 1-based; null: not in the first ten). */
export interface ClickedMove extends ReplayedPhraseRef {
  productKey: string;
  clicks: number;
  liveRank: number | null;
  candidateRank: number | null;
}

export interface NdcgSummary {
  phrases: number;
  live: number;
  candidate: number;
}

export interface ReplayReport {
  change: ReplayChange;
  window: { days: number; from: string; to: string };
  /** Wall time of the replay, milliseconds. */
  durationMs: number;
  totals: {
    phrases: number;
    skipped: number;
    /** Phrases that find nothing live and something with the change (the change rescues them). */
    zeroResultsLost: number;
    /** Phrases that find something live and nothing with the change. */
    zeroResultsGained: number;
    /** Phrases whose first three products change (order or members). */
    firstThreeChanged: number;
    /** Clicked products of a phrase whose rank changes. */
    clickedMoved: number;
    /** Estimated clicks in the first ten positions over the window, live and with the change (click model). */
    liveClicks: number;
    candidateClicks: number;
  };
  /** nDCG@10 averaged over phrases with imported judgments and over phrases with implicit ones. */
  ndcg: { judged?: NdcgSummary; implicit?: NdcgSummary };
  zeroResultsLost: PhraseChange[];
  zeroResultsGained: PhraseChange[];
  firstThreeChanged: PhraseChange[];
  clickedMoves: ClickedMove[];
  /** The phrases most changed for the better and for the worse, at most ten each. */
  better: PhraseChange[];
  worse: PhraseChange[];
  /** Titles of the products the lists name. */
  titles: Record<string, string>;
}

export type ReplayStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';

export interface ReplayJob {
  id: string;
  status: ReplayStatus;
  reason: string | null;
  startedAt: string;
  finishedAt?: string;
  /** Phrases replayed so far, of `total`. */
  done: number;
  total: number;
  report?: ReplayReport;
}
