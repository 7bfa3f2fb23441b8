import assert from 'node:assert/strict';
import { DEFAULT_PRESENTATION } from '../../src/configuration/presentation';
import { DomainError } from '../../src/kernel/errors';
import { statusOf } from '../../src/http/errors';
import { readFacts } from '../../src/storefront/catalogFacts';
import { parseQueryContext, type EndpointRules } from '../../src/storefront/request';
import { noteIgnoredTemplate } from '../../src/storefront/ignoredParameters';
import type { Logger } from '../../src/kernel/log';
import { decodeTicket, encodeTicket, type Ticket } from '../../src/events/tickets';
import { catalogFacts } from './catalogFactsFixture';

const facts = catalogFacts({
  configuration: { markets: { SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' }, FI: { locales: ['fi-FI'] } } },
  productCounts: { SE: 10 },
  storeKeys: new Set(['S1', 'S2']),
  priceIds: new Set(['member', 'vip']),
  customAttributes: new Map([['material', 'label']]),
});
const rules: EndpointRules = { templates: true, presentCustomPrefixes: ['variant', 'number', 'length'] };
const base = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'desktop' };

function fails(status: number, pattern: RegExp, fn: () => unknown) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof DomainError, String(err));
    assert.equal(statusOf(err), status);
    assert.match(err.message, pattern);
    return true;
  });
}

describe('storefront shared query parameters', () => {
  it('parse a minimal request into a whole QueryContext with defaults', () => {
    assert.deepStrictEqual(parseQueryContext(base, facts, rules), {
      customerKey: 'c1',
      sessionKey: 's1',
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'DESKTOP',
      channels: { online: true, store: true },
      stores: [],
      notify: true,
      presentCustom: [],
      presentPrices: [],
      viewId: 'PRODUCTION',
      labels: {},
      presentation: DEFAULT_PRESENTATION,
    });
  });

  it('parse every optional parameter', () => {
    const ctx = parseQueryContext(
      {
        ...base,
        touchpoint: 'Mobile',
        channels: 'store|online',
        stores: 'S2|S1|S2',
        notify: 'false',
        presentCustom: 'material|variant.color|number.heel|variant.length.shaft',
        presentPrices: 'vip',
        priceId: 'member',
        viewId: 'preview',
      },
      facts,
      rules,
    );
    assert.deepStrictEqual(ctx, {
      customerKey: 'c1',
      sessionKey: 's1',
      market: 'SE',
      locale: 'sv-SE',
      touchpoint: 'MOBILE',
      channels: { online: true, store: true },
      stores: ['S2', 'S1'],
      notify: false,
      presentCustom: [
        { level: 'product', kind: 'label', name: 'material' },
        { level: 'variant', kind: 'label', name: 'color' },
        { level: 'product', kind: 'number', name: 'heel' },
        { level: 'variant', kind: 'length', name: 'shaft' },
      ],
      presentPrices: ['vip'],
      priceId: 'member',
      viewId: 'PREVIEW',
      labels: {},
      presentation: DEFAULT_PRESENTATION,
    });
  });

  it('read channels ONLINE alone as online only', () => {
    assert.deepStrictEqual(parseQueryContext({ ...base, channels: 'ONLINE' }, facts, rules).channels, { online: true, store: false });
  });

  for (const name of ['customerKey', 'sessionKey', 'market', 'locale', 'touchpoint']) {
    it(`require ${name} (400 naming it)`, () => {
      fails(400, new RegExp(`${name} is required`), () => parseQueryContext({ ...base, [name]: undefined }, facts, rules));
      fails(400, new RegExp(name), () => parseQueryContext({ ...base, [name]: '' }, facts, rules));
    });
  }

  const invalid: [string, Record<string, string | string[]>, RegExp][] = [
    ['an unknown touchpoint', { touchpoint: 'TABLET' }, /touchpoint must be one of DESKTOP, MOBILE/],
    ['an unconfigured market', { market: 'DK' }, /market: unknown market "DK"/],
    ['a locale of another market', { locale: 'fi-FI' }, /locale: "fi-FI" is not a locale of market SE/],
    ['an unknown channel', { channels: 'ONLINE|SHOP' }, /channels: unknown channel "SHOP"/],
    ['an explicit STORE without stores', { channels: 'STORE' }, /stores must name at least one store/],
    ['an unknown store', { stores: 'S1|S9' }, /stores: unknown store "S9"/],
    ['an unknown priceId', { priceId: 'gold' }, /priceId: unknown custom price id "gold"/],
    ['an unknown presentPrices id', { presentPrices: 'vip|gold' }, /presentPrices: unknown custom price id "gold"/],
    ['a bad notify', { notify: 'maybe' }, /notify must be true or false/],
    ['a bad viewId', { viewId: 'staging' }, /viewId must be one of PRODUCTION, PREVIEW/],
    ['a repeated parameter', { market: ['SE', 'SE'] }, /market is given more than once/],
    ['a presentCustom entry without a name', { presentCustom: 'variant.' }, /presentCustom: "variant." names no attribute/],
  ];
  for (const [what, params, message] of invalid) {
    it(`answer 400 to ${what}`, () => fails(400, message, () => parseQueryContext({ ...base, ...params }, facts, rules)));
  }

  it('keep templateId where allowed (whether it exists is resolved at the endpoint, resolveTemplate)', () => {
    assert.equal(parseQueryContext({ ...base, templateId: 't1' }, facts, rules).templateId, 't1');
  });

  it('keep templateId apart where it is ignored (not defined for the endpoint): never applied', () => {
    const context = parseQueryContext({ ...base, templateId: 't1' }, facts, { ...rules, templates: 'ignored' });
    assert.deepEqual([context.templateId, context.ignoredTemplateId], [undefined, 't1']);
    assert.equal(parseQueryContext(base, facts, { ...rules, templates: 'ignored' }).ignoredTemplateId, undefined);
  });

  it('note an ignored templateId in the log: at info the first time per endpoint, then at debug', () => {
    const lines: [string, string, Record<string, unknown> | undefined][] = [];
    const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
      lines.push([level, msg, fields]);
    };
    const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
    noteIgnoredTemplate(log, 'unit-page', {});
    noteIgnoredTemplate(log, 'unit-page', { ignoredTemplateId: 'a' });
    noteIgnoredTemplate(log, 'unit-page', { ignoredTemplateId: 'b' });
    noteIgnoredTemplate(log, 'unit-other-page', { ignoredTemplateId: 'a' });
    assert.deepEqual(
      lines.map(([level, msg, fields]) => [level, msg, fields?.templateId]),
      [
        ['info', 'templateId ignored: the specification does not define it for unit-page', 'a'],
        ['debug', 'templateId ignored: the specification does not define it for unit-page', 'b'],
        ['info', 'templateId ignored: the specification does not define it for unit-other-page', 'a'],
      ],
    );
  });

  it('refuse templateId and presentCustom prefixes the endpoint does not allow', () => {
    const strict: EndpointRules = { templates: false, presentCustomPrefixes: [] };
    fails(400, /templateId is not accepted by this endpoint/, () => parseQueryContext({ ...base, templateId: 't' }, facts, strict));
    fails(400, /prefix "variant\." is not accepted/, () => parseQueryContext({ ...base, presentCustom: 'variant.x' }, facts, strict));
    fails(400, /prefix "number\." is not accepted by this endpoint: it lists no products/, () =>
      parseQueryContext({ ...base, presentCustom: 'number.x' }, facts, strict),
    );
    fails(400, /prefix "length\." is not accepted by this endpoint \(accepted: variant\.\)/, () =>
      parseQueryContext({ ...base, presentCustom: 'length.x' }, facts, { templates: false, presentCustomPrefixes: ['variant'] }),
    );
  });

  it('answer 503 when there is no catalog, or no product in the market', () => {
    fails(503, /No products found in the cluster/, () => parseQueryContext(base, undefined, rules));
    fails(503, /No products found in the cluster for market FI/, () => parseQueryContext({ ...base, market: 'FI', locale: 'fi-FI' }, facts, rules));
  });

  it('check required parameters before answering 503', () => {
    fails(400, /customerKey is required/, () => parseQueryContext({ ...base, customerKey: undefined }, undefined, rules));
  });
});

describe('storefront tickets', () => {
  const tickets: Ticket[] = [
    { pageType: 'SEARCH_PAGE', listId: 'PRIMARY_LIST', kind: 'product', productKey: 'p;1|ä', position: 3, market: 'SE', touchpoint: 'DESKTOP' },
    {
      pageType: 'SEARCH_PAGE',
      listId: 'SECONDARY_LIST',
      kind: 'variant',
      productKey: 'p1',
      variantKey: 'p1-38',
      position: 0,
      market: 'SE',
      touchpoint: 'MOBILE',
    },
    { pageType: 'LANDING_PAGE', listId: 'articles', kind: 'content', contentKey: 'c/1', position: 12, market: 'NO', touchpoint: 'DESKTOP' },
  ];

  it('round-trip every kind through an opaque base64url string', () => {
    for (const t of tickets) {
      const encoded = encodeTicket(t);
      assert.match(encoded, /^[A-Za-z0-9_-]+$/);
      assert.deepStrictEqual(decodeTicket(encoded), t);
    }
  });

  it('encode the documented semicolon record', () => {
    const record = Buffer.from(encodeTicket(tickets[1]), 'base64url').toString('utf8');
    assert.equal(record, '2;SEARCH_PAGE;SECONDARY_LIST;variant;p1;p1-38;0;SE;MOBILE;');
  });

  it('reject strings that are not our tickets with a 400', () => {
    const enc = (s: string) => Buffer.from(s).toString('base64url');
    fails(400, /not a base64url string/, () => decodeTicket('abc=def'));
    fails(400, /unknown format/, () => decodeTicket(enc('2;SEARCH_PAGE;L;product;p;;0;SE;DESKTOP')));
    fails(400, /unknown page type/, () => decodeTicket(enc('1;HOME;L;product;p;;0;SE;DESKTOP')));
    fails(400, /unknown kind/, () => decodeTicket(enc('1;SEARCH_PAGE;L;brand;p;;0;SE;DESKTOP')));
    fails(400, /bad position/, () => decodeTicket(enc('1;SEARCH_PAGE;L;product;p;;x;SE;DESKTOP')));
    fails(400, /needs a variant key/, () => decodeTicket(enc('1;SEARCH_PAGE;L;variant;p;;0;SE;DESKTOP')));
  });
});

describe('storefront catalog facts', () => {
  const aggs = {
    markets: {
      buckets: [
        { key: 'SE', doc_count: 8 },
        { key: 'NO', doc_count: 2 },
      ],
    },
    stores: {
      buckets: [
        { key: 'S1', doc_count: 3 },
        { key: 'S2', doc_count: 1 },
      ],
    },
    collapsing: { doc_count: 2, markets: { buckets: [{ key: 'NO', doc_count: 2 }] } },
    labels: {
      buckets: [
        { key: 'material', doc_count: 5 },
        { key: 'care.wash', doc_count: 2 },
      ],
    },
    numbers: {
      doc_count: 9,
      names: {
        buckets: [
          { key: 'heel', doc_count: 4 },
          { key: 'material', doc_count: 1 },
        ],
      },
    },
    lengths: { doc_count: 3, names: { buckets: [{ key: 'shaft', doc_count: 3 }] } },
    // Understood attributes (UNDERSTOOD_ATTRIBUTES): one of few values, one of too many to be a facet of words.
    'attribute:material': {
      buckets: [
        { key: 'Läder', doc_count: 3 },
        { key: 'Ull', doc_count: 2 },
      ],
    },
    'attribute:pattern': { buckets: Array.from({ length: 301 }, (_, i) => ({ key: `P${i}`, doc_count: 1 })) },
  } as never;
  const configuration = { markets: { SE: { locales: ['sv-SE'] } } };

  it('read counts, stores, price ids from the mapping and custom attribute names with their kind from aggregations', () => {
    const mapping = {
      'idx-v1': {
        mappings: {
          properties: {
            customPrice: {
              type: 'object',
              subobjects: false,
              properties: { 'member.selling.min': { type: 'double' }, 'member.list.max': { type: 'double' }, 'vip.selling.max': { type: 'double' } },
            },
            customLabels: { type: 'object', subobjects: false, properties: { material: { type: 'keyword' }, 'care.wash': { type: 'keyword' } } },
            variants: { type: 'nested', properties: { customLabels: { type: 'object', properties: { width: { type: 'keyword' } } } } },
          },
        },
      },
    } as never;
    assert.deepStrictEqual(readFacts('v1', configuration, aggs, mapping), {
      version: 'v1',
      configuration,
      productCounts: { SE: 8, NO: 2 },
      collapsingMarkets: new Set(['NO']),
      storeKeys: new Set(['S1', 'S2']),
      priceIds: new Set(['member', 'vip']),
      genders: [],
      brands: [],
      sizes: [],
      attributes: [{ name: 'material', values: ['Läder', 'Ull'] }],
      // A name used as a label and a number is read as a label.
      customAttributes: new Map([
        ['material', 'label'],
        ['care.wash', 'label'],
        ['heel', 'number'],
        ['shaft', 'length'],
      ]),
      // Dynamic facet candidates of the version: labels and numbers by coverage (lengths are no candidates).
      dynamicCandidates: {
        version: 'v1',
        ranked: [
          { name: 'material', kind: 'label', products: 5 },
          { name: 'heel', kind: 'number', products: 4 },
          { name: 'care.wash', kind: 'label', products: 2 },
          { name: 'material', kind: 'number', products: 1 },
        ],
      },
    });
  });

  it('read price ids from nested mappings and survive an empty catalog', () => {
    const nested = {
      i: { mappings: { properties: { customPrice: { properties: { member: { properties: { selling: { properties: { min: { type: 'double' } } } } } } } } } },
    } as never;
    assert.deepStrictEqual([...readFacts('v1', configuration, aggs, nested).priceIds], ['member']);
    const empty = readFacts('v1', configuration, {}, {} as never);
    assert.deepStrictEqual([empty.productCounts, empty.storeKeys.size, empty.priceIds.size, empty.customAttributes.size], [{}, 0, 0, 0]);
  });
});
