/**
 * The storefront interface: the query endpoints (`/api/storefront/v3/queries/...`, GET and POST, or GET only)
 * and the notifications (`/api/storefront/v3/notifications/...`). No key: `customerKey` and `sessionKey`
 * name the visitor.
 */
import { NOTIFICATIONS, MAX_PURCHASE_LINES, type NotificationName } from '../../behaviour/notifications';
import { MAX_KEY_LENGTH } from '../../catalog/validation/checks';
import { EXAMPLE, EXAMPLE_TICKET } from './examples';
import { arr, bool, int, json, num, obj, param, ref, response, str, type Operation, type Paths, type RequestBody, type Schema } from './schema';

const QUERIES = '/api/storefront/v3/queries';
const BASE = ['customerKey', 'sessionKey', 'market', 'locale', 'touchpoint', 'viewId', 'notify'];
const PRODUCT_CONTEXT = ['channels', 'stores', 'priceId'];
const PRODUCTS = [...BASE, ...PRODUCT_CONTEXT, 'presentCustom', 'presentPrices'];
const TIMING = {
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  'X-Response-Time': { $ref: '#/components/headers/X-Response-Time' },
  'X-Elasticsearch-Took': { $ref: '#/components/headers/X-Elasticsearch-Took' },
  'X-Elasticsearch-Round-Trips': { $ref: '#/components/headers/X-Elasticsearch-Round-Trips' },
};

const POST_BODY_NOTE = 'The body is JSON, sent as `application/json` or (as the official client does, to avoid a CORS preflight) `text/plain`; at most 1 MB.';

interface QueryEndpoint {
  name: string;
  operationId: string;
  summary: string;
  description: string;
  parameters: string[];
  result: string;
  /** The POST body; GET only when absent. */
  body?: { schema: string; example: unknown };
}

const ENDPOINTS: QueryEndpoint[] = [
  {
    name: 'search-page',
    operationId: 'searchPage',
    summary: 'Search results: primary and secondary lists, facets, corrections',
    description:
      'Searches the product groups of the market-locale for `q`. A short primary list gets did-you-mean and a looser secondary list; one that finds nothing gets auto-correct (unless `origin=UNDO_AUTO_CORRECT`). Registers the search unless `notify=false`.',
    parameters: ['q', ...PRODUCTS, 'templateId', 'origin', 'sort', 'limit', 'skip', 'selectedCategory', 'viewAllSecondary', 'facets'],
    result: 'SearchPage',
    body: { schema: 'SearchPageBody', example: { navigation: { include: true }, contentLists: [{ id: 'articles', limit: 3 }] } },
  },
  {
    name: 'autocomplete',
    operationId: 'autocomplete',
    summary: 'Suggestions while the visitor types',
    description:
      'Phrase suggestions (highlighted), product suggestions, recent searches (for an empty `q`), recently viewed products and, with a POST body, content lists. Registers nothing.',
    parameters: ['qTyped', ...PRODUCTS, 'templateId'],
    result: 'Autocomplete',
    body: { schema: 'AutocompleteBody', example: { contentLists: [{ id: 'articles', limit: 2 }] } },
  },
  {
    name: 'landing-page',
    operationId: 'landingPage',
    summary: 'A category or landing page: primary list, navigation, recommendation and content lists',
    description:
      'The page named by `pageReference` with its settings (rules, pins, slices, facets, sort orders, recommendation lists); an unknown reference answers the default page (`published` false). Registers a page view unless `notify=false`.',
    parameters: ['pageReference', ...PRODUCTS, 'templateIdIgnored', 'qRefine', 'sort', 'limit', 'skip', 'includeNavigation', 'facets'],
    result: 'LandingPage',
    body: {
      schema: 'LandingPageBody',
      example: { primaryList: { include: true }, navigation: { include: true }, recommendationLists: [{ id: 'top', algorithm: 'TOP_PRODUCTS', limit: 4 }] },
    },
  },
  {
    name: 'product-page',
    operationId: 'productPage',
    summary: 'A product page: the product group and recommendation lists',
    description:
      'The product in full detail (all custom attributes, description, captions) when the body asks for the group, and the recommendation lists of the body. GET answers the defaults: variant tickets, no lists. Registers a product view unless `notify=false`; an unknown product is a 400.',
    parameters: ['productKey', ...PRODUCTS, 'templateIdIgnored'],
    result: 'ProductPage',
    body: {
      schema: 'ProductPageBody',
      example: { productGroup: { include: true }, recommendationLists: [{ id: 'alternatives', algorithm: 'ALTERNATIVES', limit: 4 }] },
    },
  },
  {
    name: 'cart-page',
    operationId: 'cartPage',
    summary: 'A cart page: the cart products and recommendation lists',
    description: 'Registers the cart unless `notify=false`.',
    parameters: ['cart', ...PRODUCTS, 'templateIdIgnored'],
    result: 'CartPage',
    body: { schema: 'CartPageBody', example: { cart: { include: true }, recommendationLists: [{ id: 'cart', algorithm: 'CART', limit: 4 }] } },
  },
  {
    name: 'add-to-cart-popup',
    operationId: 'addToCartPopup',
    summary: 'Recommendations for a variant just added to the cart',
    description:
      'An unknown variant is a 400. Registers the cart with the added variant unless `notify=false` (the add-to-cart itself is the add-to-cart notification).',
    parameters: ['variantKey', ...PRODUCTS, 'templateId', 'cartOptional'],
    result: 'AddToCartPopup',
    body: { schema: 'AddToCartPopupBody', example: { recommendationLists: [{ id: 'addons', algorithm: 'ADD_TO_CART_RECS', limit: 4 }] } },
  },
  {
    name: 'content-search-page',
    operationId: 'contentSearchPage',
    summary: 'Search results among content items',
    description:
      'Searches the content items of the market-locale (title, custom labels, description); did-you-mean and auto-correct as on search-page. `templateId` and `presentCustom` prefixes are a 400 (no product lists).',
    parameters: ['qContent', ...BASE, 'origin', 'contentSort', 'limit', 'skip'],
    result: 'ContentSearchPage',
    body: { schema: 'ContentSearchPageBody', example: { primaryList: { contentFilter: { type: 'article' } } } },
  },
  {
    name: 'navigation-tree',
    operationId: 'navigationTree',
    summary: 'The whole navigation tree of the market-locale',
    description: 'Nodes with their product group counts. GET only.',
    parameters: [...BASE, ...PRODUCT_CONTEXT],
    result: 'NavigationTree',
  },
  {
    name: 'content-information',
    operationId: 'contentInformation',
    summary: 'Content items by key',
    description: 'The asked items of the market-locale, in the order asked, each once. GET only.',
    parameters: ['contentKeys', ...BASE],
    result: 'ContentInformation',
  },
];

/** Errors every query answers: a bad parameter or body, a cluster without catalog (or down), a failure. */
const QUERY_ERRORS = { 400: response('BadRequest'), 500: response('InternalError'), 503: response('NoCatalogOrUnavailable') };

function queryOperation(e: QueryEndpoint, method: 'get' | 'post'): Operation {
  const operation: Operation = {
    operationId: method === 'get' ? e.operationId : `${e.operationId}Post`,
    tags: ['Storefront queries'],
    summary: e.summary,
    description:
      method === 'get' && e.body ? `${e.description}\n\nGET has no body: it gets the defaults of the endpoint (POST the same with a body).` : e.description,
    parameters: e.parameters.map(param),
    responses: { 200: json('The answer.', ref(e.result), { headers: TIMING }), ...QUERY_ERRORS },
    security: [],
    'x-example-status': 200,
  };
  if (method === 'post' && e.body) {
    operation.requestBody = { description: POST_BODY_NOTE, content: { 'application/json': { schema: ref(e.body.schema), example: e.body.example } } };
    operation.responses = { ...operation.responses, 413: response('TooLarge') };
  }
  return operation;
}

export function storefrontQueryPaths(): Paths {
  return Object.fromEntries(
    ENDPOINTS.map((e) => [`${QUERIES}/${e.name}`, { get: queryOperation(e, 'get'), ...(e.body ? { post: queryOperation(e, 'post') } : {}) }]),
  );
}

const ticketBody = (what: string): Schema =>
  obj({ ticket: str(`The ticket of the ${what}, as an answer handed it out.`, { minLength: 1, maxLength: 4000 }) }, ['ticket']);
const keyChoice: Schema = {
  oneOf: [
    obj({ productKey: str(undefined, { minLength: 1, maxLength: 500 }) }, ['productKey']),
    obj({ variantKey: str(undefined, { minLength: 1, maxLength: 500 }) }, ['variantKey']),
  ],
};
const removal = (field: string, what: string): Schema => ({
  ...obj({ [field]: arr(str(undefined, { minLength: 1, maxLength: 500 }), `${what} to remove.`, { maxItems: 1000 }), removeAll: bool('Remove all of them.') }),
  description: `\`${field}\` (at least one) or \`removeAll: true\`.`,
});

const NOTIFICATION_BODIES: Record<Exclude<NotificationName, 'end'>, { summary: string; schema: Schema; example: unknown }> = {
  click: { summary: 'The visitor clicked a product, variant or content item', schema: ticketBody('item clicked'), example: { ticket: EXAMPLE_TICKET } },
  'add-to-cart': {
    summary: 'The visitor added a product or variant to the cart',
    schema: ticketBody('product or variant added'),
    example: { ticket: EXAMPLE_TICKET },
  },
  'ad-impression': { summary: 'An item was shown to the visitor', schema: ticketBody('item shown'), example: { ticket: EXAMPLE_TICKET } },
  'add-favorite': { summary: 'The visitor marked a product as a favourite', schema: keyChoice, example: { productKey: EXAMPLE.productKey } },
  'remove-favorite': { summary: 'The visitor removed a favourite', schema: keyChoice, example: { productKey: EXAMPLE.productKey } },
  'remove-recent-searches': {
    summary: "Forget some or all of the visitor's recent searches",
    schema: removal('phrases', 'Phrases'),
    example: { phrases: [EXAMPLE.phrase] },
  },
  'remove-recently-viewed': {
    summary: "Forget some or all of the visitor's recently viewed products",
    schema: removal('productKeys', 'Product keys'),
    example: { removeAll: true },
  },
  purchase: {
    summary: 'The visitor bought (our addition): drives popularity, co-purchase and personal recommendations',
    schema: obj(
      {
        lines: arr(
          obj(
            {
              variantKey: str('A variant of the market.', { minLength: 1, maxLength: MAX_KEY_LENGTH }),
              quantity: int(undefined, { minimum: 1, maximum: 1_000_000 }),
              sellingPrice: num('The unit price paid.', { minimum: 0 }),
            },
            ['variantKey', 'quantity', 'sellingPrice'],
          ),
          undefined,
          { minItems: 1, maxItems: MAX_PURCHASE_LINES },
        ),
      },
      ['lines'],
    ),
    example: { lines: [{ variantKey: EXAMPLE.variantKey, quantity: 1, sellingPrice: 499 }] },
  },
};

export function notificationPaths(): Paths {
  const who = ['customerKey', 'sessionKey', 'market'].map(param);
  return Object.fromEntries(
    NOTIFICATIONS.map((name) => {
      const body = name === 'end' ? undefined : NOTIFICATION_BODIES[name];
      const requestBody: RequestBody | undefined = body && {
        description: 'JSON, as `application/json` or `text/plain` (what the official client sends); at most 256 KB.',
        required: true,
        content: { 'application/json': { schema: body.schema, example: body.example } },
      };
      const operation: Operation = {
        operationId: `notify${name
          .split('-')
          .map((w) => w[0]!.toUpperCase() + w.slice(1))
          .join('')}`,
        tags: ['Storefront notifications'],
        summary: name === 'end' ? 'The visitor ended the session' : body!.summary,
        description:
          'Recorded through a bounded buffer: the answer never waits for Elasticsearch, and while the cluster is away notifications are still accepted. Refused (503) only when the buffer is full.',
        parameters: who,
        ...(requestBody ? { requestBody } : {}),
        responses: {
          204: { description: 'Accepted.', headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } } },
          400: response('BadRequest'),
          ...(requestBody ? { 413: response('TooLarge') } : {}),
          500: response('InternalError'),
          503: response('BufferFull'),
        },
        security: [],
        'x-example-status': 204,
      };
      return [`/api/storefront/v3/notifications/${name}`, { post: operation }];
    }),
  );
}
