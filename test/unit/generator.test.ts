import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { defaultConfiguration, generateCatalogLines, generatedCategoryPaths, type GeneratorOptions } from '../../src/sample/generator';
import type { CatalogConfiguration, Price, Product, ProductGroup, ReplaceEntity, VariantData } from '../../src/catalog/types';
import { CatalogLimits, MAX_VARIANT_CUSTOM_ATTRIBUTES, validateReplaceLine } from '../../src/catalog/validate';
import { MAX_VARIANT_CUSTOM_LABELS } from '../../src/catalog/validation/attributes';

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
    assert.deepEqual(
      groupsOf(catalog)
        .slice(0, 2)
        .map(([k]) => k),
      ['PG1', 'PG2'],
    );
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
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
    );
    assert.equal(ranks[0], 0);
  });

  it('gives size and label only to products with several variants, and order to all of them', () => {
    let single = 0,
      several = 0;
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
        assert.deepEqual(
          variants.map((v) => v.order),
          variants.map((_, i) => i),
          key,
        );
      }
    }
    assert.ok(single > 0 && several > 0);
  });

  it('keeps listPrice >= sellingPrice in defaults, market overrides and custom prices', () => {
    let onSale = 0,
      variants = 0;
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
      const translated = new Set(
        entities.flatMap((e) => ('translation' in e ? [`${e.translation.attribute}|${e.translation.id}|${e.translation.locale}`] : [])),
      );
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
        assert.ok(
          [...used].some((u) => u.startsWith(`${attribute}|`)),
          `no ${attribute} used`,
        );
      }
      for (const u of used) for (const locale of locales) assert.ok(translated.has(`${u}|${locale}`), `${u} has no ${locale} translation`);
    }
  });

  it('translates category paths per language', () => {
    const value = (locale: string) =>
      catalog.find((e) => 'translation' in e && e.translation.id === 'cat_women_shoes_boots' && e.translation.locale === locale) as
        | { translation: { value: string } }
        | undefined;
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
        const errors = result.ok ? limits.add(result.value, 'replace') : result.problems.errors;
        for (const e of errors) problems.push(`${entity.key}: ${e.path}: ${e.message}`);
      }
      assert.deepEqual(problems.slice(0, 10), []);
    }
  });
});

/** Every custom attribute of a product's defaults: name → kind. */
function customAttributes(product: Product): Map<string, 'label' | 'text' | 'number' | 'length'> {
  const kinds = new Map<string, 'label' | 'text' | 'number' | 'length'>();
  const d = product.defaults ?? {};
  for (const [name, values] of Object.entries(d.customLabels ?? {})) kinds.set(name, values.some((v) => v.length >= 100) ? 'text' : 'label');
  for (const name of Object.keys(d.customNumbers ?? {})) kinds.set(name, 'number');
  for (const name of Object.keys(d.customLengths ?? {})) kinds.set(name, 'length');
  return kinds;
}

/** How many products carry each custom attribute name, and the kind each name has (one kind per name). */
function attributeCensus(entities: Iterable<ReplaceEntity>) {
  const products: Map<string, 'label' | 'text' | 'number' | 'length'>[] = [];
  const counts = new Map<string, number>();
  const kinds = new Map<string, string>();
  for (const e of entities) {
    if (!('productGroup' in e)) continue;
    for (const [key, product] of Object.entries(e.productGroup.products)) {
      const attributes = customAttributes(product);
      products.push(attributes);
      for (const [name, kind] of attributes) {
        counts.set(name, (counts.get(name) ?? 0) + 1);
        const known = kinds.get(name);
        // A text attribute may draw a short value never; a label never a long one: kinds must agree.
        assert.ok(known === undefined || known === kind, `${key}: ${name} is ${kind}, elsewhere ${known}`);
        kinds.set(name, kind);
      }
    }
  }
  return { products, counts, kinds };
}

function validationProblems(options: GeneratorOptions, configuration: CatalogConfiguration): string[] {
  const limits = new CatalogLimits({ configuration });
  const problems: string[] = [];
  for (const entity of generateCatalogLines({ ...options, markets: configuration })) {
    const result = validateReplaceLine(JSON.parse(JSON.stringify({ replace: entity })), { configuration });
    const errors = result.ok ? limits.add(result.value, 'replace') : result.problems.errors;
    for (const e of errors) problems.push(`${entity.key}: ${e.path}: ${e.message}`);
  }
  return problems;
}

describe('catalog generator: real feeds (profiles and attributes)', () => {
  const REAL_FEEDS: [string, Omit<GeneratorOptions, 'productGroups'>][] = [
    ['fashion', { profile: 'fashion' }],
    ['electronics', { profile: 'electronics' }],
    ['attributes: 2000', { attributes: 2000 }],
  ];

  it('leaves the default output as it was, byte for byte, with or without profile: default', () => {
    // The sha256 of the first 300 groups as the generator wrote them before profiles existed. Sample data,
    // tests and benchmark figures depend on this output: change it only on purpose, and say so.
    const hash = createHash('sha256');
    for (const line of serialised({ productGroups: 300 })) hash.update(line + '\n');
    assert.equal(hash.digest('hex'), '5cbd5e2133c66e2ecf01c58aa730a85f8430494f0e47d1c548c2f9f263fd9b9a');
    assert.deepEqual(serialised({ productGroups: 100, profile: 'default' }), serialised({ productGroups: 100 }));
    assert.deepEqual(serialised({ productGroups: 100, attributes: 0 }), serialised({ productGroups: 100 }));
  });

  it('adds feed attributes without changing anything else of the default catalog', () => {
    const plain = productsOf(lines({ productGroups: 200 }));
    const rich = productsOf(lines({ productGroups: 200, attributes: 500 }));
    assert.equal(rich.length, plain.length);
    const own = (labels: Record<string, unknown> | undefined, names: string[]) =>
      Object.fromEntries(Object.entries(labels ?? {}).filter(([name]) => names.includes(name)));
    let added = 0;
    rich.forEach(([key, product], i) => {
      const { customLabels, customNumbers, customLengths, ...rest } = product.defaults!;
      const { customLabels: l0, customNumbers: n0, customLengths: g0, ...rest0 } = plain[i][1].defaults!;
      assert.deepEqual(rest, rest0, key);
      assert.deepEqual(own(customLabels, ['material', 'fit']), l0 ?? {}, key);
      assert.deepEqual(own(customNumbers, ['heelHeight']), n0 ?? {}, key);
      assert.deepEqual(own(customLengths, ['shaftHeight']), g0 ?? {}, key);
      assert.deepEqual({ ...product, defaults: undefined }, { ...plain[i][1], defaults: undefined }, key);
      added += customAttributes(product).size - customAttributes(plain[i][1]).size;
    });
    assert.ok(added > rich.length * 5, `only ${added} attributes added`);
  });

  it('makes lines the catalog validator accepts, for both profiles and for attributes: 2000', () => {
    for (const [name, options] of REAL_FEEDS) {
      for (const configuration of [defaultConfiguration(), OTHER_CONFIGURATION]) {
        const groups = name === 'fashion' ? 150 : 600;
        assert.deepEqual(
          validationProblems({ productGroups: groups, ...options }, configuration).slice(0, 10),
          [],
          `${name}, ${Object.keys(configuration.markets)}`,
        );
      }
    }
  });

  it('is deterministic per seed for every profile', () => {
    for (const [name, options] of REAL_FEEDS) {
      const a = serialised({ productGroups: 40, seed: 3, ...options });
      assert.deepEqual(serialised({ productGroups: 40, seed: 3, ...options }), a, name);
      assert.notDeepEqual(serialised({ productGroups: 40, seed: 4, ...options }), a, name);
    }
  });

  it('uses close to N distinct names, a few on most products and a long tail, 5–40 per product', () => {
    for (const [name, options] of [
      ['electronics', { profile: 'electronics' }],
      ['attributes: 2000', { attributes: 2000 }],
    ] as const) {
      const { products, counts } = attributeCensus(generateCatalogLines({ productGroups: 3000, ...options }));
      const n = 2000;
      const feedNames = [...counts.keys()].filter((k) => !['material', 'fit', 'heelHeight', 'shaftHeight'].includes(k));
      assert.ok(feedNames.length >= 0.95 * n && feedNames.length <= n, `${name}: ${feedNames.length} distinct names for N = ${n}`);
      // By popularity, names never drawn count as 0: the median name of the N.
      const byPopularity = [...feedNames.map((k) => counts.get(k)!), ...Array<number>(n - feedNames.length).fill(0)].sort((a, b) => b - a);
      assert.ok(byPopularity[0] / products.length > 0.5, `${name}: most common name on ${byPopularity[0]} of ${products.length} products`);
      assert.ok(byPopularity[n / 2] / products.length < 0.05, `${name}: median name on ${byPopularity[n / 2]} of ${products.length} products`);
      for (const [i, attributes] of products.entries())
        assert.ok(attributes.size >= 5 && attributes.size <= 40, `${name}: product ${i} has ${attributes.size}`);
      const sizes = products.map((a) => a.size);
      assert.ok(Math.max(...sizes) >= 35 && Math.min(...sizes) <= 6, `${name}: counts ${Math.min(...sizes)}–${Math.max(...sizes)}`);
    }
  });

  it('gives each name one kind: labels, long texts of 100–400 characters, numbers and lengths in fixed shares', () => {
    const { kinds } = attributeCensus(generateCatalogLines({ productGroups: 3000, profile: 'electronics' }));
    const share = (kind: string) => [...kinds.values()].filter((k) => k === kind).length / kinds.size;
    assert.ok(share('number') > 0.25 && share('number') < 0.35, `numbers ${share('number')}`);
    assert.ok(share('length') > 0.15 && share('length') < 0.25, `lengths ${share('length')}`);
    assert.ok(share('text') > 0.07 && share('text') < 0.13, `long texts ${share('text')}`);
    assert.ok(share('label') > 0.35 && share('label') < 0.45, `labels ${share('label')}`);

    const texts: string[] = [];
    const units = new Set<string>();
    for (const [, product] of productsOf(lines({ productGroups: 500, profile: 'electronics' }))) {
      for (const values of Object.values(product.defaults?.customLabels ?? {})) texts.push(...values.filter((v) => v.length >= 100));
      for (const length of Object.values(product.defaults?.customLengths ?? {})) units.add(length.unit);
      for (const value of Object.values(product.defaults?.customNumbers ?? {})) assert.ok(Number.isFinite(value));
    }
    assert.ok(texts.length > 100);
    for (const text of texts) assert.ok(text.length <= 400, `${text.length} characters`);
    for (const unit of ['cm', 'mm', 'kg']) assert.ok(units.has(unit), `no length in ${unit}: ${[...units]}`);
  });

  it('names attributes as feeds do, dots, capitals and camel case included, all valid XML names', () => {
    const { kinds } = attributeCensus(generateCatalogLines({ productGroups: 2000, attributes: 2000 }));
    const names = [...kinds.keys()];
    for (const pattern of [/\./, /^[A-Z][a-z]+_/, /^[a-z]+[A-Z]/, /-/, /^[a-z]+_[a-z_]+$/]) {
      assert.ok(names.filter((n) => pattern.test(n)).length >= 20, `fewer than 20 names like ${pattern}`);
    }
    for (const name of names) assert.match(name, /^[\p{L}_][\p{L}\p{Nd}._-]*$/u);
  });

  it('gives label attributes vocabularies of a few to a few hundred values, skewed too', () => {
    const values = new Map<string, Map<string, number>>();
    for (const [, product] of productsOf(lines({ productGroups: 3000, profile: 'electronics' }))) {
      for (const [name, list] of Object.entries(product.defaults?.customLabels ?? {})) {
        const counts = values.get(name) ?? new Map<string, number>();
        for (const v of list) counts.set(v, (counts.get(v) ?? 0) + 1);
        values.set(name, counts);
      }
    }
    const sizes = [...values.values()].map((c) => c.size);
    assert.ok(Math.max(...sizes) >= 100 && Math.max(...sizes) <= 300, `largest vocabulary ${Math.max(...sizes)}`);
    assert.ok(sizes.filter((s) => s <= 10).length > 10, 'few small vocabularies');
    // The most used label with a large vocabulary: its top value is far more common than its median one.
    const [, counts] = [...values].filter(([, c]) => c.size >= 50).sort(([, a], [, b]) => sum(b) - sum(a))[0];
    const ordered = [...counts.values()].sort((a, b) => b - a);
    assert.ok(ordered[0] >= 5 * ordered[Math.floor(ordered.length / 2)], `top ${ordered[0]}, median ${ordered[Math.floor(ordered.length / 2)]}`);
  });

  it('fashion: few names, 2–6 colours and 8–30 sizes per group, variant-level labels within the limits', () => {
    const entities = lines({ productGroups: 200, profile: 'fashion' });
    const { counts } = attributeCensus(entities);
    assert.ok(counts.size <= 30 + 4 && counts.size >= 25, `${counts.size} names`);
    const variantNames = new Set<string>();
    for (const [key, group] of groupsOf(entities)) {
      const products = Object.values(group.products);
      assert.ok(products.length >= 2 && products.length <= 6, `${key}: ${products.length} colours`);
      for (const product of products) {
        const variants = Object.values(product.variants);
        assert.ok(variants.length >= 8 && variants.length <= 30, `${key}: ${variants.length} sizes`);
        for (const variant of variants) {
          const labels = Object.keys(variant.defaults?.customLabels ?? {});
          assert.ok(labels.length >= 2 && labels.length <= MAX_VARIANT_CUSTOM_LABELS, `${key}: ${labels.length} variant labels`);
          labels.forEach((l) => variantNames.add(l));
        }
      }
    }
    assert.ok(variantNames.size >= 5 && variantNames.size <= MAX_VARIANT_CUSTOM_ATTRIBUTES, `${[...variantNames]}`);
  });

  it('electronics: 1–3 colours and variants, electronics categories, titles led by the brand', () => {
    const entities = lines({ productGroups: 300, profile: 'electronics' });
    const departments = new Set(
      generatedCategoryPaths('electronics')
        .filter((c) => c.path.length === 1)
        .map((c) => c.path[0]),
    );
    assert.ok(departments.has('TV & Audio') && departments.has('Appliances') && departments.has('Computers'));
    const productTypes = new Set<string>();
    for (const [key, group] of groupsOf(entities)) {
      const products = Object.entries(group.products);
      assert.ok(products.length >= 1 && products.length <= 3, `${key}: ${products.length} colours`);
      for (const [productKey, product] of products) {
        const variants = Object.keys(product.variants).length;
        assert.ok(variants >= 1 && variants <= 3, `${productKey}: ${variants} variants`);
        assert.ok(departments.has(product.defaults!.department![0]), productKey);
        assert.ok(product.defaults!.title!.startsWith(`${product.defaults!.brand} `), product.defaults!.title);
        product.defaults!.productType!.forEach((t) => productTypes.add(t));
      }
    }
    for (const type of ['TVs', 'Laptops', 'Smartphones', 'Cables', 'Washing machines']) assert.ok(productTypes.has(type), `no ${type}`);
    const en = entities.find((e) => 'translation' in e && e.translation.id === 'cat_tv_audio_tvs' && e.translation.locale === 'nb-NO');
    assert.deepEqual(en && 'translation' in en && en.translation.value, 'TV og lyd > TV-er');
  });

  it('refuses an unknown profile and a negative or fractional attribute count', () => {
    assert.throws(() => lines({ productGroups: 1, profile: 'books' as GeneratorOptions['profile'] }), /profile/);
    assert.throws(() => lines({ productGroups: 1, attributes: -1 }), /attributes/);
    assert.throws(() => lines({ productGroups: 1, attributes: 2.5 }), /attributes/);
  });
});

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
