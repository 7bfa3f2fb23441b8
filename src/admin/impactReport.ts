/**
 * The impact report of a full catalog import (docs/merchandising.md "Merchandising console: explain, history, impact"):
 * `PUT /api/admin/v4/import/catalog?validationOnly=true&impactReport=true` builds the file as a candidate
 * catalog version that no alias points at, asks the most searched phrases of the last days of the live
 * catalog and of the candidate through the storefront's own search-page run, and answers what would change.
 * The candidate is deleted afterwards (catalogImport.ts): nothing live changes.
 */
import type { DocumentIndex } from '../search/documents';
import type { CatalogConfiguration } from '../catalog/types';
import { productDocumentId } from '../catalog/documents';
import type { TopPhrase, TopPhrasesInput } from '../events/queries/topPhrases';
import type { Logger } from '../kernel/log';
import type { CatalogIndices } from '../search/catalogIndices';
import { versionViewOf, type CatalogView } from '../search/catalogView';

/** The window the phrases are taken from, and how many by default (the `impactPhrases` parameter changes it). */
export const IMPACT_DAYS = 7;
export const DEFAULT_IMPACT_PHRASES = 100;
export const MAX_IMPACT_PHRASES = 1000;
/** Positions compared per phrase. */
export const IMPACT_TOP = 10;
/** Phrases asked at once (each is two search-page runs). */
const CONCURRENCY = 4;

/** What a search-page shows for a phrase (storefront/searchPage/phraseTop.ts answers it). */
export interface PhraseAnswer {
  totalHits: number;
  top: string[];
  titles?: Record<string, string>;
  autoCorrectedTo?: string;
  /** The product keys of each group in `top` (replays match clicks and judgments, which name products, to groups). */
  members?: string[][];
}

/** What the report needs besides the catalog indices; wired by app.ts (admin uses no other use case). */
export interface ImpactSources {
  topPhrases(input: TopPhrasesInput): Promise<TopPhrase[]>;
  /** The storefront's answer on the live catalog (`view` undefined) or on the candidate's view. */
  phraseTop(at: { market: string; locale: string }, phrase: string, view: CatalogView | undefined, size: number): Promise<PhraseAnswer>;
}

interface PhraseId {
  market: string;
  locale: string;
  phrase: string;
  searches: number;
}

export interface ImpactReport {
  window: { days: number; from: string; to: string };
  /** Lines read from the file. */
  lines: number;
  /** Why a real import of this file would be refused without force=true (catalogSafety.ts); empty when it would not. */
  dangerous: string[];
  totals: {
    /** Phrases compared (at most `impactPhrases`). */
    phrases: number;
    /** Phrases that find nothing in the candidate, and of those the ones that find something now. */
    findNothing: number;
    newlyFindNothing: number;
    /** Phrases whose first ten product groups differ (order or members), not counting those that find nothing. */
    topChanged: number;
    /** Of those, the phrases whose first product group is another one. */
    firstProductChanged: number;
    unchanged: number;
    /** Product groups leaving and entering first tens, summed over the phrases listed. */
    productsLeaving: number;
    productsEntering: number;
    /** Phrases that could not be asked (a market without products, say), logged. */
    skipped: number;
  };
  findNothing: (PhraseId & { liveTotalHits: number; leaving: string[]; autoCorrectedTo?: string })[];
  topChanged: (PhraseId & { liveTotalHits: number; candidateTotalHits: number; leaving: string[]; entering: string[]; live: string[]; candidate: string[] })[];
  /** The title of each product group the lists name (the candidate's where it has one), so the console shows titles, not keys. */
  titles: Record<string, string>;
}

export interface PhraseComparison {
  phrase: PhraseId;
  live: PhraseAnswer;
  candidate: PhraseAnswer;
}

/** Pure: the report's lists and totals from the answers of each phrase, in the order of the phrases (most searched first). */
export function compareAnswers(compared: PhraseComparison[], skipped: number): Pick<ImpactReport, 'totals' | 'findNothing' | 'topChanged' | 'titles'> {
  const titles: Record<string, string> = {};
  const name = (keys: string[], answer: PhraseAnswer) => {
    for (const k of keys) if (answer.titles?.[k] !== undefined) titles[k] = answer.titles[k];
  };
  const findNothing: ImpactReport['findNothing'] = [];
  const topChanged: ImpactReport['topChanged'] = [];
  let leavingCount = 0;
  let enteringCount = 0;
  for (const { phrase, live, candidate } of compared) {
    // Once each: a group the storefront lists twice (two of its products) leaves or enters once.
    const leaving = [...new Set(live.top.filter((k) => !candidate.top.includes(k)))];
    const entering = [...new Set(candidate.top.filter((k) => !live.top.includes(k)))];
    name(live.top, live);
    name(candidate.top, candidate);
    if (candidate.totalHits === 0) {
      findNothing.push({
        ...phrase,
        liveTotalHits: live.totalHits,
        leaving,
        ...(candidate.autoCorrectedTo ? { autoCorrectedTo: candidate.autoCorrectedTo } : {}),
      });
      leavingCount += leaving.length;
      enteringCount += entering.length;
    } else if (live.top.join('\n') !== candidate.top.join('\n')) {
      topChanged.push({
        ...phrase,
        liveTotalHits: live.totalHits,
        candidateTotalHits: candidate.totalHits,
        leaving,
        entering,
        live: live.top,
        candidate: candidate.top,
      });
      leavingCount += leaving.length;
      enteringCount += entering.length;
    }
  }
  // Only the groups the lists show are named: the report stays as small as its lists.
  const named = new Set([...findNothing.flatMap((p) => p.leaving), ...topChanged.flatMap((p) => [...p.leaving, ...p.entering, ...p.live, ...p.candidate])]);
  return {
    totals: {
      phrases: compared.length,
      findNothing: findNothing.length,
      newlyFindNothing: findNothing.filter((p) => p.liveTotalHits > 0).length,
      topChanged: topChanged.length,
      firstProductChanged: topChanged.filter((p) => p.live[0] !== p.candidate[0]).length,
      unchanged: compared.length - findNothing.length - topChanged.length,
      productsLeaving: leavingCount,
      productsEntering: enteringCount,
      skipped,
    },
    findNothing,
    topChanged,
    titles: Object.fromEntries(
      Object.keys(titles)
        .filter((k) => named.has(k))
        .map((k) => [k, titles[k]]),
    ),
  };
}

/** Pure: the phrases to ask, each in a locale of its market (the market's first when the event named none); unknown markets left out. */
export function phrasesToAsk(top: TopPhrase[], configuration: CatalogConfiguration): PhraseId[] {
  const out: PhraseId[] = [];
  for (const p of top) {
    const market = Object.hasOwn(configuration.markets, p.market) ? configuration.markets[p.market] : undefined;
    if (!market?.locales.length) continue;
    const locale = market.locales.includes(p.locale) ? p.locale : market.locales[0];
    out.push({ market: p.market, locale, phrase: p.phrase, searches: p.searches });
  }
  return out;
}

export interface ImpactDeps {
  documents: DocumentIndex;
  log: Logger;
  indices: Pick<CatalogIndices, 'versionIndices' | 'names'>;
  sources: ImpactSources;
}

/** Runs the report on a sealed candidate `version` (the caller deletes it afterwards). */
export async function impactReport(
  deps: ImpactDeps,
  request: { version: string; configuration: CatalogConfiguration; phrases: number; lines: number; dangerous: string[]; now?: Date },
): Promise<ImpactReport> {
  const { indices, sources } = deps;
  const now = request.now ?? new Date();
  const versionIndices = await indices.versionIndices(request.version);
  await copyKeptPopularity(
    deps,
    request.version,
    request.configuration,
    versionIndices.filter((i) => i.part === 'products').map((i) => i.index),
  );
  const view = versionViewOf(versionIndices, indices.names);
  const phrases = phrasesToAsk(await sources.topPhrases({ days: IMPACT_DAYS, limit: request.phrases }), request.configuration);
  const compared = new Array<PhraseComparison | undefined>(phrases.length);
  let next = 0;
  const worker = async () => {
    while (next < phrases.length) {
      const i = next++;
      const phrase = phrases[i];
      const at = { market: phrase.market, locale: phrase.locale };
      try {
        const [live, candidate] = await Promise.all([
          sources.phraseTop(at, phrase.phrase, undefined, IMPACT_TOP),
          sources.phraseTop(at, phrase.phrase, view, IMPACT_TOP),
        ]);
        compared[i] = { phrase, live, candidate };
      } catch (err) {
        deps.log.warn('impact report: phrase left out', { ...phrase, err });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const done = compared.filter((c): c is PhraseComparison => !!c);
  return {
    window: { days: IMPACT_DAYS, from: new Date(now.getTime() - IMPACT_DAYS * 86_400_000).toISOString(), to: now.toISOString() },
    lines: request.lines,
    dangerous: request.dangerous,
    ...compareAnswers(done, phrases.length - done.length),
  };
}

interface KeptPopularity {
  market: string;
  productKey: string;
  popularity: number;
}

/**
 * A new version's documents start with popularity 0 and the popularity job writes the kept scores once it
 * is live (behaviour/popularityJob.ts): the candidate gets them now, so that its order compares with the live one's.
 */
async function copyKeptPopularity(deps: ImpactDeps, version: string, configuration: CatalogConfiguration, productIndices: string[]): Promise<void> {
  const { documents, indices } = deps;
  const operations: NonNullable<Parameters<DocumentIndex['bulk']>[0]> = [];
  const flush = async () => {
    if (!operations.length) return;
    const res = await documents.bulk(operations.splice(0));
    const failed = res.errors && res.items.map((item) => Object.values(item)[0]).find((r) => r?.error && r.status !== 404);
    if (failed) throw new Error(`impact report: popularity write failed for ${failed._index}/${failed._id}: ${failed.error?.type}`);
  };
  const pages = documents.scan<KeptPopularity>(
    {
      index: indices.names.popularity,
      ignore_unavailable: true,
      allow_no_indices: true,
      track_total_hits: false,
      sort: [{ market: 'asc' }, { productKey: 'asc' }],
      _source: ['market', 'productKey', 'popularity'],
    },
    2000,
  );
  for await (const hits of pages) {
    for (const hit of hits) {
      const { market, productKey, popularity } = hit._source!;
      const locales = Object.hasOwn(configuration.markets, market) ? configuration.markets[market].locales : [];
      for (const locale of locales) {
        operations.push(
          { update: { _index: indices.names.catalogIndex('products', version, locale), _id: productDocumentId(market, locale, productKey) } },
          { doc: { popularity } },
        );
      }
    }
    await flush();
  }
  if (productIndices.length) await documents.refresh(productIndices.join(','));
}
