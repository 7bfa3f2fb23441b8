/**
 * Query ids, and which search-page answers are searches (search analytics, docs/behaviour.md "Search analytics").
 *
 * Every registered search-page, landing-page and content-search-page answer gets a query id; the tickets of
 * what it lists carry it, so clicks, add-to-carts and ad-impressions are attributed to it.
 *
 * A search is a search-page answer for a phrase other than the session's previous search's phrase: typed,
 * chosen from suggestions, did-you-mean, related or recent searches, or the original phrase after an
 * auto-correct (UNDO_AUTO_CORRECT) alike. Whatever its `origin`, an answer for the same phrase as the
 * session's previous one continues that search (same query id, recorded with `continued`), because shops
 * keep the origin in the URL while the visitor refines:
 * - a refinement when its facets (or selected category), its sort or its page (skip, limit, viewAllSecondary)
 *   differ from the previous answer's: recorded with the kinds that changed (`facet`, `sort`, `page`);
 * - a repeat (reload, back button, the same phrase chosen again) when nothing differs: neither.
 * The session's previous answer is remembered in this process (the most recent sessions, bounded): an answer
 * served by another process, or after the session was forgotten, counts as a new search.
 */
import { randomBytes } from 'node:crypto';
import { LruCache } from './lru';

/** 16 url-safe characters (96 random bits): unique without coordination between processes. */
export function newQueryId(): string {
  return randomBytes(12).toString('base64url');
}

export const REFINEMENT_KINDS = ['facet', 'sort', 'page'] as const;
export type RefinementKind = (typeof REFINEMENT_KINDS)[number];

/** What a visitor can change about a phrase's answer without searching again, each part as a comparable string. */
export interface AnswerState {
  facet: string;
  sort: string;
  page: string;
}

export interface SearchRegistration {
  queryId: string;
  continued: boolean;
  /** A continued answer that changed facets, sort or page (absent for a new search and a repeat). */
  refinement?: RefinementKind[];
}

const SESSIONS = 100_000;
/** A session's last search is forgotten after this long without another. */
const SESSION_TTL_MS = 2 * 60 * 60 * 1000;

/** Pure: the kinds that differ between two answers for the same phrase, in REFINEMENT_KINDS order. */
export function refinementOf(previous: AnswerState, next: AnswerState): RefinementKind[] {
  return REFINEMENT_KINDS.filter((kind) => previous[kind] !== next[kind]);
}

const FIRST_PAGE: AnswerState = { facet: '', sort: '', page: '' };

export class SessionSearches {
  private readonly last: LruCache<{ phrase: string; queryId: string; state: AnswerState }>;

  constructor(
    private readonly newId: () => string = newQueryId,
    maxSessions = SESSIONS,
    ttlMs = SESSION_TTL_MS,
    clock?: () => number,
  ) {
    this.last = new LruCache(maxSessions, ttlMs, clock);
  }

  /**
   * The query id of a search-page answer (`phrase` normalised), and whether it continues the session's search.
   * Without `state` (callers that know only the skip) a later page (skip > 0) continues and a first page searches.
   */
  register(sessionKey: string, phrase: string, skip: number, state?: AnswerState): SearchRegistration {
    const previous = this.last.get(sessionKey);
    const current = state ?? { ...FIRST_PAGE, page: String(skip) };
    const same = previous?.phrase === phrase && (state !== undefined || skip > 0);
    if (!same) {
      const queryId = this.newId();
      this.last.set(sessionKey, { phrase, queryId, state: current });
      return { queryId, continued: false };
    }
    this.last.set(sessionKey, { ...previous, state: current });
    const refinement = refinementOf(previous.state, current);
    return { queryId: previous.queryId, continued: true, ...(refinement.length ? { refinement } : {}) };
  }
}
