import assert from 'node:assert/strict';
import { validateCompounds } from '../../src/merchandising/compounds/validate';

describe('compounds configuration validation (pure)', () => {
  const configuration = { markets: { DE: { locales: ['de-DE'] }, SE: { locales: ['sv-SE'] } } };

  it('keeps one lower-case word per excluded compound, without repeats', () => {
    assert.deepStrictEqual(validateCompounds({ locales: { 'de-DE': { excluded: ['Handschuhe', 'handschuhe', 'Schuhcreme'] } } }, configuration), {
      ok: true,
      value: { 'de-DE': { excluded: ['handschuhe', 'schuhcreme'] } },
    });
  });

  it('names the path of every problem', () => {
    const r = validateCompounds(
      { locales: { 'de-DE': { excluded: ['hand schuhe', 'x'.repeat(101)] }, 'sv-SE': { exclude: [] }, 'fr-FR': { excluded: [] } } },
      configuration,
    );
    assert.equal(r.ok, false);
    const paths = r.ok ? [] : r.problems.errors.map((e) => e.path);
    for (const p of ['locales.de-DE.excluded[0]', 'locales.de-DE.excluded[1]', 'locales.sv-SE.exclude', 'locales.sv-SE.excluded', 'locales.fr-FR'])
      assert.ok(paths.includes(p), `${p} in ${paths.join(', ')}`);
    assert.equal(validateCompounds([], configuration).ok, false);
  });
});
