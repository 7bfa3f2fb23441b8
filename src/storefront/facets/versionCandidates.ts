/**
 * Dynamic facet candidates known per catalog version (issue 41, "first sight"): the custom attributes the
 * version's products carry, by the number of products (label names) or values (number names) carrying them,
 * read by the catalog facts' one aggregation (../catalogFacts.ts), so per version and process with no round
 * trip on a query's path. A listing the process has not seen (no remembered candidates, rememberedCandidates.ts)
 * asks the values of the version's widest-covering attributes in round 1 (dynamicRun.ts `askedCandidates`);
 * when round 1's coverage of the listing's own hits finds a candidate outside them, the values follow in a
 * second round, as without this knowledge. So the knowledge decides only what round 1 asks, never the facets
 * answered, and an older version's knowledge is never used (the facts name their version and the query's
 * pinned version must be the same).
 */
import { CUSTOM_PREFIX } from '../../merchandising/facets/attributes';
import type { VersionCandidates } from '../catalogFacts';
import type { Candidate } from './dynamic';
import type { Facet } from './types';

export type { VersionCandidates };

/**
 * Round 1 asks this many times the candidates the listing's coverage keeps (dynamic.ts `candidateCount`):
 * a listing's hits are a part of the catalog whose best-covering attributes are mostly, not exactly, the
 * catalog's. A catalog with fewer attribute names has them all asked, and its listings never need a second round.
 */
export const VERSION_CANDIDATES_WIDENING = 2;

/**
 * The version's candidates round 1 asks for a listing the process has not seen: at most `size` (the listing's
 * candidate count, widened), leaving out the facets shown; none when the knowledge is of another version than
 * the query's (a newer import went live since the facts were read, or they were read before it).
 */
export function versionCandidatesFor(
  known: VersionCandidates | undefined,
  catalogVersion: string | undefined,
  shown: readonly Facet[],
  size: number,
): Candidate[] {
  if (!known || !catalogVersion || known.version !== catalogVersion) return [];
  const shownIds = new Set(shown.map((f) => f.id));
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of known.ranked) {
    if (out.length >= size) break;
    const id = CUSTOM_PREFIX + c.name;
    if (shownIds.has(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(c);
  }
  return out;
}
