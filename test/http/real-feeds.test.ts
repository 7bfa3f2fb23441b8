/**
 * Feeds shaped like real ones (the generator's electronics and fashion profiles) through the whole path:
 * import, the bounded mapping, search-page with dynamic facets, a selection of a dynamic facet, and a
 * landing page, in several locales.
 */
import assert from 'node:assert/strict';
import { startService, type TestService } from './harness';
import { defaultConfiguration, generateCatalogLines } from '../../src/sample/generator';
import type { GeneratorProfile } from '../../src/sample/profiles';
import type { SearchPageResult } from '../../src/storefront/responseTypes';

const BASE = { customerKey: 'c1', sessionKey: 's1', touchpoint: 'desktop', notify: 'false' };

async function mappedFields(service: TestService): Promise<number> {
  const mapping = await service.context.es.indices.getMapping({ index: `${service.prefix}-catalog-products` });
  type Property = { properties?: Record<string, Property>; fields?: Record<string, unknown> };
  const count = (properties: Record<string, Property> | undefined): number =>
    Object.values(properties ?? {}).reduce((n, p) => n + 1 + Object.keys(p.fields ?? {}).length + count(p.properties), 0);
  return count(Object.values(mapping)[0].mappings.properties as Record<string, Property>);
}

const profiles: [GeneratorProfile, string[], number][] = [
  // profile, phrases that find products, attribute names
  ['electronics', ['tv', 'laptop', 'cable'], 2000],
  ['fashion', ['jacket', 'sneakers', 'jeans'], 30],
];

for (const [profile, phrases, attributes] of profiles) {
  describe(`a ${profile} feed (HTTP)`, function () {
    this.timeout(180_000);
    let service: TestService;
    const page = async (endpoint: string, params: Record<string, string>) => {
      const res = await service.request('GET', `/api/storefront/v3/queries/${endpoint}?${new URLSearchParams({ ...BASE, ...params })}`);
      const body = (await res.json()) as SearchPageResult;
      assert.equal(res.status, 200, JSON.stringify(body).slice(0, 500));
      return body;
    };

    before(async () => {
      service = await startService();
      await service.configure(defaultConfiguration());
      const res = await service.importCatalog([...generateCatalogLines({ productGroups: 150, seed: 5, profile, attributes })]);
      assert.equal(res.status, 204, await res.text());
    });
    after(async () => service?.close());

    it('keeps the products mapping at its fixed size', async () => {
      assert.ok((await mappedFields(service)) < 150);
    });

    for (const [market, locale] of [
      ['UK', 'en-GB'],
      ['SE', 'sv-SE'],
    ]) {
      it(`answers search pages in ${locale} with dynamic facets that filter`, async () => {
        let withDynamic = 0;
        for (const q of market === 'UK' ? phrases : phrases.slice(0, 1)) {
          const result = await page('search-page', { q, market, locale });
          const dynamic = result.primaryList.facets.filter((f) => f.id.startsWith('custom.'));
          assert.ok(dynamic.length <= 8, `${q}: ${dynamic.length} dynamic facets`);
          if (dynamic.length === 0 || result.primaryList.totalHits < 2) continue;
          withDynamic++;
          const facet = dynamic[0];
          const selection: Record<string, string> =
            facet.type === 'RANGE' ? { [`f.${facet.id}.min`]: String(facet.max) } : facet.type === 'TEXT' ? { [`f.${facet.id}`]: facet.values[0].id } : {};
          const narrowed = await page('search-page', { q, market, locale, ...selection });
          assert.ok(narrowed.primaryList.totalHits > 0 && narrowed.primaryList.totalHits <= result.primaryList.totalHits, `${q} ${facet.id}`);
          assert.ok(
            narrowed.primaryList.facets.some((f) => f.id === facet.id),
            'the selected facet stays shown',
          );
        }
        if (market === 'UK') assert.ok(withDynamic > 0, 'some phrase got dynamic facets');
      });
    }
  });
}
