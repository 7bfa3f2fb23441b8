/** Phrase rules, pure parts: matching (normalisation, locale, start/end), pin placement and the console's pin positions. */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import { indexPhraseRules, phraseRuleFor } from '../../src/merchandising/phraseRules/match';
import { normalisePhrase } from '../../src/merchandising/phraseRules/normalise';
import { applied, placePins, pinnedWindow } from '../../src/storefront/phraseMerchandising';
import { freePosition, pinAtPosition } from '../../web/console/phraseDraft';

const hit = (key: string): estypes.SearchHit<unknown> => ({ _index: 'i', _id: key, _source: { productKey: key } });
const keys = (placed: { hit: estypes.SearchHit<unknown> }[]) => placed.map((p) => (p.hit._source as { productKey: string }).productKey);

describe('phrase rules (pure)', () => {
  it('normalises case and whitespace, keeping diacritics as typed', () => {
    assert.equal(normalisePhrase('  Röda   SKOR '), 'röda skor');
    assert.notEqual(normalisePhrase('skör'), normalisePhrase('skor'));
  });

  it('finds the first rule of the market, locale and view that applies now', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const index = indexPhraseRules({
      SE: {
        published: [
          { id: 'future', phrases: ['sneakers'], start: '2026-07-01T00:00:00Z' },
          { id: 'english', phrases: ['sneakers'], locale: 'en-GB' },
          { id: 'any', phrases: ['sneakers', 'trainers'] },
        ],
        preview: [{ id: 'draft', phrases: ['sneakers'] }],
      },
    });
    const at = (locale: string, view: 'production' | 'preview' = 'production') => ({ market: 'SE', locale, view });
    assert.equal(phraseRuleFor(index, at('en-GB'), ' Sneakers', now)?.id, 'english');
    assert.equal(phraseRuleFor(index, at('sv-SE'), 'sneakers', now)?.id, 'any');
    assert.equal(phraseRuleFor(index, at('sv-SE'), 'TRAINERS', now)?.id, 'any');
    assert.equal(phraseRuleFor(index, at('sv-SE', 'preview'), 'sneakers', now)?.id, 'draft');
    assert.equal(phraseRuleFor(index, { market: 'NO', locale: 'nb-NO', view: 'production' }, 'sneakers', now), undefined);
    assert.equal(phraseRuleFor(index, at('sv-SE'), 'sneakers', new Date('2026-07-02T00:00:00Z'))?.id, 'future');
  });

  it('places each pin at its position, the rest in order, a pin beyond the end last, and pages the result', () => {
    const rule = applied(
      {
        id: 'r',
        phrases: ['x'],
        pinned: [
          { productKey: 'P9', position: 30 },
          { productKey: 'P1', position: 1 },
          { productKey: 'P3', position: 3 },
        ],
      },
      undefined,
    );
    // Pins come first from Elasticsearch (pin weights), in position order; then the others.
    const hits = ['P1', 'P3', 'P9', 'a', 'b', 'c', 'd'].map(hit);
    assert.deepEqual(keys(placePins(hits, rule, 0, 10)), ['P1', 'a', 'P3', 'b', 'c', 'd', 'P9']);
    assert.deepEqual(keys(placePins(hits, rule, 1, 3)), ['a', 'P3', 'b']);
    // A pin the search did not return (hidden, another market) leaves its place to the others.
    assert.deepEqual(keys(placePins(['P1', 'a', 'b'].map(hit), rule, 0, 10)), ['P1', 'a', 'b']);
    assert.deepEqual(pinnedWindow(20, 10, rule), { from: 0, size: 33 });
    assert.deepEqual(pinnedWindow(20, 10, undefined), { from: 20, size: 10 });
  });

  it('the console pins at a position, moving the pins it meets down one', () => {
    const pinned = [
      { productKey: 'a', position: 1 },
      { productKey: 'b', position: 2 },
      { productKey: 'c', position: 5 },
    ];
    assert.deepEqual(pinAtPosition(pinned, 'x', 1), [
      { productKey: 'x', position: 1 },
      { productKey: 'a', position: 2 },
      { productKey: 'b', position: 3 },
      { productKey: 'c', position: 5 },
    ]);
    assert.deepEqual(pinAtPosition(pinned, 'c', 2), [
      { productKey: 'a', position: 1 },
      { productKey: 'c', position: 2 },
      { productKey: 'b', position: 3 },
    ]);
    assert.equal(freePosition(pinned), 3);
  });
});
