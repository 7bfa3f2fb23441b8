/**
 * The values the description's examples use: keys of the sample catalog that `npm start` loads into an empty
 * cluster (src/sample: markets SE, NO and UK, 300 product groups PG1..PG300, content items C1..C15, a page
 * per category). Sent to the real node after loading that catalog by test/http/openapi-examples.test.ts, so
 * an example that stops answering as described fails there.
 */
import { encodeTicket } from '../../events/tickets';

export const EXAMPLE = {
  market: 'SE',
  locale: 'en-GB',
  customerKey: '3f2c9a9e-5b1d-4c55-9a63-0c6f1e2d7b10',
  sessionKey: '7d4e1f20-8a3b-4b8e-b1c2-5e9f0a6d3c44',
  touchpoint: 'DESKTOP',
  phrase: 'sneakers',
  typed: 'sne',
  contentPhrase: 'care',
  pageReference: '/women/shoes',
  productGroupKey: 'PG1',
  productKey: 'P1-RED',
  variantKey: 'V1-RED-OS',
  otherVariantKey: 'V2-BLU-OS',
  contentKeys: 'C1|C2',
} as const;

/** A ticket as a search-page answer hands it out for the first product of its primary list. */
export const EXAMPLE_TICKET = encodeTicket({
  kind: 'product',
  productKey: EXAMPLE.productKey,
  pageType: 'SEARCH_PAGE',
  listId: 'PRIMARY_LIST',
  position: 0,
  market: EXAMPLE.market,
  touchpoint: 'DESKTOP',
});
