import assert from 'node:assert/strict';
import type { TemplateSettings } from '../../src/merchandising/templates/types';
import type { PresentCustom } from '../../src/storefront/request';
import type { ProductGroupResult, ProductResult, VariantResult } from '../../src/storefront/responseTypes';
import { applyTemplate, withTemplateFields } from '../../src/storefront/templates';

const variant = (key: string): VariantResult => ({
  key,
  ticket: `t-${key}`,
  label: key.toUpperCase(),
  stockNumber: 1,
  inStock: true,
  link: `/p?variant=${key}`,
  listPrice: 10,
  sellingPrice: 8,
  prices: [],
  availability: [{ channel: 'ONLINE', stockNumber: 1 }],
  custom: { campaign: [{ id: 'summer', label: 'summer' }] },
});
const product = (key: string, variants: string[]): ProductResult => ({
  key,
  title: `Title ${key}`,
  brand: 'Acme',
  link: `/p/${key}`,
  ticket: `t-${key}`,
  inStock: true,
  listPrice: { min: 10, max: 10 },
  sellingPrice: { min: 8, max: 8 },
  variants: variants.map(variant),
  badges: { primary: [], secondary: [] },
  imageInfo: { effect: 'NONE', images: [] },
  swatch: { type: 'MISSING_COLORS', colors: [] },
  custom: { material: [{ id: 'wool', label: 'wool' }], fit: [{ id: 'slim', label: 'slim' }] },
});
const group: ProductGroupResult = { key: 'G', products: [product('a', ['a1', 'a2', 'a3']), product('b', ['b1'])], remaining: 2 };

describe('response templates (applyTemplate)', () => {
  it('leave groups as they are without a template', () => {
    assert.equal(applyTemplate([group], undefined)[0], group);
  });

  it('apply first to the main product and rest to the siblings; key and ticket always stay', () => {
    const template: TemplateSettings = {
      products: {
        first: {
          fields: ['title', 'custom.material'],
          maxVariants: 2,
          variants: { first: { fields: ['label'] }, rest: { fields: ['sellingPrice', 'custom.campaign'] } },
        },
        rest: { fields: ['brand'], maxVariants: 0 },
      },
    };
    const [shaped] = applyTemplate([group], template);
    assert.deepStrictEqual(shaped, {
      key: 'G',
      remaining: 2,
      products: [
        {
          key: 'a',
          ticket: 't-a',
          title: 'Title a',
          custom: { material: [{ id: 'wool', label: 'wool' }] },
          remainingVariants: 1,
          variants: [
            { key: 'a1', ticket: 't-a1', label: 'A1' },
            { key: 'a2', ticket: 't-a2', sellingPrice: 8, custom: { campaign: [{ id: 'summer', label: 'summer' }] } },
          ],
        },
        { key: 'b', ticket: 't-b', brand: 'Acme', variants: [], remainingVariants: 1 },
      ],
    });
  });

  it('all with custom.*: every custom attribute; no maxVariants: every variant, no remainingVariants', () => {
    const [shaped] = applyTemplate([group], { products: { all: { fields: ['link', 'custom.*'], variants: { all: { fields: ['inStock'] } } } } });
    const [a, b] = shaped.products as (ProductResult & { remainingVariants?: number })[];
    assert.deepStrictEqual(a.custom, group.products[0].custom);
    assert.deepStrictEqual([a.variants.length, b.variants.length, 'remainingVariants' in a], [3, 1, false]);
    assert.deepStrictEqual(Object.keys(b).sort(), ['custom', 'key', 'link', 'ticket', 'variants']);
    assert.deepStrictEqual(a.variants[0], { key: 'a1', ticket: 't-a1', inStock: true });
  });

  it('a named custom attribute the product lacks gives an empty custom object; none named drops custom', () => {
    const [named] = applyTemplate([group], { products: { all: { fields: ['custom.colour'], maxVariants: 0 } } });
    assert.deepStrictEqual(named.products[0].custom, {});
    const [none] = applyTemplate([group], { products: { all: { fields: ['title'], maxVariants: 0 } } });
    assert.equal(none.products[0].custom, undefined);
  });

  it('widen the context by the custom attributes the template names (any kind, product and variant level)', () => {
    const context = { presentCustom: [{ level: 'product', kind: 'label', name: 'material' }] as PresentCustom[] };
    const widened = withTemplateFields(context, {
      products: {
        first: { fields: ['custom.material', 'title'], variants: { all: { fields: ['custom.*'] } } },
        rest: { fields: ['custom.fit'], maxVariants: 0 },
      },
    });
    assert.deepStrictEqual(
      widened.presentCustom.map((c) => `${c.level}:${c.kind}:${c.name}`),
      [
        'product:label:material',
        'product:number:material',
        'product:length:material',
        'product:json:material',
        'variant:label:*',
        'variant:number:*',
        'variant:length:*',
        'variant:json:*',
        'product:label:fit',
        'product:number:fit',
        'product:length:fit',
        'product:json:fit',
      ],
    );
    assert.equal(withTemplateFields(context, undefined), context);
    assert.equal(withTemplateFields(context, { products: { all: { fields: ['title'], maxVariants: 0 } } }), context);
  });
});
