/**
 * What the console reads and writes, all through the admin API with the logged-in key (web/shared/admin.ts):
 * the explain endpoints, the existing exports and imports (there is no second write path), history, impact.
 */
import type { Facet, ProductGroup } from '@apptus/esales-api';
import { adminFetch } from '../shared/admin';
import type { Page } from './pageDraft';
import type { HistoryKind, PhraseRule, SynonymRule, SynonymSets, VersionDiff as Diff, VersionSummary as Version } from '../../src/contract/merchandising';
import type { ReplayJob, ReplayRequest } from '../../src/contract/replay';
import type { Reason } from './explainText';
import { own } from '../shared/lookup';

export type { Reason };
export type ExplainedGroup = ProductGroup & { explanation?: Reason[] };
/** What query understanding made of a search phrase (explain/search-page only; docs/language.md "Query understanding"). */
export interface Understanding {
  words: string;
  colours: { typed: string; names: string[] }[];
  genders: { typed: string; values: string[] }[];
  /** Absent from an older service. */
  brands?: { typed: string; values: string[] }[];
  sizes?: { typed: string; values: string[] }[];
  attributes?: { typed: string; name: string; values: string[] }[];
  price?: { typed: string; min?: number; max?: number };
  mode: 'filter' | 'boost' | 'fallback';
  /** False: the understood filter left nothing, and the phrase as typed (then the words left) answered. */
  applied: boolean;
}

export interface ExplainedPage {
  q?: string;
  autoCorrect?: { q: string };
  understanding?: Understanding;
  primaryList?: { totalHits: number; productGroups: ExplainedGroup[]; facets: Facet[]; sort?: { options: { id: string; label: string }[] } };
  recommendationLists?: { id: string; productGroups: ProductGroup[] }[];
}

/** How many products the page editor lists at a time. */
export const PAGE_SIZE = 24;

export interface Where {
  market: string;
  locale: string;
  touchpoint: 'desktop' | 'mobile';
}

function storefrontParams(where: Where, extra: Record<string, string>): string {
  return new URLSearchParams({ ...where, customerKey: 'console', sessionKey: 'console', notify: 'false', ...extra }).toString();
}

export function explainSearch(where: Where, q: string, preview = false): Promise<ExplainedPage> {
  return adminFetch(`/api/admin/v4/explain/search-page?${storefrontParams(where, { q, limit: '24', ...(preview ? { viewId: 'PREVIEW' } : {}) })}`);
}

/** The storefront's own search-page answer (as shoppers get it): the product picker's results. */
export async function storefrontSearch(where: Where, q: string, limit: number): Promise<ProductGroup[]> {
  const res = await fetch(`/api/storefront/v3/queries/search-page?${storefrontParams(where, { q, limit: String(limit) })}`);
  if (!res.ok) throw new Error(`search-page answered ${res.status}`);
  return ((await res.json()) as { primaryList: { productGroups: ProductGroup[] } }).primaryList.productGroups;
}

/** The market's rules: published, or (`preview`) the preview where the market has one. */
export async function exportPhraseRules(market: string, view: 'production' | 'preview' = 'production'): Promise<PhraseRule[]> {
  return (
    own(
      (await adminFetch<{ markets: Record<string, PhraseRule[]> }>(`/api/admin/v4/export/phrase-rules?${new URLSearchParams({ market, view })}`)).markets,
      market,
    ) ?? []
  );
}

/** Replaces the market's rules (PUT); `previewOnly` keeps them as the preview (viewId=PREVIEW), changing nothing live. Problem paths read `markets.<market>[i]...`. */
export function importPhraseRules(market: string, rules: PhraseRule[], previewOnly: boolean): Promise<unknown> {
  const query = new URLSearchParams({ name: previewOnly ? 'console preview' : 'console', ...(previewOnly ? { previewOnly: 'true' } : {}) });
  return adminFetch(`/api/admin/v4/import/phrase-rules?${query}`, { method: 'PUT', body: { markets: { [market]: rules } } });
}

/** The page's products `skip` onwards, 24 at a time ("Show more" asks the next ones). */
export function explainLandingPage(where: Where, pageReference: string, preview = false, skip = 0): Promise<ExplainedPage> {
  return adminFetch(
    `/api/admin/v4/explain/landing-page?${storefrontParams(where, { pageReference, limit: String(PAGE_SIZE), ...(skip ? { skip: String(skip) } : {}), ...(preview ? { viewId: 'PREVIEW' } : {}) })}`,
  );
}

export type { Page } from './pageDraft';

/** The pages of a market: with their preview changes (the default), or as the live storefront shows them. */
export async function exportPages(market: string, outputFilter: 'PUBLISHED_ONLY' | 'INCLUDE_UNPUBLISHED' = 'INCLUDE_UNPUBLISHED'): Promise<Page[]> {
  return (await adminFetch<{ addOrUpdate: Page[] }>(`/api/admin/v4/export/pages?${new URLSearchParams({ market, outputFilter })}`)).addOrUpdate;
}

/** One page of a market as the page export gives it: `PUBLISHED_ONLY` (what the storefront shows) or with its preview changes. */
export async function exportPage(market: string, id: string, outputFilter: 'PUBLISHED_ONLY' | 'INCLUDE_UNPUBLISHED'): Promise<Page | undefined> {
  const query = new URLSearchParams({ market, idFilter: id, outputFilter });
  return (await adminFetch<{ addOrUpdate: Page[] }>(`/api/admin/v4/export/pages?${query}`)).addOrUpdate[0];
}

/**
 * Saves one page's changed fields as a PARTIAL page import. `previewOnly` (a field of the page container, as
 * the admin spec has it) keeps it out of the live storefront; without it the import publishes the page.
 */
export function savePage(market: string, page: Page, previewOnly: boolean): Promise<unknown> {
  const query = new URLSearchParams({ name: previewOnly ? 'console preview' : 'console' });
  return adminFetch(`/api/admin/v4/import/pages?${query}`, { method: 'POST', body: { market, type: 'PARTIAL', previewOnly, addOrUpdate: [page] } });
}

/** Creates (or copies into) a new page and publishes it: a PARTIAL page import of the whole page. */
export function createPage(market: string, page: Page, name: 'console new page' | 'console copy'): Promise<unknown> {
  return adminFetch(`/api/admin/v4/import/pages?${new URLSearchParams({ name })}`, { method: 'POST', body: { market, type: 'PARTIAL', addOrUpdate: [page] } });
}

/** Deletes a page of a market: a PARTIAL page import's `remove`. */
export function deletePage(market: string, id: string): Promise<unknown> {
  return adminFetch('/api/admin/v4/import/pages?name=console%20delete', { method: 'POST', body: { market, type: 'PARTIAL', addOrUpdate: [], remove: [id] } });
}

export type { SynonymRule, SynonymSets } from '../../src/contract/merchandising';

/** The stored rules per locale: the export's `{"locales": {...}}`, unwrapped. */
export async function exportSynonyms(): Promise<SynonymSets> {
  return (await adminFetch<{ locales?: SynonymSets }>('/api/admin/v4/export/synonyms')).locales ?? {};
}

/** Replaces every locale's rules (PUT), in the import's `{"locales": {...}}`; problem paths read `locales.<locale>[i]...`. */
export function importSynonyms(sets: SynonymSets): Promise<unknown> {
  return adminFetch('/api/admin/v4/import/synonyms?name=console', { method: 'PUT', body: { locales: sets } });
}

export { HISTORY_KINDS, type HistoryKind, type FieldChange, type PhraseRule } from '../../src/contract/merchandising';
/** A kept version and a diff of two, as the history answers them (the server's own types). */
export type { VersionSummary as Version, VersionDiff as Diff } from '../../src/contract/merchandising';

export function historyOf(kind: HistoryKind, scope: Record<string, string>): Promise<{ versions: Version[] }> {
  return adminFetch(`/api/admin/v4/history/${kind}?${new URLSearchParams(scope)}`);
}

export function versionOf(kind: HistoryKind, id: string): Promise<Version & { content: unknown }> {
  return adminFetch(`/api/admin/v4/history/${kind}/${encodeURIComponent(id)}`);
}

export function diffOf(kind: HistoryKind, from: string, to: string): Promise<Diff> {
  return adminFetch(`/api/admin/v4/history/${kind}/diff?${new URLSearchParams({ from, to })}`);
}

/**
 * Product titles by product key, in one request however many keys: the storefront's own landing-page answer
 * for a reference no page has, listing just those products (`rule incl product_key {...}`), so titles are
 * what shoppers see. Keys the live catalog lacks are missing from the answer.
 */
export async function productTitles(where: Where, keys: string[]): Promise<Record<string, string>> {
  // A key the rule language cannot quote is left unnamed rather than breaking the lookup.
  const quotable = keys.filter((k) => !/["\\]/.test(k)).slice(0, 600);
  if (!quotable.length) return {};
  const query = storefrontParams(where, { pageReference: '/console/product-titles', limit: String(quotable.length) });
  const res = await fetch(`/api/storefront/v3/queries/landing-page?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ primaryList: { productRules: `rule incl product_key { ${quotable.map((k) => `"${k}"`).join(' ')} }` } }),
  });
  if (!res.ok) throw new Error(`landing-page answered ${res.status}`);
  const groups = ((await res.json()) as { primaryList?: { productGroups: ProductGroup[] } }).primaryList?.productGroups ?? [];
  return Object.fromEntries(groups.flatMap((g) => g.products.map((p) => [p.key, p.title] as const)));
}

export function rollBack(kind: HistoryKind, id: string): Promise<unknown> {
  return adminFetch(`/api/admin/v4/history/${kind}/${encodeURIComponent(id)}/rollback`, { method: 'POST' });
}

/** The facet configuration as its export and import write it (README "Facets"). */
export interface FacetRow {
  id?: string;
  attribute: string;
  type: string;
  labels?: Record<string, string>;
  sortOrder?: string;
  size?: number;
  unit?: string;
  searchPage?: boolean;
}
export interface FacetConfiguration {
  markets: Record<string, { facets: FacetRow[]; dynamicFacets?: number }>;
}

export function exportFacets(): Promise<FacetConfiguration> {
  return adminFetch('/api/admin/v4/export/facets');
}

/** How many attribute facets a market without a facet configuration shows after the default ones (DYNAMIC_FACETS). */
export async function defaultDynamicFacets(): Promise<number> {
  const res = await fetch('/storefront/markets.json');
  if (!res.ok) throw new Error(`markets answered ${res.status}`);
  return ((await res.json()) as { dynamicFacets: number }).dynamicFacets;
}

/** Replaces the whole configuration (PUT): a market left out goes back to the defaults. */
export function importFacets(configuration: FacetConfiguration): Promise<unknown> {
  return adminFetch('/api/admin/v4/import/facets?name=console', { method: 'PUT', body: configuration });
}

/** Label overrides: market → locale → label key → text (README "Labels"). */
export interface LabelConfiguration {
  markets: Record<string, Record<string, Record<string, string>>>;
}

export function exportLabels(): Promise<LabelConfiguration> {
  return adminFetch('/api/admin/v4/export/labels');
}

export function importLabels(configuration: LabelConfiguration): Promise<unknown> {
  return adminFetch('/api/admin/v4/import/labels?name=console', { method: 'PUT', body: configuration });
}

/** A navigation node as the navigation export writes it (README "Navigation, pages and templates (admin)"). */
export interface NavigationNode {
  id: string;
  title: string;
  type: 'PAGE' | 'LABEL' | 'LINK';
  pageId?: string;
  parentId?: string;
  url?: string;
  [more: string]: unknown;
}

export async function exportNavigation(market: string, locale: string): Promise<NavigationNode[]> {
  return (await adminFetch<{ addOrUpdate: NavigationNode[] }>(`/api/admin/v3/export/navigation?${new URLSearchParams({ market, locale })}`)).addOrUpdate;
}

/** A FULL navigation import: the imported nodes become exactly these (nodes made in the app stay). */
export function importNavigation(market: string, locale: string, nodes: NavigationNode[]): Promise<unknown> {
  return adminFetch('/api/admin/v4/import/navigation?name=console', { method: 'POST', body: { market, locale, type: 'FULL', addOrUpdate: nodes } });
}

/** Response templates as their export writes them: template id → which attributes product lists return. */
export type Mapping<T> = { all: T } | { first: T; rest: T };
export interface VariantTemplate {
  fields: string[];
}
export interface ProductTemplate {
  fields: string[];
  maxVariants?: number;
  variants?: Mapping<VariantTemplate>;
}
export type Templates = Record<string, { products: Mapping<ProductTemplate> }>;

export function exportTemplates(): Promise<Templates> {
  return adminFetch('/api/admin/v4/export/templates');
}

/** Replaces every template (PUT); deleting one needs `force`, which the console sends after asking. */
export function importTemplates(templates: Templates, force: boolean): Promise<unknown> {
  return adminFetch(`/api/admin/v4/import/templates?name=console${force ? '&force=true' : ''}`, { method: 'PUT', body: templates });
}

/** The general synonyms shipped for a locale's language (read-only; a shop's rule of a term overrides them). */
export async function exportShippedSynonyms(locale: string): Promise<SynonymRule[]> {
  const answer = await adminFetch<{ locales: SynonymSets }>(`/api/admin/v4/export/synonyms?shipped=true&locale=${encodeURIComponent(locale)}`);
  return own(answer.locales, locale) ?? [];
}

/** An A/B experiment as its import and export write it (docs/merchandising.md "Experiments"). */
export interface ExperimentVariant {
  id: string;
  share: number;
  overrides: Record<string, unknown>;
}
export interface Experiment {
  id: string;
  name: string;
  start: string;
  end: string;
  markets: string[];
  touchpoints?: string[];
  variants: ExperimentVariant[];
}
export interface Comparison {
  difference: number;
  ci: { low: number; high: number };
  pValue: number;
  significant: boolean;
  reading: string;
}
export interface ExperimentResults {
  experiment: { id: string; name: string; start: string; end: string; status: 'scheduled' | 'running' | 'ended' };
  variants: {
    id: string;
    share: number;
    control: boolean;
    visitors: number;
    searches: number;
    clickThroughRate: number;
    addToCartRate: number;
    conversionRate: number;
    revenuePerVisitor: number;
    versusControl?: Record<'clickThrough' | 'addToCart' | 'conversion' | 'revenuePerVisitor', Comparison>;
  }[];
  sampleRatio: { chiSquare: number; pValue: number; mismatch: boolean };
}

export async function exportExperiments(): Promise<Experiment[]> {
  return (await adminFetch<{ experiments?: Experiment[] }>('/api/admin/v4/export/experiments')).experiments ?? [];
}

/** Adds an experiment, or replaces the one of its id (POST: the others stay). */
export function saveExperiment(experiment: Experiment): Promise<unknown> {
  return adminFetch('/api/admin/v4/import/experiments?name=console', { method: 'POST', body: { experiments: [experiment] } });
}

export function endExperiment(id: string): Promise<Experiment> {
  return adminFetch(`/api/admin/v4/experiments/${encodeURIComponent(id)}/end?name=console`, { method: 'POST' });
}

export function experimentResults(id: string): Promise<ExperimentResults> {
  return adminFetch(`/api/admin/v4/experiments/${encodeURIComponent(id)}/results`);
}

export type { PhraseChange, ReplayChange, ReplayJob, ReplayReport } from '../../src/contract/replay';

/** Starts a replay of logged and judged searches with a pending change (docs/merchandising.md "Replay before publishing"). */
export function startReplay(request: ReplayRequest): Promise<{ id: string }> {
  return adminFetch('/api/admin/v4/replays', { method: 'POST', body: request });
}

export function replayJob(id: string): Promise<ReplayJob> {
  return adminFetch(`/api/admin/v4/replays/${encodeURIComponent(id)}`);
}
