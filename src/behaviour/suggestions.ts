/**
 * Suggestions from behaviour (`GET /api/admin/v4/suggestions`, docs/merchandising.md "Suggestions from
 * behaviour"): query parameters parsed (every failure a 400 naming the parameter), one market's searches,
 * clicks and add-to-carts read by a bounded scan, mined (src/events/suggestionMiner.ts), category leans
 * turned into a redirect to the category's page or a category boost, and whatever the shop already has (the
 * synonym, a published phrase rule's redirect, boost or pin) left out. Computed on request from what is stored
 * in Elasticsearch: nothing is kept in the process, so any API process answers the same.
 */
import type { DocumentIndex } from '../search/documents';
import type { ConfigurationReader } from '../configuration/store';
import { invalid } from '../kernel/errors';
import { integer, oneOf, required, single, type RawQuery } from '../kernel/params';
import { mineSessions, PIN_POSITION, REDIRECT_SHARE, categoryScore, type CategoryLean, type SessionEvent } from '../events/suggestionMiner';
import { sessionEventOf, suggestionEventsSearch, type SuggestionEventSource } from '../events/queries/suggestionEvents';
import { SUGGESTION_KINDS, type CategorySuggestion, type Suggestion, type SuggestionKind, type SuggestionsAnswer } from '../contract/suggestions';
import type { SynonymRule, SynonymSets } from '../contract/merchandising';
import type { PhraseRule } from '../merchandising/phraseRules/types';
import type { Page } from '../merchandising/pages/types';

export const DEFAULT_SUGGESTION_DAYS = 30;
export const MAX_SUGGESTION_DAYS = 90;
export const DEFAULT_SUGGESTION_LIMIT = 50;
export const MAX_SUGGESTION_LIMIT = 200;
/** Events read at most per request (searches, clicks, add-to-carts of the market and window): about 40 MB of sources. */
export const MAX_SUGGESTION_EVENTS = 200_000;
const SCAN_PAGE = 5000;

export interface SuggestionsRequest {
  market: string;
  locale?: string;
  days: number;
  limit: number;
  kind?: SuggestionKind;
  minScore: number;
}

export function parseSuggestionsRequest(query: RawQuery, markets: Readonly<Record<string, { locales: string[] }>> | undefined): SuggestionsRequest {
  const market = required(query, 'market').trim();
  const settings = markets && Object.hasOwn(markets, market) ? markets[market] : undefined;
  if (!settings) throw invalid(`Query parameter market: unknown market "${market}"${markets ? '' : ' (no markets are configured)'}`);
  const locale = single(query, 'locale')?.trim() || undefined;
  if (locale !== undefined && !settings.locales.includes(locale))
    throw invalid(`Query parameter locale: "${locale}" is not a locale of market ${market} (${settings.locales.join(', ')})`);
  const kind = single(query, 'kind')?.trim() || undefined;
  if (kind !== undefined && !(SUGGESTION_KINDS as readonly string[]).includes(kind))
    throw invalid(`Query parameter kind must be one of ${SUGGESTION_KINDS.join(', ')} (got "${kind}")`);
  return {
    market,
    ...(locale ? { locale } : {}),
    ...(kind ? { kind: oneOf(query, 'kind', SUGGESTION_KINDS)! } : {}),
    days: integer(query, 'days', DEFAULT_SUGGESTION_DAYS, 1, MAX_SUGGESTION_DAYS),
    limit: integer(query, 'limit', DEFAULT_SUGGESTION_LIMIT, 1, MAX_SUGGESTION_LIMIT),
    minScore: integer(query, 'minScore', 0, 0, 100),
  };
}

/** What the shop already has, read fresh (an applied suggestion disappears at once). */
export interface AppliedMerchandising {
  /** The shop's own synonym rules per locale. */
  synonyms(): Promise<SynonymSets>;
  /** The market's published phrase rules. */
  phraseRules(market: string): Promise<PhraseRule[]>;
  /** The market's published pages (category pages for redirects). */
  pages(market: string): Promise<Page[]>;
}

export interface SuggestionsDeps {
  documents: Pick<DocumentIndex, 'scan'>;
  /** The events alias. */
  events: string;
  configuration: Pick<ConfigurationReader, 'get'>;
  applied: AppliedMerchandising;
  now?: () => Date;
  /** Events read at most (tests lower it). */
  maxEvents?: number;
}

const lower = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether a locale's rules already make `phrase` and `replacement` find each other (equivalent, or one-way phrase → replacement). */
export function synonymApplied(rules: readonly SynonymRule[], phrase: string, replacement: string): boolean {
  return rules.some((r) =>
    'terms' in r
      ? r.terms.map(lower).includes(phrase) && r.terms.map(lower).includes(replacement)
      : r.from.map(lower).includes(phrase) && r.to.map(lower).includes(replacement),
  );
}

const ruleFor = (rules: readonly PhraseRule[], locale: string, phrase: string) =>
  rules.filter((r) => (r.locale === undefined || r.locale === locale) && r.phrases.map(lower).includes(phrase));

/** Whether a published phrase rule for the suggestion's phrase (and locale) already does what it proposes. */
export function ruleApplied(rules: readonly PhraseRule[], s: Suggestion): boolean {
  const matching = ruleFor(rules, s.locale, s.phrase);
  switch (s.kind) {
    case 'redirect':
      return matching.some((r) => r.redirect !== undefined);
    case 'boost':
      return matching.some(
        (r) => r.boost !== undefined && (r.boost.includes(s.categoryId) || (s.categoryName !== undefined && r.boost.includes(s.categoryName))),
      );
    case 'pin':
      return matching.some((r) => r.pinned?.some((p) => p.productKey === s.productKey));
    case 'synonym':
      return false;
  }
}

/** The page of a category: the published page whose rule names it (by id or by name, quoted), the most specific first. */
export function categoryPage(pages: readonly Page[], lean: Pick<CategoryLean, 'categoryId' | 'categoryName' | 'locale'>): string | undefined {
  const names = [lean.categoryId, ...(lean.categoryName ? [lean.categoryName] : [])].map((n) => JSON.stringify(n));
  const found = pages.filter(
    (p) => p.primaryList?.rules && names.some((n) => p.primaryList!.rules!.includes(n)) && p.paths && Object.hasOwn(p.paths, lean.locale),
  );
  // A page whose rule names fewer categories is the category's own page rather than a department holding it.
  found.sort((a, b) => a.primaryList!.rules!.length - b.primaryList!.rules!.length);
  const page = found[0];
  return page?.paths ? (Object.getOwnPropertyDescriptor(page.paths, lean.locale)?.value as string | undefined) : undefined;
}

function categorySuggestion(market: string, lean: CategoryLean, page: string | undefined): CategorySuggestion {
  const base = {
    market,
    locale: lean.locale,
    phrase: lean.phrase,
    score: categoryScore(lean.sessions, lean.share),
    sessions: lean.sessions,
    examples: lean.examples,
    categoryId: lean.categoryId,
    ...(lean.categoryName ? { categoryName: lean.categoryName } : {}),
    clicks: lean.clicks,
    share: lean.share,
  };
  if (page !== undefined && lean.share >= REDIRECT_SHARE)
    return { ...base, id: `redirect|${lean.locale}|${lean.phrase}|${page}`, kind: 'redirect', redirect: page };
  return {
    ...base,
    id: `boost|${lean.locale}|${lean.phrase}|${lean.categoryId}`,
    kind: 'boost',
    boost: `rule incl category { ${JSON.stringify(lean.categoryId)} }`,
  };
}

export type Suggestions = ReturnType<typeof suggestions>;

export function suggestions(deps: SuggestionsDeps) {
  const now = deps.now ?? (() => new Date());
  const maxEvents = deps.maxEvents ?? MAX_SUGGESTION_EVENTS;
  return {
    async list(query: RawQuery): Promise<SuggestionsAnswer> {
      const request = parseSuggestionsRequest(query, (await deps.configuration.get())?.markets);
      const at = now();
      const events: SessionEvent[] = [];
      let scanned = 0;
      let truncated = false;
      const search = suggestionEventsSearch(deps.events, request, at);
      for await (const page of deps.documents.scan<SuggestionEventSource>(search, SCAN_PAGE)) {
        for (const hit of page) {
          const e = sessionEventOf(hit._source);
          if (e && (!request.locale || e.locale === request.locale)) events.push(e);
        }
        scanned += page.length;
        if (scanned >= maxEvents) {
          truncated = true;
          break;
        }
      }
      const mined = mineSessions(events);
      const [synonyms, rules, pages] = await Promise.all([
        deps.applied.synonyms(),
        deps.applied.phraseRules(request.market),
        deps.applied.pages(request.market),
      ]);
      const all: Suggestion[] = [
        ...mined.synonyms
          .filter(
            (p) => !synonymApplied((Object.getOwnPropertyDescriptor(synonyms, p.locale)?.value as SynonymRule[] | undefined) ?? [], p.phrase, p.replacement),
          )
          .map((p): Suggestion => ({ id: `synonym|${p.locale}|${p.phrase}|${p.replacement}`, kind: 'synonym', market: request.market, ...p })),
        ...mined.categories.map((lean) => categorySuggestion(request.market, lean, categoryPage(pages, lean))),
        ...mined.pins.map(
          (f): Suggestion => ({ id: `pin|${f.locale}|${f.phrase}|${f.productKey}`, kind: 'pin', market: request.market, position: PIN_POSITION, ...f }),
        ),
      ].filter((s) => !ruleApplied(rules, s) && (!request.kind || s.kind === request.kind) && s.score >= request.minScore);
      all.sort((a, b) => b.score - a.score || b.sessions - a.sessions || a.id.localeCompare(b.id));
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return {
        market: request.market,
        ...(request.locale ? { locale: request.locale } : {}),
        from: day(new Date(at.getTime() - request.days * 86_400_000)),
        to: day(at),
        scannedEvents: scanned,
        truncated,
        sessions: mined.sessions,
        suggestions: all.slice(0, request.limit),
      };
    },
  };
}
