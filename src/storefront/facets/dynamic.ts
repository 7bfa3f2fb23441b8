/**
 * Dynamic facets: where a market configures none (or asks for some after its configured ones), the custom
 * attributes that cover most of the current hits become facets. Two cheap steps instead of one aggregation
 * per attribute name the catalog holds:
 *
 * 1. Coverage (`coverageAggregation`, part of the listing's facet search): under every selection, the
 *    custom label names (`customLabelNames`) and custom number names (nested pairs) by the number of
 *    products carrying them; ties by name, so the same query always gets the same candidates.
 * 2. Values (`candidatesSearch`, one size-0 search): the facets of the best 5K candidates, in one filter
 *    under every selection (no candidate is selected, so every candidate's multi-select filter is that
 *    one): the labels' terms side by side, and one nested pass over the custom numbers by name with min
 *    and max, instead of one filter and one nested pass per number. Same values, min and max as a
 *    facet aggregation per candidate (test/http/facets.test.ts), at about half of Elasticsearch's time on a
 *    catalog with 2,000 attribute names (docs/benchmarks.md, "Large-attribute search").
 *    `shapeDynamicFacets` keeps the K most useful of those that offer a choice: a TEXT facet with at least two
 *    short values (60 characters on average at most), one of which two products share when there are many (a
 *    free-text attribute, a sentence or one value per product, is no facet), whose values are not mostly
 *    numbers held as text ("15 - 35", "5 kg": they split nothing and a number is a RANGE), and that splits
 *    the hits: 2–30 values, at least two of them and 70% of them covering 5% of the hits each; a RANGE whose
 *    min is below its max. Usefulness (`facetUsefulness`) favours values that split the hits into a few sizeable
 *    groups over mere coverage.
 *    Dynamic TEXT facets list DYNAMIC_VALUES values at most.
 *
 * Attributes shown already (configured, or selected by the visitor) are never candidates: a selected
 * attribute facet is a fixed facet of the request, so it stays shown.
 */
import type { estypes } from '@elastic/elasticsearch';
import { numericPath, type AttributeKind } from '../../catalog/attributeQueries';
import { CUSTOM_PREFIX, defaultLabel } from '../../merchandising/facets/attributes';
import { AGG } from '../aggNames';
import type { FacetResult } from '../responseTypes';
import type { VersionCandidates } from '../catalogFacts';
import { facetFromDefinition, type FacetContext } from './definitions';
import { countingGroups, shapeFacets, underAllSelections } from './multiSelect';
import { GROUP_COUNT_PRECISION, groupCountAggregation } from '../groupCount';
import type { Selections } from './selections';
import { buckets, type AggResults, type Aggs, type Facet } from './types';

export type { AttributeKind };

export interface DynamicFacets {
  /** How many to show at most. */
  count: number;
  /** The listing's label of an attribute (default: the name humanised). */
  labelOf?: (attribute: string) => string;
  /** The candidates known for the catalog version the request was parsed with (versionCandidates.ts). */
  known?: VersionCandidates;
}

/** Values a dynamic TEXT facet lists at most (configured facets: 100 unless set). */
export const DYNAMIC_VALUES = 50;

/** A custom attribute that covers part of the hits. */
export interface Candidate {
  name: string;
  kind: 'label' | 'number';
  products: number;
}

const ORDER: estypes.AggregationsAggregateOrder = [{ _count: 'desc' }, { _key: 'asc' }];

/**
 * Candidates asked for: five times the facets shown (the values decide among them, so wide-coverage
 * attributes that split nothing do not crowd out useful ones), plus the attributes shown already (skipped).
 */
export const CANDIDATES_PER_FACET = 5;
export function candidateCount(dynamic: DynamicFacets, shown: readonly Facet[]): number {
  return dynamic.count * CANDIDATES_PER_FACET + shown.filter((f) => f.id.startsWith(CUSTOM_PREFIX)).length;
}

/** Step 1: which custom attributes the hits under every selection carry, most common first. */
export function coverageAggregation(facets: Facet[], selections: Selections, size: number): Aggs {
  const numbers = numericPath('number');
  return {
    [AGG.attributes]: underAllSelections(facets, selections, {
      [AGG.attributeLabels]: { terms: { field: 'customLabelNames', size, order: ORDER } },
      [AGG.attributeNumbers]: { nested: { path: numbers.path }, aggs: { [AGG.attributeNames]: { terms: { field: numbers.name, size, order: ORDER } } } },
    }),
  };
}

/** The candidates of a coverage result, by products covered then name, leaving out the facets shown. */
export function readCandidates(aggregations: Record<string, estypes.AggregationsAggregate> | undefined, shown: readonly Facet[], size: number): Candidate[] {
  const coverage = aggregations?.[AGG.attributes] as unknown as AggResults | undefined;
  if (!coverage) return [];
  const shownIds = new Set(shown.map((f) => f.id));
  const labels = buckets(coverage[AGG.attributeLabels]).map((b): Candidate => ({ name: String(b.key), kind: 'label', products: b.doc_count }));
  const nested = coverage[AGG.attributeNumbers] as unknown as AggResults | undefined;
  const numbers = buckets(nested?.[AGG.attributeNames]).map((b): Candidate => ({ name: String(b.key), kind: 'number', products: b.doc_count }));
  const seen = new Set<string>();
  return [...labels, ...numbers]
    .sort((a, b) => b.products - a.products || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.kind < b.kind ? -1 : 1))
    .filter((c) => {
      const id = CUSTOM_PREFIX + c.name;
      if (shownIds.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, size);
}

/**
 * The facet of a candidate: TEXT by count over a label, RANGE over a number. Labelled as the listing labels
 * the attribute (`labelOf`: an override, else the name humanised).
 */
export function candidateFacet(
  c: Pick<Candidate, 'name' | 'kind'>,
  ctx: FacetContext,
  labelOf: (attribute: string) => string = defaultLabel,
): Facet | undefined {
  const id = CUSTOM_PREFIX + c.name;
  return facetFromDefinition(
    { id, attribute: id, type: c.kind === 'label' ? 'TEXT' : 'RANGE', label: labelOf(id), sortOrder: 'RELEVANCE', size: DYNAMIC_VALUES },
    ctx,
  );
}

/** A candidate with its facet (candidateFacet). */
export interface CandidateFacet {
  name: string;
  kind: Candidate['kind'];
  facet: Facet;
}

const LABEL_AGG_SEPARATOR = '/';

/** Step 2: the candidates' values, in one filter applying every selection of the `fixed` facets (see above). */
export function candidateAggregations(candidates: CandidateFacet[], selections: Selections, fixed: Facet[], collapse = false): Aggs {
  const inner: Aggs = {};
  for (const c of candidates) {
    if (c.kind !== 'label') continue;
    // Collapsing: values counted in product groups, as the fixed facets are (multiSelect.ts), and so the hits.
    const aggs = collapse ? countingGroups(c.facet.aggregations()) : c.facet.aggregations();
    for (const [name, agg] of Object.entries(aggs)) inner[AGG.facet(c.facet.id) + LABEL_AGG_SEPARATOR + name] = agg;
  }
  if (collapse) Object.assign(inner, groupCountAggregation(GROUP_COUNT_PRECISION));
  const numbers = candidates.filter((c) => c.kind === 'number').map((c) => c.name);
  if (numbers.length) {
    const f = numericPath('number');
    inner[AGG.candidateNumbers] = {
      nested: { path: f.path },
      aggs: {
        [AGG.attributeNames]: {
          terms: { field: f.name, include: numbers, size: numbers.length },
          aggs: { [AGG.min]: { min: { field: f.value } }, [AGG.max]: { max: { field: f.value } } },
        },
      },
    };
  }
  return { [AGG.candidates]: underAllSelections(fixed, selections, inner) };
}

type MinMax = { key: string; [AGG.min]?: { value: number | null }; [AGG.max]?: { value: number | null } };

/**
 * The step 2 results as one facet wrapper per candidate, as a facet aggregation per candidate answers them
 * (what the facets' `shape` reads): label aggregations under their wrapper, a number's min and max as
 * customNumericStats gives them.
 */
export function candidateResults(candidates: CandidateFacet[], aggregations: AggResults | undefined): AggResults {
  const grouped = aggregations?.[AGG.candidates] as unknown as AggResults | undefined;
  if (!grouped) return {};
  const numbers = (grouped[AGG.candidateNumbers] as unknown as AggResults | undefined)?.[AGG.attributeNames] as { buckets?: MinMax[] } | undefined;
  const byName = new Map((numbers?.buckets ?? []).map((b) => [b.key, b]));
  const out: Record<string, unknown> = {};
  for (const c of candidates) {
    const wrapper = AGG.facet(c.facet.id);
    if (c.kind === 'label') {
      out[wrapper] = Object.fromEntries(Object.keys(c.facet.aggregations()).map((name) => [name, grouped[wrapper + LABEL_AGG_SEPARATOR + name]]));
    } else {
      const b = byName.get(c.name);
      out[wrapper] = { [AGG.stats]: { named: { min: { value: b?.[AGG.min]?.value ?? null }, max: { value: b?.[AGG.max]?.value ?? null } } } };
    }
  }
  return out as AggResults;
}

/**
 * The `count` most useful candidate facets, most useful first (ties: candidate order, i.e. coverage then
 * name, so the same hits always get the same facets). `hits` is the number of products under every
 * selection (shares of values are of it), `products` the products carrying each candidate (its coverage). Usefulness (`facetUsefulness`): how much of the hits the facet
 * splits into a few sizeable groups; facets that offer no choice are left out.
 */
export function shapeDynamicFacets(
  candidates: Facet[],
  aggregations: AggResults | undefined,
  count: number,
  hits?: number,
  products: ReadonlyMap<string, number> = new Map(),
): FacetResult[] {
  return shapeFacets(candidates, new Map(), aggregations)
    .map((facet, order) => ({ facet, order, score: offersChoice(facet) ? facetUsefulness(facet, hits, products.get(facet.id)) : -1 }))
    .filter((c) => c.score >= 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, count)
    .map((c) => c.facet);
}

/** Past this many values all on one product each, a TEXT attribute reads as free text (a name, a description). */
const FREE_TEXT_VALUES = 10;
/** Values longer than this on average are sentences (care instructions, notes), not choices. */
const MAX_VALUE_CHARS = 60;
/** A value is a sizeable group when it covers at least this share of the hits. */
export const SIZEABLE_SHARE = 0.05;
/** More values than this are a long list to read, whatever their counts. */
export const READABLE_VALUES = 30;
/** A RANGE facet's usefulness per share of hits it covers: a slider is a choice, but a blunt one. */
const RANGE_WEIGHT = 0.3;
/**
 * A dynamic TEXT facet is shown only when at least this share of its values are sizeable groups: a long tail
 * of values with a handful of hits each is a list to read, not a split (facet-usefulness on the electronics
 * profile: 54% of chosen TEXT facets split usefully with tails allowed, 85% with this rule).
 */
export const MIN_SIZEABLE_VALUE_SHARE = 0.7;

/**
 * A number held as text: a number, a number with a unit ("5 kg", "15 °C", "2.4GHz") or a range or product
 * of numbers ("15 - 35", "5-95 %", "10 x 20 cm"). Its values would sort as words and split nothing.
 */
const NUMBER_AS_TEXT = /^[-+]?\d[\d.,]*\s*(?:(?:-|–|to|x|×|\/)\s*[-+]?\d[\d.,]*\s*)*(?:[^\d\s]{1,6}\.?)?$/i;

/** Whether most values of a TEXT facet are numbers held as text: such an attribute is left out. */
export function holdsNumbersAsText(labels: readonly string[]): boolean {
  return labels.length > 0 && labels.filter((l) => NUMBER_AS_TEXT.test(l.trim())).length * 2 > labels.length;
}

/**
 * 0..1: for TEXT, the share of the hits in sizeable groups (values covering SIZEABLE_SHARE of the hits)
 * times how even the split is (1 − the largest value's share) and the share of its values that are sizeable;
 * −1 (not shown) without two sizeable groups, over READABLE_VALUES values, or under MIN_SIZEABLE_VALUE_SHARE
 * of its values sizeable. For RANGE, RANGE_WEIGHT times the share of the hits
 * carrying the number (`products`; all of them when unknown).
 */
export function facetUsefulness(f: FacetResult, hits?: number, products?: number): number {
  if (f.type !== 'TEXT' && f.type !== 'COLOR') return RANGE_WEIGHT * (hits && products !== undefined ? Math.min(1, products / hits) : 1);
  const counts = f.values.map((v) => v.count ?? 0);
  const total = Math.max(hits ?? 0, ...counts, 1);
  const shares = counts.map((c) => Math.min(1, c / total));
  const sizeable = shares.filter((s) => s >= SIZEABLE_SHARE);
  const covered = Math.min(
    1,
    sizeable.reduce((n, s) => n + s, 0),
  );
  const evenness = 1 - Math.max(...shares);
  // Values smaller than a sizeable group are choices that lead to a handful of hits: a facet made of them
  // reads as a long tail, so the share of its values that are sizeable weighs in.
  const tail = sizeable.length / shares.length;
  const score = Math.max(covered * evenness * tail, 0.001);
  return sizeable.length >= 2 && f.values.length <= READABLE_VALUES && tail >= MIN_SIZEABLE_VALUE_SHARE ? score : -1;
}

function offersChoice(f: FacetResult): boolean {
  switch (f.type) {
    case 'TEXT':
    case 'COLOR': {
      const { values } = f;
      if (values.length < 2 || values.reduce((n, v) => n + v.label.length, 0) / values.length > MAX_VALUE_CHARS) return false;
      if (holdsNumbersAsText(values.map((v) => v.label))) return false;
      return values.length <= FREE_TEXT_VALUES || values.some((v) => (v.count ?? 0) >= 2);
    }
    case 'RANGE':
      return f.min !== undefined && f.max !== undefined && f.min < f.max;
    default:
      return true;
  }
}

/** The size-0 search of step 2 over the listing's `query`; its response is read with candidateResults. */
export function candidatesSearch(
  query: estypes.QueryDslQueryContainer,
  candidates: CandidateFacet[],
  selections: Selections,
  fixed: Facet[],
  collapse = false,
): estypes.SearchRequest {
  return { size: 0, query, aggs: candidateAggregations(candidates, selections, fixed, collapse), track_total_hits: false };
}
