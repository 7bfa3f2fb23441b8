/**
 * Issue 32 (parity II): storefront behaviour on a small hand-made catalog, one item per describe.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { group, product, translation } from '../fixtures/catalog';
import type { ReplaceEntity } from '../../src/catalog/types';

const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', touchpoint: 'DESKTOP', notify: 'false' };

const silk = (key: string) => group(key, { [key]: product(key, { defaults: { title: `Silk ${key}`, url: `/p/${key}`, brand: 'Acme', category: ['cat_shoes'], customLabels: { material: ['mat_silk'] } } }) });
const wool = (key: string) => group(key, { [key]: product(key, { defaults: { title: `Wool ${key}`, url: `/p/${key}`, brand: 'Acme', category: ['cat_shoes'], customLabels: { material: ['mat_wool'] } } }) });

const CATALOG: ReplaceEntity[] = [
  translation('t-silk-sv', { attribute: 'customLabels.material', id: 'mat_silk', locale: 'sv-SE', value: 'Siden' }),
  translation('t-silk-en', { attribute: 'customLabels.material', id: 'mat_silk', locale: 'en-GB', value: 'Silk' }),
  silk('S1'), silk('S2'), wool('W1'),
];

describe('parity II (issue 32)', function () {
  let service: TestService;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function landing(params: Record<string, string>, body: unknown): Promise<any> {
    const query = new URLSearchParams({ ...BASE, pageReference: '/no/such/page', limit: '100', ...params });
    const res = await service.request('POST', `/api/storefront/v3/queries/landing-page?${query}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain' } });
    const json = await res.json();
    assert.equal(res.status, 200, JSON.stringify(json));
    return json;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const keys = (page: any): string[] => page.primaryList.productGroups.map((g: { key: string }) => g.key).sort();

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service.close());

  describe('custom labels by feed id (item 2)', function () {
    for (const locale of ['sv-SE', 'en-GB']) {
      it(`a rule, the deprecated productFilter and a facet selection accept the feed id in ${locale}`, async () => {
        const byRule = await landing({ locale }, { primaryList: { include: true, productRules: 'rule incl custom.material { "mat_silk" }' } });
        assert.deepEqual(keys(byRule), ['S1', 'S2']);
        const byFilter = await landing({ locale }, { primaryList: { include: true, productFilter: { 'custom.material': 'mat_silk' } } });
        assert.deepEqual(keys(byFilter), ['S1', 'S2']);
        const selected = await landing({ locale, 'f.custom.material': 'mat_silk' }, { primaryList: { include: true } });
        assert.deepEqual(keys(selected), ['S1', 'S2']);
        const excluded = await landing({ locale }, { primaryList: { include: true, productRules: 'rule excl custom.material { "mat_silk" }' } });
        assert.deepEqual(keys(excluded), ['W1']);
      });
    }
    it('keeps the translated text working in its locale', async () => {
      assert.deepEqual(keys(await landing({ locale: 'sv-SE' }, { primaryList: { include: true, productRules: 'rule incl custom.material { "Siden" }' } })), ['S1', 'S2']);
      assert.deepEqual(keys(await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: 'rule incl custom.material { "Silk" }' } })), ['S1', 'S2']);
      assert.deepEqual(keys(await landing({ locale: 'en-GB', 'f.custom.material': 'Silk' }, { primaryList: { include: true } })), ['S1', 'S2']);
      assert.deepEqual(keys(await landing({ locale: 'en-GB' }, { primaryList: { include: true, productRules: 'rule incl custom.material { "mat_wool" }' } })), ['W1']);
    });
  });
});
