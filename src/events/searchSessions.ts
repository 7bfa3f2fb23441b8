/**
 * Query ids, and which search-page answers are searches (search analytics, docs/behaviour.md "Search analytics").
 *
 * Every registered search-page, landing-page and content-search-page answer gets a query id; the tickets of
 * what it lists carry it, so clicks, add-to-carts and ad-impressions are attributed to it.
 *
 * A search is one registered search-page answer for a phrase, except a later page: an answer with
 * skip > 0 for the same phrase as the session's previous search-page answer continues that search (it
 * gets the same query id and is recorded with `continued`). A new phrase, or the same phrase after another
 * phrase, is a new search. The session's previous answer is remembered in this process (the most recent
 * sessions, bounded): a later page served by another process, or after the session was forgotten, counts
 * as a new search.
 */
import { randomBytes } from 'node:crypto';
import { LruCache } from './lru';

/** 16 url-safe characters (96 random bits): unique without coordination between processes. */
export function newQueryId(): string {
  return randomBytes(12).toString('base64url');
}

export interface SearchRegistration { queryId: string; continued: boolean }

const SESSIONS = 100_000;
/** A session's last search is forgotten after this long without another. */
const SESSION_TTL_MS = 2 * 60 * 60 * 1000;

export class SessionSearches {
  private readonly last: LruCache<{ phrase: string; queryId: string }>;

  constructor(private readonly newId: () => string = newQueryId, maxSessions = SESSIONS, ttlMs = SESSION_TTL_MS, clock?: () => number) {
    this.last = new LruCache(maxSessions, ttlMs, clock);
  }

  /** The query id of a search-page answer, `phrase` normalised, and whether it continues the session's search. */
  register(sessionKey: string, phrase: string, skip: number): SearchRegistration {
    const previous = this.last.get(sessionKey);
    const continued = skip > 0 && previous?.phrase === phrase;
    const queryId = continued ? previous.queryId : this.newId();
    this.last.set(sessionKey, { phrase, queryId });
    return { queryId, continued };
  }
}
