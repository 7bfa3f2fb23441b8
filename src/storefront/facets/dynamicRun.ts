/**
 * Step 2 of dynamic facets (see dynamic.ts) as a search to send: the candidates come from the listing's
 * facet response, their values from one size-0 search that the caller sends as its second round, and the
 * facets that offer a choice are read from its response.
 *
 * A listing seen before on the catalog version (rememberedCandidates.ts) asks the values of the candidates
 * it had then in round 1, beside the coverage (`askedCandidates`): when round 1's coverage finds no candidate
 * outside that set, the values are read from round 1's answer and no second round is needed. The values of a
 * candidate do not depend on the others asked beside it, so the answer is the one the second round gives.
 * A listing not seen before asks the catalog version's widest-covering candidates instead (versionCandidates.ts),
 * with the same fallback.
 */
import { createHash } from 'node:crypto';
import { readGroupCount } from '../groupCount';
import type { estypes } from '@elastic/elasticsearch';
import type { IndexedSearch } from '../../search/msearch';
import { AGG } from '../aggNames';
import { CUSTOM_PREFIX } from '../../merchandising/facets/attributes';
import type { FacetResult } from '../responseTypes';
import {
  candidateAggregations,
  candidateCount,
  candidateFacet,
  candidateResults,
  candidatesSearch,
  readCandidates,
  shapeDynamicFacets,
  type CandidateFacet,
  type DynamicFacets,
} from './dynamic';
import type { FacetContext } from './definitions';
import type { RememberedCandidate, RememberedCandidates } from './rememberedCandidates';
import type { Selections } from './selections';
import { VERSION_CANDIDATES_WIDENING, versionCandidatesFor } from './versionCandidates';
import type { AggResults, Aggs, Facet } from './types';

export interface DynamicListing {
  dynamic?: DynamicFacets;
  facets: Facet[];
  selections: Selections;
  /** The listing's query without selections (facets are aggregated under it). */
  query: estypes.QueryDslQueryContainer;
  context: FacetContext;
}

/** The facet response of the listing: the coverage aggregation, and the remembered candidates' values when asked. */
export interface AnsweredListing extends DynamicListing {
  response: estypes.SearchResponse<unknown>;
  /** What round 1 asked beside the coverage (askedCandidates). */
  asked?: AskedCandidates;
}

/** Either the values search to send, or the facets read from round 1 already. */
export type DynamicFacetsStep = { search: IndexedSearch; read(response: estypes.SearchResponse<unknown>): FacetResult[] } | { facets: FacetResult[] };

/** The memory of a listing's candidates, and what round 1 asked of it. */
export interface AskedCandidates {
  memory: RememberedCandidates;
  key: string;
  /** The remembered candidates whose values round 1 asked (none: round 1 asked only the coverage). */
  candidates: CandidateFacet[];
}

/**
 * The remembered candidates of the listing, and their values aggregation to add to round 1's facet search
 * (its query must be `l.query`); undefined without dynamic facets or a catalog version (nothing is remembered).
 */
export function askedCandidates(
  memory: RememberedCandidates | undefined,
  catalogVersion: string | undefined,
  index: string,
  l: DynamicListing,
  collapse: boolean,
): { asked: AskedCandidates; aggs: Aggs } | undefined {
  if (!memory || !catalogVersion || !l.dynamic) return undefined;
  // Hashed: a listing's query runs to kilobytes, and 20,000 of them would hold a sizeable share of the heap.
  const key = createHash('sha1')
    .update(JSON.stringify([catalogVersion, index, l.query, [...l.selections], l.facets.map((f) => f.id), l.dynamic.count]))
    .digest('base64');
  // A listing not seen on this version asks the version's widest-covering candidates (versionCandidates.ts).
  const seen =
    memory.get(key) ?? versionCandidatesFor(l.dynamic.known, catalogVersion, l.facets, candidateCount(l.dynamic, l.facets) * VERSION_CANDIDATES_WIDENING);
  const candidates = facetsOf(seen, l);
  return { asked: { memory, key, candidates }, aggs: candidates.length ? candidateAggregations(candidates, l.selections, l.facets, collapse) : {} };
}

/** The values step of the candidates; undefined when the listing has no dynamic facets or no candidate. */
export function dynamicFacetsStep(index: string, l: AnsweredListing): DynamicFacetsStep | undefined {
  if (!l.dynamic) return undefined;
  const { count } = l.dynamic;
  const found = readCandidates(l.response.aggregations, l.facets, candidateCount(l.dynamic, l.facets));
  l.asked?.memory.record(l.asked.key, found);
  const products = new Map(found.map((c) => [CUSTOM_PREFIX + c.name, c.products]));
  const candidates = facetsOf(found, l);
  if (candidates.length === 0) return undefined;
  // The listing collapses (counts product groups) exactly when its response holds the group count.
  const collapse = l.response.aggregations?.[AGG.groups] !== undefined;
  const read = (response: estypes.SearchResponse<unknown>): FacetResult[] => {
    const aggregations = response.aggregations as AggResults | undefined;
    const under = aggregations?.[AGG.candidates] as { doc_count?: number } | undefined;
    const hits = readGroupCount(under as Record<string, unknown> | undefined) ?? under?.doc_count;
    return shapeDynamicFacets(
      candidates.map((c) => c.facet),
      candidateResults(candidates, aggregations),
      count,
      hits,
      products,
    );
  };
  const asked = new Set(l.asked?.candidates.map(idOf));
  if (asked.size && l.response.aggregations?.[AGG.candidates] !== undefined && candidates.every((c) => asked.has(idOf(c)))) return { facets: read(l.response) };
  return { search: { index, body: candidatesSearch(l.query, candidates, l.selections, l.facets, collapse) }, read };
}

function idOf(c: RememberedCandidate): string {
  return `${c.kind}:${c.name}`;
}

function facetsOf(found: readonly RememberedCandidate[], l: DynamicListing): CandidateFacet[] {
  return found.flatMap((c): CandidateFacet[] => {
    const facet = candidateFacet(c, l.context, l.dynamic?.labelOf);
    return facet ? [{ name: c.name, kind: c.kind, facet }] : [];
  });
}
