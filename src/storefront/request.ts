/**
 * The query parameters every storefront query shares, parsed and validated once at the edge into a typed
 * QueryContext. Validation needs the catalog facts (configured markets, store keys, price ids); what an
 * endpoint allows (templates, presentCustom prefixes) comes in as EndpointRules.
 */
import { Unavailable, invalid } from '../kernel/errors';
import type { CatalogFacts } from './catalogFacts';
import { labelsOf } from '../merchandising/labelConfiguration';
import { presentationOf, type Presentation } from '../configuration/presentation';
import { oneOf, optionalBoolean, pipeList, required, single, type RawQuery } from '../kernel/params';
import { MAX_PHRASE_LENGTH } from './relevance';
import { visitorKey } from '../events/events';
import { own } from '../kernel/validation';

export type Touchpoint = 'DESKTOP' | 'MOBILE';
export type ViewId = 'PRODUCTION' | 'PREVIEW';

/**
 * A `presentCustom` entry: `name`, `variant.name`, `number.name`, `length.name`, `variant.number.name`, ...
 * Kind `json` (`typedCustom.json`) has no prefix of its own: templates and the product page ask for it.
 */
export interface PresentCustom {
  level: 'product' | 'variant';
  kind: 'label' | 'number' | 'length' | 'json';
  name: string;
}
export type PresentCustomPrefix = 'variant' | 'number' | 'length';

export interface QueryContext {
  customerKey: string;
  sessionKey: string;
  market: string;
  locale: string;
  touchpoint: Touchpoint;
  /** Channels whose stock counts (display, filtering, ranking). Default both. */
  channels: { online: boolean; store: boolean };
  /** Requested store keys, all known to the catalog. */
  stores: string[];
  notify: boolean;
  presentCustom: PresentCustom[];
  presentPrices: string[];
  /** Custom price used for every price shown, filtered and sorted on. */
  priceId?: string;
  viewId: ViewId;
  templateId?: string;
  /** A `templateId` sent where the specification says it is not defined: not applied, noted in the log. */
  ignoredTemplateId?: string;
  /** The market-locale's label overrides (facets, sorts, badges; merchandising/labels.ts resolves them). */
  labels: Readonly<Record<string, string>>;
  /** Listings show `description` (a template lists it: templates.ts widens the context). */
  presentDescription?: boolean;
  /** The market's badge rules and image effect (DEFAULT_PRESENTATION when absent). */
  presentation?: Presentation;
}

export interface EndpointRules {
  /**
   * `templateId`: applied (true); refused with 400 (false: endpoints that list no products); or 'ignored' where
   * the specification says it is "not defined" on an endpoint that lists products (the official client sends it
   * on every product query, so a shop's page must not fail over it).
   */
  templates: boolean | 'ignored';
  /** Prefixes `presentCustom` may use. */
  presentCustomPrefixes: readonly PresentCustomPrefix[];
}

export function parseQueryContext(query: RawQuery, facts: CatalogFacts | undefined, rules: EndpointRules): QueryContext {
  const customerKey = visitorKey('customerKey', required(query, 'customerKey'));
  const sessionKey = visitorKey('sessionKey', required(query, 'sessionKey'));
  const market = required(query, 'market');
  const locale = required(query, 'locale');
  const touchpoint = oneOf(query, 'touchpoint', ['DESKTOP', 'MOBILE'] as const);
  if (!touchpoint) throw invalid('Query parameter touchpoint is required');
  if (!facts) throw new Unavailable('No products found in the cluster: import a catalog first');

  const marketConfig = own(facts.configuration.markets, market);
  if (!marketConfig) throw invalid(`Query parameter market: unknown market "${market}"`);
  if (!marketConfig.locales.includes(locale)) {
    throw invalid(`Query parameter locale: "${locale}" is not a locale of market ${market} (${marketConfig.locales.join(', ')})`);
  }
  if (!own(facts.productCounts, market)) throw new Unavailable(`No products found in the cluster for market ${market}`);

  const { channels, stores } = channelsAndStores(query, facts);
  const priceId = single(query, 'priceId') || undefined;
  if (priceId !== undefined && !facts.priceIds.has(priceId)) throw invalid(`Query parameter priceId: unknown custom price id "${priceId}"`);
  const presentPrices = pipeList(query, 'presentPrices') ?? [];
  const unknownPrice = presentPrices.find((id) => !facts.priceIds.has(id));
  if (unknownPrice !== undefined) throw invalid(`Query parameter presentPrices: unknown custom price id "${unknownPrice}"`);

  const sentTemplateId = single(query, 'templateId') || undefined;
  if (sentTemplateId !== undefined && rules.templates === false)
    throw invalid('Query parameter templateId is not accepted by this endpoint: it lists no products');
  // Whether the template exists is asked at the endpoint edge (resolveTemplate: the store is async).
  const templateId = rules.templates === true ? sentTemplateId : undefined;
  const ignoredTemplateId = rules.templates === 'ignored' ? sentTemplateId : undefined;

  return {
    customerKey,
    sessionKey,
    market,
    locale,
    touchpoint,
    channels,
    stores,
    notify: optionalBoolean(query, 'notify') ?? true,
    presentCustom: (pipeList(query, 'presentCustom') ?? []).map((p) => parsePresentCustom(p, rules.presentCustomPrefixes)),
    presentPrices,
    ...(priceId !== undefined ? { priceId } : {}),
    viewId: oneOf(query, 'viewId', ['PRODUCTION', 'PREVIEW'] as const) ?? 'PRODUCTION',
    ...(templateId !== undefined ? { templateId } : {}),
    ...(ignoredTemplateId !== undefined ? { ignoredTemplateId } : {}),
    labels: labelsOf(facts.labelConfiguration, market, locale),
    presentation: presentationOf(marketConfig),
  };
}

function channelsAndStores(query: RawQuery, facts: CatalogFacts): Pick<QueryContext, 'channels' | 'stores'> {
  const list = pipeList(query, 'channels');
  const channels = { online: !list, store: !list };
  for (const c of list ?? []) {
    const upper = c.toUpperCase();
    if (upper === 'ONLINE') channels.online = true;
    else if (upper === 'STORE') channels.store = true;
    else throw invalid(`Query parameter channels: unknown channel "${c}" (ONLINE, STORE)`);
  }
  const stores = [...new Set(pipeList(query, 'stores') ?? [])];
  if (list && channels.store && stores.length === 0) throw invalid('Query parameter stores must name at least one store when channels includes STORE');
  const unknown = stores.find((s) => !facts.storeKeys.has(s));
  if (unknown !== undefined) throw invalid(`Query parameter stores: unknown store "${unknown}"`);
  return { channels, stores };
}

export function parsePresentCustom(value: string, allowed: readonly PresentCustomPrefix[]): PresentCustom {
  let rest = value;
  let level: PresentCustom['level'] = 'product';
  let kind: PresentCustom['kind'] = 'label';
  const take = (prefix: PresentCustomPrefix) => {
    if (!rest.startsWith(`${prefix}.`)) return false;
    // Every endpoint that lists products takes every prefix (the client's ProductParams allow them on each);
    // only endpoints without product lists have none to take.
    if (!allowed.includes(prefix)) {
      const why = allowed.length === 0 ? ': it lists no products' : ` (accepted: ${allowed.map((a) => `${a}.`).join(', ')})`;
      throw invalid(`Query parameter presentCustom: prefix "${prefix}." is not accepted by this endpoint${why}`);
    }
    rest = rest.slice(prefix.length + 1);
    return true;
  };
  if (take('variant')) level = 'variant';
  if (take('number')) kind = 'number';
  else if (take('length')) kind = 'length';
  if (!rest) throw invalid(`Query parameter presentCustom: "${value}" names no attribute`);
  return { level, kind, name: rest };
}

/** How a visitor came to the phrase of a search (search-page and content-search-page `origin`). */
export const ORIGINS = ['ORGANIC', 'PHRASE_SUGGEST', 'DID_YOU_MEAN', 'UNDO_AUTO_CORRECT', 'RELATED_SEARCHES', 'RECENT_SEARCH'] as const;
export type SearchOrigin = (typeof ORIGINS)[number];

/** The required `q` of search-page and content-search-page, whitespace-normalised, at most MAX_PHRASE_LENGTH characters. */
export function searchPhrase(query: RawQuery): string {
  const q = required(query, 'q').trim().replace(/\s+/g, ' ');
  if (q.length > MAX_PHRASE_LENGTH) throw invalid(`Query parameter q is longer than ${MAX_PHRASE_LENGTH} characters`);
  return q;
}
