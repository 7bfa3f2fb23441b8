/**
 * Dynamic facet candidates remembered per listing (dynamicRun.ts makes the keys: the catalog version, the
 * index, the listing's query, its selections and the facets shown), so that round 1 of the same listing asks
 * the values of the attributes that covered it last time beside the coverage, instead of a round after it.
 * It decides only what is asked, never what is answered: round 1's coverage is read as always, and a
 * remembered set that no longer holds every candidate (a partial import changed the version's products) asks
 * the values in a second round, as without memory. The keys name the catalog version, so a new import starts
 * afresh and no set of an older version is ever used (the keys are hashed: a query runs to kilobytes). Per process (each API process remembers its own), at
 * most MAX_LISTINGS listings, the least recently used forgotten first.
 */
import type { Candidate } from './dynamic';

const MAX_LISTINGS = 20_000;

export type RememberedCandidate = Pick<Candidate, 'name' | 'kind'>;

export class RememberedCandidates {
  private readonly sets = new Map<string, readonly RememberedCandidate[]>();

  constructor(private readonly maxListings = MAX_LISTINGS) {}

  get(key: string): readonly RememberedCandidate[] | undefined {
    const set = this.sets.get(key);
    if (set) {
      // Least recently used first in the map's order: a listing asked again moves to the end.
      this.sets.delete(key);
      this.sets.set(key, set);
    }
    return set;
  }

  record(key: string, candidates: readonly RememberedCandidate[]): void {
    this.sets.delete(key);
    this.sets.set(
      key,
      candidates.map(({ name, kind }) => ({ name, kind })),
    );
    if (this.sets.size > this.maxListings) this.sets.delete(this.sets.keys().next().value!);
  }
}
