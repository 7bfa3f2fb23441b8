/**
 * A replay's answers (docs/merchandising.md "Replay before publishing"): for each phrase of one market and
 * locale, what the storefront's own searchPage run shows live (no experiment: the answer most shoppers get)
 * and what it would show with the pending change (ReplayCandidate: the preview view, an experiment variant's
 * overrides or pending synonyms, all request-scoped). Every run of a batch reads one catalog version through
 * one rounds gateway (search/rounds.ts), so the batch's searches reach Elasticsearch as a few `_msearch`
 * requests, one per round, instead of one per phrase. Nothing is registered (notify=false, no hooks), and
 * the runs remember nothing for live queries (no remembered searches).
 */
import type { ExperimentStore } from '../../merchandising/experimentStore';
import type { Experiment } from '../../merchandising/experiments/types';
import { compileSynonyms } from '../../merchandising/synonyms/expand';
import type { ReplayCandidate } from '../../merchandising/replayCandidate';
import { own } from '../../kernel/validation';
import { parseWithFacts } from '../catalogFacts';
import { RememberedSearches } from '../rememberedSearches';
import { parseSearchPageBody, parseSearchPageRequest } from './request';
import { searchPage } from './run';
import { noHooks, type StorefrontServices } from '../services';
import type { PhraseTop } from './phraseTop';

/** A fixed visitor: the answer must not depend on anyone's behaviour (affinity, recently viewed). */
const VISITOR = { customerKey: 'replay', sessionKey: 'replay', touchpoint: 'DESKTOP', notify: 'false' };

export interface ReplayedPhrase {
  live: PhraseTop;
  candidate: PhraseTop;
}

/** The experiments a run sees: none, or one covering everything with the candidate's variant only. */
function experimentsOf(store: ExperimentStore, experiments: Experiment[]): ExperimentStore {
  const set = { experiments };
  return Object.assign(Object.create(store) as ExperimentStore, { running: () => Promise.resolve(set) });
}

function candidateServices(s: StorefrontServices, at: { market: string }, candidate: ReplayCandidate): StorefrontServices {
  const experiments = candidate.overrides
    ? [
        {
          id: 'replay',
          name: 'replay',
          start: new Date(0).toISOString(),
          end: new Date(8.64e15).toISOString(),
          markets: [at.market],
          variants: [{ id: 'candidate', share: 100, overrides: candidate.overrides }],
        },
      ]
    : [];
  const out: StorefrontServices = { ...s, merchandising: { ...s.merchandising, experiments: experimentsOf(s.merchandising.experiments, experiments) } };
  const pending = candidate.synonyms;
  if (pending && s.languageWith) {
    const store = s.merchandising.synonyms;
    const compiled = new Map<string, ReturnType<typeof compileSynonyms> | undefined>();
    const synonyms = {
      compiled: async (locale: string, set?: Parameters<typeof store.compiled>[1]) => {
        const rules = own(pending, locale);
        if (!rules || set === 'none') return store.compiled(locale, set);
        const key = `${set ?? ''}|${locale}`;
        if (!compiled.has(key)) {
          const shipped = set === 'shop-only' ? [] : store.shipped(locale);
          compiled.set(key, rules.length || shipped.length ? compileSynonyms(rules, shipped) : undefined);
        }
        return compiled.get(key);
      },
    };
    const languageWith = s.languageWith.bind(s);
    out.language = (locale, set) => languageWith(locale, synonyms, set);
  }
  return out;
}

async function answer(
  s: StorefrontServices,
  at: { market: string; locale: string },
  phrase: string,
  size: number,
  viewId: 'PRODUCTION' | 'PREVIEW',
): Promise<PhraseTop> {
  const parsed = await parseWithFacts(s.facts, (facts) =>
    parseSearchPageRequest({ ...VISITOR, ...at, q: phrase, limit: String(size), viewId }, parseSearchPageBody(undefined), facts),
  );
  // Only the products and their number are compared: no facets, no navigation (their aggregations are most
  // of a search's cost and change no position).
  const request = { ...parsed, facets: [], navigation: false };
  delete request.dynamic;
  const result = await searchPage(s, request);
  const groups = result.primaryList.productGroups;
  const top = groups.map((g) => g.key);
  const titles = Object.fromEntries(groups.flatMap((g) => (g.products[0]?.title ? [[g.key, g.products[0].title] as const] : [])));
  const members = groups.map((g) => g.products.map((p) => p.key));
  if (result.autoCorrect) return { totalHits: result.autoCorrect.originalTotalHits, top, titles, members, autoCorrectedTo: result.autoCorrect.q };
  return { totalHits: result.primaryList.totalHits, top, titles, members };
}

/**
 * Both answers of each phrase, in order; a phrase that fails answers undefined (the caller counts it as
 * skipped). One catalog version and one rounds gateway for the whole batch.
 */
export async function replayAnswers(
  s: StorefrontServices,
  at: { market: string; locale: string },
  phrases: readonly string[],
  candidate: ReplayCandidate,
  size: number,
  onError: (phrase: string, err: unknown) => void,
): Promise<(ReplayedPhrase | undefined)[]> {
  return s.onOneCatalogVersion(async (version) => {
    // Related phrases (behaviour lookups) change no product either.
    const behaviour = Object.assign(Object.create(version.behaviour) as StorefrontServices['behaviour'], { relatedPhrases: () => Promise.resolve([]) });
    // Every search taken for long and its understood filter for filled (rememberedSearches.ts): round 1 asks the
    // primary list alone, and a list that is short after all (or a filter that leaves nothing) gets the secondary
    // list, spelling search or fallback in a second round, as a remembered search does. The same answers with
    // about half the searches; nothing is remembered, so live queries learn nothing from a replay.
    const assumed = Object.assign(Object.create(RememberedSearches.prototype) as RememberedSearches, { has: () => true, record: () => undefined });
    const quiet: StorefrontServices = { ...version, behaviour, hooks: noHooks, longLists: assumed, filledFilters: assumed };
    delete quiet.dynamicCandidates;
    const live = candidateServices(quiet, at, {});
    const changed = candidateServices(quiet, at, candidate);
    const viewId = candidate.preview ? 'PREVIEW' : 'PRODUCTION';
    return Promise.all(
      phrases.map(async (phrase) => {
        try {
          const [l, c] = await Promise.all([answer(live, at, phrase, size, 'PRODUCTION'), answer(changed, at, phrase, size, viewId)]);
          return { live: l, candidate: c };
        } catch (err) {
          onError(phrase, err);
          return undefined;
        }
      }),
    );
  });
}
