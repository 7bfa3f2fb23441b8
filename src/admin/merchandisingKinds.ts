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
import { MERCHANDISING_KINDS, type MerchandisingKindName, type PhraseRuleSets } from '../contract/merchandising';
import type { Role } from '../contract/access';
import { optionalBoolean, single, type RawQuery } from '../kernel/params';
import { own, type Validated } from '../kernel/validation';
import { invalid } from '../kernel/errors';
import type { MerchandisingStores } from '../merchandising';
import { validatePhraseRules } from '../merchandising/phraseRules/validate';
import type { MerchandisingImportDeps } from './merchandisingDeps';

/** The sample values the OpenAPI examples use (http/openapi/examples.ts hands them in). */
export interface Examples { market: string; locale: string; productKey: string }

/** A route's own query parameter in the OpenAPI description. */
export interface QueryDoc { name: string; description: string; schema: Record<string, unknown>; required?: boolean; example?: unknown }
/** A parameter: a shared one by its name in the description's components, or the route's own. */
export type ParameterDoc = string | QueryDoc;

export interface ImportRoute<Options> {
  method: 'put' | 'post';
  /** Served as `/api/admin/{version}/import/{kind}` for each. */
  versions: readonly ('v3' | 'v4')[];
  /** The kind's own options of this route, read from the query once the body is read (bad ones: 400 naming them). */
  options(query: RawQuery): Options;
  doc: {
    operationId: string; summary: string; description: string; example(e: Examples): unknown; parameters?: readonly ParameterDoc[];
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
  validate(body: unknown, deps: MerchandisingImportDeps, options: Options): Promise<Validated<Value>>;
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

interface PhraseRuleOptions { mode: 'replace' | 'upsert'; previewOnly?: boolean }

/**
 * Phrase rules (our addition): PUT replaces the rules of each market in the body (`[]` clears one), POST adds
 * or replaces rules by id; `previewOnly=true` keeps them as the markets' preview (what `viewId=PREVIEW`
 * applies), publishing nothing and keeping no version. The export answers every market's rules, or one
 * `market`'s, published or (`view=preview`) preview.
 */
const phraseRules = kind<PhraseRuleSets, PhraseRuleOptions>({
  name: 'phrase-rules', what: 'Phrase rules import', body: 'PhraseRules', maxBytes: 20_000_000, roles: MERCHANDISER_IMPORTS,
  imports: (['put', 'post'] as const).map((method) => ({
    method, versions: ['v4'],
    options: (query) => {
      const previewOnly = optionalBoolean(query, 'previewOnly');
      return { mode: replaceOrUpsert(method), ...(previewOnly !== undefined ? { previewOnly } : {}) };
    },
    doc: {
      operationId: method === 'put' ? 'importPhraseRules' : 'upsertPhraseRules',
      summary: method === 'put' ? 'Replace the phrase rules of the markets in the body (our addition)' : 'Add or replace phrase rules by id (our addition)',
      description: `${method === 'put' ? 'Markets not in the body keep their rules; `[]` clears a market.' : 'Rules of other ids stay.'} Search merchandising per search phrase: pinned products at a position, hidden products, boost and bury product rules, a redirect (search-page and autocomplete \`redirectLink\`), an optional start and end. \`previewOnly=true\` keeps the rules as the preview only (storefront requests with viewId=PREVIEW apply them; nothing live changes, no version is kept).`,
      example: (e) => ({ markets: { [e.market]: [{ id: 'sneakers', phrases: ['sneakers', 'sneaker'], pinned: [{ productKey: e.productKey, position: 1 }], bury: 'rule incl price [ -infinity, 100 ]' }] } }),
      parameters: [{ name: 'previewOnly', description: 'Keep the rules as the preview only: viewId=PREVIEW applies them, the live view does not change.', schema: { type: 'boolean', default: false } }],
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
        { name: 'view', description: '`preview`: the preview rules where a market has them, else its published ones.', schema: { type: 'string', enum: ['production', 'preview'], default: 'production' } },
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
    entries: (c) => new Map(Object.entries(mapOf(c.markets)).flatMap(([market, rules]) =>
      (Array.isArray(rules) ? rules : []).map((r) => [`${market}|${String((r as { id?: unknown }).id)}`, r] as const))),
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

const TABLE: Partial<Record<MerchandisingKindName, MerchandisingKind>> = {
  'phrase-rules': phraseRules,
};

/** The kinds, in the order of MERCHANDISING_KINDS (routes, the OpenAPI paths and the console's lists follow it). */
export const MERCHANDISING_KIND_TABLE: readonly MerchandisingKind[] = MERCHANDISING_KINDS.flatMap((name) => TABLE[name] ?? []);

/** The kind of that name; undefined for another history kind (the configuration). */
export const merchandisingKind = (name: string): MerchandisingKind | undefined => MERCHANDISING_KIND_TABLE.find((k) => k.name === name);
