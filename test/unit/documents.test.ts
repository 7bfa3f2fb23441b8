import assert from 'node:assert/strict';
import { contentDocuments, productDocumentId, productGroupDocuments, type BuildContext } from '../../src/catalog/documents';
import type { ProductDocument } from '../../src/catalog/documentTypes';
import { resolve } from '../../src/catalog/overrides';
import { TranslationTable } from '../../src/catalog/translations';
import type { CatalogConfiguration, Content, Product, ProductGroup } from '../../src/catalog/types';
import { toBase } from '../../src/catalog/units';

const configuration: CatalogConfiguration = {
  markets: { uk: { locales: ['en-GB'] }, se: { locales: ['sv-SE', 'en-GB'] } },
};

function context(translations: TranslationTable = new TranslationTable()): BuildContext {
  return { configuration, translate: (a, id, l) => translations.get(a, id, l) };
}

function table(entries: [attribute: string, id: string, locale: string, value: string][]): TranslationTable {
  const t = new TranslationTable();
  for (const [attribute, id, locale, value] of entries) t.set({ attribute, id, locale, value });
  return t;
}

const product = (p: Partial<Product>): Product => ({
  markets: ['uk'],
  defaults: { title: 'T', url: '/t' },
  variants: { v1: { defaults: { listPrice: 10, sellingPrice: 10 } } },
  ...p,
});

const only = (group: ProductGroup, ctx = context()) => {
  const built = productGroupDocuments('g', group, ctx);
  return built.documents.map((d) => d.document);
};

describe('overrides', () => {
  const defaults = { a: 'default', b: 'default', c: 'default', d: 'default' };
  const overrides = {
    'uk|en-GB': { a: 'exact' },
    'uk|*': { a: 'market', b: 'market' },
    '*|en-GB': { a: 'locale', b: 'locale', c: 'locale' },
    'se|*': { a: 'other market', b: 'other market', c: 'other market', d: 'other market' },
  };
  it('merge field by field, the more specific key winning', () => {
    assert.deepEqual(resolve(defaults, overrides, 'uk', 'en-GB'), { a: 'exact', b: 'market', c: 'locale', d: 'default' });
    assert.deepEqual(resolve(defaults, overrides, 'uk', 'sv-SE'), { a: 'market', b: 'market', c: 'default', d: 'default' });
    assert.deepEqual(resolve(defaults, overrides, 'de', 'en-GB'), { a: 'locale', b: 'locale', c: 'locale', d: 'default' });
    assert.deepEqual(resolve(defaults, undefined, 'uk', 'en-GB'), defaults);
  });
  it('work without defaults and do not mutate the input', () => {
    assert.deepEqual(resolve(undefined, { 'uk|*': { a: 1 } }, 'uk', 'x'), { a: 1 });
    assert.equal(defaults.a, 'default');
  });
});

describe('translation table', () => {
  it('set, get, delete and size', () => {
    const t = table([
      ['category', 'c1', 'en-GB', 'Shoes'],
      ['category', 'c1', 'sv-SE', 'Skor'],
      ['category', 'c1', 'en-GB', 'Footwear'],
    ]);
    assert.equal(t.size, 2);
    assert.equal(t.get('category', 'c1', 'en-GB'), 'Footwear');
    assert.equal(t.get('gender', 'c1', 'en-GB'), undefined);
    t.delete('category', 'c1', 'en-GB');
    assert.equal(t.get('category', 'c1', 'en-GB'), undefined);
    assert.equal(t.size, 1);
  });
});

describe('units', () => {
  it('convert to mm, ml and g, case-insensitively', () => {
    assert.equal(toBase('length', { amount: 2, unit: 'CM' }), 20);
    assert.equal(toBase('length', { amount: 1.1, unit: 'cm' }), 11);
    assert.equal(toBase('length', { amount: 1, unit: 'in' }), 25.4);
    assert.equal(toBase('length', { amount: 1, unit: 'km' }), 1_000_000);
    assert.equal(toBase('volume', { amount: 1.5, unit: 'l' }), 1500);
    assert.equal(toBase('volume', { amount: 1, unit: 'Fl Oz' }), 29.57353);
    assert.equal(toBase('weight', { amount: 2, unit: 'kg' }), 2000);
    assert.equal(toBase('weight', { amount: 1, unit: 'lb' }), 453.59237);
    assert.equal(toBase('weight', { amount: 5, unit: 'mg' }), 0.005);
  });
  it('know no unit of another kind or an unknown unit', () => {
    assert.equal(toBase('length', { amount: 1, unit: 'kg' }), undefined);
    assert.equal(toBase('weight', { amount: 1, unit: 'stone' }), undefined);
  });
});

describe('product documents', () => {
  const translations = table([
    ['category', 'c-boots', 'en-GB', 'Women > Shoes > Boots'],
    ['category', 'c-shoes', 'en-GB', 'Women > Shoes'],
    ['gender', 'g-w', 'en-GB', 'Women'],
    ['customLabels.material', 'm-l', 'en-GB', 'Leather'],
  ]);
  const boots: ProductGroup = {
    products: {
      p1: {
        markets: ['uk'],
        defaults: {
          title: 'Ankle boot',
          url: '/boot',
          brand: 'Acme',
          description: '',
          series: 'Winter',
          category: ['c-boots', 'c-shoes'],
          gender: ['g-w'],
          customLabels: { material: ['m-l'] },
          customNumbers: { heel: 4 },
          customLengths: { shaft: { amount: 12, unit: 'cm' } },
          weight: { amount: 0.8, unit: 'kg' },
          rating: 4.5,
          dataLocale: 'en-GB',
        },
        overrides: { 'uk|en-GB': { title: 'Ankle boot UK' } },
        colorInitial: ['#000000'],
        variants: {
          'p1-38': { defaults: { listPrice: 100, sellingPrice: 80, cost: 30, size: ['38'], order: 2, stock: 0, storeStock: { s1: 2, s2: 0 } } },
          'p1-37': {
            defaults: { listPrice: 100, sellingPrice: 100, size: ['37'], order: 1, stock: 3, customPrices: { member: { listPrice: 90, sellingPrice: 70 } } },
          },
        },
        images: {
          b: { defaults: { urls: [{ url: 'https://i/b.jpg', widthInitial: 400 }], alt: 'Side' }, order: 1, typeInitial: 'cutout' },
          a: { defaults: { urls: [{ url: 'https://i/a.jpg' }], customData: { tone: 'dark' } }, order: 1, typeInitial: 'model', typeOverride: 'misc' },
          hidden: { defaults: { urls: [{ url: 'https://i/h.jpg' }] }, limitedMarkets: ['se'] },
        },
      },
    },
  };

  it('resolve a whole document', () => {
    const built = productGroupDocuments('g1', boots, context(translations));
    // series now translates (issue 15): 'Winter' has no translation, so it is kept as given and, like an
    // untranslated category, marks the group for a rebuild should translations arrive later in the file.
    assert.equal(built.missingTranslations, true);
    const withSeries = table([
      ['category', 'c-boots', 'en-GB', 'x'],
      ['category', 'c-shoes', 'en-GB', 'y'],
      ['gender', 'g-w', 'en-GB', 'z'],
      ['customLabels.material', 'm-l', 'en-GB', 'w'],
      ['series', 'Winter', 'en-GB', 'Vinter'],
    ]);
    const translated = productGroupDocuments('g1', boots, context(withSeries));
    assert.deepEqual([translated.missingTranslations, translated.documents[0].document.series], [false, 'Vinter']);
    assert.deepEqual(
      built.documents.map((d) => d.id),
      ['uk|en-GB|p1'],
    );
    const expected: ProductDocument = {
      market: 'uk',
      locale: 'en-GB',
      productGroupKey: 'g1',
      productKey: 'p1',
      groupPosition: 0,
      groupProductKeys: ['p1'],
      suppressDuplicates: false,
      collapseKey: 'p1',
      variantKeys: ['p1-37', 'p1-38'],
      title: 'Ankle boot UK',
      url: '/boot',
      brand: 'Acme',
      series: 'Winter',
      category: ['Women > Shoes > Boots', 'Women > Shoes'],
      categoryPaths: ['Women', 'Women > Shoes', 'Women > Shoes > Boots'],
      categoryIds: ['c-boots', 'c-shoes'],
      age: [],
      department: [],
      gender: ['Women'],
      pattern: [],
      productType: [],
      productTypeKeys: ['boot', 'shoe'],
      styleWith: [],
      customLabels: { material: ['Leather'] },
      customLabelIds: { material: ['m-l'] },
      customLabelFeedIds: { material: ['m-l'] },
      customLabelNames: ['material'],
      customText: ['Leather'],
      customNumbers: { heel: 4 },
      customLengths: { shaft: { amount: 12, unit: 'cm', base: 120 } },
      customJson: {},
      customNumberValues: [{ name: 'heel', value: 4 }],
      customLengthValues: [{ name: 'shaft', base: 120 }],
      rating: 4.5,
      weight: { amount: 0.8, unit: 'kg', base: 800 },
      measureValues: { weight: [800] },
      colors: ['#000000'],
      colorNames: ['Black'],
      sizes: ['37', '38'],
      price: { selling: { min: 80, max: 100 }, list: { min: 100, max: 100 } },
      customPrice: { member: { selling: { min: 70, max: 70 }, list: { min: 90, max: 90 } } },
      discount: 20,
      inStock: true,
      inStockStores: ['s1'],
      storeKeys: ['s1', 's2'],
      stock: 3,
      popularity: 0,
      variants: [
        {
          key: 'p1-37',
          size: ['37'],
          order: 1,
          listPrice: 100,
          sellingPrice: 100,
          stock: 3,
          inStock: true,
          inStockStores: [],
          storeStock: [],
          customPrices: [{ id: 'member', listPrice: 90, sellingPrice: 70 }],
          customLabels: {},
          customNumbers: {},
          customLengths: {},
          customJson: {},
          customNumberValues: [],
          customLengthValues: [],
        },
        {
          key: 'p1-38',
          size: ['38'],
          order: 2,
          listPrice: 100,
          sellingPrice: 80,
          stock: 0,
          inStock: false,
          inStockStores: ['s1'],
          storeStock: [
            { store: 's1', stock: 2 },
            { store: 's2', stock: 0 },
          ],
          customPrices: [],
          customLabels: {},
          customNumbers: {},
          customLengths: {},
          customJson: {},
          customNumberValues: [],
          customLengthValues: [],
        },
      ],
      images: [
        { key: 'a', order: 1, type: 'misc', custom: { tone: 'dark' }, sources: [{ url: 'https://i/a.jpg' }] },
        { key: 'b', order: 1, type: 'cutout', alt: 'Side', sources: [{ url: 'https://i/b.jpg', width: 400 }] },
      ],
      suggest: {
        input: ['Ankle boot UK', 'Acme', 'Winter', 'Boots', 'Shoes'],
        contexts: { market: ['uk'], locale: ['en-GB'] },
      },
    };
    assert.deepStrictEqual(built.documents[0].document, expected);
  });

  it('keep ids and flag missing translations', () => {
    const group: ProductGroup = {
      products: { p: product({ defaults: { title: 'T', url: '/t', category: ['c1'], age: ['a1'], customLabels: { fit: ['f1'] } } }) },
    };
    const built = productGroupDocuments('g', group, context(table([['category', 'c1', 'en-GB', 'Tops']])));
    assert.equal(built.missingTranslations, true);
    const doc = built.documents[0].document;
    assert.deepEqual([doc.category, doc.categoryIds, doc.age, doc.customLabels], [['Tops'], ['c1'], ['a1'], { fit: ['f1'] }]);
    const translatedCtx = context(
      table([
        ['category', 'c1', 'en-GB', 'Tops'],
        ['age', 'a1', 'en-GB', 'Adult'],
        ['customLabels.fit', 'f1', 'en-GB', 'Slim'],
      ]),
    );
    assert.equal(productGroupDocuments('g', group, translatedCtx).missingTranslations, false);
  });

  it('deduplicate category paths across categories', () => {
    const group: ProductGroup = { products: { p: product({ defaults: { title: 'T', url: '/t', category: ['A>B', ' A > C ', 'A > B > D'] } }) } };
    assert.deepEqual(only(group)[0].categoryPaths, ['A', 'A > B', 'A > C', 'A > B > D']);
  });

  it('fan out over configured markets and their locales, with group keys per market', () => {
    const group: ProductGroup = {
      suppressDuplicates: true,
      products: {
        main: product({ markets: ['se', 'uk', 'nowhere'], overrides: { '*|sv-SE': { title: 'Svensk' }, 'se|*': { url: '/se' } } }),
        sibling: product({ markets: ['uk'] }),
      },
    };
    const built = productGroupDocuments('g', group, context());
    assert.deepEqual(
      built.documents.map((d) => d.id),
      ['se|sv-SE|main', 'se|en-GB|main', 'uk|en-GB|main', 'uk|en-GB|sibling'],
    );
    assert.equal(productDocumentId('se', 'sv-SE', 'main'), 'se|sv-SE|main');
    const [seSv, seEn, ukMain, ukSibling] = built.documents.map((d) => d.document);
    assert.deepEqual([seSv.title, seSv.url, seEn.title, seEn.url, ukMain.title, ukMain.url], ['Svensk', '/se', 'T', '/se', 'T', '/t']);
    assert.deepEqual(seSv.groupProductKeys, ['main']);
    assert.deepEqual(ukMain.groupProductKeys, ['main', 'sibling']);
    assert.deepEqual([ukMain.groupPosition, ukSibling.groupPosition], [0, 1]);
    assert.equal(ukSibling.suppressDuplicates, true);
  });

  it('show images only where limitedMarkets and limitedLocales allow', () => {
    const urls = (name: string) => ({ defaults: { urls: [{ url: `https://i/${name}` }] } });
    const group: ProductGroup = {
      products: {
        p: product({
          markets: ['se'],
          images: {
            all: urls('all'),
            seOnly: { ...urls('se'), limitedMarkets: ['se'] },
            ukOnly: { ...urls('uk'), limitedMarkets: ['uk'] },
            svOnly: { ...urls('sv'), limitedLocales: ['sv-SE'] },
            localised: { ...urls('x'), overrides: { '*|en-GB': { urls: [{ url: 'https://i/en' }] } } },
          },
        }),
      },
    };
    const [sv, en] = only(group);
    assert.deepEqual(
      sv.images.map((i) => i.key),
      ['all', 'localised', 'seOnly', 'svOnly'],
    );
    assert.deepEqual(
      en.images.map((i) => i.key),
      ['all', 'localised', 'seOnly'],
    );
    assert.equal(en.images[1].sources[0].url, 'https://i/en');
  });

  it('keep variants in feed order unless all have an order', () => {
    const v = (order?: number) => ({ defaults: { listPrice: 1, sellingPrice: 1, order } });
    const keys = (variants: Product['variants']) => only({ products: { p: product({ variants }) } })[0].variantKeys;
    assert.deepEqual(keys({ b: v(2), a: v(1), c: v(3) }), ['a', 'b', 'c']);
    assert.deepEqual(keys({ b: v(2), a: v(), c: v(1) }), ['b', 'a', 'c']);
    assert.deepEqual(keys({ b: v(), a: v() }), ['b', 'a']);
  });

  it('aggregate prices, discount, stock and sizes over variants', () => {
    const doc = only({
      products: {
        p: product({
          colorInitial: ['#fff'],
          colorOverride: [],
          variants: {
            s: { defaults: { listPrice: 30, sellingPrice: 20, label: 'Small', stock: 2, storeStock: { a: 1, b: 0 } } },
            m: { defaults: { listPrice: 0, sellingPrice: 0, label: 'Medium' }, overrides: { 'uk|*': { stock: 5, storeStock: { b: 4, c: 1 } } } },
            l: { defaults: { listPrice: 40, sellingPrice: 40, label: 'Large', stock: 0 } },
          },
        }),
      },
    })[0];
    assert.deepEqual(doc.price, { selling: { min: 0, max: 40 }, list: { min: 0, max: 40 } });
    assert.equal(doc.discount, 33.3);
    assert.deepEqual([doc.stock, doc.inStock, doc.inStockStores], [7, true, ['a', 'b', 'c']]);
    assert.deepEqual(doc.sizes, ['Small', 'Medium', 'Large']);
    assert.deepEqual(doc.colors, ['#fff']);
    assert.deepEqual(doc.customPrice, {});
    assert.deepEqual(
      doc.variants.map((v) => [v.key, v.stock, v.inStock, v.inStockStores]),
      [
        ['s', 2, true, ['a']],
        ['m', 5, true, ['b', 'c']],
        ['l', 0, false, []],
      ],
    );
    const empty = only({ products: { p: product({ variants: { v: { defaults: { listPrice: 5, sellingPrice: 5 } } } }) } })[0];
    assert.deepEqual([empty.stock, empty.inStock, empty.inStockStores, empty.discount, empty.sizes], [0, false, [], 0, []]);
  });

  it('omit undefined and empty optional fields and unknown-unit bases', () => {
    const doc = only({ products: { p: product({ defaults: { title: 'T', url: '/t', name: ' ', depth: { amount: 3, unit: 'furlong' } } }) } })[0];
    assert.equal('name' in doc, false);
    assert.equal('brand' in doc, false);
    assert.deepEqual(doc.depth, { amount: 3, unit: 'furlong' });
    assert.ok(!JSON.stringify(doc).includes('null'));
    assert.ok(!('cost' in doc.variants[0]));
  });
});

describe('content documents', () => {
  const content: Content = {
    markets: ['se', 'uk', 'nowhere'],
    type: 'article',
    defaults: { title: 'Care guide', url: '/care', description: '', customLabels: { topic: ['t1'] } },
    overrides: { 'se|sv-SE': { title: 'Skötselråd' } },
    image: { defaults: { urls: [{ url: 'https://i/c.jpg', widthInitial: 800 }], alt: 'Boots' }, limitedMarkets: ['se'] },
  };

  it('fan out, resolve overrides, translations and the image', () => {
    const built = contentDocuments('c1', content, context(table([['customLabels.topic', 't1', 'sv-SE', 'Skötsel']])));
    assert.deepEqual(
      built.documents.map((d) => d.id),
      ['se|sv-SE|c1', 'se|en-GB|c1', 'uk|en-GB|c1'],
    );
    assert.equal(built.missingTranslations, true);
    assert.deepStrictEqual(built.documents[0].document, {
      market: 'se',
      locale: 'sv-SE',
      key: 'c1',
      type: 'article',
      title: 'Skötselråd',
      url: '/care',
      customLabels: { topic: ['Skötsel'] },
      customLabelIds: { topic: ['t1'] },
      customText: ['Skötsel'],
      image: { key: 'image', alt: 'Boots', sources: [{ url: 'https://i/c.jpg', width: 800 }] },
    });
    assert.deepStrictEqual(built.documents[2].document, {
      market: 'uk',
      locale: 'en-GB',
      key: 'c1',
      type: 'article',
      title: 'Care guide',
      url: '/care',
      customLabels: { topic: ['t1'] },
      customText: ['t1'],
    });
  });

  it('honour limitedLocales', () => {
    const built = contentDocuments('c1', { ...content, limitedLocales: ['en-GB'] }, context());
    assert.deepEqual(
      built.documents.map((d) => d.id),
      ['se|en-GB|c1', 'uk|en-GB|c1'],
    );
  });
});
