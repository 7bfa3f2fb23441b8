import assert from 'node:assert/strict';
import { productGroupDocuments } from '../../src/catalog/documents';
import type { ProductDocument } from '../../src/catalog/documentTypes';
import type { CatalogConfiguration, Product, ProductGroup } from '../../src/catalog/types';
import { productSource } from '../../src/storefront/productSource';

const configuration: CatalogConfiguration = { markets: { uk: { locales: ['en-GB'] }, se: { locales: ['sv-SE', 'en-GB'] } } };
const build = (group: ProductGroup) => productGroupDocuments('g', group, { configuration, translate: () => undefined }).documents.map((d) => d.document);
const find = (docs: ProductDocument[], market: string, locale: string, key: string) => docs.find((d) => d.market === market && d.locale === locale && d.productKey === key)!;

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
  it('hold the siblings of the same market and locale: that market\'s prices, that locale\'s texts', () => {
    const docs = build({
      products: {
        A: product(),
        B: product({
          defaults: { title: 'Boot', url: '/b' }, overrides: { '*|sv-SE': { title: 'Känga' } },
          variants: { b1: { defaults: { listPrice: 20, sellingPrice: 15 }, overrides: { 'se|*': { listPrice: 200, sellingPrice: 150 } } } },
        }),
        C: product({ markets: ['uk'] }),
      },
    });
    const copies = (market: string, locale: string) => find(docs, market, locale, 'A').siblings?.map((s) => [s.productKey, s.title, s.variants[0].listPrice, s.variants[0].sellingPrice]);
    assert.deepEqual(copies('uk', 'en-GB'), [['B', 'Boot', 20, 15], ['C', 'T', 10, 10]]);
    assert.deepEqual(copies('se', 'sv-SE'), [['B', 'Känga', 200, 150]]);
    assert.deepEqual(copies('se', 'en-GB'), [['B', 'Boot', 200, 150]]);
    assert.deepEqual(find(docs, 'uk', 'en-GB', 'C').siblings?.map((s) => s.productKey), ['A', 'B']);
  });

  it('are the first 10 other products in group order, none for a product alone', () => {
    const products = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`P${i}`, product()]));
    const docs = build({ products });
    assert.deepEqual(find(docs, 'uk', 'en-GB', 'P3').siblings?.map((s) => s.productKey), ['P0', 'P1', 'P2', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']);
    assert.equal(build({ products: { A: product() } })[0].siblings, undefined);
  });

  it('hold every field a listing may fetch, so a copy filtered by `siblings.` paths is the sibling\'s own fetch', () => {
    const rich = product({
      defaults: {
        title: 'T', url: '/t', name: 'N', brand: 'B', series: 'S', description: 'D', rating: 4, releaseDate: '2026-01-01',
        customLabels: { material: ['wool'] }, customNumbers: { pockets: 2 }, customLengths: { strap: { amount: 3, unit: 'cm' } }, customJson: { fit: { a: 1 } },
        depth: { amount: 1, unit: 'cm' }, height: { amount: 1, unit: 'cm' }, length: { amount: 1, unit: 'cm' }, width: { amount: 1, unit: 'cm' },
        volume: { amount: 1, unit: 'l' }, weight: { amount: 1, unit: 'kg' },
      },
      colorInitial: ['red'],
      images: { i1: { defaults: { urls: [{ url: 'u' }], alt: 'a', caption: 'c', customData: { k: 'v' } } } },
      variants: {
        v1: {
          defaults: {
            label: 'L', size: ['M'], listPrice: 10, sellingPrice: 8, stock: 3, storeStock: { s1: 2 }, customPrices: { member: { listPrice: 9, sellingPrice: 7 } },
            customLabels: { tone: ['dark'] }, customNumbers: { n: 1 }, customLengths: { l: { amount: 1, unit: 'cm' } }, customJson: { j: 1 },
            depth: { amount: 1, unit: 'cm' }, height: { amount: 1, unit: 'cm' }, length: { amount: 1, unit: 'cm' }, width: { amount: 1, unit: 'cm' },
            volume: { amount: 1, unit: 'l' }, weight: { amount: 1, unit: 'kg' },
          },
        },
      },
    } as Partial<Product>);
    const docs = build({ products: { A: product(), R: rich } });
    const own = find(docs, 'uk', 'en-GB', 'R');
    const copy = find(docs, 'uk', 'en-GB', 'A').siblings![0];
    const presentCustom = (['label', 'number', 'length', 'json'] as const).flatMap((kind) => (['product', 'variant'] as const).map((level) => ({ kind, level, name: '*' })));
    const includes = productSource({
      channels: { online: true, store: true }, stores: ['s1'], presentCustom, presentPrices: ['member'], priceId: 'member', presentDescription: true,
      presentation: { attributes: [{ name: 'material' }] },
    } as unknown as Parameters<typeof productSource>[0]);
    const paths = includes.filter((p) => p.startsWith('siblings.')).map((p) => p.slice('siblings.'.length).split('.'));
    assert.ok(paths.length > 30);
    const missing = paths.filter((p) => reaches(own, p) && !reaches(copy, p)).map((p) => p.join('.'));
    assert.deepEqual(missing, []);
    // and the fetch of the copies leaves nothing of the document out that the shaper reads
    for (const p of ['title', 'variants.customPrices', 'variants.storeStock', 'images.sources', 'customJson.*', 'variants.customLabels.*', 'description']) assert.ok(reaches(copy, p.split('.')), p);
  });
});
