/**
 * The merchandising kinds, one table (docs/architecture.md "The kinds table"). Each kind says once what its
 * import takes (the body type in src/contract/, its validation, its size limit, the options each route reads
 * from the query), how it is written under the import lock, what its export answers, the least roles of
 * both, how its versions are kept and rolled back, what a preview keeps, and what its routes say in the
 * OpenAPI description. The admin routes (http/merchandisingRoutes.ts), the role table (http/access.ts), the
 * OpenAPI paths and job kinds, the history, its diff and its rollback all loop over MERCHANDISING_KIND_TABLE.
 *
 * A new kind: its name and body type in src/contract/merchandising.ts, its validation and store in
 * merchandising/, an entry here, its OpenAPI schema, its console view and its test. What every import does
 * (validate before the lock, run under it as a job, keep the starting version and the new one) is
 * merchandisingServices.ts, written once.
 */
import { MERCHANDISING_KINDS, type CompoundSets, type MerchandisingKindName, type PhraseRuleSets, type SynonymSets } from '../contract/merchandising';
import type { Role } from '../contract/access';
import { booleanParam, list, optionalBoolean, required, single, type RawQuery } from '../kernel/params';
import { own, type Validated } from '../kernel/validation';
import { invalid } from '../kernel/errors';
import { requireMarket } from '../configuration/markets';
import type { MerchandisingStores } from '../merchandising';
import { validatePhraseRules } from '../merchandising/phraseRules/validate';
import { validatePageImport } from '../merchandising/pages/validate';
import { applyPageImport } from '../merchandising/pages/apply';
import { MAX_ID_FILTER, OUTPUT_FILTERS, type OutputFilter } from '../merchandising/pages/export';
import type { PageImport } from '../merchandising/pages/types';
import { validateNavigationImport } from '../merchandising/navigation/validate';
import { applyNavigationImport } from '../merchandising/navigation/tree';
import type { NavigationImport } from '../merchandising/navigation/types';
import { validateTemplates } from '../merchandising/templates/validate';
import type { Templates } from '../merchandising/templates/types';
import { validateFacetConfiguration } from '../merchandising/facets/validate';
import type { FacetConfiguration } from '../merchandising/facets/types';
import { validateLabelConfiguration, type LabelConfiguration } from '../merchandising/labelConfiguration';
import { validateSynonyms } from '../merchandising/synonyms/validate';
import { validateExperiments } from '../merchandising/experiments/validate';
import type { ExperimentSet } from '../merchandising/experiments/types';
import { validateCompounds } from '../merchandising/compounds/validate';
import type { MerchandisingImportDeps } from './merchandisingDeps';

/** The sample values the OpenAPI examples use (http/openapi/examples.ts hands them in). */
export interface Examples {
  market: string;
  locale: string;
  productKey: string;
}

/** A route's own query parameter in the OpenAPI description. */
export interface QueryDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  required?: boolean;
  exampleOf?: keyof Examples;
}
/** A parameter: a shared one by its name in the description's components, or the route's own. */
export type ParameterDoc = string | QueryDoc;

export interface ImportRoute<Options> {
  method: 'put' | 'post';
  /** Served as `/api/admin/{version}/import/{kind}` for each. */
  versions: readonly ('v3' | 'v4')[];
  /** The kind's own options of this route, read from the query once the body is read (bad ones: 400 naming them). */
  options(query: RawQuery): Options;
  doc: {
    operationId: string;
    summary: string;
    description: string;
    example(e: Examples): unknown;
    parameters?: readonly ParameterDoc[];
    /** False: the example is not sent by test/http/openapi-examples.test.ts (it would change what the others see). */
    exampleSent?: boolean;
  };
}

export interface KindExport {
  version: 'v3' | 'v4';
  /** The export's answer for the request's query parameters (checked here: 400 naming a bad one). */
  read(deps: MerchandisingImportDeps, query: RawQuery): Promise<unknown>;
  doc: { summary: string; parameters?: readonly ParameterDoc[] };
}

/** How a kind's versions are kept (every kind keeps them: list, show, diff, rollback). */
export interface KindHistory<Options> {
  /** The scope versions are kept per, from the history routes' query: pages per market, navigation per market and locale, else one. */
  scopeOf(query: RawQuery): string;
  /** What a version holds: what the kind's export answers for the scope right after the import. */
  content(stores: MerchandisingStores, scope: string): Promise<unknown>;
  /** A version's entries by id, as its diff compares them and its summary counts them (`noun`s). */
  entries(content: Record<string, unknown>): Map<string, unknown>;
  noun: string;
  /** The summary's detail after the count (synonyms: rules per locale). */
  detail?(entries: Map<string, unknown>): string;
  /** A rollback: the body and options with which the kind's own import brings the version back exactly. */
  rollback(deps: MerchandisingImportDeps, content: unknown): Promise<{ body: unknown; options: Options }>;
  /** Whether the first import keeps what was there before as the starting version (experiments: there was nothing). */
  startingVersion: boolean;
}

export interface MerchandisingKind<Value = unknown, Options = unknown> {
  name: MerchandisingKindName;
  /** The import, as its refusals name it ("Page import rejected: ..."). */
  what: string;
  /** The body's type in src/contract/ and its schema in the OpenAPI description. */
  body: string;
  /** Largest body, once decompressed (413 beyond). */
  maxBytes: number;
  /** The least role of its import and rollback, and of its export (http/access.ts). */
  roles: { import: Role; export: Role };
  imports: readonly ImportRoute<Options>[];
  export: KindExport;
  /** Checks a body before the import lock is taken. */
  validate(body: unknown, deps: MerchandisingImportDeps, options: Options): Validated<Value> | Promise<Validated<Value>>;
  /** The history scope the value changes. */
  scope(value: Value): string;
  /**
   * Under the lock: checks what needs the stored data (refusing throws), then answers the write itself, run
   * once the starting version is kept.
   */
  write(deps: MerchandisingImportDeps, value: Value, options: Options): Promise<() => Promise<void>> | (() => Promise<void>);
  /**
   * True when an import changes only the kind's preview (what `viewId=PREVIEW` applies): nothing live changed,
   * so no version is kept. Absent: the kind's previews (pages: a page's draft) leave the kept export alone.
   */
  previewOnly?(options: Options): boolean;
  history: KindHistory<Options>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const mapOf = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const ONE_SCOPE = () => '';
const MERCHANDISER_IMPORTS = { import: 'merchandiser', export: 'analyst' } as const;
const replaceOrUpsert = (method: 'put' | 'post') => (method === 'put' ? 'replace' : 'upsert');

/** A replace of every key: the version's entries, and an empty one for a key that has entries now but had none then. */
function everyKey(then: unknown, now: Record<string, unknown>, empty: () => unknown): Record<string, unknown> {
  return { ...Object.fromEntries(Object.keys(now).map((key) => [key, empty()])), ...mapOf(then) };
}

const byId = (list: unknown) => new Map((Array.isArray(list) ? list : []).map((e) => [String((e as { id?: unknown }).id), e] as const));
const byMarket = (c: Record<string, unknown>) => new Map(Object.entries(isObject(c.markets) ? c.markets : c));
const byLocale = (c: Record<string, unknown>) => new Map(Object.entries(mapOf(c.locales)));
/** The routes of a kind with no options of its own. */
const NO_OPTIONS = () => ({});

interface PageOptions {
  force: boolean;
  previewOnly?: boolean;
}

/**
 * Pages (admin spec: `POST /api/admin/v{3,4}/import/pages`, `GET /api/admin/v4/export/pages`). The rules that
 * need the market's stored pages (unique paths, the dangerous FULL import) are checked under the lock. A
 * preview (`previewOnly`) is a draft in the page itself: the version keeps the published pages.
 */
const pages = kind<PageImport, PageOptions>({
  name: 'pages',
  what: 'Page import',
  body: 'PageContainer',
  maxBytes: 50_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: [
    {
      method: 'post',
      versions: ['v3', 'v4'],
      options: (query) => {
        const previewOnly = optionalBoolean(query, 'previewOnly');
        return { force: booleanParam(query, 'force', false), ...(previewOnly !== undefined ? { previewOnly } : {}) };
      },
      doc: {
        operationId: 'importPages',
        summary: 'Import pages of a market',
        description:
          'FULL replaces the pages of the market (refused as dangerous when it would delete more than half of them, unless force=true); PARTIAL amends; `previewOnly: true` stores a PARTIAL import in the preview view only (storefront requests with viewId=PREVIEW see it; the live view changes with the next import of the page without previewOnly).',
        example: (e) => ({
          market: e.market,
          type: 'PARTIAL',
          addOrUpdate: [
            {
              id: 'campaign',
              paths: { 'en-GB': '/campaign', 'sv-SE': '/kampanj' },
              headings: { 'en-GB': 'Campaign', 'sv-SE': 'Kampanj' },
              primaryList: { pinned: [e.productKey] },
            },
          ],
        }),
        parameters: [
          'force',
          {
            name: 'previewOnly',
            description: "Our addition: the same as the body's `previewOnly`, for clients that send it here; refused when the body says otherwise.",
            schema: { type: 'boolean' },
          },
        ],
      },
    },
  ],
  export: {
    version: 'v4',
    read: async (deps, query) => {
      const idFilter = list(query, 'idFilter');
      if (idFilter && idFilter.length > MAX_ID_FILTER)
        throw invalid(`Query parameter idFilter takes at most ${MAX_ID_FILTER} page ids (got ${idFilter.length})`);
      const outputFilter = single(query, 'outputFilter') || 'PUBLISHED_ONLY';
      if (!(OUTPUT_FILTERS as readonly string[]).includes(outputFilter)) {
        throw invalid(`Query parameter outputFilter must be one of ${OUTPUT_FILTERS.join(', ')} (got "${outputFilter}")`);
      }
      const request = { market: required(query, 'market'), idFilter, outputFilter: outputFilter as OutputFilter };
      requireMarket(await deps.configuration.required(), request.market);
      return deps.stores.pages.export(request);
    },
    doc: {
      summary: 'The pages of a market',
      parameters: [
        'marketAdmin',
        {
          name: 'idFilter',
          description: `At most ${MAX_ID_FILTER} page ids, pipe- or comma-separated: the answer is then a PARTIAL container.`,
          schema: { type: 'string' },
        },
        {
          name: 'outputFilter',
          description: 'Published pages, pages with their unpublished changes, or generated (deprecated) page templates.',
          schema: { type: 'string', enum: [...OUTPUT_FILTERS], default: 'PUBLISHED_ONLY' },
        },
      ],
    },
  },
  validate: async (body, deps, options) =>
    validatePageImport(body, await deps.configuration.required(), { previewOnly: options.previewOnly }, await deps.customAttributes?.()),
  scope: (request) => request.market,
  write: async (deps, request, options) => {
    const store = deps.stores.pages;
    const result = applyPageImport(await store.loadMarket(request.market), request, { force: options.force });
    if (!result.ok) throw result.problems.rejection('Page import');
    return () => store.save(request.market, result.changes);
  },
  history: {
    scopeOf: (query) => required(query, 'market'),
    content: (stores, market) => stores.pages.export({ market, outputFilter: 'PUBLISHED_ONLY' }),
    entries: (c) => byId(c.addOrUpdate),
    noun: 'page',
    // FULL, forced: the version's published pages exactly (pages it lacks are deleted, whatever their number).
    rollback: (_deps, content) => Promise.resolve({ body: { ...mapOf(content), type: 'FULL' }, options: { force: true } }),
    startingVersion: true,
  },
});

/**
 * Navigation (admin spec: `POST /api/admin/v{3,4}/import/navigation`, `GET /api/admin/v3/export/navigation`),
 * per market and locale. The tree rules (parents, cycles) are checked under the lock against the stored
 * tree, then only changed nodes are written.
 */
const navigation = kind<NavigationImport, object>({
  name: 'navigation',
  what: 'Navigation import',
  body: 'NavigationContainer',
  maxBytes: 10_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: [
    {
      method: 'post',
      versions: ['v3', 'v4'],
      options: NO_OPTIONS,
      doc: {
        operationId: 'importNavigation',
        summary: 'Import navigation nodes of a market-locale',
        description: 'PARTIAL amends the tree, FULL replaces the imported nodes (nodes made in the app stay), FORCE replaces all.',
        example: (e) => ({
          market: e.market,
          locale: e.locale,
          type: 'PARTIAL',
          addOrUpdate: [{ id: 'outlet', title: 'Outlet', type: 'LINK', url: '/outlet' }],
        }),
      },
    },
  ],
  export: {
    version: 'v3',
    read: async (deps, query) => {
      const request = { market: required(query, 'market'), locale: required(query, 'locale'), includeAppNodes: booleanParam(query, 'includeAppNodes', false) };
      requireMarket(await deps.configuration.required(), request.market, request.locale);
      return deps.stores.navigation.export(request);
    },
    doc: {
      summary: 'The navigation of a market-locale (a FULL container)',
      parameters: [
        'marketAdmin',
        { name: 'locale', description: 'A locale of the market.', schema: { type: 'string' }, required: true, exampleOf: 'locale' },
        { name: 'includeAppNodes', description: 'Include the nodes made in the merchandising application.', schema: { type: 'boolean', default: false } },
      ],
    },
  },
  validate: async (body, deps) => validateNavigationImport(body, await deps.configuration.required()),
  scope: (request) => `${request.market}|${request.locale}`,
  write: async (deps, request) => {
    const store = deps.stores.navigation;
    const before = await store.load(request.market, request.locale);
    const result = applyNavigationImport(before, request);
    if (!result.ok) throw result.problems.rejection('Navigation import');
    return () => store.save(request.market, request.locale, before, result.nodes);
  },
  history: {
    scopeOf: (query) => `${required(query, 'market')}|${required(query, 'locale')}`,
    content: (stores, scope) => {
      const [market, locale] = scope.split('|');
      return stores.navigation.export({ market, locale, includeAppNodes: false });
    },
    entries: (c) => byId(c.addOrUpdate),
    noun: 'node',
    rollback: (_deps, content) => Promise.resolve({ body: { ...mapOf(content), type: 'FULL' }, options: {} }),
    startingVersion: true,
  },
});

interface TemplateOptions {
  mode: 'replace' | 'upsert';
  force: boolean;
}

/**
 * Response templates (admin spec: `PUT|POST /api/admin/v4/import/templates`; our export, the stored map of
 * template id → settings). PUT replaces all templates and refuses to delete existing ones unless
 * `force=true`; POST adds or replaces the templates given.
 */
const templates = kind<Templates, TemplateOptions>({
  name: 'templates',
  what: 'Template import',
  body: 'Templates',
  maxBytes: 1_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: (['put', 'post'] as const).map((method) => ({
    method,
    versions: ['v4'],
    options: (query) => ({ mode: replaceOrUpsert(method), force: method === 'put' ? booleanParam(query, 'force', false) : false }),
    doc: {
      ...(method === 'put'
        ? {
            operationId: 'importTemplates',
            summary: 'Replace the response templates',
            description: 'Templates not in the body are deleted, which is refused unless force=true.',
            parameters: ['force'],
          }
        : { operationId: 'upsertTemplates', summary: 'Add or replace response templates', description: 'Only the templates in the body change.' }),
      example: () => ({ compact: { products: { all: { fields: ['title', 'link', 'sellingPrice', 'imageInfo'], maxVariants: 0 } } } }),
    },
  })),
  export: { version: 'v4', read: (deps) => deps.stores.templates.all(true), doc: { summary: 'The response templates (our addition)' } },
  validate: (body) => validateTemplates(body),
  scope: ONE_SCOPE,
  write: async (deps, templates, options) => {
    const store = deps.stores.templates;
    const existing = Object.keys(await store.all(true));
    const removed = options.mode === 'replace' ? existing.filter((id) => !(id in templates)) : [];
    if (removed.length && !options.force) {
      throw invalid(
        `Template import would delete the templates ${removed.join(', ')}, which are not in the body: repeat with force=true to delete them, or add them with POST`,
        { removed },
      );
    }
    return () => store.save(templates, removed);
  },
  history: {
    scopeOf: ONE_SCOPE,
    content: (stores) => stores.templates.all(true),
    entries: (c) => new Map(Object.entries(c)),
    noun: 'template',
    rollback: (_deps, content) => Promise.resolve({ body: content, options: { mode: 'replace', force: true } }),
    startingVersion: true,
  },
});

/** The facet and label stores: one document per market, every market replaced by each import (cachedDocuments.ts). */
type ByMarketStore = 'facets' | 'labels';

/**
 * A kind whose PUT replaces every market's part, a market left out going back to the defaults (facets and
 * labels): their entries differ only in names, words and validation.
 */
function replacedByMarket<Value extends { markets: object }>(k: {
  name: ByMarketStore;
  what: string;
  body: string;
  doc: { operationId: string; summary: string; description: string; example(e: Examples): unknown; exportSummary: string };
  validate(body: unknown, deps: MerchandisingImportDeps): Promise<Validated<Value>>;
}): MerchandisingKind {
  const store = (stores: MerchandisingStores) => stores[k.name] as unknown as { all(fresh: boolean): Promise<Value>; replace(value: Value): Promise<void> };
  const { exportSummary, ...doc } = k.doc;
  return kind<Value, object>({
    name: k.name,
    what: k.what,
    body: k.body,
    maxBytes: 5_000_000,
    roles: MERCHANDISER_IMPORTS,
    imports: [{ method: 'put', versions: ['v4'], options: NO_OPTIONS, doc }],
    export: { version: 'v4', read: (deps) => store(deps.stores).all(true), doc: { summary: exportSummary } },
    validate: (body, deps) => k.validate(body, deps),
    scope: ONE_SCOPE,
    write: (deps, value) => () => store(deps.stores).replace(value),
    history: {
      scopeOf: ONE_SCOPE,
      content: (stores) => store(stores).all(true),
      entries: byMarket,
      noun: 'market',
      rollback: (_deps, content) => Promise.resolve({ body: content, options: {} }),
      startingVersion: true,
    },
  });
}

/** Facet configuration (our addition, as Elevate keeps it in its app's Facet configurator): a market left out goes back to the defaults. */
const facets = replacedByMarket<FacetConfiguration>({
  name: 'facets',
  what: 'Facet configuration import',
  body: 'FacetConfiguration',
  doc: {
    operationId: 'importFacets',
    summary: 'Replace the facet configuration (our addition)',
    description: 'A market left out goes back to the default facets.',
    example: (e) => ({
      markets: {
        [e.market]: {
          facets: [
            { attribute: 'brand', type: 'TEXT', labels: { 'en-GB': 'Brand', 'sv-SE': 'Märke' } },
            { attribute: 'price', type: 'RANGE' },
          ],
          dynamicFacets: 4,
        },
      },
    }),
    exportSummary: 'The facet configuration (our addition)',
  },
  validate: async (body, deps) => validateFacetConfiguration(body, await deps.configuration.required()),
});

/** Label overrides (our addition, as Elevate keeps texts in its app): a market left out goes back to the built-in texts. */
const labels = replacedByMarket<LabelConfiguration>({
  name: 'labels',
  what: 'Label import',
  body: 'Labels',
  doc: {
    operationId: 'importLabels',
    summary: 'Replace the label overrides (our addition)',
    description: 'A market left out goes back to the built-in texts.',
    example: (e) => ({ markets: { [e.market]: { 'sv-SE': { 'sort.PRICE_ASCENDING': 'Billigast först', 'badge.SALE': 'Rea!' } } } }),
    exportSummary: 'The label overrides (our addition)',
  },
  validate: async (body, deps) => validateLabelConfiguration(body, await deps.configuration.required()),
});

interface SynonymOptions {
  mode: 'replace' | 'append';
}

/**
 * Synonyms (our addition): PUT replaces the rules of each locale in the body, POST appends rules to them; the
 * export answers every locale's rules (or one `locale`'s), or with `shipped=true` the general rules shipped
 * for each configured locale's language (read-only: a shop overrides them by naming their terms in its own rules).
 */
const synonyms = kind<SynonymSets, SynonymOptions>({
  name: 'synonyms',
  what: 'Synonyms import',
  body: 'Synonyms',
  maxBytes: 20_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: (['put', 'post'] as const).map((method) => ({
    method,
    versions: ['v4'],
    options: () => ({ mode: method === 'put' ? 'replace' : 'append' }),
    doc:
      method === 'put'
        ? {
            operationId: 'importSynonyms',
            summary: 'Replace the synonym rules of the locales in the body',
            description: 'Locales not in the body keep their rules; `[]` clears a locale.',
            example: () => ({ locales: { 'en-GB': [{ terms: ['sneakers', 'trainers'] }] } }),
          }
        : {
            operationId: 'appendSynonyms',
            summary: 'Append synonym rules to the locales in the body',
            description: 'Rules already there stay.',
            example: () => ({ locales: { 'en-GB': [{ from: ['tee'], to: ['t-shirt', 'tee'] }] } }),
          },
  })),
  export: {
    version: 'v4',
    read: async (deps, query) => {
      const locale = single(query, 'locale') || undefined;
      const store = deps.stores.synonyms;
      if (booleanParam(query, 'shipped', false)) {
        const locales = locale !== undefined ? [locale] : [...new Set(Object.values((await deps.configuration.required()).markets).flatMap((m) => m.locales))];
        return { locales: Object.fromEntries(locales.map((l) => [l, [...store.shipped(l)]])) };
      }
      const all = await store.all(true);
      return { locales: locale === undefined ? all : { [locale]: own(all, locale) ?? [] } };
    },
    doc: {
      summary: 'The synonym rules (our addition)',
      parameters: [
        { name: 'locale', description: 'One locale; default all.', schema: { type: 'string' } },
        {
          name: 'shipped',
          description: "true: the general synonyms shipped for each locale's language (read-only; GENERAL_SYNONYMS) instead of the shop's rules.",
          schema: { type: 'boolean' },
        },
      ],
    },
  },
  validate: async (body, deps) => validateSynonyms(body, await deps.configuration.required()),
  scope: ONE_SCOPE,
  write: (deps, sets, options) => () => (options.mode === 'replace' ? deps.stores.synonyms.replace(sets) : deps.stores.synonyms.append(sets)),
  history: {
    scopeOf: ONE_SCOPE,
    content: async (stores) => ({ locales: await stores.synonyms.all(true) }),
    entries: byLocale,
    noun: 'locale',
    detail: (entries) => [...entries].map(([locale, rules]) => `${locale}: ${Array.isArray(rules) ? rules.length : 0} rules`).join(', '),
    // Every locale: the version's rules, and none for a locale that has rules now but had none then.
    rollback: async (deps, content) => ({
      body: { locales: everyKey(mapOf(content).locales, await deps.stores.synonyms.all(true), () => []) },
      options: { mode: 'replace' },
    }),
    startingVersion: true,
  },
});

interface ExperimentOptions {
  mode: 'replace' | 'upsert';
}

/** Far in the future, so that the examples run against a shop change nothing visitors see. */
const experimentsExample = (e: Examples) => ({
  experiments: [
    {
      id: 'relaxed-matching',
      name: 'Long phrases without the relaxed tier',
      start: '2030-01-01T00:00:00Z',
      end: '2030-01-15T00:00:00Z',
      markets: [e.market],
      variants: [
        { id: 'control', share: 50, overrides: {} },
        { id: 'strict', share: 50, overrides: { relevance: { relaxedMatching: false } } },
      ],
    },
  ],
});

/**
 * A/B experiments (our addition, issue 35): PUT replaces every experiment (one left out is deleted), POST adds
 * experiments or replaces those of the same id. Ending one now is merchandisingServices.ts's endExperiment.
 * The first import keeps no starting version: before it there were no experiments.
 */
const experiments = kind<ExperimentSet, ExperimentOptions>({
  name: 'experiments',
  what: 'Experiments import',
  body: 'Experiments',
  maxBytes: 1_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: (['put', 'post'] as const).map((method) => ({
    method,
    versions: ['v4'],
    options: () => ({ mode: replaceOrUpsert(method) }),
    doc:
      method === 'put'
        ? {
            operationId: 'importExperiments',
            summary: 'Replace the A/B experiments (our addition)',
            description: 'An experiment left out is deleted. Applied to the next storefront query.',
            example: experimentsExample,
          }
        : {
            operationId: 'upsertExperiments',
            summary: 'Add A/B experiments or replace those of the same id (our addition)',
            description: 'Other experiments stay.',
            example: experimentsExample,
            exampleSent: false,
          },
  })),
  export: { version: 'v4', read: (deps) => deps.stores.experiments.all(true), doc: { summary: 'The A/B experiments (our addition)' } },
  validate: async (body, deps) => validateExperiments(body, await deps.configuration.required()),
  scope: ONE_SCOPE,
  write: (deps, set, options) => () => (options.mode === 'replace' ? deps.stores.experiments.replace(set) : deps.stores.experiments.upsert(set)),
  history: {
    scopeOf: ONE_SCOPE,
    content: (stores) => stores.experiments.all(true),
    entries: (c) => byId(c.experiments),
    noun: 'experiment',
    rollback: (_deps, content) => Promise.resolve({ body: content, options: { mode: 'replace' } }),
    startingVersion: false,
  },
});

/**
 * Compounds (our addition): PUT replaces the configuration of each locale in the body; the export answers
 * every locale's, or one `locale`'s, as `{"locales": {"de-DE": {"excluded": ["handschuhe"]}}}`. Applied to
 * the next query, without reindexing the catalog.
 */
const compounds = kind<CompoundSets, object>({
  name: 'compounds',
  what: 'Compounds import',
  body: 'Compounds',
  maxBytes: 20_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: [
    {
      method: 'put',
      versions: ['v4'],
      options: NO_OPTIONS,
      doc: {
        operationId: 'importCompounds',
        summary: 'Replace the compounds configuration of the locales in the body (our addition)',
        description: 'Excluded compounds are no longer found by their head, from the next query on.',
        example: () => ({ locales: { 'sv-SE': { excluded: ['handskar'] } } }),
      },
    },
  ],
  export: {
    version: 'v4',
    read: async (deps, query) => {
      const locale = single(query, 'locale') || undefined;
      const all = await deps.stores.compounds.all(true);
      return { locales: locale === undefined ? all : { [locale]: own(all, locale) ?? { excluded: [] } } };
    },
    doc: {
      summary: 'The compounds configuration (our addition)',
      parameters: [{ name: 'locale', description: 'One locale; default all.', schema: { type: 'string' } }],
    },
  },
  validate: async (body, deps) => validateCompounds(body, await deps.configuration.required()),
  scope: ONE_SCOPE,
  write: (deps, sets) => () => deps.stores.compounds.replace(sets),
  history: {
    scopeOf: ONE_SCOPE,
    content: async (stores) => ({ locales: await stores.compounds.all(true) }),
    entries: byLocale,
    noun: 'locale',
    // Every locale: the version's exclusions, and none for a locale that has some now but had none then.
    rollback: async (deps, content) => ({
      body: { locales: everyKey(mapOf(content).locales, await deps.stores.compounds.all(true), () => ({ excluded: [] })) },
      options: {},
    }),
    startingVersion: true,
  },
});

interface PhraseRuleOptions {
  mode: 'replace' | 'upsert';
  previewOnly?: boolean;
}

/**
 * Phrase rules (our addition): PUT replaces the rules of each market in the body (`[]` clears one), POST adds
 * or replaces rules by id; `previewOnly=true` keeps them as the markets' preview (what `viewId=PREVIEW`
 * applies), publishing nothing and keeping no version. The export answers every market's rules, or one
 * `market`'s, published or (`view=preview`) preview.
 */
const phraseRules = kind<PhraseRuleSets, PhraseRuleOptions>({
  name: 'phrase-rules',
  what: 'Phrase rules import',
  body: 'PhraseRules',
  maxBytes: 20_000_000,
  roles: MERCHANDISER_IMPORTS,
  imports: (['put', 'post'] as const).map((method) => ({
    method,
    versions: ['v4'],
    options: (query) => {
      const previewOnly = optionalBoolean(query, 'previewOnly');
      return { mode: replaceOrUpsert(method), ...(previewOnly !== undefined ? { previewOnly } : {}) };
    },
    doc: {
      operationId: method === 'put' ? 'importPhraseRules' : 'upsertPhraseRules',
      summary: method === 'put' ? 'Replace the phrase rules of the markets in the body (our addition)' : 'Add or replace phrase rules by id (our addition)',
      description: `${method === 'put' ? 'Markets not in the body keep their rules; `[]` clears a market.' : 'Rules of other ids stay.'} Search merchandising per search phrase: pinned products at a position, hidden products, boost and bury product rules, a redirect (search-page and autocomplete \`redirectLink\`), an optional start and end. \`previewOnly=true\` keeps the rules as the preview only (storefront requests with viewId=PREVIEW apply them; nothing live changes, no version is kept).`,
      example: (e) => ({
        markets: {
          [e.market]: [
            {
              id: 'sneakers',
              phrases: ['sneakers', 'sneaker'],
              pinned: [{ productKey: e.productKey, position: 1 }],
              bury: 'rule incl price [ -infinity, 100 ]',
            },
          ],
        },
      }),
      parameters: [
        {
          name: 'previewOnly',
          description: 'Keep the rules as the preview only: viewId=PREVIEW applies them, the live view does not change.',
          schema: { type: 'boolean', default: false },
        },
      ],
    },
  })),
  export: {
    version: 'v4',
    read: async (deps, query) => {
      const view = single(query, 'view') || 'production';
      if (view !== 'production' && view !== 'preview') throw invalid(`Query parameter view must be production or preview (got "${view.slice(0, 50)}")`);
      const market = single(query, 'market') || undefined;
      const all = await deps.stores.phraseRules.view(view, true);
      return { markets: market === undefined ? all : { [market]: own(all, market) ?? [] } };
    },
    doc: {
      summary: 'The phrase rules (our addition)',
      parameters: [
        { name: 'market', description: 'One market; default all.', schema: { type: 'string' } },
        {
          name: 'view',
          description: '`preview`: the preview rules where a market has them, else its published ones.',
          schema: { type: 'string', enum: ['production', 'preview'], default: 'production' },
        },
      ],
    },
  },
  validate: async (body, deps) => validatePhraseRules(body, await deps.configuration.required()),
  scope: ONE_SCOPE,
  write: (deps, rules, options) => {
    const store = deps.stores.phraseRules;
    const previewOnly = options.previewOnly === true;
    return () => (options.mode === 'replace' ? store.replace(rules, previewOnly) : store.upsert(rules, previewOnly));
  },
  previewOnly: (options) => options.previewOnly === true,
  history: {
    scopeOf: ONE_SCOPE,
    content: async (stores) => ({ markets: await stores.phraseRules.view('production', true) }),
    // Rules by market and id, so a diff names the rule that changed.
    entries: (c) =>
      new Map(
        Object.entries(mapOf(c.markets)).flatMap(([market, rules]) =>
          (Array.isArray(rules) ? rules : []).map((r) => [`${market}|${String((r as { id?: unknown }).id)}`, r] as const),
        ),
      ),
    noun: 'rule',
    // Every market: the version's rules, and none for a market that has rules now but had none then.
    rollback: async (deps, content) => ({
      body: { markets: everyKey(mapOf(content).markets, await deps.stores.phraseRules.view('production', true), () => []) },
      options: { mode: 'replace' },
    }),
    startingVersion: true,
  },
});

/** Any kind, its value and options types left behind (the table holds kinds of different types). */
function kind<Value, Options>(k: MerchandisingKind<Value, Options>): MerchandisingKind {
  return k;
}

/** The table: one entry per name of MERCHANDISING_KINDS (src/contract/merchandising.ts). */
const TABLE: Readonly<Record<MerchandisingKindName, MerchandisingKind>> = {
  pages,
  navigation,
  templates,
  synonyms,
  'phrase-rules': phraseRules,
  facets,
  labels,
  experiments,
  compounds,
};

/** The kinds, in the order of MERCHANDISING_KINDS (routes and the OpenAPI paths follow it). */
export const MERCHANDISING_KIND_TABLE: readonly MerchandisingKind[] = MERCHANDISING_KINDS.map((name) => TABLE[name]);

/** The kind of that name. */
export const kindNamed = (name: MerchandisingKindName): MerchandisingKind => TABLE[name];

/** The kind of that name; undefined for another history kind (the configuration). */
export const merchandisingKind = (name: string): MerchandisingKind | undefined => MERCHANDISING_KIND_TABLE.find((k) => k.name === name);
