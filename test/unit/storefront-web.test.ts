/** The reference storefront's pure parts: the URL as state (web/storefront/route.ts) and text helpers (format.ts). */
import type { NavigationNode } from '@apptus/esales-api';
import assert from 'node:assert/strict';
import { facetsOf, hrefOf, parseLocation, pathAt, positionOf, SORT_TYPES } from '../../web/storefront/route';
import { shownSortOptions } from '../../web/storefront/settings';
import { textFor } from '../../web/storefront/text';
import { highlightParts, priceText, safeLink } from '../../web/storefront/format';

const SE = { market: 'SE', locale: 'sv-SE' };

describe('storefront URL state', () => {
  it('reads facet selections as the client takes them', () => {
    const params = new URLSearchParams('f.brand=Acme|Nord&f.price.min=100&f.price.max=500&f.onlyInStock=true&f.size=&f.weight.max=x&q=a');
    assert.deepEqual(facetsOf(params), { brand: ['Acme', 'Nord'], price: { min: 100, max: 500 }, onlyInStock: true });
  });

  it('makes a search URL that parses back to the same route', () => {
    const route = {
      kind: 'search' as const,
      q: 'röda skor',
      sort: 'PRICE_ASCENDING' as const,
      page: 2,
      origin: 'PHRASE_SUGGEST' as const,
      facets: { brand: ['A&B'], price: { min: 10 } },
    };
    const href = hrefOf(route, SE);
    assert.equal(href, '/search?q=r%C3%B6da+skor&origin=PHRASE_SUGGEST&sort=PRICE_ASCENDING&f.brand=A%26B&f.price.min=10&page=2&market=SE&locale=sv-SE');
    assert.deepEqual(parseLocation(new URL(href, 'http://shop')), { locator: SE, route });
  });

  it('leaves ORGANIC and the first page out of the URL', () => {
    assert.equal(hrefOf({ kind: 'search', q: 'x', page: 1, origin: 'ORGANIC', facets: {} }, SE), '/search?q=x&market=SE&locale=sv-SE');
  });

  it("puts the product key beside the catalog's own product link", () => {
    const href = hrefOf({ kind: 'product', productKey: 'P1-BLK', variantKey: 'V1' }, SE, '/en/product/shoe-p1?variant=V9');
    assert.equal(href, '/en/product/shoe-p1?pk=P1-BLK&variant=V1&market=SE&locale=sv-SE');
    assert.deepEqual(parseLocation(new URL(href, 'http://shop')).route, { kind: 'product', productKey: 'P1-BLK', variantKey: 'V1' });
  });

  it('falls back to relevance for a sort the client does not know', () => {
    assert.equal((parseLocation(new URL('http://shop/search?q=x&sort=CHEAPEST')).route as { sort?: string }).sort, undefined);
    assert.equal((parseLocation(new URL('http://shop/dam?sort=price_ascending')).route as { sort?: string }).sort, 'PRICE_ASCENDING');
  });

  it("finds a category at the same place of another locale's navigation tree", () => {
    const node = (link: string, children: unknown[] = []) => ({ type: 'PAGE_LINK', path: link, link, label: link, customData: {}, count: 1, children });
    const sv = {
      type: 'LABEL',
      label: '',
      customData: {},
      count: 2,
      children: [node('/dam', [node('/dam/skor'), node('/dam/vaskor')]), node('/herr')],
    } as unknown as NavigationNode;
    const en = {
      type: 'LABEL',
      label: '',
      customData: {},
      count: 2,
      children: [node('/women', [node('/women/shoes'), node('/women/bags')]), node('/men')],
    } as unknown as NavigationNode;
    assert.deepEqual(positionOf(en, '/women/bags/'), [0, 1]);
    assert.equal(pathAt(sv, positionOf(en, '/women/bags')!), '/dam/vaskor');
    assert.equal(positionOf(en, '/nowhere'), undefined);
    assert.equal(pathAt(sv, [5]), undefined);
  });

  it('treats any other path as a landing page, and bounds the page number', () => {
    assert.deepEqual(parseLocation(new URL('http://shop/dam/skor?page=999&sort=NEWEST_FIRST')).route, {
      kind: 'landing',
      path: '/dam/skor',
      sort: 'NEWEST_FIRST',
      page: 1,
      facets: {},
    });
    assert.deepEqual(parseLocation(new URL('http://shop/cart?market=NO')), { locator: { market: 'NO', locale: undefined }, route: { kind: 'cart' } });
  });
});

describe('storefront text helpers', () => {
  it('offers the sorts shops show, unless the page chose its own, and keeps the selected one', () => {
    const all = SORT_TYPES.map((id) => ({ id, label: id }));
    assert.deepEqual(
      shownSortOptions(all, 'RELEVANCE').map((o) => o.id),
      ['RELEVANCE', 'NEWEST_FIRST', 'PRICE_ASCENDING', 'PRICE_DESCENDING', 'DISCOUNT', 'RATING'],
    );
    assert.ok(shownSortOptions(all, 'WEIGHT_DECREASING').some((o) => o.id === 'WEIGHT_DECREASING'));
    const chosen = [
      { id: 'NAME' as const, label: 'Name' },
      { id: 'RELEVANCE' as const, label: 'Relevance' },
    ];
    assert.deepEqual(shownSortOptions(chosen, 'NAME'), chosen);
  });

  it("has the shop's words in Swedish and Norwegian, and English for other languages", () => {
    assert.equal(textFor('sv-SE').productCount(57, 'sv-SE'), '57 produkter');
    assert.equal(textFor('nb-NO').showMore, 'Vis flere');
    assert.equal(textFor('de-DE').productCount(1, 'de-DE'), '1 product');
  });

  it('splits a highlighted phrase into text parts, never markup', () => {
    assert.deepEqual(highlightParts('{{sne}}akers'), [
      { text: 'sne', match: true },
      { text: 'akers', match: false },
    ]);
    assert.deepEqual(highlightParts('red {{<b>}} x'), [
      { text: 'red ', match: false },
      { text: '<b>', match: true },
      { text: ' x', match: false },
    ]);
    assert.deepEqual(highlightParts('plain'), [{ text: 'plain', match: false }]);
  });

  it("formats prices in the market's currency", () => {
    assert.equal(priceText({ min: 549, max: 549 }, 'en-GB', 'SEK', textFor('en-GB')).replace(/\s/g, ' '), 'SEK 549');
    assert.equal(priceText({ min: 149, max: 299 }, 'en-GB', 'GBP', textFor('en-GB')), 'from £149');
    assert.equal(priceText({ min: 149, max: 299 }, 'sv-SE', 'SEK', textFor('sv-SE')).replace(/\s/g, ' '), 'från 149 kr');
  });
});

describe('content links (safeLink)', () => {
  it('keeps relative paths and http(s) URLs', () => {
    for (const link of ['/articles/care', 'articles/care', '?a=1', 'https://example.com/a', 'http://example.com/', 'HTTPS://EXAMPLE.COM/x']) {
      assert.equal(safeLink(link), link, link);
    }
  });

  it('refuses every other scheme, however it is spelled', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'mailto:a@b.c',
      'file:///etc/passwd',
      '',
      '   ',
      undefined,
    ]) {
      assert.equal(safeLink(link), undefined, JSON.stringify(link));
    }
  });
});
