import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogAnalysis, languageAnalyzer, type AnalysisBlock, type AnalysisFiles } from '../../src/search/localeAnalysis';
import { textMatch, wordsMatch, COMPOUND_WEIGHT, SYNONYM_WEIGHT } from '../../src/storefront/relevance';
import { expandWith } from '../../src/storefront/phraseExpansion';
import { compileSynonyms } from '../../src/merchandising/synonyms/expand';
import { compoundIndex } from '../../src/catalog/vocabulary';
import { mergeProperties } from '../../src/storefront/catalogFacts';

const read = (name: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'mappings', name), 'utf8')) as AnalysisBlock;
const FILES: AnalysisFiles = { core: read('analysis-core.json'), full: read('analysis-full.json'), plugin: read('analysis-plugin.json') };

describe('locale analysis (pure)', () => {
  it('names the language analyzer of a locale; ja, ko, zh share the CJK bigrams', () => {
    assert.equal(languageAnalyzer('sv-SE'), 'text_sv');
    assert.equal(languageAnalyzer('en-001'), 'text_en');
    assert.equal(languageAnalyzer('ja-JP'), 'text_cjk');
  });

  it('plugin: catalog_text is the locale chain without decompounding; only the catalog analyzers are defined', () => {
    const sv = catalogAnalysis(FILES, 'plugin', 'sv-SE');
    assert.deepStrictEqual(sv.analyzer.catalog_text.filter, ['lowercase', 'stem_sv', 'elevate_folding']);
    assert.deepStrictEqual(Object.keys(sv.analyzer).sort(), ['catalog_shingle', 'catalog_suggest', 'catalog_text']);
    assert.deepStrictEqual(sv.analyzer.catalog_suggest.filter, ['lowercase', 'elevate_folding']);
    assert.deepStrictEqual(catalogAnalysis(FILES, 'plugin', 'en-GB').analyzer.catalog_text.filter, [
      'lowercase',
      'possessive_en',
      'stem_en',
      'elevate_folding',
    ]);
    // Without a locale (events), the file's English-ish catalog_text stays.
    assert.deepStrictEqual(catalogAnalysis(FILES, 'plugin').analyzer.catalog_text, FILES.plugin.analyzer.catalog_text);
  });

  it('full: the same chains with analysis-common filters', () => {
    const da = catalogAnalysis(FILES, 'full', 'da-DK');
    assert.deepStrictEqual(da.analyzer.catalog_text.filter, ['lowercase', 'scandinavian_normalization', 'stem_da', 'scandinavian_folding', 'asciifolding']);
    assert.deepStrictEqual(da.filter!.stem_da, { type: 'stemmer', language: 'danish' });
    const el = catalogAnalysis(FILES, 'full', 'el-GR');
    assert.deepStrictEqual(el.filter!.lowercase_el, { type: 'lowercase', language: 'greek' });
    assert.deepStrictEqual(catalogAnalysis(FILES, 'full', 'nl-NL').filter!.stem_nl, { type: 'stemmer', language: 'dutch' });
    assert.deepStrictEqual(catalogAnalysis(FILES, 'full', 'ja-JP').analyzer.catalog_text.filter, ['cjk_width', 'lowercase', 'cjk_bigram', 'asciifolding']);
    const text = JSON.stringify(catalogAnalysis(FILES, 'full', 'sv-SE'));
    assert.ok(!text.includes('elevate_'), text);
  });

  it('core: lowercase only, whatever the locale', () => {
    assert.deepStrictEqual(catalogAnalysis(FILES, 'core', 'de-DE'), FILES.core);
  });
});

describe('phrase expansion and the text match (pure)', () => {
  const compounds = {
    compounds: compoundIndex([
      ['jacka', 3],
      ['vinterjacka', 2],
      ['regnjacka', 1],
      ['byxor', 1],
    ]),
    forms: new Map<string, string[]>(),
  };

  it('expands a head word to the catalog compounds, and synonyms to alternatives, the typed phrase first', () => {
    const synonyms = compileSynonyms([{ terms: ['tröja', 'sweater'] }]);
    assert.deepStrictEqual(expandWith('röd tröja', synonyms, compounds), { alternatives: ['röd tröja', 'röd sweater'], compounds: new Map() });
    assert.deepStrictEqual(expandWith('jacka', undefined, compounds).compounds, new Map([['jacka', ['vinterjacka', 'regnjacka']]]));
  });

  it('keeps the plain cross_fields match when nothing expands', () => {
    const plain = textMatch('wool sock', { alternatives: ['wool sock'], compounds: new Map() });
    assert.deepStrictEqual(plain, textMatch('wool sock'));
  });

  it('lets a word with compounds match any of them, weighted lower, and the other words stay one match', () => {
    const q = wordsMatch('blå jacka', new Map([['jacka', ['vinterjacka', 'regnjacka']]])) as {
      bool: { must: { multi_match?: { query: string }; bool?: { should: { multi_match: { query: string; boost?: number } }[] } }[] };
    };
    assert.equal(q.bool.must[0].multi_match!.query, 'blå');
    const should = q.bool.must[1].bool!.should;
    assert.equal(should[0].multi_match.query, 'jacka');
    assert.deepStrictEqual([should[1].multi_match.query, should[1].multi_match.boost], ['vinterjacka regnjacka', COMPOUND_WEIGHT]);
  });

  it('matches any alternative, the typed one weighted highest', () => {
    const q = textMatch('sweater', { alternatives: ['sweater', 'tröja'], compounds: new Map() }) as {
      bool: { should: { multi_match?: { query: string; boost?: number } }[] };
    };
    assert.deepStrictEqual(
      q.bool.should.slice(0, 2).map((c) => [c.multi_match!.query, c.multi_match!.boost]),
      [
        ['sweater', undefined],
        ['tröja', SYNONYM_WEIGHT],
      ],
    );
  });
});

describe('catalog facts over several locale indices (pure)', () => {
  it('merges the properties of every index, objects field by field', () => {
    const merged = mergeProperties([
      { title: { type: 'text' }, customPrice: { properties: { member: { type: 'object' } } } },
      { customPrice: { properties: { staff: { type: 'object' } } } },
    ]);
    assert.deepStrictEqual(Object.keys((merged.customPrice as { properties: object }).properties).sort(), ['member', 'staff']);
    assert.ok(merged.title);
  });

  it('keeps the sub-fields of one index when another, read first or last, maps the object without any', () => {
    const empty = { customPrice: { type: 'object' as const, subobjects: false } };
    const priced = { customPrice: { type: 'object' as const, subobjects: false, properties: { 'member.selling.min': { type: 'double' as const } } } };
    for (const order of [
      [empty, priced],
      [priced, empty],
    ]) {
      const merged = mergeProperties(order);
      assert.deepStrictEqual(Object.keys((merged.customPrice as { properties?: object }).properties ?? {}), ['member.selling.min']);
    }
  });
});
