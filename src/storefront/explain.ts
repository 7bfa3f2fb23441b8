/**
 * Why each product stands where it does: the explanation the admin explain endpoints add to every
 * `primaryList.productGroups[i]` (docs/merchandising.md "Merchandising console: explain, history, impact").
 *
 * Computed only when a run is asked to explain (the storefront's own searches never carry any of it):
 * - the listing search gets `explain: true`, and Elasticsearch's score explanation gives the text fields
 *   and terms that matched and the popularity (behaviour) contribution;
 * - each product rule (the page's, a restricting ancestor's, the request's) is added as a named probe
 *   (`_name` → `matched_queries`) in an optional clause of boost 0, so matching and scores are unchanged
 *   and the order is the storefront's;
 * - pins are known from the listing plan; stock from the score's stock tier (relevance.ts);
 * - the position before merchandising (without pins) comes from one more search of the explain run only.
 *
 * Pure: builders of the probes and the explanation of one hit.
 */
import type { estypes } from '@elastic/elasticsearch';
import { compileRule, parseRules, tokenize, type CompileContext, type RuleSet } from '../rules';
import { RELAXED_TIER, STOCK_TIER } from './relevance';
import type { SortId } from './sorts';

type Query = estypes.QueryDslQueryContainer;
/** A node of Elasticsearch's score explanation (the root and its details have the same shape). */
type Node = estypes.ExplainExplanationDetail;

export const EXPLANATION_KINDS = ['text', 'pin', 'rule', 'behaviour', 'boost', 'meaning', 'stock', 'tie', 'sort'] as const;
export type ExplanationKind = (typeof EXPLANATION_KINDS)[number];

/**
 * One reason: `label` names the field, rule or page; `effect` is a score contribution or a position (1-based).
 * `boost` labels are BOOST_LABELS; a `tie` names what ordered a product after a neighbour of the same score
 * (TIE_BREAKS), its effect the neighbour's position. `meaning` (search by meaning, semantic.ts): "Similar in meaning",
 * its effect the meaning's share (0..1) of the fused relevance; the other scoring parts share the rest.
 */
export interface ExplanationEntry {
  kind: ExplanationKind;
  label: string;
  effect: number | string;
}

/** Named queries whose match is reported per hit, by label. */
export type Probes = Record<string, Query>;

/** What a listing builder adds when explaining: Elasticsearch's explanation and the probes. */
export interface ExplainOption {
  probes: Probes;
}

/**
 * The listing search with `explain: true` and the probes as optional clauses of boost 0: a product's
 * score is its listing score plus 0, so the order is unchanged.
 */
export function explainedSearch(body: estypes.SearchRequest, explain: ExplainOption | undefined): estypes.SearchRequest {
  if (!explain) return body;
  const probes = Object.entries(explain.probes).map(([name, filter]): Query => ({ constant_score: { filter, boost: 0, _name: name } }));
  const query = body.query ?? { match_all: {} };
  return { ...body, explain: true, query: probes.length ? { bool: { must: [query], should: probes } } : query };
}

/** The text of each rule of an expression (split at its `rule` keywords), for labels. */
export function ruleTexts(source: string): string[] {
  const starts = tokenize(source)
    .filter((t) => t.kind === 'word' && t.text === 'rule')
    .map((t) => t.position);
  return starts.map((start, i) => source.slice(start, starts[i + 1] ?? source.length).trim());
}

const MAX_LABEL_RULE = 160;

/** One probe per rule of a rule set: `<owner> rule <n>: <its text>`. */
export function ruleProbes(owner: string, rules: RuleSet, texts: string[], context: CompileContext): Probes {
  const out: Probes = {};
  rules.forEach((rule, i) => {
    const text = texts[i] ? `: ${texts[i].length > MAX_LABEL_RULE ? `${texts[i].slice(0, MAX_LABEL_RULE)}…` : texts[i]}` : '';
    out[`${owner} rule ${i + 1}${text}`] = compileRule(rule, context);
  });
  return out;
}

/** Probes of a rule expression as a page stores it (parsed as landing pages parse it). */
export function pageRuleProbes(owner: string, source: string | undefined, context: CompileContext): Probes {
  if (!source?.trim()) return {};
  return ruleProbes(owner, parseRules(source, { handpickedFirst: true }), ruleTexts(source), context);
}

/** A pin of the listing: the product key, what pinned it, and its slot among the pins (1-based). */
export interface PinReason {
  key: string;
  label: string;
  slot: number;
}

export interface HitContext {
  sort: SortId;
  /** 1-based position in the answer. */
  position: number;
  /** 1-based position without merchandising (pins); a string such as ">600" when beyond the window looked at. */
  positionBefore: number | string;
  pin?: PinReason;
  /** What ordered this product after the one above when both had the same score (tieBreaks). */
  tie?: string;
  /** Search by meaning: the meaning's share of the fused score (semantic.ts fuse). */
  meaningShare?: number;
}

/** The named queries of search by meaning (semantic.ts WORDS_QUERY, MEANING_QUERY, IN_STOCK_QUERY): parts of the score, not rules. */
const FUSION_PARTS = new Set(['words', 'meaning', 'inStock']);

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Text contributions by field and term: the leaves `weight(field:term in doc)` of Elasticsearch's
 * explanation, summed per field:term; under a "max of" node (dis_max, best_fields) only the best child counts.
 */
export function textContributions(explanation: estypes.ExplainExplanation | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (e: Node) => {
    const weight = /^weight\((.+?) in \d+\)/.exec(e.description);
    if (weight) {
      for (const term of termsOf(weight[1])) out.set(term, (out.get(term) ?? 0) + e.value / Math.max(1, termsOf(weight[1]).length));
      return;
    }
    if (/field value function|popularity/.test(e.description)) return;
    const children = e.details ?? [];
    if (/^max of/.test(e.description) && children.length) {
      walk(children.reduce((best, c) => (c.value > best.value ? c : best)));
      return;
    }
    children.forEach(walk);
  };
  if (explanation) walk(explanation);
  return out;
}

/** `title:sneaker`, `Synonym(title:a title:b)`, `title:"red shoe"` → the field:term pairs named. */
function termsOf(inner: string): string[] {
  const found = [...inner.matchAll(/([\w.]+):("[^"]*"|[^\s()]+)/g)].map((m) => `${m[1]}:${m[2]}`);
  return found.length ? [...new Set(found)] : [inner];
}

/** The popularity factor's contribution (relevance.ts `relevanceBoosts`), when the explanation has one. */
export function behaviourContribution(explanation: estypes.ExplainExplanation | undefined): number | undefined {
  let found: number | undefined;
  const walk = (e: Node) => {
    if (found !== undefined) return;
    if (/field value function/.test(e.description) && /popularity/.test(e.description)) {
      found = e.value;
      return;
    }
    (e.details ?? []).forEach(walk);
  };
  if (explanation) walk(explanation);
  return found;
}

/** The scoring clauses of relevanceBoosts named for the console: the phrase's type, the type prior, the shoppers' category prior. */
export const BOOST_LABELS = { type: 'product type', prior: 'type prior', shoppers: "shoppers' category" } as const;

/**
 * The optional boosts' contributions by BOOST_LABELS, from their `ConstantScore(field:…)` leaves: a
 * productTypeKeys clause under "max of" is the prior (one clause per likely type), outside it the phrase's own
 * type; a category clause is the shoppers' prior. Probes (boost 0) add nothing and are left out.
 */
export function boostContributions(explanation: estypes.ExplainExplanation | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const add = (label: string, value: number) => {
    if (value > 0) out.set(label, (out.get(label) ?? 0) + value);
  };
  const walk = (e: Node, underMax: boolean) => {
    const constant = /^ConstantScore\((productTypeKeys|category):/.exec(e.description);
    if (constant) {
      add(constant[1] === 'category' ? BOOST_LABELS.shoppers : underMax ? BOOST_LABELS.prior : BOOST_LABELS.type, e.value);
      return;
    }
    if (/^weight\(/.test(e.description) || /field value function/.test(e.description)) return;
    const children = e.details ?? [];
    if (/^max of/.test(e.description) && children.length) {
      walk(
        children.reduce((best, c) => (c.value > best.value ? c : best)),
        true,
      );
      return;
    }
    children.forEach((c) => walk(c, underMax));
  };
  if (explanation) walk(explanation, false);
  return out;
}

/** What orders products of the same score, after the sort's own fields (sorts.ts `listingSort`). */
export const TIE_BREAKS = ['popularity', 'product key'] as const;

/**
 * Scores closer than this share of the score look the same in the console (its parts rounded to 3 decimals
 * under a stock tier of 10^7), yet the score ordered them: named NEARLY_TIED rather than left unexplained.
 */
const NEAR_TIE = 1e-5;
export const NEARLY_TIED = 'a hair lower score';

/**
 * For each hit, what ordered it after the hit above when their sort values agree up to the tie-breaks
 * (popularity, then product key: the last two values of every listing's sort), NEARLY_TIED when only a score
 * a hair lower did, else undefined. A pinned hit
 * (or one below a pin) is placed by the pin, not by a tie. Scores compare exactly: Elasticsearch ordered them so.
 */
export function tieBreaks(hits: estypes.SearchHit<unknown>[], pinned: (i: number) => boolean = () => false): (string | undefined)[] {
  return hits.map((hit, i) => {
    const above = hits[i - 1];
    if (!above || pinned(i) || pinned(i - 1) || !hit.sort || !above.sort || hit.sort.length !== above.sort.length) return undefined;
    const first = hit.sort.findIndex((v, j) => v !== above.sort![j]);
    const [a, b] = [above.sort[0], hit.sort[0]];
    if (first === 0 && typeof a === 'number' && typeof b === 'number' && a - b <= NEAR_TIE * Math.abs(a)) return NEARLY_TIED;
    const from = hit.sort.length - TIE_BREAKS.length;
    return first >= from ? TIE_BREAKS[first - from] : undefined;
  });
}

/** The listing score of a hit: the first sort value (every listing sorts on `_score` first), else `_score`. */
function scoreOf(hit: estypes.SearchHit<unknown>): number {
  const first = hit.sort?.[0];
  return typeof first === 'number' ? first : (hit._score ?? 0);
}

/** Whether the listing's stock tier counted the product in stock (the pin weight, far above, taken off). */
export function inStock(score: number, sort: SortId, pinned: boolean, pinWeight: number): boolean {
  const base = pinned ? score % pinWeight : score;
  // A product missing a word (search-page's relaxed tier) scores below 1: its stock factor is scaled down too.
  const relaxedInStock = base < 1 && base >= (STOCK_TIER * RELAXED_TIER) / 2;
  return sort === 'RELEVANCE' ? base >= STOCK_TIER || relaxedInStock : base % 2 >= 1;
}

/** The reasons of one hit, in the order they act: pin, rules, text, behaviour, boosts, stock, tie, then the positions. */
export function explainHit(hit: estypes.SearchHit<unknown>, c: HitContext, pinWeight = Number.POSITIVE_INFINITY): ExplanationEntry[] {
  const out: ExplanationEntry[] = [];
  if (c.pin) out.push({ kind: 'pin', label: c.pin.label, effect: c.pin.slot });
  const matched = Array.isArray(hit.matched_queries) ? hit.matched_queries : Object.keys(hit.matched_queries ?? {});
  for (const name of matched) if (!FUSION_PARTS.has(name)) out.push({ kind: 'rule', label: name, effect: 0 });
  if (c.sort === 'RELEVANCE') {
    for (const [label, value] of textContributions(hit._explanation)) out.push({ kind: 'text', label, effect: round(value) });
    const behaviour = behaviourContribution(hit._explanation);
    if (behaviour !== undefined) out.push({ kind: 'behaviour', label: 'popularity', effect: round(behaviour) });
    for (const [label, value] of boostContributions(hit._explanation)) out.push({ kind: 'boost', label, effect: round(value) });
    if (c.meaningShare !== undefined && c.meaningShare > 0) out.push({ kind: 'meaning', label: 'Similar in meaning', effect: round(c.meaningShare) });
  }
  const stocked = inStock(scoreOf(hit), c.sort, c.pin !== undefined, pinWeight);
  out.push(
    stocked
      ? { kind: 'stock', label: 'in stock', effect: c.sort === 'RELEVANCE' ? STOCK_TIER : 1 }
      : { kind: 'stock', label: 'out of stock: after every product in stock', effect: c.sort === 'RELEVANCE' ? 1 : 0 },
  );
  if (c.tie && c.position > 1) out.push({ kind: 'tie', label: c.tie, effect: c.position - 1 });
  out.push({ kind: 'sort', label: `${c.sort}: position before merchandising`, effect: c.positionBefore });
  out.push({ kind: 'sort', label: `${c.sort}: position after merchandising`, effect: c.position });
  return out;
}

/** Hits as the shapers list them (those with a `_source`), so explanations line up with product groups. */
export const shownHits = (response: estypes.SearchResponse<unknown> | undefined): estypes.SearchHit<unknown>[] =>
  (response?.hits.hits ?? []).filter((h) => h._source);

/** Product keys of a listing response in order (for positions before merchandising). */
export const hitKeys = (response: estypes.SearchResponse<unknown>): string[] =>
  shownHits(response).map((h) => String((h._source as { productKey?: unknown }).productKey));

/** Adds `explanation` to each product group of a shaped list, in hit order. */
export function withExplanations<G extends object>(groups: G[], explanations: ExplanationEntry[][]): (G & { explanation: ExplanationEntry[] })[] {
  return groups.map((g, i) => ({ ...g, explanation: explanations[i] ?? [] }));
}
