import assert from 'node:assert/strict';
import { productDocumentJson, productGroupDocuments } from '../../src/catalog/documents';
import type { ProductDocument } from '../../src/catalog/documentTypes';
import type { CatalogConfiguration, Product, ProductGroup } from '../../src/catalog/types';
import { productSource } from '../../src/storefront/productSource';
import { shapeProduct, type ProductSource, type ShapeContext } from '../../src/storefront/productShaper';

const configuration: CatalogConfiguration = { markets: { uk: { locales: ['en-GB'] }, se: { locales: ['sv-SE', 'en-GB'] } } };
const build = (group: ProductGroup) => productGroupDocuments('g', group, { configuration, translate: () => undefined }).documents.map((d) => d.document);
const find = (docs: ProductDocument[], market: string, locale: string, key: string) =>
  docs.find((d) => d.market === market && d.locale === locale && d.productKey === key)!;

const product = (p: Partial<Product> = {}): Product => ({
  markets: ['uk', 'se'],
  defaults: { title: 'T', url: '/t' },
  variants: { v1: { defaults: { listPrice: 10, sellingPrice: 10 } } },
  ...p,
});

/** Whether `path` (dots; `*` any key) reaches a value in `o`, through arrays. */
function reaches(o: unknown, path: string[]): boolean {
  if (path.length === 0) return o !== undefined;
  if (Array.isArray(o)) return o.some((x) => reaches(x, path));
  if (o === null || typeof o !== 'object') return false;
  const [head, ...rest] = path;
  const values = head === '*' ? Object.values(o) : [(o as Record<string, unknown>)[head]];
  return values.some((v) => reaches(v, rest));
}

describe('sibling copies (ProductDocument.siblings)', () => {
  it("hold the siblings of the same market and locale: that market's prices, that locale's texts", () => {
    const docs = build({
      products: {
        A: product(),
        B: product({
          defaults: { title: 'Boot', url: '/b' },
          overrides: { '*|sv-SE': { title: 'Känga' } },
          variants: { b1: { defaults: { listPrice: 20, sellingPrice: 15 }, overrides: { 'se|*': { listPrice: 200, sellingPrice: 150 } } } },
        }),
        C: product({ markets: ['uk'] }),
      },
    });
    const copies = (market: string, locale: string) =>
      find(docs, market, locale, 'A').siblings?.map((s) => [s.productKey, s.title, s.variants[0].listPrice, s.variants[0].sellingPrice]);
    assert.deepEqual(copies('uk', 'en-GB'), [
      ['B', 'Boot', 20, 15],
      ['C', 'T', 10, 10],
    ]);
    assert.deepEqual(copies('se', 'sv-SE'), [['B', 'Känga', 200, 150]]);
    assert.deepEqual(copies('se', 'en-GB'), [['B', 'Boot', 200, 150]]);
    assert.deepEqual(
      find(docs, 'uk', 'en-GB', 'C').siblings?.map((s) => s.productKey),
      ['A', 'B'],
    );
  });

  it('are the first 10 other products in group order, none for a product alone', () => {
    const products = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`P${i}`, product()]));
    const docs = build({ products });
    assert.deepEqual(
      find(docs, 'uk', 'en-GB', 'P3').siblings?.map((s) => s.productKey),
      ['P0', 'P1', 'P2', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10'],
    );
    assert.equal(build({ products: { A: product() } })[0].siblings, undefined);
  });

  it("hold every field a listing may fetch, so a copy filtered by `siblings.` paths is the sibling's own fetch", () => {
    const rich = product({
      defaults: {
        title: 'T',
        url: '/t',
        name: 'N',
        brand: 'B',
        series: 'S',
        description: 'D',
        rating: 4,
        releaseDate: '2026-01-01',
        customLabels: { material: ['wool'] },
        customNumbers: { pockets: 2 },
        customLengths: { strap: { amount: 3, unit: 'cm' } },
        customJson: { fit: { a: 1 } },
        depth: { amount: 1, unit: 'cm' },
        height: { amount: 1, unit: 'cm' },
        length: { amount: 1, unit: 'cm' },
        width: { amount: 1, unit: 'cm' },
        volume: { amount: 1, unit: 'l' },
        weight: { amount: 1, unit: 'kg' },
      },
      colorInitial: ['red'],
      images: { i1: { defaults: { urls: [{ url: 'u' }], alt: 'a', caption: 'c', customData: { k: 'v' } } } },
      variants: {
        v1: {
          defaults: {
            label: 'L',
            size: ['M'],
            listPrice: 10,
            sellingPrice: 8,
            stock: 3,
            storeStock: { s1: 2 },
            customPrices: { member: { listPrice: 9, sellingPrice: 7 } },
            customLabels: { tone: ['dark'] },
            customNumbers: { n: 1 },
            customLengths: { l: { amount: 1, unit: 'cm' } },
            customJson: { j: 1 },
            depth: { amount: 1, unit: 'cm' },
            height: { amount: 1, unit: 'cm' },
            length: { amount: 1, unit: 'cm' },
            width: { amount: 1, unit: 'cm' },
            volume: { amount: 1, unit: 'l' },
            weight: { amount: 1, unit: 'kg' },
          },
        },
      },
    } as Partial<Product>);
    const docs = build({ products: { A: product(), R: rich } });
    const own = find(docs, 'uk', 'en-GB', 'R');
    const copy = find(docs, 'uk', 'en-GB', 'A').siblings![0];
    const presentCustom = (['label', 'number', 'length', 'json'] as const).flatMap((kind) =>
      (['product', 'variant'] as const).map((level) => ({ kind, level, name: '*' })),
    );
    const includes = productSource({
      channels: { online: true, store: true },
      stores: ['s1'],
      presentCustom,
      presentPrices: ['member'],
      priceId: 'member',
      presentDescription: true,
      presentation: { attributes: [{ name: 'material' }] },
    } as unknown as Parameters<typeof productSource>[0]);
    const paths = includes.filter((p) => p.startsWith('siblings.')).map((p) => p.slice('siblings.'.length).split('.'));
    assert.ok(paths.length > 30);
    const missing = paths.filter((p) => reaches(own, p) && !reaches(copy, p)).map((p) => p.join('.'));
    assert.deepEqual(missing, []);
    // and the fetch of the copies leaves nothing of the document out that the shaper reads
    for (const p of ['title', 'variants.customPrices', 'variants.storeStock', 'images.sources', 'customJson.*', 'variants.customLabels.*', 'description'])
      assert.ok(reaches(copy, p.split('.')), p);
  });

  it("shape as the sibling's own document does, though trimmed of what the shaper reads the same without", () => {
    const m = (amount: number) => ({ amount, unit: 'cm' });
    const rich = product({
      defaults: {
        title: 'T',
        url: '/t?x=1',
        name: 'N',
        brand: 'B',
        description: 'D',
        rating: 4,
        releaseDate: '2026-01-01',
        depth: m(2),
        customLabels: { material: ['wool'] },
        customNumbers: { pockets: 2 },
        customLengths: { strap: m(3) },
        customJson: { fit: { a: 1 } },
      },
      colorInitial: ['red', '#00FF00'],
      images: {
        i0: { order: 0, defaults: { alt: 'no sources' } },
        i1: {
          order: 1,
          defaults: {
            urls: [
              { url: 'u1', widthInitial: 800 },
              { url: 'u1s', widthInitial: 400 },
            ],
            alt: 'a',
            caption: 'c',
            customData: { k: 'v' },
          },
        },
        i2: { order: 2, defaults: { urls: [{ url: 'u2' }] } },
      },
      variants: {
        v1: {
          defaults: {
            label: 'M',
            size: ['M', 'Medium'],
            listPrice: 10,
            sellingPrice: 8,
            stock: 3,
            storeStock: { s1: 2, s2: 0, s3: -1 },
            customPrices: { member: { listPrice: 9, sellingPrice: 7 } },
            customLabels: { tone: ['dark'] },
            width: m(1),
          },
        },
        v2: { defaults: { label: 'Large', size: ['L'], listPrice: 12, sellingPrice: 12, stock: 0 } },
        v3: { defaults: { listPrice: 5, stock: 1, customNumbers: { n: 1 }, customLengths: { l: m(4) }, customJson: { j: [1] } } },
      },
    } as Partial<Product>);
    const docs = build({ products: { A: product(), R: rich } });
    const own = find(docs, 'uk', 'en-GB', 'R');
    const copy = find(docs, 'uk', 'en-GB', 'A').siblings![0] as ProductSource;
    assert.ok(JSON.stringify(copy).length < JSON.stringify({ ...own, siblings: undefined }).length / 2);
    assert.equal(copy.variants![0].storeStock!.length, 2, 'stores without stock are left out, negative stock is kept');
    const presentCustom = (['label', 'number', 'length', 'json'] as const).flatMap((kind) =>
      (['product', 'variant'] as const).map((level) => ({ kind, level, name: '*' })),
    );
    const queries: Partial<ShapeContext['query']>[] = [
      {},
      {
        channels: { online: false, store: true },
        stores: ['s1', 's2', 's3', 's4'],
        priceId: 'member',
        presentPrices: ['member', 'other'],
        presentDescription: true,
        presentCustom,
      },
      {
        presentCustom: [
          { kind: 'label', level: 'product', name: 'material' },
          { kind: 'length', level: 'variant', name: 'l' },
        ],
      },
      ...(['NONE', 'SWAP', 'GALLERY'] as const).map(
        (imageEffect) =>
          ({
            presentation: {
              imageEffect,
              sale: true,
              newDays: 10_000,
              discountMinPercent: 5,
              attributes: [{ name: 'material', theme: 'INFO', placement: 'primary' }],
            },
          }) as unknown as Partial<ShapeContext['query']>,
      ),
    ];
    for (const query of queries) {
      const sc: ShapeContext = {
        query: { channels: { online: true, store: false }, stores: [], presentCustom: [], presentPrices: [], locale: 'en-GB', labels: {}, ...query },
        origin: { pageType: 'SEARCH_PAGE', listId: 'PRIMARY_LIST', market: 'uk', touchpoint: 'DESKTOP' },
        now: new Date('2026-06-01T00:00:00Z'),
      } as ShapeContext;
      assert.deepEqual(shapeProduct(copy, 3, sc), shapeProduct(own as ProductSource, 3, sc), JSON.stringify(query));
    }
  });

  it("serialise to the document's JSON, each copy once however many documents hold it", () => {
    const products = Object.fromEntries(
      Array.from({ length: 4 }, (_, i) => [`P${i}`, product({ defaults: { title: `T${i}`, url: `/p${i}`, description: 'a "quoted" line\nand more' } })]),
    );
    const docs = build({ products });
    for (const d of docs) assert.deepEqual(JSON.parse(productDocumentJson(d)), JSON.parse(JSON.stringify(d)));
    const alone = build({ products: { A: product() } })[0];
    assert.equal(productDocumentJson(alone), JSON.stringify(alone));
  });
});
