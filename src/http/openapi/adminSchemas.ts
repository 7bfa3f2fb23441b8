/**
 * Schemas of the admin interface: import bodies and export answers (the admin spec's containers, and our
 * additions: configuration, facets, labels, synonyms, compounds), import jobs, history, analytics, and the
 * operational answers. Limits come from the validators under src/catalog, src/merchandising and src/admin.
 * Import validation refuses fields it does not know (400 naming the path), which these schemas do not
 * repeat: they list what the service reads.
 */
import { MERCHANDISING_KINDS } from '../../contract/merchandising';
import { NAVIGATION_IMPORT_TYPES, NODE_TYPES } from '../../merchandising/navigation/types';
import { EXPERIMENT_TOUCHPOINTS, SYNONYM_SETS, UNDERSTANDING_MODES } from '../../merchandising/experiments/types';
import { FACET_SORT_ORDERS, FACET_VISUALIZATIONS, PAGE_IMPORT_TYPES, PAGE_SORT_ORDERS, REC_LIST_ALGORITHMS } from '../../merchandising/pages/types';
import { MAX_PAGES_PER_IMPORT } from '../../merchandising/pages/validate';
import { MAX_TEMPLATES_PER_BODY } from '../../merchandising/templates/types';
import {
  MAX_HIDDEN,
  MAX_PHRASE_LENGTH,
  MAX_PHRASE_RULES_PER_MARKET,
  MAX_PHRASES_PER_RULE,
  MAX_PINNED,
  MAX_REDIRECT_LENGTH,
} from '../../merchandising/phraseRules/types';
import { MAX_RULES_PER_LOCALE, MAX_TERM_LENGTH, MAX_TERMS_PER_RULE } from '../../merchandising/synonyms/types';
import { MAX_KEY_LENGTH } from '../../catalog/validation/checks';
import { SUGGESTION_KINDS } from '../../contract/suggestions';
import { arr, bool, enumOf, int, map, num, obj, ref, str, type Schema } from './schema';

const IMPORT_STATUSES = ['NOT_FOUND', 'IN_PROGRESS', 'SUCCESS', 'FAILURE', 'ABORTED'] as const;
const key = (description?: string) => str(description, { minLength: 1, maxLength: MAX_KEY_LENGTH });
const overrides = (of: string) => map(ref(of), 'Overrides by market, locale or both: keys `SE`, `*|en-GB`, `SE|en-GB`.');
const length = ref('Length');
const measurements = { depth: length, height: length, length, width: length, volume: length, weight: length };
const custom = {
  customLabels: map(arr(str()), 'Custom label attributes: name to values (translatable through translations `customLabels.<name>`).'),
  customJson: map({}, 'Custom JSON attributes.'),
  customLengths: map(length, 'Custom lengths.'),
  customNumbers: map(num(), 'Custom numbers.'),
};
const strings = (description: string, maxItems = 20) => arr(str(), description, { maxItems });
const problem = obj(
  { line: int('The line of a catalog file (1-based).'), path: str('Where in the body or line, e.g. `addOrUpdate[3].pageId`.'), message: str() },
  ['message'],
);

export const ADMIN_SCHEMAS: Record<string, Schema> = {
  Error: obj(
    {
      message: str('What went wrong, naming the parameter, field or line.'),
      errors: arr(problem, 'Import validation: the problems found (at most 100).'),
      moreErrors: int('Import validation: problems found beyond those listed.'),
    },
    ['message'],
    {
      description:
        'Every error answer. Validation errors of imports add `errors` (each with `path` or `line`) and `moreErrors` (how many more were not listed).',
      additionalProperties: true,
    },
  ),
  ImportAccepted: obj(
    {
      id: str('The import job: poll `GET /api/admin/v4/import/status?id=`.'),
      status: enumOf(['IN_PROGRESS']),
      statusUrl: str(),
    },
    ['id', 'status', 'statusUrl'],
    { description: 'The import outlasted `blockingTimeout` and goes on.' },
  ),
  ImportStatus: obj(
    {
      id: str(),
      status: enumOf(IMPORT_STATUSES, 'NOT_FOUND for an unknown id; ABORTED when the client went away while sending the body.'),
      reason: str('Why it failed.', { type: ['string', 'null'] }),
      name: str('The `name` parameter of the import.'),
      kind: str(`catalog-full, catalog-operations, catalog-impact, configuration, ${MERCHANDISING_KINDS.join(', ')}.`),
      startedAt: str(undefined, { format: 'date-time' }),
      finishedAt: str(undefined, { format: 'date-time' }),
      linesRead: int(),
      errorCount: int(),
      embeddings: obj({ reused: int('From the embedding cache: the text was embedded before.'), embedded: int('By the model.') }, ['reused', 'embedded'], {
        description: 'Catalog imports with search by meaning: product documents given vectors so far.',
      }),
      errors: arr({ type: 'object' }, 'Line errors of a failed validation (capped).'),
      warningCount: int(
        'Catalog imports: what was accepted although the spec advises against it (a single variant with a label or size, a remove of an unknown key); absent when none.',
      ),
      warnings: arr({ type: 'object' }, 'The first warnings (capped), each `{line, path, message}`.'),
      impactReport: ref('ImpactReport'),
    },
    ['id', 'status', 'reason'],
  ),

  // The catalog: JSON lines.
  Length: obj({ amount: num(), unit: str() }, ['amount', 'unit']),
  CatalogProductData: obj({
    title: str('Required in the defaults of a new product.'),
    url: str('Relative to the page root, starting with `/`; required in the defaults of a new product.', { pattern: '^/' }),
    brand: str(),
    name: str(),
    series: str('A translation id when translations name it.'),
    description: str(),
    ontology: str(),
    sizeType: str(),
    dataLocale: str(),
    age: strings('At most 20.'),
    department: strings('At most 20.'),
    gender: strings('At most 20.'),
    pattern: strings('At most 20.'),
    productType: strings('At most 20.'),
    styleWith: strings('Product keys; at most 20.'),
    category: strings('Categories, `>` separating levels; at most 100.', 100),
    rating: num(undefined, { minimum: 0, maximum: 5 }),
    releaseDate: str('ISO 8601, at least a day.'),
    ...measurements,
    ...custom,
  }),
  CatalogVariantData: obj({
    listPrice: num('Required in the defaults; at least sellingPrice.'),
    sellingPrice: num('Required in the defaults.'),
    cost: num('Never shown to visitors.'),
    label: str(),
    size: arr(str(), undefined, { minItems: 1 }),
    order: int(),
    stock: num('Online stock.'),
    storeStock: map(num(), 'Store key to stock (our addition: the spec names no field).'),
    customPrices: map(obj({ listPrice: num(), sellingPrice: num() }, ['listPrice', 'sellingPrice']), 'Custom price id to prices (`priceId`, `presentPrices`).'),
    dataLocale: str(),
    ...measurements,
    ...custom,
  }),
  CatalogImage: obj({
    defaults: obj({
      urls: arr(
        obj(
          { url: str('Absolute: `http://`, `https://` or `//`.'), widthInitial: int(undefined, { minimum: 1 }), heightInitial: int(undefined, { minimum: 1 }) },
          ['url'],
        ),
        'Several resolutions of the image.',
      ),
      alt: str(),
      caption: str(),
      customData: map(str()),
      tags: arr(str()),
    }),
    overrides: map({ type: 'object' }),
    limitedLocales: arr(str()),
    limitedMarkets: arr(str()),
    order: int(),
    typeInitial: enumOf(['model', 'cutout', 'misc']),
    typeOverride: enumOf(['model', 'cutout', 'misc']),
  }),
  CatalogProduct: obj(
    {
      markets: arr(str(), undefined, { minItems: 1 }),
      defaults: ref('CatalogProductData'),
      overrides: overrides('CatalogProductData'),
      variants: map(obj({ defaults: ref('CatalogVariantData'), overrides: overrides('CatalogVariantData') }), 'Variant key to variant; at least one.', {
        minProperties: 1,
      }),
      images: map(ref('CatalogImage')),
      colorInitial: arr(str(), 'Hex codes, or Gold, Silver, Multi.'),
      colorOverride: arr(str()),
    },
    ['markets', 'variants'],
  ),
  ProductGroupEntity: obj(
    {
      products: map(ref('CatalogProduct'), 'Product key to product; at least one.', { minProperties: 1 }),
      suppressDuplicates: bool('The group appears once in listings.', { default: false }),
    },
    ['products'],
  ),
  ContentEntity: obj(
    {
      markets: arr(str(), undefined, { minItems: 1 }),
      type: str('At most 25 distinct types.'),
      defaults: obj({ title: str(), url: str(), description: str(), releaseDate: str(), dataLocale: str(), customLabels: map(arr(str())) }),
      overrides: map({ type: 'object' }),
      image: ref('CatalogImage'),
      limitedLocales: arr(str()),
    },
    ['markets', 'type'],
  ),
  TranslationEntity: obj(
    {
      attribute: str('category, age, gender, series or customLabels.<name>.'),
      id: str('The id the products use.'),
      locale: str(),
      value: str('The text in the locale.'),
    },
    ['attribute', 'id', 'locale', 'value'],
  ),
  CatalogEntity: {
    description: 'A key and exactly one of productGroup, content, translation: also the line shape of the export.',
    oneOf: [
      obj({ key: key(), productGroup: ref('ProductGroupEntity') }, ['key', 'productGroup']),
      obj({ key: key(), content: ref('ContentEntity') }, ['key', 'content']),
      obj({ key: key(), translation: ref('TranslationEntity') }, ['key', 'translation']),
    ],
  },
  CatalogLine: obj({ replace: ref('CatalogEntity') }, ['replace'], { description: 'One line of a full import (and of the export).' }),
  CatalogOperationLine: {
    description: 'One line of an operations import: exactly one operation.',
    oneOf: [
      obj({ replace: ref('CatalogEntity') }, ['replace']),
      obj(
        {
          edit: obj({ key: key(), productGroup: { type: 'object' }, content: { type: 'object' } }, ['key'], {
            description: 'Deep-merges the given fields (maps by key; lists and values replace); creates the entity when the key is new.',
          }),
        },
        ['edit'],
      ),
      obj(
        {
          editAttributes: obj({ key: key('A product or variant key.'), product: { type: 'object' }, variant: { type: 'object' } }, ['key'], {
            description: 'Each given field replaces the current one.',
          }),
        },
        ['editAttributes'],
      ),
      obj({ remove: obj({ productGroup: key(), content: key() }) }, ['remove']),
      obj({ removePartial: obj({ market: str(), productGroup: key(), content: key() }, ['market']) }, ['removePartial']),
      obj({ clearProductGroups: obj({ market: str() }, ['market']) }, ['clearProductGroups']),
      obj({ clearContent: obj({ market: str() }, ['market']) }, ['clearContent']),
      obj({ clearTranslations: obj({ locale: str() }, ['locale']) }, ['clearTranslations']),
    ],
  },
  ImpactReport: obj(
    {
      window: obj({ days: int(), from: str(undefined, { format: 'date-time' }), to: str(undefined, { format: 'date-time' }) }, ['days', 'from', 'to']),
      lines: int('Lines read from the file.'),
      dangerous: arr(str(), 'Why a real import of the file would be refused without force=true.'),
      totals: obj(
        {
          phrases: int(),
          findNothing: int(),
          newlyFindNothing: int(),
          topChanged: int(),
          firstProductChanged: int(),
          unchanged: int(),
          productsLeaving: int(),
          productsEntering: int(),
          skipped: int(),
        },
        ['phrases', 'findNothing', 'newlyFindNothing', 'topChanged', 'firstProductChanged', 'unchanged', 'productsLeaving', 'productsEntering', 'skipped'],
      ),
      findNothing: arr(
        obj({ market: str(), locale: str(), phrase: str(), searches: int(), liveTotalHits: int(), leaving: arr(str()), autoCorrectedTo: str() }, [
          'market',
          'locale',
          'phrase',
          'searches',
          'liveTotalHits',
          'leaving',
        ]),
      ),
      topChanged: arr(
        obj(
          {
            market: str(),
            locale: str(),
            phrase: str(),
            searches: int(),
            liveTotalHits: int(),
            candidateTotalHits: int(),
            leaving: arr(str()),
            entering: arr(str()),
            live: arr(str()),
            candidate: arr(str()),
          },
          ['market', 'locale', 'phrase', 'searches', 'liveTotalHits', 'candidateTotalHits', 'leaving', 'entering', 'live', 'candidate'],
        ),
      ),
      titles: { type: 'object', additionalProperties: str(), description: "The title of each product group the lists name (key → its first product's title)." },
    },
    ['window', 'lines', 'dangerous', 'totals', 'findNothing', 'topChanged', 'titles'],
    { description: 'What a full catalog file would do to the most searched phrases (README "Merchandising console: explain, history, impact").' },
  ),

  CatalogConfiguration: obj(
    {
      markets: map(
        obj(
          {
            locales: arr(str('A locale identifier such as sv-SE.'), undefined, { minItems: 1, maxItems: 5 }),
            currency: str(),
            presentation: obj({
              imageEffect: enumOf(['NONE', 'SWAP', 'GALLERY']),
              badges: { type: 'object', description: 'SALE, NEW (`days`), DISCOUNT (`minPercent`) and attribute badges (README "Product presentation").' },
            }),
          },
          ['locales'],
        ),
        'Market id to its locales (at most 5, each a locale the service supports).',
        { propertyNames: { pattern: '^[A-Za-z0-9_-]{1,20}$' }, minProperties: 1 },
      ),
    },
    ['markets'],
  ),

  NavigationImportNode: obj(
    {
      id: str('Letters, digits, `/`, `_` and `-`.', { minLength: 1, maxLength: 200 }),
      title: str(undefined, { minLength: 1, maxLength: 200 }),
      type: enumOf(NODE_TYPES, 'PAGE (has a page; the only kind that may be a parent), LABEL, LINK.'),
      pageId: str('PAGE nodes only (required there).', { minLength: 1, maxLength: 200 }),
      parentId: str('A PAGE node; absent for top-level nodes.'),
      url: str('LINK nodes only (required there): a path starting with `/` or an http(s) URL.', { minLength: 1, maxLength: 200 }),
      iconPath: str(undefined, { minLength: 1, maxLength: 500 }),
      customData: map(str(), 'At most 50 keys and 1,000 characters.'),
    },
    ['id', 'title', 'type'],
  ),
  NavigationContainer: obj(
    {
      market: str(undefined, { minLength: 1, maxLength: 20 }),
      locale: str(),
      type: enumOf(NAVIGATION_IMPORT_TYPES, 'PARTIAL amends; FULL replaces the imported nodes and keeps app nodes; FORCE replaces all. An export is FULL.'),
      addOrUpdate: arr(ref('NavigationImportNode'), 'Siblings in order of appearance.'),
      remove: arr(str(), 'Node ids (PARTIAL only).'),
    },
    ['market', 'locale', 'type'],
  ),

  Page: obj(
    {
      id: str('Letters, digits, `/` and `-`; an existing id is amended unless the import is FULL.', { minLength: 1, maxLength: 200 }),
      customData: map(map(str()), 'Locale to key to value: at most 200 keys and 3,000 characters per locale.'),
      headings: map(str(undefined, { minLength: 1, maxLength: 200 }), 'Locale to heading.'),
      paths: map(str(undefined, { pattern: '^/\\S*$', maxLength: 1000 }), 'Locale to localized path (unique per market and locale).'),
      primaryList: obj({
        blocked: arr(str(), 'Product keys left out.'),
        pinned: arr(str(), 'Product keys shown first.', { maxItems: 100 }),
        rules: str('A product rule expression; a handpicked rule first and alone holds product keys.'),
        restrictChildRules: bool(),
        facetsOverride: obj({
          enabled: bool(),
          facets: arr(obj({ attribute: str(), sortOrder: enumOf(FACET_SORT_ORDERS), unit: str(), visualization: enumOf(FACET_VISUALIZATIONS) }, ['attribute'])),
        }),
        keywords: obj({ additional: map(arr(str())), enabled: bool(), headingAsKeyword: bool() }),
        pageSliceInfo: obj({
          inherit: bool(),
          slices: arr(
            obj({ productSetId: str(undefined, { minLength: 1 }), pinnedProducts: arr(str(), undefined, { maxItems: 50 }) }, ['productSetId']),
            undefined,
            { maxItems: 100 },
          ),
        }),
        sortOrderOverride: obj({ enabled: bool(), sortOrders: arr(enumOf(PAGE_SORT_ORDERS), undefined, { minItems: 1 }) }),
      }),
      recLists: arr(
        obj(
          {
            id: str(undefined, { minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
            algorithm: enumOf(REC_LIST_ALGORITHMS),
            blocked: arr(str()),
            pinned: arr(str(), undefined, { maxItems: 100 }),
            limit: int(undefined, { minimum: 1, maximum: 100 }),
            rules: str(),
          },
          ['id'],
        ),
        undefined,
        { maxItems: 10 },
      ),
      schedule: obj(
        {
          start: str('Served from this date-time on (ISO 8601 with an offset); omitted: from now.', { format: 'date-time' }),
          end: str('Served until this date-time (exclusive), after start; omitted: open-ended.', { format: 'date-time' }),
        },
        [],
        {
          description:
            'Our addition: when the page is served by landing-page and keyword redirects in the production view (`{}`: always; PARTIAL imports clear a schedule with it). The preview view shows the page at any time.',
        },
      ),
    },
    ['id'],
  ),
  PageContainer: obj(
    {
      market: str(undefined, { minLength: 1, maxLength: 20 }),
      type: enumOf(PAGE_IMPORT_TYPES, 'FULL replaces the pages of the market; PARTIAL amends. An export is FULL (PARTIAL with idFilter).'),
      addOrUpdate: arr(ref('Page'), undefined, { maxItems: MAX_PAGES_PER_IMPORT }),
      remove: arr(str(), 'Page ids.'),
      previewOnly: bool('PARTIAL without removals: the pages go to the preview view only.', { default: false }),
    },
    ['market', 'type'],
  ),

  Templates: {
    type: 'object',
    description: `Template id (1 to 25 letters and digits) to its settings; at most ${MAX_TEMPLATES_PER_BODY} per body.`,
    propertyNames: { pattern: '^[a-zA-Z0-9]{1,25}$' },
    maxProperties: MAX_TEMPLATES_PER_BODY,
    additionalProperties: obj(
      {
        products: obj({ all: ref('ProductTemplate'), first: ref('ProductTemplate'), rest: ref('ProductTemplate') }, [], {
          description: '`all`, or `first` and `rest`.',
        }),
      },
      ['products'],
    ),
  },
  ProductTemplate: obj(
    {
      fields: arr(str(), 'Product fields of the answer (`title`, `sellingPrice`, ...), `custom.<name>` or `custom.*`.'),
      maxVariants: int(undefined, { minimum: 0 }),
      variants: obj({ all: ref('VariantTemplate'), first: ref('VariantTemplate'), rest: ref('VariantTemplate') }),
    },
    ['fields'],
  ),
  VariantTemplate: obj({ fields: arr(str()) }, ['fields']),

  FacetConfiguration: obj(
    {
      markets: map(
        obj({
          facets: arr(
            obj(
              {
                attribute: str(
                  'brand, category, series, department, gender, age, pattern, product_type, color, size, onlyInStock, price, rating, discount, a measurement, or custom.<name>.',
                ),
                type: enumOf(['TEXT', 'COLOR', 'RANGE', 'SIZE', 'CHECKBOX']),
                id: str('What `f.<id>` selects; default the attribute.'),
                labels: map(str(), 'Locale to label.'),
                sortOrder: enumOf(FACET_SORT_ORDERS),
                size: int('Values shown (TEXT, COLOR).', { minimum: 1, maximum: 1000 }),
                unit: str(),
                searchPage: bool('Shown on search pages too.', { default: true }),
              },
              ['attribute', 'type'],
            ),
            undefined,
            { maxItems: 100 },
          ),
          dynamicFacets: int(undefined, { minimum: 0, maximum: 30 }),
        }),
      ),
    },
    ['markets'],
    { description: 'Our addition: the facets of each market (README "Facets"). A market left out goes back to the defaults.' },
  ),
  Labels: obj(
    {
      markets: map(
        map(
          map(str(undefined, { minLength: 1, maxLength: 200 })),
          'Locale to label key (`facet.<attribute>`, `sort.<id>`, `badge.SALE|NEW|DISCOUNT`) to text.',
        ),
      ),
    },
    ['markets'],
    { description: 'Our addition: label overrides per market and locale (README "Labels").' },
  ),
  Synonyms: obj(
    {
      locales: map(
        arr(
          {
            oneOf: [
              obj(
                {
                  terms: arr(str(undefined, { minLength: 1, maxLength: MAX_TERM_LENGTH }), 'Two-way: any finds all.', {
                    minItems: 2,
                    maxItems: MAX_TERMS_PER_RULE,
                  }),
                },
                ['terms'],
              ),
              obj(
                {
                  from: arr(str(undefined, { minLength: 1, maxLength: MAX_TERM_LENGTH }), undefined, { minItems: 1, maxItems: MAX_TERMS_PER_RULE }),
                  to: arr(str(undefined, { minLength: 1, maxLength: MAX_TERM_LENGTH }), 'One-way: `from` searches `to` instead.', {
                    minItems: 1,
                    maxItems: MAX_TERMS_PER_RULE,
                  }),
                },
                ['from', 'to'],
              ),
            ],
          },
          undefined,
          { maxItems: MAX_RULES_PER_LOCALE },
        ),
        'Locale to its rules.',
      ),
    },
    ['locales'],
    { description: 'Our addition: synonym rules per locale (README "Language analysis").' },
  ),
  PhraseRules: obj(
    {
      markets: map(
        arr(
          obj(
            {
              id: str('Unique in its market.', { minLength: 1, maxLength: 200 }),
              phrases: arr(
                str(undefined, { minLength: 1, maxLength: MAX_PHRASE_LENGTH }),
                'Matched exactly after normalisation: case and whitespace; diacritics as typed.',
                { minItems: 1, maxItems: MAX_PHRASES_PER_RULE },
              ),
              locale: str('Only searches in this locale of the market; default all of them.'),
              pinned: arr(
                obj({ productKey: str(), position: int('1-based position in the primary list.', { minimum: 1, maximum: 10000 }) }, ['productKey', 'position']),
                undefined,
                { maxItems: MAX_PINNED },
              ),
              hidden: arr(str(), 'Product keys never listed for the phrase.', { maxItems: MAX_HIDDEN }),
              boost: str('Product rules (docs/product-rules.md) whose products rank higher.'),
              bury: str('Product rules whose products rank lower.'),
              redirect: str("A page path (/women/shoes) or http(s) URL: the answer's redirectLink.", { maxLength: MAX_REDIRECT_LENGTH }),
              start: str('Not applied before.', { format: 'date-time' }),
              end: str('Not applied from then on.', { format: 'date-time' }),
            },
            ['id', 'phrases'],
          ),
          undefined,
          { maxItems: MAX_PHRASE_RULES_PER_MARKET },
        ),
        'Market to its rules, in import order (the first that applies wins).',
      ),
    },
    ['markets'],
    { description: 'Our addition: search merchandising per phrase and market (docs/merchandising.md "Phrase rules").' },
  ),
  Compounds: obj(
    {
      locales: map(obj({ excluded: arr(str(), 'Compounds kept whole: no longer found by their head.') }, ['excluded'])),
    },
    ['locales'],
    { description: 'Our addition: the compounds configuration per locale (README "Language analysis").' },
  ),

  Access: obj(
    {
      role: enumOf(['admin', 'merchandiser', 'analyst']),
      user: str('The person the `X-Elevate-User` header names (percent-encoded UTF-8, at most 80 printable characters).'),
    },
    ['role'],
  ),
  Judgments: obj(
    {
      judgments: arr(
        obj(
          {
            market: str(),
            locale: str("Default: the market's first locale."),
            phrase: str('Kept trimmed and lower-cased, as searches are logged.', { minLength: 1, maxLength: 200 }),
            productKey: str('A product (or product group) key.', { minLength: 1, maxLength: 200 }),
            grade: int('0 (bad) to 3 (perfect).', { minimum: 0, maximum: 3 }),
          },
          ['market', 'phrase', 'productKey', 'grade'],
        ),
        undefined,
        { maxItems: 20000 },
      ),
    },
    ['judgments'],
    { description: 'Our addition: judged search results (docs/merchandising.md "Replay before publishing").' },
  ),
  ReplayRequest: obj(
    {
      change: {
        oneOf: [
          obj({ kind: enumOf(['preview']) }, ['kind']),
          obj({ kind: enumOf(['experiment']), experimentId: str(), variantId: str() }, ['kind', 'experimentId', 'variantId']),
          obj({ kind: enumOf(['synonyms']), locales: map(arr({}), 'Locale to synonym rules, as the synonyms import takes them.') }, ['kind', 'locales']),
        ],
      },
      phrases: int('Most searched phrases replayed.', { minimum: 1, maximum: 1000, default: 500 }),
      days: int('Days of logged searches.', { minimum: 1, maximum: 90, default: 30 }),
    },
    ['change'],
  ),
  ReplayJob: obj(
    {
      id: str(),
      status: enumOf(['IN_PROGRESS', 'SUCCESS', 'FAILURE']),
      reason: { type: ['string', 'null'] },
      startedAt: str(),
      finishedAt: str(),
      done: int('Phrases replayed so far.'),
      total: int('Phrases to replay.'),
      report: obj({}, [], {
        description:
          'Once done: totals, zero-result phrases gained and lost, first-three changes, clicked products moved, estimated clicks, nDCG@10, the phrases most changed for better and worse (src/contract/replay.ts).',
        additionalProperties: true,
      }),
    },
    ['id', 'status', 'done', 'total'],
  ),
  Experiments: obj(
    {
      experiments: arr(
        obj(
          {
            id: str('Letters, digits, _ and -.', { pattern: '^[A-Za-z0-9_-]{1,64}$' }),
            name: str(undefined, { minLength: 1, maxLength: 200 }),
            start: str('Applied from this instant (inclusive).', { format: 'date-time' }),
            end: str('Until this instant (exclusive); after start.', { format: 'date-time' }),
            markets: arr(str(), 'Configured markets it covers.', { minItems: 1 }),
            touchpoints: arr(enumOf(EXPERIMENT_TOUCHPOINTS), 'Default every touchpoint.', { minItems: 1 }),
            variants: arr(
              obj(
                {
                  id: str(undefined, { pattern: '^[A-Za-z0-9_-]{1,64}$' }),
                  share: int('Percent of the visitors; the shares sum to 100.', { minimum: 1, maximum: 99 }),
                  overrides: obj({
                    relevance: obj({
                      behaviourWeight: num('Factor of the behaviour (popularity) clause of search relevance: 1 live, 0 off.', { minimum: 0, maximum: 10 }),
                      queryUnderstanding: enumOf(UNDERSTANDING_MODES),
                      relaxedMatching: bool('false: a long phrase matches only products with every word.'),
                      semanticWeight: num('Share of the meaning in the fused relevance, 0 to 1 (0: words alone); search by meaning only.', {
                        minimum: 0,
                        maximum: 1,
                      }),
                    }),
                    synonyms: enumOf(SYNONYM_SETS, "Which synonym rules apply: the shop's and the shipped ones, the shop's alone, or none."),
                    recommendations: map(obj({ algorithm: enumOf(REC_LIST_ALGORITHMS) }, ['algorithm']), 'Recommendation list id to its algorithm.'),
                    pages: map(
                      obj({ productRules: str('A product rule, as pages take.'), pins: arr(str(), 'Product keys pinned first.') }),
                      "Page path to its primary list's rules and pins.",
                    ),
                  }),
                },
                ['id', 'share'],
              ),
              'The first is the control.',
              { minItems: 2, maxItems: 4 },
            ),
          },
          ['id', 'name', 'start', 'end', 'markets', 'variants'],
        ),
      ),
    },
    ['experiments'],
    {
      description:
        'Our addition (issue 35): A/B experiments, each with two to four variants overriding what ranking and merchandising use (docs/merchandising.md "Experiments").',
    },
  ),
  ExperimentResults: obj(
    {
      experiment: obj({ id: str(), name: str(), start: str(), end: str(), status: enumOf(['scheduled', 'running', 'ended']) }),
      method: obj({ rates: str(), revenuePerVisitor: str(), sampleRatio: str() }),
      variants: arr(
        obj({
          id: str(),
          share: int(),
          control: bool(),
          visitors: int('Distinct customerKey.'),
          searches: int(),
          clickThroughRate: num('Visitors who clicked / visitors.'),
          addToCartRate: num(),
          conversionRate: num('Visitors who purchased / visitors.'),
          revenue: num(),
          revenuePerVisitor: num(),
          versusControl: {
            type: 'object',
            description:
              'Each comparison: difference (variant − control), ci {low, high} at 95%, pValue, significant, reading ("not significant yet", or "+2.1% conversion (95% CI +0.4 to +3.8)" in percentage points).',
          },
        }),
      ),
      sampleRatio: obj({ chiSquare: num(), degreesOfFreedom: int(), pValue: num(), mismatch: bool('p below 0.001: the split does not follow the shares.') }),
    },
    [],
    { description: 'Our addition (issue 35): per variant, visitors, searches, per-visitor rates and revenue, each against the control with a 95% interval.' },
  ),

  HistoryVersionSummary: obj(
    {
      id: str(),
      at: str(undefined, { format: 'date-time' }),
      name: { type: ['string', 'null'], description: 'The `name` of the import.' },
      keyId: { type: ['string', 'null'], description: "First 8 hex digits of the SHA-256 of the import's Api-Key." },
      role: {
        type: ['string', 'null'],
        enum: ['admin', 'merchandiser', 'analyst', null],
        description: "Our addition: the role of the import's key (null: kept before roles).",
      },
      user: { type: ['string', 'null'], description: 'Our addition: the person the `X-Elevate-User` header named (the console asks at login).' },
      summary: str(),
    },
    ['id', 'at', 'name', 'keyId', 'role', 'user', 'summary'],
  ),
  HistoryVersions: obj({ versions: arr(ref('HistoryVersionSummary'), 'Newest first.') }, ['versions']),
  HistoryVersion: {
    allOf: [ref('HistoryVersionSummary')],
    ...obj(
      {
        scope: str('The market (pages), market|locale (navigation), else empty.'),
        content: { description: "What the kind's export answered right after the import." },
      },
      ['scope', 'content'],
    ),
  },
  HistoryDiff: obj(
    {
      from: str(),
      to: str(),
      added: arr(obj({ id: str(), entry: {} }, ['id', 'entry'])),
      removed: arr(obj({ id: str(), entry: {} }, ['id', 'entry'])),
      changed: arr(obj({ id: str(), fields: arr(obj({ path: str(), from: {}, to: {} }, ['path'])) }, ['id', 'fields'])),
    },
    ['from', 'to', 'added', 'removed', 'changed'],
  ),

  AnalyticsTotals: obj(
    {
      searches: int(undefined, {
        description: "Searches: answers for a phrase other than the session's previous one (refinements and repeats are not searches).",
      }),
      refinements: int(undefined, {
        description: "Answers that changed the facets, sort or page of the session's search; by kind below (one answer may change several).",
      }),
      facetRefinements: int(),
      sortRefinements: int(),
      pageRefinements: int(),
      sessions: int(),
      zeroResultSearches: int(),
      noClickSearches: int(undefined, { description: 'Searches that found something and got no attributed click.' }),
      zeroResultRate: { type: ['number', 'null'] },
      clickThroughRate: { type: ['number', 'null'] },
      addToCartRate: { type: ['number', 'null'] },
      conversionRate: { type: ['number', 'null'] },
      revenue: num(),
      averageClickPosition: { type: ['number', 'null'] },
    },
    [
      'searches',
      'refinements',
      'facetRefinements',
      'sortRefinements',
      'pageRefinements',
      'sessions',
      'zeroResultSearches',
      'zeroResultRate',
      'noClickSearches',
      'clickThroughRate',
      'addToCartRate',
      'conversionRate',
      'revenue',
      'averageClickPosition',
    ],
    { description: 'A rate whose denominator is 0 is null.' },
  ),
  AnalyticsSearches: obj(
    {
      from: str(undefined, { format: 'date' }),
      to: str(undefined, { format: 'date' }),
      totals: ref('AnalyticsTotals'),
      touchpoints: arr(
        { allOf: [ref('AnalyticsTotals')], ...obj({ touchpoint: str() }, ['touchpoint']) },
        'The totals per touchpoint of the searches, most searches first.',
      ),
      previous: obj(
        { from: str(undefined, { format: 'date' }), to: str(undefined, { format: 'date' }), totals: ref('AnalyticsTotals') },
        ['from', 'to', 'totals'],
        { description: 'With compare=previous: the totals of as many days just before `from`.' },
      ),
      phrases: arr(
        obj(
          {
            phrase: str(),
            searches: int(),
            refinements: int(),
            sessions: int(),
            zeroResultSearches: int(),
            noClickSearches: int(),
            clicks: int(),
            clickThroughRate: { type: ['number', 'null'] },
            addToCarts: int(),
            addToCartRate: { type: ['number', 'null'] },
            purchases: int(),
            conversionRate: { type: ['number', 'null'] },
            revenue: num(),
            averageClickPosition: { type: ['number', 'null'] },
          },
          ['phrase', 'searches'],
        ),
      ),
    },
    ['from', 'to', 'totals', 'touchpoints', 'phrases'],
  ),
  AnalyticsPhraseProducts: obj(
    {
      from: str(undefined, { format: 'date' }),
      to: str(undefined, { format: 'date' }),
      phrase: str('The phrase, normalised as searches store it.'),
      products: arr(
        obj(
          {
            productKey: str(),
            title: str('In the locale asked, else the first of its locales by name; absent when the product left the catalog.'),
            url: str(),
            clicks: int(),
            addToCarts: int(),
            purchases: int(),
            revenue: num(),
            averageClickPosition: { type: ['number', 'null'] },
          },
          ['productKey', 'clicks', 'addToCarts', 'purchases', 'revenue', 'averageClickPosition'],
        ),
        'Most clicked first.',
      ),
    },
    ['from', 'to', 'phrase', 'products'],
  ),
  AnalyticsDaily: obj(
    {
      from: str(undefined, { format: 'date' }),
      to: str(undefined, { format: 'date' }),
      interval: enumOf(['day', 'week', 'month']),
      days: arr(
        { allOf: [ref('AnalyticsTotals')], ...obj({ date: str(undefined, { format: 'date' }) }, ['date']) },
        "Every bucket (day, ISO week from Monday, or month) of the range, empty ones included; `date` is its first day, and the first and last count only the range's days.",
      ),
    },
    ['from', 'to', 'interval', 'days'],
  ),

  Suggestions: obj(
    {
      market: str(),
      locale: str(),
      from: str(undefined, { format: 'date' }),
      to: str(undefined, { format: 'date' }),
      scannedEvents: int('Searches, clicks and add-to-carts read.'),
      truncated: bool("Whether the read stopped at its bound before the window's last event."),
      sessions: int('Sessions mined.'),
      suggestions: arr(
        obj(
          {
            id: str('Stable for the same evidence: kind, locale, phrase and target.'),
            kind: enumOf(SUGGESTION_KINDS),
            market: str(),
            locale: str(),
            phrase: str('Normalised as searches store it.'),
            score: int('0–100.', { minimum: 0, maximum: 100 }),
            sessions: int('Distinct sessions backing it.'),
            examples: arr(
              obj(
                {
                  day: str(undefined, { format: 'date' }),
                  steps: arr(
                    obj({ phrase: str(), totalHits: int(), clicks: int(), addToCarts: int(), clickedPositions: arr(int()), afterSeconds: int() }, [
                      'phrase',
                      'totalHits',
                      'clicks',
                      'addToCarts',
                      'clickedPositions',
                      'afterSeconds',
                    ]),
                  ),
                },
                ['day', 'steps'],
              ),
              'Up to three sessions, most recent first.',
            ),
            replacement: str('synonym: the phrase shoppers searched next and clicked.'),
            consistency: num("synonym: share of the phrase's successful reformulations that chose the replacement."),
            conversion: num("synonym: share of the replacement's searches with a click or an add-to-cart."),
            zeroHits: bool('synonym: the phrase found nothing.'),
            categoryId: str('redirect, boost.'),
            categoryName: str(),
            clicks: int("redirect, boost: clicks on the phrase's results."),
            share: num('redirect, boost: share of those clicks in the category; pin: share of the clicking sessions that clicked the product.'),
            redirect: str("redirect: the category page's path."),
            boost: str('boost: a product rule.'),
            productKey: str('pin.'),
            clickedAt: int('pin: median 1-based position it was clicked at.'),
            position: int('pin: where to pin it.'),
          },
          ['id', 'kind', 'market', 'locale', 'phrase', 'score', 'sessions', 'examples'],
        ),
        'Best score first.',
      ),
    },
    ['market', 'from', 'to', 'scannedEvents', 'truncated', 'sessions', 'suggestions'],
  ),

  Health: obj({ status: enumOf(['ok']) }, ['status']),
  Ready: obj({ status: enumOf(['ready']), elasticsearch: enumOf(['green', 'yellow']) }, ['status', 'elasticsearch']),
  NotReady: obj(
    { status: enumOf(['not ready']), message: str('Why: Elasticsearch does not answer, or which indices are missing or red.') },
    ['status', 'message'],
    { additionalProperties: true },
  ),
  Markets: obj(
    {
      markets: arr(obj({ id: str(), locales: arr(str()), currency: { type: ['string', 'null'] } }, ['id', 'locales', 'currency'])),
    },
    ['markets'],
  ),
};
