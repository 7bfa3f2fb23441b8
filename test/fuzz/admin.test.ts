/**
 * Fuzzing the admin imports: catalog lines (full import, validation only and for real), operations, pages,
 * navigation, templates, facets and configuration, each a valid body changed in a few places, arbitrary JSON
 * or broken text, with query parameters and headers changed too. Its own service (index prefix), so that the
 * imports it lets through change nothing the storefront fuzz reads.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startService, TEST_CONFIGURATION, type TestService } from '../http/harness';
import { content, group, product, smallCatalog, translation } from '../fixtures/catalog';
import {
  contentType,
  describeFindings,
  fuzz,
  mutated,
  nastyJson,
  nastyString,
  queryString,
  statuses,
  sweep,
  withEachStringOverLong,
  type Json,
} from './support';

const RUNS = 100;

/** Values as JSON (the fixtures are typed entities). */
const json = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

/** One line of a catalog body: a valid line changed, arbitrary JSON, or broken text. */
function lineOf(bases: Json[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(bases).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: nastyJson.map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '{',
        '{"replace":',
        '\u0000',
        'null',
        '{"replace":{}}{"replace":{}}',
        'x'.repeat(70_000),
        '\r',
        '\uFEFF{"replace":{"key":"K","translation":{"attribute":"category","id":"c","locale":"sv-SE","value":"v"}}}',
      ),
    },
  );
}

const lines = (bases: Json[]) => fc.array(lineOf(bases), { minLength: 1, maxLength: 6 }).map((l) => l.join('\n') + '\n');
/**
 * Changed lines, or now and then the valid lines as they are: an import is all-or-nothing, so with every file
 * changed a valid one was rare enough (1 in 33 for the real import) that a run could reach no import at all.
 */
const linesOrValid = (bases: Json[]) =>
  fc.oneof(
    { weight: 3, arbitrary: lines(bases) },
    { weight: 1, arbitrary: fc.subarray(bases, { minLength: 1 }).map((l) => l.map((b) => JSON.stringify(b)).join('\n') + '\n') },
  );

/** Query parameters of imports: the valid ones and changed ones. */
const importQuery = (names: string[]) =>
  fc.array(fc.tuple(fc.constantFrom(...names), fc.oneof(nastyString, fc.constantFrom('true', 'false', 'PT5M', 'PT0S', 'PT0.001S'))), { maxLength: 3 });

const headers = fc.record({
  type: fc.constantFrom(
    'application/jsonlines',
    'application/x-ndjson',
    'application/json',
    'text/plain',
    '',
    'text/html',
    'application/jsonlines; charset=utf-8',
  ),
  encoding: fc.constantFrom('', '', '', 'identity', 'gzip', 'br', 'GZIP', ' gzip '),
});

function headersOf(h: { type: string; encoding: string }): Record<string, string> {
  return { ...(h.type ? { 'Content-Type': h.type } : {}), ...(h.encoding ? { 'Content-Encoding': h.encoding } : {}) };
}

describe('fuzz: admin imports', function () {
  this.timeout(30 * 60_000);
  let service: TestService;

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(smallCatalog(5));
    assert.equal(res.status, 204, await res.text());
  });

  after(async () => service?.close());

  const replaceBases: Json[] = [
    json({ replace: group('G1') }),
    json({ replace: group('G9', { 'G9-a': product('G9-a', { overrides: { 'NO|nb-NO': { title: 'Norsk' } } }), 'G9-b': product('G9-b') }) }),
    json({ replace: content('C1') }),
    json({ replace: translation('t1', { attribute: 'category', id: 'cat_shoes', locale: 'sv-SE', value: 'Skor' }) }),
  ];
  const operationBases: Json[] = [
    ...replaceBases,
    { edit: { key: 'G2', productGroup: { products: { 'G2-p': { defaults: { title: 'Edited' } } } } } },
    { editAttributes: { key: 'G3-p-1', variant: { defaults: { stock: 0, sellingPrice: 120, listPrice: 200 } } } },
    { editAttributes: { key: 'G4-p', product: { defaults: { brand: 'Other' } } } },
    { remove: { productGroup: 'G1' } },
    { removePartial: { market: 'NO', productGroup: 'G2' } },
    { remove: { content: 'C1' } },
    { clearProductGroups: { market: 'NO' } },
    { clearContent: { market: 'SE' } },
    { clearTranslations: { locale: 'nb-NO' } },
  ];

  it('full catalog import, validation only: lines, parameters, headers', async () => {
    // force=true half the time: the fuzzed lines replace most of the live catalog, so without it a valid file is
    // "dangerous" (a 400), and the validation behind that check was reached only by the rare random force=true.
    const input = fc.record({ body: linesOrValid(replaceBases), force: fc.boolean(), query: importQuery(['force', 'name', 'blockingTimeout']), headers });
    const found = await fuzz(
      service,
      'PUT import/catalog?validationOnly',
      input,
      ({ body, force, query, headers: h }) => ({
        method: 'PUT',
        path: `/api/admin/v4/import/catalog?${queryString([['validationOnly', 'true'], ...(force ? [['force', 'true'] as [string, string]] : []), ...query])}`,
        body,
        headers: headersOf(h),
      }),
      RUNS * 2,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  it('full catalog import, for real (a valid file replaces the catalog)', async () => {
    // The fixed catalog first, so the import has something valid to write; force so that "dangerous" is not the answer.
    // Its keys (V1…, no content) differ from the fuzzed lines' (G1, C1, …), so an unchanged fuzzed line is no duplicate.
    const valid =
      smallCatalog(3, 'V')
        .filter((e) => !('content' in e))
        .map((e) => JSON.stringify({ replace: e }))
        .join('\n') + '\n';
    const input = fc.record({ body: linesOrValid(replaceBases), query: importQuery(['name', 'blockingTimeout']) });
    const found = await fuzz(
      service,
      'PUT import/catalog',
      input,
      ({ body, query }) => ({
        method: 'PUT',
        path: `/api/admin/v4/import/catalog?${queryString([['force', 'true'], ...query])}`,
        body: valid + body,
        headers: { 'Content-Type': 'application/jsonlines' },
      }),
      Math.round(RUNS / 3),
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  it('operations import: lines (validation only and for real), parameters', async () => {
    const input = fc.record({ body: lines(operationBases), validationOnly: fc.boolean(), query: importQuery(['name', 'blockingTimeout', 'force']) });
    const found = await fuzz(
      service,
      'POST import/catalog (operations)',
      input,
      ({ body, validationOnly, query }) => ({
        method: 'POST',
        path: `/api/admin/v4/import/catalog?${queryString([['validationOnly', String(validationOnly)], ...query])}`,
        body,
        headers: { 'Content-Type': 'application/jsonlines' },
      }),
      RUNS * 2,
    );
    assert.equal(found.length, 0, describeFindings(found));
  });

  /** JSON imports of src/http/merchandisingRoutes.ts and adminRoutes.ts: a changed valid body or anything. */
  const jsonImport =
    (endpoint: string, method: string, path: string, bases: Json[], queryNames: string[], runs = RUNS) =>
    async () => {
      const input = fc.record({
        body: fc.oneof(
          { weight: 6, arbitrary: mutated(bases).map((b) => JSON.stringify(b)) },
          { weight: 2, arbitrary: nastyJson.map((b) => JSON.stringify(b)) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              '',
              '{',
              'null',
              '[]',
              '{"market":',
              '\u0000',
              '['.repeat(50_000) + ']'.repeat(50_000),
              '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
            ),
          },
        ),
        // Half the requests send no parameter, so that a valid body often reaches the import itself (previewOnly,
        // force and name are each checked: a random value or a repeated name is a 400 before the body is read).
        query: fc.oneof(fc.constant<[string, string][]>([]), importQuery(queryNames)),
        type: fc.constantFrom('application/json', 'text/plain', '', 'application/xml'),
      });
      const found = await fuzz(
        service,
        endpoint,
        input,
        ({ body, query, type }) => ({
          method,
          path: `${path}?${queryString(query)}`,
          body,
          headers: contentType(type),
        }),
        runs,
      );
      assert.equal(found.length, 0, describeFindings(found));
    };

  const women: Json = {
    id: '/women',
    customData: { 'sv-SE': { banner: 'spring' } },
    headings: { 'sv-SE': 'Dam', 'en-GB': 'Women' },
    paths: { 'sv-SE': '/dam', 'en-GB': '/women' },
    primaryList: {
      blocked: ['p9'],
      pinned: ['p1'],
      rules: 'rule incl product_key { "p1" "p2" } rule incl custom.material { "leather" } excl price [ -infinity, 100 ]',
      restrictChildRules: true,
      facetsOverride: {
        enabled: true,
        facets: [
          { attribute: 'brand', sortOrder: 'ALPHABETIC' },
          { attribute: 'custom.width', unit: 'cm' },
        ],
      },
      keywords: { additional: { 'sv-SE': ['kvinna'] }, enabled: true, headingAsKeyword: false },
      pageSliceInfo: { inherit: false, slices: [{ productSetId: 'SET1', pinnedProducts: ['p3'] }] },
      sortOrderOverride: { enabled: true, sortOrders: ['RELEVANCE', 'PRICE_DECREASING'] },
    },
    recLists: [{ id: 'top', algorithm: 'TOP_PRODUCTS', blocked: ['p8'], pinned: ['p4'], limit: 8, rules: 'rule incl brand { "A" }' }],
  };
  it(
    'pages import',
    jsonImport(
      'POST import/pages',
      'POST',
      '/api/admin/v4/import/pages',
      [
        { market: 'SE', type: 'PARTIAL', addOrUpdate: [women, { id: '/women/shoes', paths: { 'sv-SE': '/dam/skor' } }] },
        { market: 'SE', type: 'FULL', addOrUpdate: [women] },
        { market: 'SE', type: 'PARTIAL', remove: ['campaign'] },
      ],
      ['force', 'previewOnly', 'name'],
    ),
  );

  it(
    'navigation import',
    jsonImport(
      'POST import/navigation',
      'POST',
      '/api/admin/v4/import/navigation',
      [
        {
          market: 'SE',
          locale: 'sv-SE',
          type: 'PARTIAL',
          addOrUpdate: [
            { id: 'women', title: 'Dam', type: 'PAGE', pageId: '/women' },
            { id: 'shoes', title: 'Skor', type: 'PAGE', pageId: '/women/shoes', parentId: 'women' },
          ],
        },
        {
          market: 'SE',
          locale: 'sv-SE',
          type: 'FULL',
          addOrUpdate: [{ id: 'sale', title: 'Rea', type: 'PAGE_LINK', link: 'https://example.com/rea' }],
          remove: ['women'],
        },
      ],
      ['name'],
    ),
  );

  const card: Json = {
    products: {
      first: { fields: ['brand', 'title', 'link', 'sellingPrice', 'custom.material'], variants: { all: { fields: ['label', 'inStock'] } } },
      rest: { fields: ['link'], maxVariants: 0 },
    },
  };
  it(
    'templates import (PUT)',
    jsonImport(
      'PUT import/templates',
      'PUT',
      '/api/admin/v4/import/templates',
      [{ card }, { card, list: { products: { all: { fields: ['title', 'custom.*'], maxVariants: 0 } } } }],
      ['force', 'name'],
    ),
  );
  it('templates import (POST)', jsonImport('POST import/templates', 'POST', '/api/admin/v4/import/templates', [{ card }], ['name'], Math.round(RUNS / 2)));

  it(
    'facets import',
    jsonImport(
      'PUT import/facets',
      'PUT',
      '/api/admin/v4/import/facets',
      [
        {
          markets: {
            SE: {
              facets: [
                { attribute: 'brand', type: 'TEXT', labels: { 'sv-SE': 'Märke', 'en-GB': 'Brand' }, sortOrder: 'ALPHABETIC' },
                { id: 'screen', attribute: 'custom.screenSize', type: 'RANGE', unit: 'cm', labels: { 'sv-SE': 'Skärmstorlek' } },
                { attribute: 'custom.panel', type: 'TEXT', size: 20 },
                { attribute: 'custom.sale', type: 'CHECKBOX' },
                { attribute: 'price', type: 'RANGE', searchPage: false },
              ],
              dynamicFacets: 4,
            },
          },
        },
      ],
      ['name'],
    ),
  );

  /**
   * Not random: every string of every valid line and body, in turn, made longer than the 32,766 bytes
   * Elasticsearch takes for one keyword (a 40,000-character brand once failed a full import with a 500).
   * Full and operations imports run for real, as the failure came from the bulk write, not the validation.
   */
  it('over-long strings in every place of every valid line and body', async () => {
    const requests: { endpoint: string; method: string; path: string; body: string; type: string }[] = [];
    const variants = withEachStringOverLong;
    for (const base of replaceBases) {
      // The other valid lines, and this one changed (a key twice would be refused before any write).
      const others = replaceBases
        .filter((b) => b !== base)
        .map((b) => `${JSON.stringify(b)}\n`)
        .join('');
      for (const line of variants(base))
        requests.push({
          endpoint: 'PUT import/catalog',
          method: 'PUT',
          path: '/api/admin/v4/import/catalog?force=true',
          body: `${others}${JSON.stringify(line)}\n`,
          type: 'application/jsonlines',
        });
    }
    for (const base of operationBases.slice(replaceBases.length))
      for (const line of variants(base))
        requests.push({
          endpoint: 'POST import/catalog',
          method: 'POST',
          path: '/api/admin/v4/import/catalog',
          body: `${JSON.stringify(line)}\n`,
          type: 'application/jsonlines',
        });
    const json: [string, string, string, Json[]][] = [
      ['POST import/pages', 'POST', '/api/admin/v4/import/pages', [{ market: 'SE', type: 'PARTIAL', addOrUpdate: [women] }]],
      [
        'POST import/navigation',
        'POST',
        '/api/admin/v4/import/navigation',
        [
          {
            market: 'SE',
            locale: 'sv-SE',
            type: 'PARTIAL',
            addOrUpdate: [
              { id: 'women', title: 'Dam', type: 'PAGE', pageId: '/women' },
              { id: 'sale', title: 'Rea', type: 'PAGE_LINK', link: 'https://example.com/rea' },
            ],
          },
        ],
      ],
      ['PUT import/templates', 'PUT', '/api/admin/v4/import/templates?force=true', [{ card }]],
      [
        'PUT import/facets',
        'PUT',
        '/api/admin/v4/import/facets',
        [
          {
            markets: {
              SE: {
                facets: [
                  { attribute: 'brand', type: 'TEXT', labels: { 'sv-SE': 'Märke' } },
                  { id: 'screen', attribute: 'custom.screenSize', type: 'RANGE', unit: 'cm' },
                ],
              },
            },
          },
        ],
      ],
      [
        'PUT import/labels',
        'PUT',
        '/api/admin/v4/import/labels',
        [{ markets: { SE: { 'sv-SE': { 'facet.custom.material': 'Material', 'sort.PRICE_ASCENDING': 'Billigast' } } } }],
      ],
      [
        'PUT import/synonyms',
        'PUT',
        '/api/admin/v4/import/synonyms',
        [{ locales: { 'sv-SE': [{ terms: ['tröja', 'sweater'] }, { from: ['anorak'], to: ['jacka'] }] } }],
      ],
      [
        'PUT import/phrase-rules',
        'PUT',
        '/api/admin/v4/import/phrase-rules',
        [
          {
            markets: {
              SE: [
                {
                  id: 'sneakers',
                  phrases: ['sneakers', 'Sneaker'],
                  locale: 'sv-SE',
                  pinned: [{ productKey: 'P1', position: 1 }],
                  hidden: ['P2'],
                  boost: 'rule incl brand { "Acme" }',
                  bury: 'rule incl price [ -infinity, 100 ]',
                  redirect: '/dam/skor',
                  start: '2026-01-01T00:00:00Z',
                  end: '2027-01-01T00:00:00Z',
                },
              ],
            },
          },
        ],
      ],
      ['PUT import/compounds', 'PUT', '/api/admin/v4/import/compounds', [{ locales: { 'sv-SE': { excluded: ['handskar'] } } }]],
    ];
    for (const [endpoint, method, path, bases] of json)
      for (const base of bases)
        for (const body of variants(base)) requests.push({ endpoint, method, path, body: JSON.stringify(body), type: 'application/json' });
    const found = await sweep(
      service,
      requests.map(({ type, ...r }) => ({ ...r, headers: { 'Content-Type': type } })),
    );
    assert.ok(requests.length > 100, `${requests.length} requests`);
    assert.equal(found.length, 0, describeFindings(found));
  });

  it(
    'configuration import (last: it may change the markets)',
    jsonImport(
      'POST import/configuration',
      'POST',
      '/api/admin/v4/import/configuration',
      [json(TEST_CONFIGURATION)],
      ['allowDestructiveImport', 'name'],
      Math.round(RUNS / 2),
    ),
  );

  it('got behind the admin key: every import endpoint answered some inputs with 2xx and some with 400', () => {
    for (const endpoint of [
      'PUT import/catalog?validationOnly',
      'PUT import/catalog',
      'POST import/catalog (operations)',
      'POST import/pages',
      'POST import/navigation',
      'PUT import/templates',
      'PUT import/facets',
      'POST import/configuration',
    ]) {
      const answered = [...(statuses.get(endpoint) ?? new Map<number, number>()).keys()];
      assert.ok(answered.some((s) => s >= 200 && s < 300) && answered.includes(400), `${endpoint}: answered ${answered.join(', ') || 'nothing'}`);
      assert.ok(!answered.includes(403), `${endpoint}: 403, the fuzz sent no valid Api-Key`);
    }
  });
});
