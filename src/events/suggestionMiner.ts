/**
 * The suggestions miner (docs/merchandising.md "Suggestions from behaviour"): pure functions from one market's
 * searches, clicks and add-to-carts, grouped by session and ordered by time, to synonym, category and pin
 * proposals with their evidence. The thresholds below are the documented ones; the use case
 * (src/behaviour/suggestions.ts) reads the events, resolves category pages and drops what is already applied.
 */
import type { Journey, JourneyStep } from '../contract/suggestions';

/** What the miner reads of an event (src/events/queries/suggestionEvents.ts). */
export interface SessionEvent {
  sessionKey: string;
  /** Milliseconds since the epoch. */
  at: number;
  type: 'search' | 'click' | 'add-to-cart';
  locale: string;
  /** search: its phrase (normalised); click and add-to-cart: the phrase of the search they came from, if any. */
  phrase?: string;
  totalHits?: number;
  /** search: continues the session's previous search (a refinement or a repeat), not another search. */
  continued?: boolean;
  queryId?: string;
  productKey?: string;
  /** 0-based position in the list (tickets' position). */
  position?: number;
  categoryIds?: string[];
  category?: string[];
}

/** A failed phrase followed by another phrase within this long counts as a reformulation. */
export const REFORMULATION_WINDOW_MS = 5 * 60_000;
/** A synonym needs this many sessions with the pair. */
export const MIN_SYNONYM_SESSIONS = 3;
/** …and scores at full weight for sessions from this many on. */
export const FULL_SYNONYM_SESSIONS = 10;
/** A phrase's clicks count for a category from this many clicks in at least MIN_CATEGORY_SESSIONS sessions. */
export const MIN_CATEGORY_CLICKS = 10;
export const MIN_CATEGORY_SESSIONS = 5;
/** Share of the phrase's clicks in one category for a redirect (when the category has a page) and for a boost. */
export const REDIRECT_SHARE = 0.9;
export const BOOST_SHARE = 0.7;
/** A click at this 1-based position or lower is "far below the top". */
export const PIN_FROM_POSITION = 10;
/** A pin needs this many sessions clicking the product that far down, and this share of the phrase's clicking sessions. */
export const MIN_PIN_SESSIONS = 3;
export const MIN_PIN_SHARE = 0.2;
/** Where a pin suggestion puts the product. */
export const PIN_POSITION = 1;
const EXAMPLES = 3;

/** One new search of a session, with what its results got. */
interface SearchStep {
  phrase: string;
  locale: string;
  at: number;
  totalHits: number;
  clicks: number;
  addToCarts: number;
  clickedPositions: number[];
}

const succeeded = (s: SearchStep) => s.clicks + s.addToCarts > 0;

/**
 * A session's new searches in time order, each with the clicks and add-to-carts attributed to it (by query id,
 * else to the latest earlier search of the same phrase). Continued searches (refinements, repeats) are not new.
 */
export function sessionSearches(events: readonly SessionEvent[]): SearchStep[] {
  const steps: SearchStep[] = [];
  const byQuery = new Map<string, SearchStep>();
  for (const e of [...events].sort((a, b) => a.at - b.at)) {
    if (e.type === 'search') {
      if (e.phrase === undefined) continue;
      const known = e.queryId !== undefined ? byQuery.get(e.queryId) : undefined;
      if (known || (e.continued && steps.at(-1)?.phrase === e.phrase)) continue;
      const step: SearchStep = { phrase: e.phrase, locale: e.locale, at: e.at, totalHits: e.totalHits ?? 0, clicks: 0, addToCarts: 0, clickedPositions: [] };
      steps.push(step);
      if (e.queryId !== undefined) byQuery.set(e.queryId, step);
      continue;
    }
    const step =
      (e.queryId !== undefined ? byQuery.get(e.queryId) : undefined) ??
      (e.phrase !== undefined ? [...steps].reverse().find((s) => s.phrase === e.phrase) : undefined);
    if (!step) continue;
    if (e.type === 'click') {
      step.clicks++;
      if (e.position !== undefined) step.clickedPositions.push(e.position + 1);
    } else step.addToCarts++;
  }
  return steps;
}

export interface SynonymPair {
  locale: string;
  phrase: string;
  replacement: string;
  sessions: number;
  consistency: number;
  conversion: number;
  zeroHits: boolean;
  score: number;
  examples: Journey[];
}

export interface CategoryLean {
  locale: string;
  phrase: string;
  categoryId: string;
  categoryName?: string;
  clicks: number;
  sessions: number;
  share: number;
  examples: Journey[];
}

export interface FarClick {
  locale: string;
  phrase: string;
  productKey: string;
  sessions: number;
  share: number;
  clickedAt: number;
  score: number;
  examples: Journey[];
}

export interface Mined {
  sessions: number;
  synonyms: SynonymPair[];
  categories: CategoryLean[];
  pins: FarClick[];
}

/** 0–100 from weighted parts in 0..1. */
const score = (parts: [number, number][]) => Math.round(100 * parts.reduce((s, [w, v]) => s + w * Math.min(1, Math.max(0, v)), 0));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Synonym score: 40 × sessions (full from FULL_SYNONYM_SESSIONS) + 35 × consistency + 25 × the replacement's conversion.
 */
export function synonymScore(sessions: number, consistency: number, conversion: number): number {
  return score([
    [0.4, sessions / FULL_SYNONYM_SESSIONS],
    [0.35, consistency],
    [0.25, conversion],
  ]);
}

/** Category and pin score: 50 × sessions (full from 20 and 10) + 50 × share. */
export const categoryScore = (sessions: number, share: number) =>
  score([
    [0.5, sessions / 20],
    [0.5, share],
  ]);
export const pinScore = (sessions: number, share: number) =>
  score([
    [0.5, sessions / 10],
    [0.5, share * 2],
  ]);

function journey(steps: readonly SearchStep[]): Journey {
  const first = steps[0]?.at ?? 0;
  return {
    day: new Date(first).toISOString().slice(0, 10),
    steps: steps.map(
      (s): JourneyStep => ({
        phrase: s.phrase,
        totalHits: s.totalHits,
        clicks: s.clicks,
        addToCarts: s.addToCarts,
        clickedPositions: s.clickedPositions,
        afterSeconds: Math.round((s.at - first) / 1000),
      }),
    ),
  };
}

/** Keeps the most recent EXAMPLES journeys. */
function keepExample(list: { at: number; journey: Journey }[], at: number, make: () => Journey): void {
  if (list.length >= EXAMPLES && list.every((e) => e.at >= at)) return;
  list.push({ at, journey: make() });
  list.sort((a, b) => b.at - a.at);
  list.length = Math.min(list.length, EXAMPLES);
}

const key = (...parts: string[]) => parts.join('\u0000');

type Examples = { at: number; journey: Journey }[];
interface CategoryClicks {
  clicks: number;
  sessions: number;
  name?: string;
  examples: Examples;
}
interface FarClicks {
  sessions: number;
  positions: number[];
  examples: Examples;
}
interface PhraseClicks {
  locale: string;
  phrase: string;
  clicks: number;
  sessions: number;
  categories: Map<string, CategoryClicks>;
  far: Map<string, FarClicks>;
}

/**
 * Mines sessions: `events` of one market in any order (grouped by sessionKey here). Every count is of distinct
 * sessions, so one shopper repeating a journey counts once per session.
 */
export function mineSessions(events: Iterable<SessionEvent>): Mined {
  const bySession = new Map<string, SessionEvent[]>();
  for (const e of events) {
    const list = bySession.get(e.sessionKey);
    if (list) list.push(e);
    else bySession.set(e.sessionKey, [e]);
  }

  // Synonyms: pair sessions, reformulated sessions per failed phrase, and every phrase's conversion.
  const pairs = new Map<
    string,
    { locale: string; phrase: string; replacement: string; sessions: number; zeroHits: boolean; lastAt: number; examples: { at: number; journey: Journey }[] }
  >();
  const reformulated = new Map<string, number>();
  const searchedWith = new Map<string, { searches: number; converted: number }>();
  // Categories and pins: per phrase, the sessions that clicked, clicks per category and far clicks per product.
  const phraseClicks = new Map<string, PhraseClicks>();

  for (const sessionEvents of bySession.values()) {
    const steps = sessionSearches(sessionEvents);
    for (const s of steps) {
      const c = searchedWith.get(key(s.locale, s.phrase)) ?? { searches: 0, converted: 0 };
      c.searches++;
      if (succeeded(s)) c.converted++;
      searchedWith.set(key(s.locale, s.phrase), c);
    }
    const seenPairs = new Set<string>();
    const seenFailed = new Set<string>();
    steps.forEach((failed, i) => {
      if (succeeded(failed)) return;
      const next = steps
        .slice(i + 1)
        .find((s) => s.at - failed.at <= REFORMULATION_WINDOW_MS && s.phrase !== failed.phrase && s.locale === failed.locale && succeeded(s));
      if (!next) return;
      const failedKey = key(failed.locale, failed.phrase);
      if (!seenFailed.has(failedKey)) {
        seenFailed.add(failedKey);
        reformulated.set(failedKey, (reformulated.get(failedKey) ?? 0) + 1);
      }
      const pairKey = key(failed.locale, failed.phrase, next.phrase);
      if (seenPairs.has(pairKey)) return;
      seenPairs.add(pairKey);
      const pair = pairs.get(pairKey) ?? {
        locale: failed.locale,
        phrase: failed.phrase,
        replacement: next.phrase,
        sessions: 0,
        zeroHits: false,
        lastAt: 0,
        examples: [],
      };
      pair.sessions++;
      if (failed.at >= pair.lastAt) {
        pair.lastAt = failed.at;
        pair.zeroHits = failed.totalHits === 0;
      }
      keepExample(pair.examples, failed.at, () => journey(steps.slice(i, steps.indexOf(next) + 1)));
      pairs.set(pairKey, pair);
    });

    // Clicks of the session per phrase, for categories and far clicks.
    const clicksOf = new Map<string, SessionEvent[]>();
    for (const e of sessionEvents) {
      if (e.type !== 'click' || e.phrase === undefined) continue;
      const k = key(e.locale, e.phrase);
      clicksOf.set(k, [...(clicksOf.get(k) ?? []), e]);
    }
    for (const [k, clicks] of clicksOf) {
      const first = clicks[0];
      const p: PhraseClicks = phraseClicks.get(k) ?? {
        locale: first.locale,
        phrase: first.phrase ?? '',
        clicks: 0,
        sessions: 0,
        categories: new Map<string, CategoryClicks>(),
        far: new Map<string, FarClicks>(),
      };
      p.clicks += clicks.length;
      p.sessions++;
      const example = () => journey(steps.filter((s) => s.phrase === first.phrase));
      const sessionCategories = new Set<string>();
      for (const c of clicks) {
        (c.categoryIds ?? []).forEach((id, n) => {
          const cat: CategoryClicks = p.categories.get(id) ?? { clicks: 0, sessions: 0, examples: [] };
          cat.clicks++;
          cat.name ??= c.category?.[n];
          if (!sessionCategories.has(id)) {
            sessionCategories.add(id);
            cat.sessions++;
            keepExample(cat.examples, c.at, example);
          }
          p.categories.set(id, cat);
        });
      }
      const farProducts = new Map<string, number>();
      for (const c of clicks) {
        if (c.productKey === undefined || c.position === undefined || c.position + 1 < PIN_FROM_POSITION) continue;
        if (!farProducts.has(c.productKey)) farProducts.set(c.productKey, c.position + 1);
      }
      for (const [productKey, position] of farProducts) {
        const f: FarClicks = p.far.get(productKey) ?? { sessions: 0, positions: [], examples: [] };
        f.sessions++;
        f.positions.push(position);
        keepExample(f.examples, first.at, example);
        p.far.set(productKey, f);
      }
      phraseClicks.set(k, p);
    }
  }

  const synonyms: SynonymPair[] = [];
  for (const pair of pairs.values()) {
    if (pair.sessions < MIN_SYNONYM_SESSIONS) continue;
    const consistency = pair.sessions / (reformulated.get(key(pair.locale, pair.phrase)) ?? pair.sessions);
    const c = searchedWith.get(key(pair.locale, pair.replacement));
    const conversion = c && c.searches ? c.converted / c.searches : 0;
    synonyms.push({
      locale: pair.locale,
      phrase: pair.phrase,
      replacement: pair.replacement,
      sessions: pair.sessions,
      consistency: round2(consistency),
      conversion: round2(conversion),
      zeroHits: pair.zeroHits,
      score: synonymScore(pair.sessions, consistency, conversion),
      examples: pair.examples.map((e) => e.journey),
    });
  }

  const categories: CategoryLean[] = [];
  const pins: FarClick[] = [];
  for (const p of phraseClicks.values()) {
    if (p.clicks >= MIN_CATEGORY_CLICKS && p.sessions >= MIN_CATEGORY_SESSIONS) {
      // The category most clicks land in; on a tie the narrower (longer name), which is the more useful page.
      const [id, top] =
        [...p.categories].sort(([ia, a], [ib, b]) => b.clicks - a.clicks || (b.name?.length ?? 0) - (a.name?.length ?? 0) || ia.localeCompare(ib))[0] ?? [];
      if (id !== undefined && top && top.clicks / p.clicks >= BOOST_SHARE) {
        categories.push({
          locale: p.locale,
          phrase: p.phrase,
          categoryId: id,
          ...(top.name ? { categoryName: top.name } : {}),
          clicks: p.clicks,
          sessions: top.sessions,
          share: round2(top.clicks / p.clicks),
          examples: top.examples.map((e) => e.journey),
        });
      }
    }
    for (const [productKey, f] of p.far) {
      const share = f.sessions / p.sessions;
      if (f.sessions < MIN_PIN_SESSIONS || share < MIN_PIN_SHARE) continue;
      const sorted = [...f.positions].sort((a, b) => a - b);
      pins.push({
        locale: p.locale,
        phrase: p.phrase,
        productKey,
        sessions: f.sessions,
        share: round2(share),
        clickedAt: sorted[Math.floor(sorted.length / 2)],
        score: pinScore(f.sessions, share),
        examples: f.examples.map((e) => e.journey),
      });
    }
  }
  return { sessions: bySession.size, synonyms, categories, pins };
}
