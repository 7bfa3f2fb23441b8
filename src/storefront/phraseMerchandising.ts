/**
 * Phrase rules applied to a search (src/merchandising/phraseRules): the rule of the visitor's phrase is looked
 * up in the store's in-process index (no Elasticsearch round trip), then changes the searches already sent
 * (pure builders here): hidden products leave every list, boost and bury rules scale relevance, pinned products
 * join the primary list whatever they match and are placed at their positions after the search.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { Logger } from '../kernel/log';
import type { PhraseRule } from '../merchandising/phraseRules/types';
import type { PhraseRuleStore } from '../merchandising/phraseRuleStore';
import { compileRules, parseRules } from '../rules';
import { ruleProbes, ruleTexts, type Probes } from './explain';
import { pinnedFirst } from './pins';
import type { QueryContext } from './request';

type Query = estypes.QueryDslQueryContainer;
type Hit = estypes.SearchHit<unknown>;

/** Relevance factor of a boosted product, and of a buried one: above and below any ratio of two text scores. */
export const PHRASE_BOOST = 1000;
export const PHRASE_BURY = 0.001;
/** Elasticsearch's default index.max_result_window: pins are placed within it. */
const MAX_WINDOW = 10_000;

/** The rule of a search, as the searches use it. */
export interface AppliedPhraseRule {
  id: string;
  /** Pinned keys by position, ascending. */
  pinned: { productKey: string; position: number }[];
  hidden: string[];
  boost?: Query;
  bury?: Query;
  redirect?: string;
  /** Texts of the boost and bury rules, for the explanation's probes. */
  boostText?: string;
  buryText?: string;
}

/**
 * The rule applying to the phrase in the context's market, locale and view now; a store that fails leaves the
 * search without one (logged), as a synonym failure does.
 */
export async function phraseRuleOf(
  s: { merchandising?: { phraseRules?: Pick<PhraseRuleStore, 'ruleFor'> }; log: Logger; now(): Date },
  context: QueryContext,
  phrase: string,
): Promise<AppliedPhraseRule | undefined> {
  // Services without the store (scripted unit-test services) search without rules.
  const store = s.merchandising?.phraseRules;
  if (!store || !phrase.trim()) return undefined;
  try {
    const view = context.viewId === 'PREVIEW' ? 'preview' : 'production';
    const rule = await store.ruleFor({ market: context.market, locale: context.locale, view }, phrase, s.now());
    return rule && applied(rule, context.priceId);
  } catch (err) {
    s.log.warn('phrase rules unavailable', { err });
    return undefined;
  }
}

export function applied(rule: PhraseRule, priceId: string | undefined): AppliedPhraseRule {
  const compile = (text: string | undefined) => (text ? compileRules(text, { handpickedFirst: false, priceId }).filter : undefined);
  const boost = compile(rule.boost);
  const bury = compile(rule.bury);
  return {
    id: rule.id,
    pinned: [...(rule.pinned ?? [])].sort((a, b) => a.position - b.position),
    hidden: rule.hidden ?? [],
    ...(boost ? { boost, boostText: rule.boost } : {}),
    ...(bury ? { bury, buryText: rule.bury } : {}),
    ...(rule.redirect !== undefined ? { redirect: rule.redirect } : {}),
  };
}

/** Filters keeping the rule's hidden products out of a list. */
export const hiddenFilters = (rule: AppliedPhraseRule | undefined): Query[] =>
  rule?.hidden.length ? [{ bool: { must_not: [{ terms: { productKey: rule.hidden } }] } }] : [];

/** The phrase's match, widened to the pinned products: they are listed whatever they match. */
export function matchWithPins(match: Query, rule: AppliedPhraseRule | undefined): Query {
  if (!rule?.pinned.length) return match;
  return { bool: { should: [match, { terms: { productKey: rule.pinned.map((p) => p.productKey) } }], minimum_should_match: 1 } };
}

/**
 * The listing query with the rule's boosts and buries (relevance sort only: an explicit sort is the visitor's
 * order) and its pins first; `placePins` then moves each pin to its position.
 */
export function withPhraseRule(query: Query, rule: AppliedPhraseRule | undefined, relevance: boolean): Query {
  if (!rule) return query;
  const functions: estypes.QueryDslFunctionScoreContainer[] = relevance
    ? [...(rule.boost ? [{ filter: rule.boost, weight: PHRASE_BOOST }] : []), ...(rule.bury ? [{ filter: rule.bury, weight: PHRASE_BURY }] : [])]
    : [];
  const scaled: Query = functions.length ? { function_score: { query, functions, score_mode: 'multiply', boost_mode: 'multiply' } } : query;
  return pinnedFirst(
    scaled,
    rule.pinned.map((p) => p.productKey),
  );
}

/** The hits to fetch for a page of the list: from the first, far enough to place every pin of the rule. */
export function pinnedWindow(skip: number, limit: number, rule: AppliedPhraseRule | undefined): { from: number; size: number } {
  if (!rule?.pinned.length) return { from: skip, size: limit };
  return { from: 0, size: Math.min(MAX_WINDOW, skip + limit + rule.pinned.length) };
}

const keyOf = (hit: Hit): string => String((hit._source as { productKey?: unknown } | undefined)?.productKey);

/** A hit placed by `placePins`, with its organic position (1-based; undefined for a pin). */
export interface PlacedHit {
  hit: Hit;
  pin?: { position: number };
  organicPosition?: number;
}

/**
 * The page `skip`..`skip+limit` of a list fetched with `pinnedWindow` (pins first, in position order): each pin
 * found at its position, the other hits in their order around them; a pin beyond the end follows the last hit.
 */
export function placePins(hits: Hit[], rule: AppliedPhraseRule, skip: number, limit: number): PlacedHit[] {
  const positions = new Map(rule.pinned.map((p) => [p.productKey, p.position]));
  const pins = hits.filter((h) => positions.has(keyOf(h))).sort((a, b) => positions.get(keyOf(a))! - positions.get(keyOf(b))!);
  const organic = hits.filter((h) => !positions.has(keyOf(h)));
  const out: PlacedHit[] = [];
  let o = 0;
  let p = 0;
  while (out.length < skip + limit && (o < organic.length || p < pins.length)) {
    const slot = out.length + 1;
    const pin = pins[p];
    if (pin && (positions.get(keyOf(pin))! <= slot || o >= organic.length)) {
      out.push({ hit: pin, pin: { position: slot } });
      p++;
    } else {
      out.push({ hit: organic[o], organicPosition: o + 1 });
      o++;
    }
  }
  return out.slice(skip);
}

/** A search response whose hits are the placed page. */
export function withPlacedHits<T extends estypes.SearchResponse<unknown>>(response: T, placed: PlacedHit[]): T {
  return { ...response, hits: { ...response.hits, hits: placed.map((p) => p.hit) } };
}

/** Named probes of the boost and bury rules, so the explanation says which matched ("phrase rule 'x' boost rule 1: …"). */
export function phraseRuleProbes(rule: AppliedPhraseRule | undefined, priceId: string | undefined): Probes {
  if (!rule) return {};
  const probes = (owner: string, text: string | undefined): Probes =>
    text ? ruleProbes(owner, parseRules(text, { handpickedFirst: false }), ruleTexts(text), { priceId }) : {};
  return { ...probes(`Boosted by phrase rule '${rule.id}',`, rule.boostText), ...probes(`Buried by phrase rule '${rule.id}',`, rule.buryText) };
}
