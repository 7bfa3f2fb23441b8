/**
 * Behaviour's query → category prior (docs/language.md "Query understanding", events/queries/phrasePrior.ts):
 * after shoppers who searched "jacka" clicked and put outerwear in the cart, outerwear ranks first for
 * "jacka" in a catalog where the text alone ties; the prior is computed by the popularity job and read from
 * the vocabulary's cache, in the round trips of a search without it.
 */
import assert from 'node:assert/strict';
import type { SearchPage } from '@apptus/esales-api';
import { jsonBody, startService, type TestService } from './harness';
import type { ReplaceEntity } from '../../src/catalog/types';

function product(key: string, title: string, category: string): ReplaceEntity {
  return {
    key: `G-${key}`,
    productGroup: {
      products: {
        [key]: {
          markets: ['SE'],
          defaults: { title, url: `/p/${key}`, brand: 'Acme', category: [category] },
          variants: { [`${key}-v`]: { defaults: { listPrice: 500, sellingPrice: 500, stock: 5 } } },
        },
      },
    },
  };
}

// The same words in every field but the category, which "jacka" does not name: text alone ties.
const CATALOG: ReplaceEntity[] = [
  product('a-training', 'Jacka Nordic', 'Träning'),
  product('b-outerwear', 'Jacka Nordic', 'Ytterkläder'),
  product('c-training', 'Jacka Nordic', 'Träning'),
];

describe('query → category prior from behaviour (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;

  const search = async (q: string, customerKey = 'c') => {
    const params = new URLSearchParams({ customerKey, sessionKey: `${customerKey}-s`, market: 'SE', locale: 'sv-SE', touchpoint: 'desktop', q });
    const res = await service.request('GET', `/api/storefront/v3/queries/search-page?${params}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return { page: body as SearchPage, roundTrips: Number(res.headers.get('x-elasticsearch-round-trips')) };
  };
  const order = (page: SearchPage) => page.primaryList.productGroups.map((g) => g.key.replace('G-', ''));
  const notify = async (name: string, customerKey: string, ticket: string) => {
    const res = await service.request('POST', `/api/storefront/v3/notifications/${name}?market=SE&customerKey=${customerKey}&sessionKey=${customerKey}-s`, {
      body: JSON.stringify({ ticket }),
    });
    assert.equal(res.status, 204, await res.text());
  };

  before(async () => {
    service = await startService();
    await service.configure();
    const res = await service.importCatalog(CATALOG);
    assert.equal(res.status, 204, await res.text());
  });
  after(async () => service?.close());

  it('ranks the category shoppers of a phrase chose first where the text ties, after the popularity job ran', async () => {
    assert.equal(order((await search('jacka')).page)[0], 'a-training', 'text alone ties, broken by key');
    // Three shoppers search "jacka" and click the outerwear jacket, one also puts it in the cart; five who
    // search "nordic" choose a training jacket, so popularity alone would put a training jacket first.
    const choose = async (phrase: string, customer: string, key: string, cart: boolean) => {
      const { page } = await search(phrase, customer);
      const chosen = page.primaryList.productGroups.find((g) => g.key === `G-${key}`)!;
      await notify('click', customer, chosen.products[0].ticket);
      if (cart) await notify('add-to-cart', customer, chosen.products[0].variants[0].ticket);
    };
    for (const customer of ['s1', 's2', 's3']) await choose('jacka', customer, 'b-outerwear', customer === 's1');
    for (const customer of ['n1', 'n2', 'n3', 'n4', 'n5']) await choose('nordic', customer, 'a-training', true);
    const behaviour = service.context.behaviour;
    await behaviour.flush();
    await service.context.es.indices.refresh({ index: `${service.prefix}-events` });
    // Searched twice: the caches (vocabulary, catalog facts) are warm, as on a busy shop.
    await search('jacka');
    const before = await search('jacka');
    const run = await behaviour.updatePopularity();
    await search('jacka');
    const after = await search('jacka');
    assert.equal(order(after.page)[0], 'b-outerwear', JSON.stringify(run));
    assert.ok(run.phrasePriors >= 2, JSON.stringify(run));
    assert.equal(after.roundTrips, before.roundTrips, 'the prior rides in the vocabulary: no round trip of its own');
    assert.equal(order((await search('nordic')).page)[0], 'a-training');
  });
});
