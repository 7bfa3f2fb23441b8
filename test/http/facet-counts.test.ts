/**
 * Issue 32, item 9: on the sample catalog (a fifth of its groups suppress duplicates), every facet value
 * counts what selecting it gives: the product groups of `totalHits`, not products.
 */
import assert from 'node:assert/strict';
import { loadSampleCatalogIfEmpty } from '../../src/sample/loadSample';
import { jsonBody, startService, type TestService } from './harness';

const BASE = { market: 'SE', customerKey: 'c', sessionKey: 's', touchpoint: 'desktop', notify: 'false', limit: '1' };

interface FacetValue {
  id: string;
  label: string;
  count: number;
  selected: boolean;
}
interface FacetShape {
  id: string;
  type: string;
  values?: FacetValue[];
  sizeTypes?: { formats: { values: FacetValue[] }[] }[];
  count?: number;
  selected?: boolean;
}

/** The first values of each facet (counts and ids), and the checkboxes with their counts. */
function choices(facets: FacetShape[], perFacet: number): { param: string; value: string; count: number; what: string }[] {
  return facets.flatMap((f) => {
    if (f.type === 'CHECKBOX') return f.count === undefined ? [] : [{ param: `f.${f.id}`, value: 'true', count: f.count, what: `${f.id}=true` }];
    const values = f.values ?? (f.sizeTypes ?? []).flatMap((t) => t.formats.flatMap((fm) => fm.values));
    return values.slice(0, perFacet).map((v) => ({ param: `f.${f.id}`, value: v.id, count: v.count, what: `${f.id}=${v.label}` }));
  });
}

describe('facet counts equal the hits their selection gives (issue 32, item 9)', function () {
  let service: TestService;
  before(async () => {
    service = await startService();
    await loadSampleCatalogIfEmpty(service.context);
  });
  after(async () => service?.close());

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function get(endpoint: string, params: Record<string, string>): Promise<any> {
    const res = await service.request('GET', `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body;
  }

  for (const [endpoint, params] of [
    ['landing-page', { pageReference: '/dam', locale: 'sv-SE' }],
    ['search-page', { q: 'sko', locale: 'sv-SE' }],
  ] as const) {
    it(`${endpoint} ${JSON.stringify(params)}: each value's count is the totalHits of selecting it`, async () => {
      const page = await get(endpoint, params);
      const picked = choices(page.primaryList.facets, 3);
      assert.ok(picked.length >= 5, `facets to check: ${picked.length}`);
      const wrong: string[] = [];
      for (const c of picked) {
        const selected = await get(endpoint, { ...params, [c.param]: c.value });
        if (selected.primaryList.totalHits !== c.count) wrong.push(`${c.what}: counts ${c.count}, selecting gives ${selected.primaryList.totalHits}`);
      }
      assert.deepEqual(wrong, []);
    });
  }

  it("autocomplete's totalHits equals search-page's for a phrase of whole words; a last word being typed counts as a prefix", async () => {
    // Not "dam": search-page understands it as the gender (docs/autocomplete-and-templates.md), autocomplete counts its words.
    for (const q of ['skor', 'sneakers', 'jacka', 'klänning', 'byxor']) {
      const typed = await get('autocomplete', { q, locale: 'sv-SE' });
      const searched = await get('search-page', { q, locale: 'sv-SE' });
      assert.ok(searched.primaryList.totalHits > 0, `${q} finds nothing`);
      assert.equal(typed.totalHits, searched.primaryList.totalHits, q);
    }
    // "sko" is also the start of "skor": while typing, autocomplete counts every word it may become.
    const typing = await get('autocomplete', { q: 'sko', locale: 'sv-SE' });
    const whole = await get('search-page', { q: 'sko', locale: 'sv-SE' });
    assert.ok(typing.totalHits >= whole.primaryList.totalHits, `${typing.totalHits} < ${whole.primaryList.totalHits}`);
  });

  it("STYLE_WITH without behaviour data: nothing of the seed's own leaf category, nothing of another department (issue 32, item 10)", async () => {
    const res = await service.context.es.search<{ productKey: string; category: string[]; styleWith?: string[]; age?: string[] }>({
      index: `${service.prefix}-*`,
      size: 2000,
      _source: ['productKey', 'category', 'styleWith', 'age'],
      query: { bool: { filter: [{ term: { market: 'SE' } }, { term: { locale: 'en-GB' } }, { exists: { field: 'productKey' } }] } },
    });
    const categoryOf = new Map(res.hits.hits.map((h) => [h._source!.productKey, h._source!.category[0] ?? '']));
    // One seed per leaf category, among products without `styleWith` keys: the feed's keys come first as the
    // merchant's choice, and the sample generator draws them at random (its output is pinned byte for byte).
    const seeds = new Map<string, string>();
    // Things worn (with an age group) are accessorised: the Accessories department goes with them too.
    const worn = new Set<string>();
    for (const h of res.hits.hits) {
      const category = h._source!.category[0] ?? '';
      if (!h._source!.styleWith?.length && !seeds.has(category)) seeds.set(category, h._source!.productKey);
      if (h._source!.age?.length) worn.add(h._source!.productKey);
    }
    assert.ok(seeds.size >= 10, `leaf categories: ${seeds.size}`);
    const wrong: string[] = [];
    let recommended = 0;
    for (const [category, key] of seeds) {
      const page = await service.request(
        'POST',
        `/api/storefront/v3/queries/product-page?${new URLSearchParams({ ...BASE, locale: 'en-GB', productKey: key })}`,
        { body: JSON.stringify({ recommendationLists: [{ id: 'style', algorithm: 'STYLE_WITH', limit: 8 }] }) },
      );
      const body = await jsonBody(page);
      assert.equal(page.status, 200, JSON.stringify(body));
      const keys: string[] = body.recommendationLists[0].productGroups.map((g: { products: { key: string }[] }) => g.products[0].key);
      recommended += keys.length;
      const department = category.split(' > ')[0];
      for (const k of keys) {
        const other = categoryOf.get(k) ?? '';
        const otherDepartment = other.split(' > ')[0];
        const related = otherDepartment === department || (otherDepartment === 'Accessories' && worn.has(key) && department !== 'Accessories');
        if (other === category || !related) wrong.push(`${category} (${key}) → ${other} (${k})`);
      }
    }
    assert.ok(recommended > seeds.size, `recommended ${recommended} for ${seeds.size} seeds`);
    assert.deepEqual(wrong, []);
  });
});
