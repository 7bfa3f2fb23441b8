/**
 * Runs a search-page request: the only module here that talks to Elasticsearch.
 *
 * Round 1 (one msearch, every search that needs no earlier answer): the primary list with facets (products
 * with every word the relaxation keeps: relevance.ts `phraseMatch`; for a phrase that relaxes, the relaxed list
 * too, used only when that one is empty, unless it found products on this catalog version: build.ts `ListKind`), each content
 * list, the secondary list (with viewAllSecondary the page asked for, else its first SECONDARY_LIMIT), and the
 * spelling search (phrase suggester, the products holding each typed word and the product groups of each
 * candidate correction, build.ts `spellingSearch`; left out when every typed word is the catalog's, and a
 * did-you-mean offered only when its candidate finds more: ../suggest/candidates.ts).
 * The secondary list is used only when the primary list has fewer than SECONDARY_BELOW groups, the corrections
 * only when it is short (fewer than SHORT_LIST groups), so a search (but viewAllSecondary) whose list was long on the same catalog version leaves both out
 * (../rememberedSearches.ts; were it short after all, they follow in a second round); corrections only as suggest/correction.ts allows (words missing or rare in the catalog,
 * never a word of the language, the visitor's diacritics kept).
 * The understood filter's fallback (the words as typed) rides last in round 1 unless the same search's filter
 * found products on this catalog version (../rememberedSearches.ts; were it empty after all, the fallback
 * follows in a second round, with the secondary list and spelling search if round 1 left them out).
 * Round 2, only for auto-correct (no hits, even relaxed; origin is not UNDO_AUTO_CORRECT, no facet selected,
 * not viewAllSecondary, and an allowed correction): the primary list and content lists for each correction,
 * best first; the first correction with hits wins, and the secondary list is then left empty (the corrected
 * list already is the relaxed one).
 * Round 1 also asks for the related phrases of the phrase as typed (used under RELATED_BELOW groups), round 2
 * those of each correction.
 * The siblings of the groups shown come with their hits (ProductDocument.siblings). Then, only when the request
 * has dynamic facets, one msearch for the values of the attributes covering most hits (facets/dynamic.ts), and
 * pure shaping. A `templateId` is resolved
 * before round 1 (400 when unknown): it widens the fetched custom attributes and shapes both lists.
 * The phrase rule of `q` (../phraseMerchandising.ts) is read from the store's in-process index beside it: it
 * changes the searches of round 1 and places its pins after it, so it costs no round trip.
 */
import { variantSettings } from '../experiments';
import type { estypes } from '@elastic/elasticsearch';
import { contentListSearch } from '../contentLists';
import { topContentFor } from '../topContent';
import type { IndexedSearch } from '../../search/msearch';
import { productSource } from '../productSource';
import type { SearchPageResult } from '../responseTypes';
import type { SearchEvent, StorefrontServices } from '../services';
import { DID_YOU_MEAN_BELOW, phraseSuggestions } from '../suggest/phrase';
import { acceptedCorrections, wordCounts } from '../suggest/correction';
import { candidateCounts, offeredCorrections, spellingPlan } from '../suggest/candidates';
import { resolveTemplate, withTemplateFields } from '../templates';
import { groupTotal } from '../groupCount';
import { primaryQuery, primarySearch, relaxes, secondarySearch, spellingSearch, type ListKind, type UnderstoodPhrase } from './build';
import { needsFallback, understoodPhrase, type UnderstandingExplanation } from './understood';
import { askedCandidates, dynamicFacetsStep } from '../facets/dynamicRun';
import type { Aggs } from '../aggNames';
import { siblingsAndDynamicFacets } from '../listingRound';
import { answerState, type SearchPageRequest } from './request';
import { explainHit, ruleProbes, shownHits, tieBreaks, withExplanations } from '../explain';
import { MAX_RELATED, RELATED_BELOW, mainProducts, shapeSearchPage } from './shape';
import { shapingKey } from '../listingJson';
import { phraseRuleOf, phraseRuleProbes, pinnedWindow, placePins, withPlacedHits, type PlacedHit } from '../phraseMerchandising';
import { PIN_WEIGHT } from '../pins';
import { fusedHits, wordMatches, type Fused } from '../semantic';
import { scoresRelevance } from '../sorts';
import { withoutNegated } from '../relevance';

/** Below this many groups a list is short: it gets spelling suggestions. */
const SHORT_LIST = DID_YOU_MEAN_BELOW;
/**
 * Below this many groups a list gets the secondary list: the products matching part of the phrase extend it, as
 * Elevate's secondary list does (at the threshold of its related searches); a longer list has enough of its own.
 */
const SECONDARY_BELOW = RELATED_BELOW;
export const SECONDARY_LIMIT = 12;

type Response = estypes.SearchResponse<unknown>;
type Hit = estypes.SearchHit<unknown>;

/**
 * The key of a search on a catalog version (rememberedSearches.ts): what decides how many products its primary
 * list holds, so whether it is long and whether its understood filter finds products (the phrase, market,
 * locale's index and price list, selected category, rules, facet selections and an A/B variant's relevance settings). Undefined when no version is
 * known. Sort and paging do not change the count.
 */
export function searchKey(req: SearchPageRequest, catalogVersion: string | undefined, index: string): string | undefined {
  if (!catalogVersion) return undefined;
  return JSON.stringify([
    catalogVersion,
    index,
    req.context.market,
    req.context.priceId ?? null,
    req.q,
    req.selectedCategory ?? null,
    req.rules,
    [...req.selections],
    req.relevance ?? null,
  ]);
}

/**
 * `explain`: only the admin explain endpoint; adds each primary product group's explanation (explain.ts) and registers nothing.
 * `serialised`: the answer is only serialised (src/http/json.ts answerJson), so its product lists may be
 * listing JSON kept per document version (../listingJson.ts), spliced in as RawJson.
 */
export interface SearchPageOptions {
  explain?: boolean;
  serialised?: boolean;
}

export async function searchPage(s: StorefrontServices, request: SearchPageRequest, options: SearchPageOptions = {}): Promise<SearchPageResult> {
  // The template decides which custom attributes are fetched, so it is resolved first (the store caches it).
  // The visitor's A/B variants (../experiments.ts), from the experiment store's cache: request-scoped settings.
  const variant = await variantSettings(s, request.context);
  const { relevance: relevanceOverrides, synonyms: synonymSet } = variant.overrides;
  // The phrase rule comes from the store's in-process index: no round trip.
  // Search by meaning (../semantic.ts): the phrase's vector, for a list in relevance order; an A/B variant may weigh it.
  const fusion = s.semantic
    ? { ...s.semantic.fusion, ...(relevanceOverrides?.semanticWeight !== undefined ? { weight: relevanceOverrides.semanticWeight } : {}) }
    : undefined;
  const byMeaning = fusion && fusion.weight > 0 && scoresRelevance(request.sort);
  const [template, language, topContent, phraseRule, vector] = await Promise.all([
    resolveTemplate(s, request.context.templateId),
    s.language(request.context.locale, synonymSet),
    topContentFor(s, request.context.market, request.contentLists),
    // What the visitor does not want is no meaning to find either ("without straw"), as it is no word to find.
    phraseRuleOf(s, request.context, request.q),
    byMeaning ? s.semantic!.vectorOf(request.context.locale, withoutNegated(request.q)) : undefined,
  ]);
  const withVariant = relevanceOverrides
    ? { ...request, relevance: { behaviourWeight: relevanceOverrides.behaviourWeight, relaxedMatching: relevanceOverrides.relaxedMatching } }
    : request;
  const templated = template ? { ...withVariant, context: withTemplateFields(request.context, template) } : withVariant;
  const ruled = phraseRule ? { ...templated, phraseRule } : templated;
  const meaning = vector && fusion ? { vector, fusion } : undefined;
  const req: SearchPageRequest = meaning ? { ...ruled, meaning } : ruled;
  // Corrections of the phrase search by words alone: the vector is the phrase's as typed.
  const byWords: SearchPageRequest = { ...ruled };
  const { collapse } = req;
  const at = { market: req.context.market, locale: req.context.locale };
  const n = req.contentLists.length;
  const explain = options.explain
    ? { probes: { ...ruleProbes('request', req.rules, [], { priceId: req.context.priceId }), ...phraseRuleProbes(phraseRule, req.context.priceId) } }
    : undefined;
  // Query understanding (understood.ts): colour, gender and price words; the words as typed ride along in round 1.
  const understood = understoodPhrase(req, relevanceOverrides?.queryUnderstanding ?? s.understanding ?? 'filter', language);
  let used: UnderstoodPhrase | undefined = understood;
  // With pins, the hits from the first on: placePins moves each pin to its position.
  const window = pinnedWindow(req.skip, req.limit, phraseRule);
  // The fusion orders the list's first positions, the meaning's matches (first in Elasticsearch's order) and the
  // words' first `window`: a page among them fetches them all (Elasticsearch's order serves the rest).
  const fusionWindow = meaning ? meaning.fusion.window + meaning.fusion.candidates : 0;
  const fusing = meaning !== undefined && window.from < fusionWindow;
  const fetched = fusing ? { from: 0, size: Math.max(window.from + window.size, fusionWindow) } : window;
  // How many of a list's products (groups) the words matched: what decides a short list, the fallback and auto-correct.
  const wordTotal = (response: Response): number => {
    const total = groupTotal(response, collapse);
    if (!meaning) return total;
    return fusing ? wordMatches(response.hits.hits, total, meaning.fusion.candidates) : Math.max(0, total - meaning.fusion.candidates);
  };
  // Dynamic facets: the candidates remembered for this listing (../facets/dynamicRun.ts) have their values
  // asked in round 1's primary search, under the query their coverage is read from.
  // A phrase that relaxes has a whole list and a relaxed one (build.ts `ListKind`): the relaxed one answers only
  // when the whole one is empty, so it rides in round 1 unless the whole one found products on this catalog version.
  const split = relaxes(req, req.q, language.expand(req.q), understood);
  let list: ListKind = 'whole';
  const typedQueryOf = (kind: ListKind) =>
    req.dynamic && !req.viewAllSecondary ? primaryQuery(req, req.q, language.expand(req.q), understood, kind) : undefined;
  const rememberedOf = (query: ReturnType<typeof typedQueryOf>) =>
    query && !explain ? askedCandidates(s.dynamicCandidates, s.catalogVersion, s.index.products(at.locale), { ...req, query }, collapse) : undefined;
  const typedQuery = typedQueryOf('whole');
  const remembered = rememberedOf(typedQuery);
  const relaxedQuery = split ? typedQueryOf('relaxed') : undefined;
  const rememberedRelaxed = rememberedOf(relaxedQuery);
  const primaryFor = (phrase: string, u?: UnderstoodPhrase, extraAggs?: Aggs, r: SearchPageRequest = req, kind: ListKind = 'whole'): IndexedSearch => {
    const w = r.meaning ? fetched : window;
    const body = primarySearch(
      r,
      phrase,
      { collapse, from: r.viewAllSecondary ? 0 : w.from, size: r.viewAllSecondary ? 0 : w.size, explain, list: kind },
      language.expand(phrase),
      u,
    );
    return {
      index: s.index.products(at.locale),
      splitAggregations: true,
      body: extraAggs ? { ...body, aggs: { ...body.aggs, ...extraAggs } } : body,
      ...(r.meaning ? { namedScores: true } : {}),
    };
  };
  const contentsFor = (phrase: string): IndexedSearch[] =>
    req.contentLists.map((list) => ({ index: s.index.content(at.locale), body: contentListSearch(list, { ...at, phrase }, topContent) }));
  const secondaryFor = (from: number, size: number, kind: ListKind = list): IndexedSearch => ({
    index: s.index.products(at.locale),
    body: secondarySearch(req, req.q, { collapse, from, size, list: kind }, language.expand(req.q), used),
  });

  // The secondary list and the spelling search serve only a list under SECONDARY_BELOW groups: a search remembered
  // longer on this catalog version leaves them out (../rememberedSearches.ts), and fetches them in a second round if it is shorter after all.
  // viewAllSecondary pages the secondary list whatever the primary list's length. A phrase rule's pins make a list
  // long that was not: its searches are not remembered.
  const key = searchKey(req, s.catalogVersion, s.index.products(at.locale));
  const rememberAs = req.viewAllSecondary || phraseRule ? undefined : key;
  const knownLong = rememberAs !== undefined && !!s.longLists?.has(rememberAs);
  // Spelling (../suggest/candidates.ts): from the catalog's cached vocabulary, whether a typed word is outside
  // it (else the spelling search is left out) and the candidate corrections the spelling search counts.
  // The general lexicon is not awaited for it: its first read would hold round 1 back.
  const { catalogWords } = language;
  const spelled = spellingPlan(req.q, catalogWords, req.understandingFacts?.brands);
  const counted = { counted: (spelled.counted ?? []).map((phrase) => ({ phrase, expansion: language.expand(phrase) })), collapse };
  const secondaryOf = (kind: ListKind = list): IndexedSearch =>
    req.viewAllSecondary ? secondaryFor(req.skip, req.limit, kind) : secondaryFor(0, SECONDARY_LIMIT, kind);
  const besides = (): IndexedSearch[] => [
    secondaryOf(),
    ...(spelled.needed ? [{ index: s.index.products(at.locale), body: spellingSearch(req, req.q, language.expand(req.q), counted) }] : []),
  ];
  const wholeKey = split ? key : undefined;
  const relaxedFirst = split && !(wholeKey !== undefined && s.wholeLists?.has(wholeKey));
  const relaxedSearches = (): IndexedSearch[] => [
    primaryFor(req.q, understood, rememberedRelaxed?.aggs, req, 'relaxed'),
    ...(knownLong ? [] : [secondaryOf('relaxed')]),
  ];
  // Related phrases serve a list under RELATED_BELOW groups, known only from round 1: asked for the phrase as
  // typed in round 1 (an optional lookup, joining this round), instead of in a round after it.
  let relatedOfPhrase = relatedPhrasesOf(s, req.context.market, req.q);
  // The understood phrase's fallback (the words as typed) rides last in round 1, used when the filter leaves
  // nothing; a filter remembered to find products on this catalog version leaves it out.
  const fallback = needsFallback(understood) ? { ...understood, mode: 'fallback' as const } : undefined;
  const filterKey = fallback ? key : undefined;
  const fallbackFirst = fallback !== undefined && !(filterKey !== undefined && s.filledFilters?.has(filterKey));
  const roundBesides = knownLong ? [] : besides();
  const first = await s.search.msearch([
    primaryFor(req.q, understood, remembered?.aggs),
    ...contentsFor(req.q),
    ...roundBesides,
    ...(fallbackFirst ? [primaryFor(req.q, fallback)] : []),
    ...(relaxedFirst ? relaxedSearches() : []),
  ]);
  const fallbackAt = 1 + n + roundBesides.length;
  let phrase = req.q;
  let primary = first[0];
  // The whole list empty: the relaxed list answers, with its own secondary list (a whole list remembered to find
  // products that no longer does fetches them in a second round).
  let relaxedSecondary: Response | undefined;
  if (split && wordTotal(primary) === 0) {
    list = 'relaxed';
    [primary, relaxedSecondary] = relaxedFirst ? first.slice(fallbackAt + (fallbackFirst ? 1 : 0)) : await s.search.msearch(relaxedSearches());
  }
  if (wholeKey !== undefined) s.wholeLists?.record(wholeKey, list === 'whole');
  // Filled after all (a remembered search the version's products no longer fill): the secondary list and
  // spelling search the round left out come along, built on the fallback as they would be below.
  let later: Response[] | undefined;
  if (fallback && wordTotal(primary) === 0) {
    used = fallback;
    if (fallbackFirst) primary = first[fallbackAt];
    else [primary, ...later] = await s.search.msearch([primaryFor(req.q, fallback), ...(knownLong ? besides() : [])]);
  }
  if (filterKey !== undefined) s.filledFilters?.record(filterKey, used !== fallback);
  let contents = first.slice(1, 1 + n);
  const originalTotal = wordTotal(primary);
  const short = originalTotal < SHORT_LIST;
  const extended = originalTotal < SECONDARY_BELOW;
  if (rememberAs !== undefined) s.longLists?.record(rememberAs, !extended);
  const [roundLooser, spellingOrFallback] = knownLong ? (extended ? (later ?? (await s.search.msearch(besides()))) : []) : first.slice(1 + n);
  const spelling = spelled.needed ? spellingOrFallback : undefined;
  // Round 1's secondary list is the whole list's; the relaxed list's came beside it (a later round's is already the list's own).
  const looser = list === 'relaxed' && !knownLong ? relaxedSecondary : roundLooser;
  let secondary: Response | undefined = req.viewAllSecondary || extended ? looser : undefined;
  let originalTotalHits: number | undefined;
  let suggestions: string[] = [];

  if (short) {
    const corrections = spelling ? phraseSuggestions(spelling, req.q) : [];
    const realWord = corrections.length && s.realWords ? await s.realWords(at.locale) : undefined;
    suggestions = acceptedCorrections(req.q, corrections, {
      counts: wordCounts(spelling),
      ...(realWord ? { realWord } : {}),
      ...(catalogWords ? { holds: catalogWords.holds } : {}),
    });
    const correct = originalTotal === 0 && req.origin !== 'UNDO_AUTO_CORRECT' && req.selections.size === 0 && !req.viewAllSecondary;
    if (correct && suggestions.length) {
      // Each correction's related phrases join this round, so the winner's need no round of their own.
      const relatedOfCorrections = suggestions.map((c) => relatedPhrasesOf(s, req.context.market, c));
      const second = await s.search.msearch(suggestions.flatMap((c) => [primaryFor(c, undefined, undefined, byWords, 'relaxed'), ...contentsFor(c)]));
      const winner = suggestions.findIndex((_, i) => groupTotal(second[i * (1 + n)], collapse) > 0);
      if (winner >= 0) {
        const offset = winner * (1 + n);
        phrase = suggestions[winner];
        relatedOfPhrase = relatedOfCorrections[winner];
        primary = second[offset];
        contents = second.slice(offset + 1, offset + 1 + n);
        secondary = undefined;
        originalTotalHits = originalTotal;
      }
    }
  }

  // The fused order of the window (../semantic.ts), then the page the search by words would have fetched.
  let fused: Map<Hit, Fused> | undefined;
  if (fusing && phrase === req.q) {
    const hits = primary.hits.hits;
    const pins = new Set(phraseRule?.pinned.map((p) => p.productKey));
    const ordered = fusedHits(hits.slice(0, fusionWindow), meaning.fusion, (h) =>
      pins.has(String((h._source as { productKey?: unknown } | undefined)?.productKey)),
    );
    fused = new Map(ordered.hits.map((h, i) => [h, ordered.fused[i]!]));
    primary = { ...primary, hits: { ...primary.hits, hits: [...ordered.hits, ...hits.slice(fusionWindow)].slice(window.from, window.from + window.size) } };
  }
  let placed: PlacedHit[] | undefined;
  if (phraseRule?.pinned.length && !req.viewAllSecondary) {
    placed = placePins(primary.hits.hits, phraseRule, req.skip, req.limit);
    primary = withPlacedHits(primary, placed);
  }
  const primaryTotal = groupTotal(primary, collapse);
  // Did-you-mean only where a counted candidate finds more product groups than the phrase as typed shows.
  const offered = offeredCorrections(
    suggestions,
    spelled.counted && candidateCounts(spelling, spelled.counted, collapse),
    Math.max(originalTotal, primaryTotal),
  );
  const shown = [...(req.viewAllSecondary ? [] : mainProducts(primary)), ...mainProducts(secondary)];
  // Round 1's primary search answers the remembered candidates' values only when it is the list shown.
  const typedList = phrase === req.q && used === understood && typedQuery !== undefined;
  const dynamic = req.viewAllSecondary
    ? undefined
    : dynamicFacetsStep(s.index.products(at.locale), {
        ...req,
        query: typedList
          ? list === 'whole'
            ? typedQuery
            : relaxedQuery!
          : primaryQuery(
              phrase === req.q ? req : byWords,
              phrase,
              language.expand(phrase),
              phrase === req.q ? used : undefined,
              phrase === req.q ? list : 'relaxed',
            ),
        response: primary,
        context: req.context,
        ...(typedList && (list === 'whole' ? remembered : rememberedRelaxed) ? { asked: (list === 'whole' ? remembered : rememberedRelaxed)!.asked } : {}),
      });
  const [{ siblings, dynamicFacets }, behaviourRelated] = await Promise.all([
    siblingsAndDynamicFacets(s, at, shown, productSource(req.context), dynamic),
    primaryTotal < RELATED_BELOW ? relatedOfPhrase : Promise.resolve([]),
  ]);
  const queryId =
    req.context.notify && !explain
      ? register(s, {
          context: req.context,
          q: req.q,
          usedQ: phrase,
          origin: req.origin,
          totalHits: primaryTotal,
          skip: req.skip,
          state: answerState(req),
          hitKeys: mainProducts(req.viewAllSecondary ? secondary : primary).map((p) => p.productKey),
        })
      : undefined;
  const result = shapeSearchPage({
    req,
    phrase,
    originalTotalHits,
    queryId,
    primary,
    primaryTotal,
    secondary,
    secondaryTotal: secondary ? groupTotal(secondary, collapse) : 0,
    contents,
    siblings,
    suggestions: offered,
    now: s.now(),
    template,
    dynamicFacets,
    behaviourRelated,
    ...(options.serialised && !explain && s.listingJson && s.catalogVersion
      ? { listingJson: { cache: s.listingJson, key: shapingKey(s.catalogVersion, req.context, template) } }
      : {}),
  });
  const redirected = phraseRule?.redirect !== undefined ? { ...result, redirectLink: phraseRule.redirect } : result;
  // Nothing matched by words: the list is the products closest in meaning, and the answer says so.
  const answer: SearchPageResult = fused && originalTotal === 0 && primaryTotal > 0 ? { ...redirected, similarInMeaning: true } : redirected;
  if (!explain) return answer;
  // Without pins the order before merchandising is the order shown; a pinned list tells each hit's place among the others.
  const hits = shownHits(req.viewAllSecondary ? undefined : primary);
  const ties = tieBreaks(hits, (i) => placed?.find((p) => p.hit === hits[i])?.pin !== undefined);
  const explanations = hits.map((hit, i) => {
    const place = placed?.find((p) => p.hit === hit);
    const position = req.skip + i + 1;
    const meaningShare = fused?.get(hit)?.meaningShare;
    const share = meaningShare !== undefined ? { meaningShare } : {};
    if (!place) return explainHit(hit, { sort: req.sort, position, positionBefore: position, tie: ties[i], ...share });
    const key = String((hit._source as { productKey?: unknown }).productKey);
    return explainHit(
      hit,
      {
        sort: req.sort,
        position,
        positionBefore: place.organicPosition ?? 'pinned',
        tie: ties[i],
        ...share,
        ...(place.pin ? { pin: { key, label: `Pinned at ${position} by phrase rule '${phraseRule!.id}'`, slot: position } } : {}),
      },
      PIN_WEIGHT,
    );
  });
  return {
    ...answer,
    primaryList: { ...result.primaryList, productGroups: withExplanations(result.primaryList.productGroups, explanations) },
    ...(understood
      ? { understanding: { ...understood.understanding, mode: understood.mode, applied: used?.mode !== 'fallback' } satisfies UnderstandingExplanation }
      : {}),
  };
}

/**
 * What visitors searched in the same sessions as the phrase (read beside the siblings, so no extra round
 * trip); a failure or no history leaves the category heuristic (shape.ts).
 */
async function relatedPhrasesOf(s: StorefrontServices, market: string, phrase: string): Promise<string[]> {
  try {
    return await s.behaviour.relatedPhrases({ market, phrase, limit: MAX_RELATED + 1 });
  } catch (err) {
    s.log.warn('related phrases from behaviour unavailable', { err });
    return [];
  }
}

/** Behaviour registration never fails a query (the answer's tickets then carry no query id). */
function register(s: StorefrontServices, event: SearchEvent): string | undefined {
  try {
    return s.hooks.onSearch(event) ?? undefined;
  } catch (err) {
    s.log.warn('onSearch hook failed', { err });
    return undefined;
  }
}
