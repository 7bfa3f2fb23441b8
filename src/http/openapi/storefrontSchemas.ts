/**
 * Schemas of the storefront interface: the answers, as the service shapes them (src/storefront/responseTypes.ts,
 * which follows the official client's models in `@apptus/esales-api`), and the POST bodies with their limits
 * (the request parsers under src/storefront). Optional fields are left out of an answer, never sent as null.
 */
import { SORT_IDS } from '../../merchandising/sortOrders';
import { ALGORITHMS, DEFAULT_LIMIT as DEFAULT_REC_LIMIT, MAX_CART_KEYS, MAX_LIMIT as MAX_REC_LIMIT, MAX_LISTS } from '../../storefront/recommendations/request';
import { DEFAULT_CONTENT_LIMIT, MAX_CONTENT_LIMIT, MAX_CONTENT_LISTS } from '../../storefront/contentLists';
import { EXPLANATION_KINDS } from '../../storefront/explain';
import { MAX_KEY_LENGTH } from '../../catalog/validation/checks';
import { arr, bool, enumOf, int, map, num, obj, ref, str, type Schema } from './schema';

/** Facet `type` to its schema. */
const FACETS = { TEXT: 'TextFacet', COLOR: 'ColorFacet', RANGE: 'RangeFacet', SIZE: 'SizeFacet', CHECKBOX: 'CheckboxFacet' } as const;
const BADGE_THEMES = ['NONE', 'SALE', 'DISCOUNT', 'NEW', 'THEME_1', 'THEME_2', 'THEME_3'] as const;
const MEASURES = ['depth', 'height', 'length', 'volume', 'weight', 'width'] as const;
const measurements = (of: string): Record<string, Schema> =>
  Object.fromEntries(MEASURES.map((m) => [m, { ...ref('MeasurementResult'), description: `The ${of}'s ${m}, as imported; left out when not imported.` }]));
const customOf = (of: string) => ({
  custom: {
    ...ref('CustomAttributes'),
    description: `Custom label attributes of the ${of}: every one on the product-page product, else those asked by \`presentCustom\` or the template.`,
  },
  typedCustom: { ...ref('TypedCustomAttributes'), description: `Custom numbers, lengths and JSON of the ${of}, under the same conditions as \`custom\`.` },
});
const productGroups = (description: string) => arr(ref('ProductGroup'), description);

const listId = str('Identifies the list area; unique within the request.', { minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' });
/** A product rule expression (docs/product-rules.md). */
const productRules = str('A product rule expression restricting the products (docs/product-rules.md), e.g. `rule incl brand { "Acme" }`.');
const productFilter = {
  type: 'object',
  deprecated: true,
  description:
    'Deprecated: use `productRules`. Attribute to a value, a list of values (OR) or a range `{min, max}`; several attributes combine with AND; custom attributes as `custom.<name>`.',
  additionalProperties: true,
};
const include = (what: string, fallback = 'false') => obj({ include: bool(`Whether the answer holds ${what}; default ${fallback}.`) });

export const STOREFRONT_SCHEMAS: Record<string, Schema> = {
  Price: obj({ min: num('The lowest price of the variants.'), max: num('The highest price of the variants.') }, ['min', 'max']),
  MeasurementResult: obj({ amount: num(), unit: str() }, ['amount', 'unit']),
  CustomAttribute: obj({ id: str('The value.'), label: str('Its name in the feed (the translation, where there is one).') }, ['id', 'label']),
  CustomAttributes: map(arr(ref('CustomAttribute')), 'Attribute name to its values.'),
  TypedCustomAttributes: obj(
    {
      lengths: map(ref('MeasurementResult'), 'Custom lengths (`length.<name>` in `presentCustom`).'),
      numbers: map(num(), 'Custom numbers (`number.<name>` in `presentCustom`).'),
      json: map({}, 'Custom JSON values.'),
    },
    ['lengths', 'numbers', 'json'],
  ),
  PriceResult: obj({ id: str('The custom price id.'), listPrice: num(), sellingPrice: num() }, ['id', 'listPrice', 'sellingPrice']),
  Badge: obj(
    {
      label: str('Presentation text.'),
      theme: enumOf(BADGE_THEMES),
      attribute: str('The product attribute the badge is based on; left out for SALE, DISCOUNT and NEW.'),
    },
    ['label', 'theme'],
  ),
  ImageSource: obj({ url: str(), width: int('Left out when not imported.'), height: int('Left out when not imported.') }, ['url']),
  Image: obj(
    {
      alt: str(),
      caption: str('Only on the product-page product and in content-information.'),
      custom: map(str()),
      sources: arr(ref('ImageSource'), 'One source per resolution (for `srcset`).'),
    },
    ['sources'],
  ),
  Availability: obj(
    {
      channel: enumOf(['ONLINE', 'STORE']),
      key: str('The store key; left out for ONLINE.'),
      stockNumber: int(),
    },
    ['channel', 'stockNumber'],
  ),
  Variant: obj(
    {
      key: str(),
      ticket: str('Opaque; send it in click and add-to-cart notifications.'),
      label: str('The label, else the size; left out when neither was imported.'),
      size: str('Deprecated: use `label`.', { deprecated: true }),
      stockNumber: int(),
      inStock: bool(),
      link: str('The product page with the variant selected.'),
      listPrice: num(),
      sellingPrice: num(),
      prices: arr(ref('PriceResult'), 'Custom prices asked by `presentPrices`.'),
      availability: arr(ref('Availability'), 'Stock online and in each requested store.'),
      ...measurements('variant'),
      ...customOf('variant'),
    },
    ['key', 'ticket', 'stockNumber', 'inStock', 'link', 'listPrice', 'sellingPrice', 'prices', 'availability'],
  ),
  Product: obj(
    {
      key: str(),
      title: str(),
      name: str(),
      brand: str('Left out when the product has none.'),
      series: str(),
      description: str('On the product-page product, or when a template lists it.'),
      link: str('The product page.'),
      ticket: str('Opaque; send it in click and add-to-cart notifications.'),
      rating: num(),
      inStock: bool('True when any variant is in stock.'),
      listPrice: ref('Price'),
      sellingPrice: ref('Price'),
      variants: arr(ref('Variant')),
      badges: obj({ primary: arr(ref('Badge')), secondary: arr(ref('Badge')) }, ['primary', 'secondary']),
      imageInfo: obj(
        {
          effect: enumOf(['NONE', 'SWAP', 'GALLERY']),
          images: arr(ref('Image')),
          thumbnail: str('Left out when the product has no image.'),
        },
        ['effect', 'images'],
      ),
      swatch: obj(
        {
          type: enumOf(['MISSING_COLORS', 'COLORS', 'SILVER', 'GOLD', 'MULTI']),
          colors: arr(str(), '1 to 3 CSS colour codes for COLORS, else empty.'),
        },
        ['type', 'colors'],
      ),
      ...measurements('product'),
      ...customOf('product'),
    },
    ['key', 'title', 'link', 'ticket', 'inStock', 'listPrice', 'sellingPrice', 'variants', 'badges', 'imageInfo', 'swatch'],
  ),
  ProductGroup: obj(
    {
      key: str(),
      products: arr(ref('Product'), 'The main product first, then its siblings.'),
      remaining: int('Products of the group left out of the answer.'),
    },
    ['key', 'products', 'remaining'],
  ),

  FacetValue: obj({ id: str('What `f.<facet id>` selects.'), label: str(), selected: bool(), count: int() }, ['id', 'label', 'selected', 'count']),
  TextFacet: obj(
    {
      id: str('What a selection names: `f.<id>`.'),
      label: str(),
      type: enumOf(['TEXT']),
      sort: enumOf(['ALPHABETICAL', 'RELEVANCE', 'NATURAL']),
      selectedCount: int(),
      values: arr(ref('FacetValue')),
    },
    ['id', 'label', 'type', 'sort', 'selectedCount', 'values'],
  ),
  ColorFacet: obj(
    {
      id: str(),
      label: str(),
      type: enumOf(['COLOR']),
      selectedCount: int(),
      values: arr({ allOf: [ref('FacetValue')], ...obj({ color: str('A CSS colour code.') }, ['color']) }),
    },
    ['id', 'label', 'type', 'selectedCount', 'values'],
  ),
  RangeFacet: obj(
    {
      id: str('Selected with `f.<id>.min` and `f.<id>.max`.'),
      label: str(),
      type: enumOf(['RANGE']),
      unit: str('Measurements only.'),
      min: num('Left out when no product has a value.'),
      max: num(),
      minSelected: num(),
      maxSelected: num(),
    },
    ['id', 'label', 'type'],
  ),
  SizeFacet: obj(
    {
      id: str(),
      label: str(),
      type: enumOf(['SIZE']),
      selectedCount: int(),
      sizeTypes: arr(obj({ label: str(), formats: arr(obj({ format: str(), values: arr(ref('FacetValue')) }, ['format', 'values'])) }, ['label', 'formats'])),
    },
    ['id', 'label', 'type', 'selectedCount', 'sizeTypes'],
  ),
  CheckboxFacet: obj(
    {
      id: str(),
      label: str(),
      type: enumOf(['CHECKBOX']),
      selected: bool(),
      count: int('Only when selected.'),
    },
    ['id', 'label', 'type', 'selected'],
  ),
  Facet: {
    oneOf: Object.values(FACETS).map(ref),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(Object.entries(FACETS).map(([type, schema]) => [type, `#/components/schemas/${schema}`])),
    },
  },
  Sort: obj(
    {
      selected: enumOf(SORT_IDS),
      options: arr(obj({ id: enumOf(SORT_IDS), label: str() }, ['id', 'label'])),
    },
    ['selected', 'options'],
  ),
  PrimaryList: obj(
    {
      sort: ref('Sort'),
      productGroups: productGroups('The page of product groups (`skip`, `limit`).'),
      totalHits: int('Product groups matching.'),
      facets: arr(ref('Facet')),
      sliceRanges: arr(
        obj({ id: str('The slice (productSetId).'), from: int('0-based, inclusive.'), to: int('Exclusive.') }, ['id', 'from', 'to']),
        "Where a landing page's slices sit in the whole list; empty on search-page.",
      ),
    },
    ['sort', 'productGroups', 'totalHits', 'facets', 'sliceRanges'],
  ),
  SecondaryList: obj({ productGroups: productGroups('Looser matches (any term, fuzzy).'), totalHits: int() }, ['productGroups', 'totalHits']),

  ContentItem: obj(
    {
      key: str(),
      type: str(),
      title: str(),
      link: str(),
      ticket: str('Opaque; send it in click notifications.'),
      description: str(),
      releaseDate: str('ISO 8601.', { format: 'date-time' }),
      image: ref('Image'),
      custom: ref('CustomAttributes'),
    },
    ['key', 'type', 'title', 'link', 'ticket', 'custom'],
  ),
  ContentList: obj({ id: str(), items: arr(ref('ContentItem')), totalHits: int() }, ['id', 'items', 'totalHits']),
  RecommendationList: obj(
    {
      id: str(),
      algorithm: enumOf(ALGORITHMS),
      label: str(),
      showMoreLink: str(),
      visualization: enumOf(['CAROUSEL', 'GRID']),
      visible: bool('False when the list is hidden (its productGroups are then empty).'),
      productGroups: arr(ref('ProductGroup')),
    },
    ['id', 'algorithm', 'visualization', 'visible', 'productGroups'],
  ),

  NavigationNode: obj(
    {
      type: enumOf(
        ['PAGE_LINK', 'LABEL', 'PRODUCT'],
        'PAGE_LINK for page and link nodes, LABEL for labels (and the root), PRODUCT for the categories of search-page navigation.',
      ),
      label: str(),
      path: str('PAGE_LINK and PRODUCT nodes: the page path or link (a category path on search-page).'),
      link: str('PAGE_LINK nodes.'),
      iconPath: str(),
      customData: map(str()),
      count: int('Product groups under the node.'),
      children: arr(ref('NavigationNode')),
    },
    ['type', 'label', 'customData', 'count', 'children'],
  ),
  NavigationStateNode: obj(
    {
      type: enumOf(['PAGE_LINK', 'LABEL', 'PRODUCT']),
      label: str(),
      path: str(),
      link: str(),
      iconPath: str(),
      customData: map(str()),
      count: int(),
      expandable: bool('The node has children, shown or not.'),
      selected: bool('The node is on the path to the current page.'),
      children: arr(ref('NavigationStateNode'), 'Only below selected nodes.'),
    },
    ['type', 'label', 'customData', 'count', 'expandable', 'selected', 'children'],
  ),
  Navigation: obj(
    {
      breadcrumbs: arr(obj({ label: str(), path: str() }, ['label', 'path'])),
      tree: ref('NavigationStateNode'),
    },
    ['breadcrumbs', 'tree'],
  ),

  SearchPage: obj(
    {
      q: str('The phrase searched (auto-corrected when `autoCorrect` is there).'),
      autoCorrect: obj({ q: str('The phrase searched instead.'), originalTotalHits: int('Hits of the phrase as typed.') }, ['q', 'originalTotalHits']),
      didYouMean: arr(obj({ q: str() }, ['q'])),
      primaryList: ref('PrimaryList'),
      navigation: { ...ref('Navigation'), description: 'With `navigation.include` in the body: the categories of the hits.' },
      secondaryList: ref('SecondaryList'),
      relatedSearches: arr(obj({ q: str() }, ['q'])),
      redirectLink: str(
        "Our addition (the official models have none on search-page): where the search should lead instead, the redirect of the phrase's phrase rule (a page path or URL).",
      ),
      similarInMeaning: {
        type: 'boolean',
        enum: [true],
        description:
          'Our addition (search by meaning): no product matches the words of the phrase, and the primary list holds the products closest in meaning instead. Absent otherwise.',
      },
      contentLists: arr(ref('ContentList'), 'As asked in the body; empty for GET.'),
    },
    ['q', 'didYouMean', 'primaryList', 'secondaryList', 'relatedSearches', 'contentLists'],
  ),
  Autocomplete: obj(
    {
      phraseSuggestions: arr(obj({ q: str(), highlighted: str('The phrase with the matched characters in braces, e.g. `{sne}akers`.') }, ['q', 'highlighted'])),
      productSuggestions: arr(ref('ProductGroup')),
      contentSuggestions: arr(
        obj({ title: str(), highlightedTitle: str(), link: str(), ticket: str() }, ['title', 'highlightedTitle', 'link', 'ticket']),
        'Deprecated: use contentLists.',
        { deprecated: true },
      ),
      recentSearches: arr(obj({ q: str() }, ['q']), "The visitor's recent searches, for an empty `q` only."),
      recentlyViewed: arr(ref('ProductGroup')),
      totalHits: int('Product groups matching.'),
      redirectLink: str('Where the search box should lead instead: a product page (exact key) or a page whose keyword the phrase is.'),
      contentLists: arr(ref('ContentList'), 'As asked in the body; empty for GET.'),
    },
    ['phraseSuggestions', 'productSuggestions', 'contentSuggestions', 'recentSearches', 'recentlyViewed', 'totalHits', 'contentLists'],
  ),
  LandingPage: obj(
    {
      primaryList: { ...ref('PrimaryList'), description: 'Left out when neither the page nor the body asks for it.' },
      navigation: { ...ref('Navigation'), description: 'With `includeNavigation=true` (GET) or `navigation.include` (POST).' },
      recommendationLists: arr(ref('RecommendationList'), "The body's lists and the page's own."),
      contentLists: arr(ref('ContentList')),
      customData: map(str(), "The page's custom data for the locale."),
      published: bool('True when a stored page answered the reference (its settings apply); false for the default page that answers an unknown reference.'),
      seo: obj({ pageTitle: str(), pageHeading: str(), metaDescription: str(), preamble: str(), canonicalPath: str() }),
    },
    ['recommendationLists', 'contentLists', 'customData', 'published', 'seo'],
  ),
  ProductPage: obj(
    {
      productGroup: { ...ref('ProductGroup'), description: 'With `productGroup.include: true`: the product in full detail first, its siblings after.' },
      tickets: map(str(), 'Without the product group: variant key to ticket, for add-to-cart notifications.'),
      recommendationLists: arr(ref('RecommendationList')),
    },
    ['recommendationLists'],
  ),
  CartPage: obj(
    {
      cart: arr(ref('ProductGroup'), 'With `cart.include: true`: one group per product of the cart, in cart order; else empty.'),
      recommendationLists: arr(ref('RecommendationList')),
    },
    ['cart', 'recommendationLists'],
  ),
  AddToCartPopup: obj({ recommendationLists: arr(ref('RecommendationList')) }, ['recommendationLists']),
  NavigationTree: obj({ tree: { ...ref('NavigationNode'), description: 'A LABEL root holding the top-level nodes.' } }, ['tree']),
  ContentSearchPage: obj(
    {
      q: str(),
      autoCorrect: obj({ q: str(), originalTotalHits: int() }, ['q', 'originalTotalHits']),
      didYouMean: arr(obj({ q: str() }, ['q'])),
      primaryList: obj(
        {
          sort: obj(
            {
              selected: enumOf(['RELEVANCE', 'NEWEST_FIRST']),
              options: arr(obj({ id: enumOf(['RELEVANCE', 'NEWEST_FIRST']), label: str() }, ['id', 'label'])),
            },
            ['selected', 'options'],
          ),
          items: arr(ref('ContentItem')),
          totalHits: int(),
        },
        ['sort', 'items', 'totalHits'],
      ),
    },
    ['q', 'didYouMean', 'primaryList'],
  ),
  ContentInformation: obj({ items: arr(ref('ContentItem'), 'The asked items of the market and locale, in the order asked; unknown keys are skipped.') }, [
    'items',
  ]),

  // Request bodies.
  RecommendationListSettings: obj(
    {
      id: listId,
      algorithm: enumOf(
        ALGORITHMS,
        'Default TOP_PRODUCTS. CART takes `params.cart` (default: the cart parameter on cart-page); ALTERNATIVES, STYLE_WITH and UPSELL take `params.productKey` (default: the productKey parameter on product-page).',
      ),
      label: str('Presentation text.', { minLength: 1, maxLength: 200 }),
      limit: int('Product groups.', { minimum: 1, maximum: MAX_REC_LIMIT, default: DEFAULT_REC_LIMIT }),
      params: obj(
        {
          productKey: str(undefined, { minLength: 1, maxLength: MAX_KEY_LENGTH }),
          variantKey: str(undefined, { minLength: 1, maxLength: MAX_KEY_LENGTH }),
          cart: arr(str(undefined, { minLength: 1, maxLength: MAX_KEY_LENGTH }), 'Product or variant keys.', { maxItems: MAX_CART_KEYS }),
        },
        [],
        { additionalProperties: false },
      ),
      productRules,
      productFilter,
      showMoreLink: str(undefined, { minLength: 1, maxLength: 1000, pattern: '^(//|/|https?://)' }),
      visualization: enumOf(['CAROUSEL', 'GRID']),
    },
    ['id'],
    { additionalProperties: false },
  ),
  ContentListSettings: obj(
    {
      id: listId,
      limit: int(undefined, { minimum: 1, maximum: MAX_CONTENT_LIMIT, default: DEFAULT_CONTENT_LIMIT }),
      contentFilter: ref('ContentFilter'),
      algorithm: enumOf(['NEWEST_CONTENT', 'TOP_CONTENT'], 'NEWEST_CONTENT (the default when there is no phrase) or TOP_CONTENT (by clicks).'),
    },
    ['id'],
  ),
  ContentFilter: {
    type: 'object',
    description: '`type`, `content_key` and `custom.<name>` to a value or a list of values: attributes combine with AND, the values of one with OR.',
    propertyNames: { pattern: '^(type|content_key|custom\\..{1,200})$' },
    additionalProperties: { oneOf: [str(), arr(str(), undefined, { maxItems: 200 })] },
  },
  SearchPageBody: obj({
    primaryList: obj({ include: bool('Accepted; the primary list is always there.'), productRules, productFilter }),
    navigation: include('`navigation` (the categories of the hits)'),
    contentLists: arr(ref('ContentListSettings'), undefined, { maxItems: MAX_CONTENT_LISTS }),
  }),
  AutocompleteBody: obj({
    productRules,
    productFilter,
    contentLists: arr(ref('ContentListSettings'), undefined, { maxItems: MAX_CONTENT_LISTS }),
  }),
  LandingPageBody: obj({
    primaryList: obj({ include: bool('Whether the answer holds the primary list; without `primaryList` the page decides.'), productRules, productFilter }),
    navigation: include('`navigation`'),
    recommendationLists: arr(ref('RecommendationListSettings'), undefined, { maxItems: MAX_LISTS }),
    contentLists: arr(ref('ContentListSettings'), undefined, { maxItems: MAX_CONTENT_LISTS }),
  }),
  ProductPageBody: obj({
    productGroup: include('the product group'),
    recommendationLists: arr(ref('RecommendationListSettings'), undefined, { maxItems: MAX_LISTS }),
  }),
  CartPageBody: obj({
    cart: include('the cart products'),
    recommendationLists: arr(ref('RecommendationListSettings'), undefined, { maxItems: MAX_LISTS }),
  }),
  AddToCartPopupBody: obj({ recommendationLists: arr(ref('RecommendationListSettings'), undefined, { maxItems: MAX_LISTS }) }),
  ContentSearchPageBody: obj({
    primaryList: obj({ include: bool('Accepted; the list is always there.'), contentFilter: ref('ContentFilter') }, [], { additionalProperties: false }),
  }),

  // The admin explain endpoints answer the storefront's page with a reason for every position.
  Explanation: obj(
    {
      kind: enumOf(EXPLANATION_KINDS),
      label: str('What the reason names: a field and term, a rule, a page setting, a sort.'),
      effect: { type: ['number', 'string'], description: 'A score contribution, or a 1-based position (`">N"` past the first 1,000).' },
    },
    ['kind', 'label', 'effect'],
  ),
  ExplainedPage: {
    type: 'object',
    description:
      'The storefront answer (SearchPage or LandingPage); each `primaryList.productGroups[i]` also carries `explanation`, and a search-page whose phrase named a colour, gender, brand, size or price carries `understanding`.',
    properties: {
      primaryList: obj(
        {
          productGroups: arr({ allOf: [ref('ProductGroup')], ...obj({ explanation: arr(ref('Explanation')) }, ['explanation']) }),
        },
        ['productGroups'],
      ),
      understanding: obj(
        {
          words: str('The words left to match as text.'),
          colours: arr(obj({ typed: str(), names: arr(str(), "The colour's names in the locale.") }, ['typed', 'names'])),
          genders: arr(obj({ typed: str(), values: arr(str(), "The catalog's gender values it names.") }, ['typed', 'values'])),
          brands: arr(obj({ typed: str(), values: arr(str(), "The catalog's brands it names.") }, ['typed', 'values'])),
          sizes: arr(obj({ typed: str(), values: arr(str(), "The catalog's sizes it names.") }, ['typed', 'values'])),
          attributes: arr(
            obj({ typed: str(), name: str('The custom label attribute (UNDERSTOOD_ATTRIBUTES).'), values: arr(str(), "The attribute's values it names.") }, [
              'typed',
              'name',
              'values',
            ]),
          ),
          parts: arr(str(), 'The typed phrase in the parts a long phrase relaxes by.'),
          price: obj({ typed: str(), min: num(), max: num() }, ['typed']),
          mode: enumOf(['filter', 'boost']),
          applied: bool('False when the understood filter left nothing and the phrase as typed, then the words left, answered.'),
        },
        ['words', 'colours', 'genders', 'mode', 'applied'],
      ),
    },
  },
};
