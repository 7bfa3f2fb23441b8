import assert from 'node:assert/strict';
import { defaultConfiguration, generateCatalogLines, type GeneratorOptions } from '../../src/sample/generator';
import type { CatalogConfiguration, Price, Product, ProductGroup, ReplaceEntity, VariantData } from '../../src/catalog/types';
import { CatalogLimits, validateReplaceLine } from '../../src/catalog/validate';

const lines = (options: GeneratorOptions): ReplaceEntity[] => [...generateCatalogLines(options)];
const serialised = (options: GeneratorOptions): string[] => lines(options).map((e) => JSON.stringify({ replace: e }));

function groupsOf(entities: ReplaceEntity[]): [string, ProductGroup][] {
  return entities.flatMap((e): [string, ProductGroup][] => ('productGroup' in e ? [[e.key, e.productGroup]] : []));
}
function productsOf(entities: ReplaceEntity[]): [string, Product][] {
  return groupsOf(entities).flatMap(([, g]) => Object.entries(g.products));
}

/** A market setup unlike the default: another home market, currency and languages. */
const OTHER_CONFIGURATION: CatalogConfiguration = {
  markets: {
    DE: { locales: ['de-DE', 'en-GB'], currency: 'EUR' },
    DK: { locales: ['da-DK'], currency: 'DKK' },
    SE: { locales: ['sv-SE'], currency: 'SEK' },
  },
};

describe('catalog generator', () => {
  const catalog = lines({ productGroups: 300 });

  it('is deterministic: the same seed gives byte-identical lines, another seed other lines', () => {
    const a = serialised({ productGroups: 120, seed: 7 });
    assert.deepEqual(serialised({ productGroups: 120, seed: 7 }), a);
    const b = serialised({ productGroups: 120, seed: 8 });
    assert.equal(b.length > 0, true);
    assert.notDeepEqual(b, a);
    const groupLines = (text: string[]) => text.filter((l) => l.includes('"productGroup"'));
    assert.equal(groupLines(b).filter((l, i) => l === groupLines(a)[i]).length, 0, 'no product group is the same under another seed');
  });

  it('defaults to seed 1 and the default configuration', () => {
    assert.deepEqual(serialised({ productGroups: 20 }), serialised({ productGroups: 20, seed: 1, markets: defaultConfiguration() }));
  });

  it('makes the asked number of product groups and content items, with unique keys', () => {
    assert.equal(groupsOf(catalog).length, 300);
    assert.equal(catalog.filter((e) => 'content' in e).length, 15, 'productGroups / 20');
    assert.equal(lines({ productGroups: 10 }).filter((e) => 'content' in e).length, 3, 'at least 3');
    assert.equal(lines({ productGroups: 10, contentItems: 7 }).filter((e) => 'content' in e).length, 7);
    assert.equal(groupsOf(lines({ productGroups: 0 })).length, 0);

    const keys = catalog.map((e) => e.key);
    assert.equal(new Set(keys).size, keys.length);
    const productKeys = productsOf(catalog).map(([k]) => k);
    assert.equal(new Set(productKeys).size, productKeys.length);
    const variantKeys = productsOf(catalog).flatMap(([, p]) => Object.keys(p.variants));
    assert.equal(new Set(variantKeys).size, variantKeys.length);
    assert.deepEqual(groupsOf(catalog).slice(0, 2).map(([k]) => k), ['PG1', 'PG2']);
    assert.match(productKeys[0], /^P1-[A-Z]{3}$/);
    assert.match(variantKeys[0], /^V1-[A-Z]{3}-[A-Za-z0-9x-]+$/);
  });

  it('prefixes every key with keyPrefix', () => {
    const prefixed = lines({ productGroups: 30, keyPrefix: 'T9-' });
    for (const e of prefixed) assert.ok(e.key.startsWith('T9-'), e.key);
    for (const [key, product] of productsOf(prefixed)) {
      assert.match(key, /^T9-P\d+-/);
      for (const variantKey of Object.keys(product.variants)) assert.match(variantKey, /^T9-V\d+-/);
      for (const other of product.defaults?.styleWith ?? []) assert.match(other, /^T9-P\d+-/);
    }
  });

  it('puts translations first, then product groups, then content', () => {
    const order = { translation: 0, productGroup: 1, content: 2 };
    const ranks = catalog.map((e) => ('translation' in e ? order.translation : 'productGroup' in e ? order.productGroup : order.content));
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b));
    assert.equal(ranks[0], 0);
  });

  it('gives size and label only to products with several variants, and order to all of them', () => {
    let single = 0, several = 0;
    for (const [key, product] of productsOf(catalog)) {
      const variants = Object.values(product.variants).map((v) => v.defaults as VariantData);
      if (variants.length === 1) {
        single++;
        assert.equal(variants[0].label, undefined, key);
        assert.equal(variants[0].size, undefined, key);
      } else {
        several++;
        assert.ok(variants.length <= 6, key);
        for (const v of variants) {
          assert.equal(v.size?.length, 1, key);
          assert.equal(v.label, v.size?.[0], key);
        }
        assert.deepEqual(variants.map((v) => v.order), variants.map((_, i) => i), key);
      }
    }
    assert.ok(single > 0 && several > 0);
  });

  it('keeps listPrice >= sellingPrice in defaults, market overrides and custom prices', () => {
    let onSale = 0, variants = 0;
    const check = (where: string, p: Price) => {
      assert.equal(typeof p.listPrice, 'number', where);
      assert.ok(p.listPrice >= p.sellingPrice && p.sellingPrice > 0, `${where}: ${p.listPrice} < ${p.sellingPrice}`);
    };
    for (const config of [undefined, OTHER_CONFIGURATION]) {
      for (const [key, product] of productsOf(lines({ productGroups: 200, markets: config }))) {
        for (const [variantKey, variant] of Object.entries(product.variants)) {
          variants++;
          const data = [variant.defaults, ...Object.values(variant.overrides ?? {})] as VariantData[];
          for (const d of data) {
            check(`${key}/${variantKey}`, d as Price);
            for (const custom of Object.values(d.customPrices ?? {})) check(`${key}/${variantKey} custom`, custom);
          }
          if (variant.defaults!.sellingPrice! < variant.defaults!.listPrice!) onSale++;
        }
      }
    }
    assert.ok(onSale / variants > 0.15 && onSale / variants < 0.45, `share on sale ${onSale / variants}`);
  });

  it('has a translation for every configured locale of every translation id it uses', () => {
    for (const config of [defaultConfiguration(), OTHER_CONFIGURATION]) {
      const entities = lines({ productGroups: 300, markets: config });
      const locales = [...new Set(Object.values(config.markets).flatMap((m) => m.locales))];
      const translated = new Set(entities.flatMap((e) => ('translation' in e ? [`${e.translation.attribute}|${e.translation.id}|${e.translation.locale}`] : [])));
      const used = new Set<string>();
      for (const [, product] of productsOf(entities)) {
        for (const data of [product.defaults, ...Object.values(product.overrides ?? {})]) {
          for (const id of data?.category ?? []) used.add(`category|${id}`);
          for (const id of data?.gender ?? []) used.add(`gender|${id}`);
          for (const id of data?.age ?? []) used.add(`age|${id}`);
          for (const [name, ids] of Object.entries(data?.customLabels ?? {})) for (const id of ids) used.add(`customLabels.${name}|${id}`);
        }
      }
      for (const e of entities) {
        if (!('content' in e)) continue;
        for (const [name, ids] of Object.entries(e.content.defaults?.customLabels ?? {})) for (const id of ids) used.add(`customLabels.${name}|${id}`);
      }
      for (const attribute of ['category', 'gender', 'age', 'customLabels.material', 'customLabels.fit', 'customLabels.topic']) {
        assert.ok([...used].some((u) => u.startsWith(`${attribute}|`)), `no ${attribute} used`);
      }
      for (const u of used) for (const locale of locales) assert.ok(translated.has(`${u}|${locale}`), `${u} has no ${locale} translation`);
    }
  });

  it('translates category paths per language', () => {
    const value = (locale: string) =>
      catalog.find((e) => 'translation' in e && e.translation.id === 'cat_women_shoes_boots' && e.translation.locale === locale) as
        { translation: { value: string } } | undefined;
    assert.equal(value('en-GB')?.translation.value, 'Women > Shoes > Boots');
    assert.equal(value('sv-SE')?.translation.value, 'Dam > Skor > Kängor');
    assert.equal(value('nb-NO')?.translation.value, 'Dame > Sko > Støvler');
  });

  it('refers in styleWith only to products of other groups that exist', () => {
    const productKeys = new Set(productsOf(catalog).map(([k]) => k));
    let references = 0;
    for (const [groupKey, group] of groupsOf(catalog)) {
      for (const product of Object.values(group.products)) {
        for (const other of product.defaults?.styleWith ?? []) {
          references++;
          assert.ok(productKeys.has(other), `${groupKey} refers to unknown ${other}`);
          assert.ok(!(other in group.products), `${groupKey} refers to its own ${other}`);
        }
      }
    }
    assert.ok(references > 0);
  });

  it('refers only to configured markets and locales', () => {
    const entities = lines({ productGroups: 150, markets: OTHER_CONFIGURATION });
    const markets = new Set(Object.keys(OTHER_CONFIGURATION.markets));
    const locales = new Set(Object.values(OTHER_CONFIGURATION.markets).flatMap((m) => m.locales));
    const checkKey = (key: string) => {
      const [m, l] = key.split('|');
      assert.ok(m === '*' || markets.has(m), key);
      assert.ok(l === '*' || locales.has(l), key);
    };
    for (const e of entities) {
      if ('translation' in e) assert.ok(locales.has(e.translation.locale));
      if ('content' in e) {
        for (const m of e.content.markets) assert.ok(markets.has(m));
        Object.keys(e.content.overrides ?? {}).forEach(checkKey);
      }
    }
    for (const [, product] of productsOf(entities)) {
      for (const m of product.markets) assert.ok(markets.has(m));
      Object.keys(product.overrides ?? {}).forEach(checkKey);
      for (const variant of Object.values(product.variants)) Object.keys(variant.overrides ?? {}).forEach(checkKey);
      assert.equal(product.defaults?.dataLocale, 'de-DE');
    }
  });

  it('keeps dates, ratings and stock in range', () => {
    for (const [key, product] of productsOf(catalog)) {
      const { releaseDate, rating } = product.defaults!;
      assert.match(releaseDate!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, key);
      assert.ok(releaseDate! <= '2026-11-01T00:00:00Z' && releaseDate! >= '2024-11-01T00:00:00Z', `${key}: ${releaseDate}`);
      if (rating !== undefined) assert.ok(rating >= 0 && rating <= 5 && Math.round(rating * 10) === rating * 10, `${key}: ${rating}`);
      for (const variant of Object.values(product.variants)) {
        const { stock, storeStock } = variant.defaults!;
        assert.ok(Number.isInteger(stock) && stock! >= 0 && stock! <= 50, key);
        assert.deepEqual(Object.keys(storeStock!), ['store-sthlm', 'store-gbg', 'store-oslo']);
      }
    }
  });

  it('makes lines the catalog validator accepts, for the default and another configuration', () => {
    for (const configuration of [defaultConfiguration(), OTHER_CONFIGURATION]) {
      const limits = new CatalogLimits({ configuration });
      const problems: string[] = [];
      for (const entity of generateCatalogLines({ productGroups: 500, markets: configuration })) {
        const result = validateReplaceLine(JSON.parse(JSON.stringify({ replace: entity })), { configuration });
        const errors = result.ok ? limits.add(result.value, 'replace') : result.errors;
        for (const e of errors) problems.push(`${entity.key}: ${e.path}: ${e.message}`);
      }
      assert.deepEqual(problems.slice(0, 10), []);
    }
  });
});
