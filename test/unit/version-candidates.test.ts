import assert from 'node:assert/strict';
import { rankCandidates, type VersionCandidates } from '../../src/storefront/catalogFacts';
import { versionCandidatesFor } from '../../src/storefront/facets/versionCandidates';
import type { Facet } from '../../src/storefront/facets/types';

const known: VersionCandidates = {
  version: 'v2',
  ranked: rankCandidates(
    [
      { key: 'material', doc_count: 50 },
      { key: 'fit', doc_count: 20 },
      { key: 'colourway', doc_count: 20 },
    ],
    [
      { key: 'heelHeight', doc_count: 30 },
      { key: 'material', doc_count: 5 },
    ],
  ),
};
const shown = (...ids: string[]) => ids.map((id) => ({ id }) as Facet);

describe('dynamic facet candidates per catalog version', () => {
  it('ranks label and number names by coverage, ties by name', () => {
    assert.deepEqual(
      known.ranked.map((c) => `${c.kind}:${c.name}`),
      ['label:material', 'number:heelHeight', 'label:colourway', 'label:fit', 'number:material'],
    );
  });

  it('asks at most `size`, leaving out the facets shown and a name seen as another kind', () => {
    assert.deepEqual(
      versionCandidatesFor(known, 'v2', shown('custom.heelHeight'), 10).map((c) => c.name),
      ['material', 'colourway', 'fit'],
    );
    assert.deepEqual(
      versionCandidatesFor(known, 'v2', [], 2).map((c) => c.name),
      ['material', 'heelHeight'],
    );
  });

  it("never serves another catalog version than the query's", () => {
    assert.deepEqual(versionCandidatesFor(known, 'v3', [], 10), []);
    assert.deepEqual(versionCandidatesFor(known, undefined, [], 10), []);
    assert.deepEqual(versionCandidatesFor(undefined, 'v2', [], 10), []);
  });
});
