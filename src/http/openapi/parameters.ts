/**
 * Query and header parameters, described once (components.parameters) with the limits their parsers apply
 * (src/storefront/request.ts and each endpoint's request.ts, src/kernel/params.ts). Lists are pipe-separated
 * on the storefront; booleans and enumerations are read in any case. Examples are values of the sample catalog.
 */
import { SORT_IDS } from '../../merchandising/sortOrders';
import { ORIGINS } from '../../storefront/request';
import { MAX_CART_KEYS } from '../../storefront/recommendations/request';
import { MAX_CONTENT_KEYS } from '../../storefront/contentInformation/request';
import { MAX_PHRASE_LENGTH } from '../../storefront/relevance';
import { MAX_KEY_LENGTH } from '../../catalog/validation/checks';
import { EXAMPLE } from './examples';
import { bool, enumOf, int, str, type Parameter } from './schema';
import { MAX_VISITOR_KEY_LENGTH } from '../../events/events';

const query = (name: string, description: string, schema: Parameter['schema'], extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  description,
  schema,
  ...extra,
});
const pipeList = (description: string): Parameter['schema'] => str(`${description} Pipe-separated.`);

export const PARAMETERS: Record<string, Parameter> = {
  customerKey: query(
    'customerKey',
    `Identifies the visitor (a UUID is recommended); at most ${MAX_VISITOR_KEY_LENGTH} characters.`,
    str(undefined, { minLength: 1, maxLength: MAX_VISITOR_KEY_LENGTH }),
    { required: true, example: EXAMPLE.customerKey },
  ),
  sessionKey: query(
    'sessionKey',
    `Identifies the session (a UUID is recommended); at most ${MAX_VISITOR_KEY_LENGTH} characters.`,
    str(undefined, { minLength: 1, maxLength: MAX_VISITOR_KEY_LENGTH }),
    { required: true, example: EXAMPLE.sessionKey },
  ),
  market: query('market', 'A configured market.', str(undefined, { minLength: 1 }), { required: true, example: EXAMPLE.market }),
  locale: query('locale', 'A locale of the market.', str(undefined, { minLength: 1 }), { required: true, example: EXAMPLE.locale }),
  touchpoint: query('touchpoint', 'Any case (the official client sends lower case).', enumOf(['DESKTOP', 'MOBILE', 'desktop', 'mobile']), {
    required: true,
    example: EXAMPLE.touchpoint,
  }),
  viewId: query(
    'viewId',
    'PREVIEW reads the preview view of pages and navigation; any case.',
    enumOf(['PRODUCTION', 'PREVIEW', 'production', 'preview'], undefined, { default: 'PRODUCTION' }),
  ),
  notify: query(
    'notify',
    'false: the query registers no behaviour (no search, view or cart) and its tickets carry no query id.',
    bool(undefined, { default: true }),
  ),
  channels: query(
    'channels',
    'Channels whose stock counts (display, filtering, ranking): ONLINE, STORE or both (the default). With STORE, `stores` must name a store.',
    pipeList('ONLINE and/or STORE.'),
  ),
  stores: query('stores', 'Store keys of the catalog (variant `storeStock`).', pipeList('Store keys.')),
  priceId: query('priceId', 'A custom price id of the catalog: every price shown, filtered and sorted on is that price.', str()),
  presentCustom: query(
    'presentCustom',
    'Custom attributes to present in listings: `name`, `variant.name`, `number.name`, `length.name` (and `variant.number.name`, ...).',
    pipeList('Attribute names.'),
  ),
  presentPrices: query('presentPrices', 'Custom price ids to present on variants (`prices`).', pipeList('Custom price ids.')),
  templateId: query('templateId', 'A response template (PUT/POST /api/admin/v4/import/templates) applied to every product list.', str()),
  templateIdIgnored: query(
    'templateId',
    'Accepted and ignored (noted in the log): the specification does not define it here, and the official client sends it on every product query.',
    str(),
  ),

  q: query('q', 'The search phrase.', str(undefined, { minLength: 1, maxLength: MAX_PHRASE_LENGTH }), { required: true, example: EXAMPLE.phrase }),
  qTyped: query(
    'q',
    'What the visitor has typed so far; empty or absent: trending phrases and recent searches.',
    str(undefined, { maxLength: MAX_PHRASE_LENGTH }),
    { example: EXAMPLE.typed },
  ),
  qContent: query('q', 'The search phrase.', str(undefined, { minLength: 1, maxLength: MAX_PHRASE_LENGTH }), {
    required: true,
    example: EXAMPLE.contentPhrase,
  }),
  qRefine: query('q', 'A phrase refining the primary list.', str(undefined, { maxLength: MAX_PHRASE_LENGTH })),
  limit: query('limit', 'Product groups (content items on content-search-page) to answer.', int(undefined, { minimum: 1, maximum: 600, default: 60 }), {
    example: 4,
  }),
  skip: query('skip', 'Product groups (content items) to skip.', int(undefined, { minimum: 0, maximum: 10000, default: 0 })),
  sort: query('sort', "Send only after the visitor chose a sort; default RELEVANCE (or the page's first sort order).", enumOf(SORT_IDS)),
  contentSort: query('sort', 'RELEVANCE (score, then newest) or NEWEST_FIRST.', enumOf(['RELEVANCE', 'NEWEST_FIRST'], undefined, { default: 'RELEVANCE' })),
  origin: query('origin', 'Where the phrase came from; UNDO_AUTO_CORRECT turns auto-correct off.', enumOf(ORIGINS, undefined, { default: 'ORGANIC' })),
  selectedCategory: query('selectedCategory', 'A category path of the navigation answered before (`Shoes > Running`): narrows the hits to it.', str()),
  viewAllSecondary: query(
    'viewAllSecondary',
    'Show the secondary list (paged by skip and limit) instead of the primary list.',
    bool(undefined, { default: false }),
  ),
  facets: {
    name: 'facets',
    in: 'query',
    style: 'form',
    explode: true,
    description:
      'Facet selections, one parameter each: `f.<facet id>=a|b` (values, OR), `f.<facet id>=true` (checkbox), `f.<facet id>.min=10&f.<facet id>.max=100` (range).',
    schema: { type: 'object', propertyNames: { pattern: '^f\\.' }, additionalProperties: str() },
  },
  pageReference: query(
    'pageReference',
    'A page id, its localized path, or a full URL whose path is one. An unknown reference answers the default page.',
    str(undefined, { minLength: 1, maxLength: 1000 }),
    { required: true, example: EXAMPLE.pageReference },
  ),
  includeNavigation: query('includeNavigation', 'GET only: the answer holds `navigation`.', bool(undefined, { default: false }), { example: true }),
  productKey: query('productKey', 'A product of the market.', str(undefined, { minLength: 1, maxLength: MAX_KEY_LENGTH }), {
    required: true,
    example: EXAMPLE.productKey,
  }),
  variantKey: query('variantKey', 'The variant just added to the cart; a variant of the market.', str(undefined, { minLength: 1, maxLength: MAX_KEY_LENGTH }), {
    required: true,
    example: EXAMPLE.variantKey,
  }),
  cart: query('cart', `Keys of the cart (variant keys preferred), at most ${MAX_CART_KEYS}.`, pipeList('Product or variant keys.'), {
    required: true,
    example: `${EXAMPLE.variantKey}|${EXAMPLE.otherVariantKey}`,
  }),
  cartOptional: query(
    'cart',
    `Keys of the cart (variant keys preferred), at most ${MAX_CART_KEYS}; absent: the cart the session's notifications built.`,
    pipeList('Product or variant keys.'),
  ),
  contentKeys: query('contentKeys', `1 to ${MAX_CONTENT_KEYS} content keys; unknown ones are skipped.`, pipeList('Content keys.'), {
    required: true,
    example: EXAMPLE.contentKeys,
  }),

  // Admin.
  name: query('name', 'Labels the import in the log, its status and its history version.', str()),
  blockingTimeout: query(
    'blockingTimeout',
    'ISO 8601 duration: the longest wait before the answer; an import still running then answers 202 and goes on.',
    str(undefined, { default: 'PT5M' }),
  ),
  blockingTimeoutMerchandising: query(
    'blockingTimeout',
    'ISO 8601 duration (our addition): without it the answer waits until the import is done (204); with it, an import still running then answers 202 and goes on.',
    str(),
  ),
  force: query('force', 'Import even what the dangerous-import protection refuses.', bool(undefined, { default: false })),
  acceptGzip: {
    name: 'Accept-Encoding',
    in: 'header',
    required: true,
    example: 'gzip',
    description: 'Exports are sent gzip-compressed: without gzip here the answer is 406.',
    schema: str(undefined, { pattern: 'gzip' }),
  },
  contentEncoding: {
    name: 'Content-Encoding',
    in: 'header',
    description: 'gzip when the body is compressed (limits apply to the decompressed body).',
    schema: enumOf(['gzip', 'identity']),
  },
  marketAdmin: query('market', 'A configured market.', str(undefined, { minLength: 1 }), { required: true, example: EXAMPLE.market }),
};
