/** Markets and locales learned from raw catalog lines (src/configuration/learn.ts). */
import assert from 'node:assert/strict';
import { ConfigurationLearner, homeMarkets } from '../../src/configuration/learn';

function learn(...entities: unknown[]) {
  const learner = new ConfigurationLearner();
  for (const e of entities) learner.addLine({ replace: e });
  return learner;
}
const product = (markets: unknown, extra: Record<string, unknown> = {}) => ({
  key: 'g',
  productGroup: { products: { p: { markets, variants: { v: { defaults: { listPrice: 1, sellingPrice: 1 } } }, ...extra } } },
});

describe('configuration learned from catalog lines', () => {
  it('gives a market the locales its entities speak: dataLocale, *|locale and market|locale override keys, limitedLocales', () => {
    const learner = learn(
      product(['SE'], { defaults: { dataLocale: 'sv-SE' }, overrides: { '*|en-GB': { dataLocale: 'en-GB' } } }),
      product(['NO'], { defaults: { dataLocale: 'nb-NO' }, images: { i: { limitedLocales: ['nn-NO'] } } }),
      product(['FI'], { variants: { v: { overrides: { 'FI|sv-FI': { stock: 1 }, 'FI|*': { dataLocale: 'fi-FI' } } } } }),
      { key: 'c', content: { markets: ['DK'], type: 'article', defaults: { dataLocale: 'da-DK' } } },
    );
    assert.deepEqual(learner.result(), {
      ok: true,
      configuration: {
        markets: {
          DK: { locales: ['da-DK'] },
          FI: { locales: ['fi-FI', 'sv-FI'] },
          NO: { locales: ['nb-NO', 'nn-NO'] },
          SE: { locales: ['en-GB', 'sv-SE'] },
        },
      },
    });
  });

  it('gives a locale spoken by an item sold in several markets to the market named after its country, else to all', () => {
    const learner = learn(
      product(['SE', 'NO', 'UK'], { defaults: { dataLocale: 'sv-SE' }, overrides: { '*|nb-NO': { dataLocale: 'nb-NO' }, '*|en-GB': { dataLocale: 'en-GB' } } }),
    );
    assert.deepEqual(learner.result(), {
      ok: true,
      configuration: {
        markets: {
          NO: { locales: ['en-GB', 'nb-NO'] },
          SE: { locales: ['en-GB', 'sv-SE'] },
          UK: { locales: ['en-GB'] },
        },
      },
    });
    assert.deepEqual(homeMarkets('sv-SE', ['se', 'no']), ['se']);
    assert.deepEqual(homeMarkets('en-001', ['SE', 'NO']), ['SE', 'NO']);
  });

  it('gives a market that speaks no locale of its own every locale the file names (translations included)', () => {
    const learner = learn({ key: 't', translation: { attribute: 'category', id: 'c', locale: 'sv-SE', value: 'Skor' } }, product(['SE', 'NO']), {
      key: 't2',
      translation: { attribute: 'category', id: 'c', locale: 'nb-NO', value: 'Sko' },
    });
    assert.deepEqual(learner.result(), { ok: true, configuration: { markets: { NO: { locales: ['nb-NO', 'sv-SE'] }, SE: { locales: ['nb-NO', 'sv-SE'] } } } });
  });

  it('says why nothing can be learned: no locale, no market, more than 5 locales in a market', () => {
    assert.deepEqual(learn(product(['SE'])).result(), {
      ok: false,
      message: 'the file names no locale (no dataLocale, no override key with a locale, no translation)',
    });
    assert.deepEqual(learn({ key: 't', translation: { locale: 'sv-SE' } }).result(), { ok: false, message: 'the file names no market' });
    const six = Object.fromEntries(['sv-SE', 'en-GB', 'nb-NO', 'da-DK', 'fi-FI', 'de-DE'].map((l) => [`*|${l}`, {}]));
    const r = learn(product(['SE'], { overrides: six })).result();
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : '', /markets\.SE\.locales/);
  });

  it('leaves malformed market ids and unsupported locales to validation, and ignores lines that are not replace lines', () => {
    const learner = learn(product(['S E', 'SE'], { defaults: { dataLocale: 'xx-XX' }, overrides: { '*|sv-SE': {} } }));
    learner.addLine('garbage');
    learner.addLine({ edit: product(['NO']) });
    assert.deepEqual(learner.result(), { ok: true, configuration: { markets: { SE: { locales: ['sv-SE'] } } } });
  });

  it('validates lines against what was seen so far, the same configuration object until something new is seen', () => {
    const learner = learn({ key: 't', translation: { attribute: 'category', id: 'c', locale: 'sv-SE', value: 'Skor' } });
    const first = learner.forValidation();
    assert.deepEqual([first.configuration, [...(first.locales ?? [])]], [{ markets: {} }, ['sv-SE']]);
    learner.addLine({ replace: product(['SE']) });
    const second = learner.forValidation();
    assert.deepEqual(second.configuration, { markets: { SE: { locales: ['sv-SE'] } } });
    learner.addLine({ replace: product(['SE']) });
    assert.equal(learner.forValidation().configuration, second.configuration);
  });
});
