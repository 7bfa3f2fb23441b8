/**
 * Runs recommendation lists: the only module here that talks to Elasticsearch.
 *
 * 1. The keys of each list (a list missing a required product key or cart is a 400); then, in parallel,
 *    one search for the products the lists are about (page product, variant, cart keys) and every list's
 *    behaviour questions (a failing question degrades to cold start).
 * 2. The products the lists are about and the compiled rules.
 * 3. One msearch for every stage of every list, answering candidate keys only; each list fills from its
 *    stages (merge.ts), in request order, lists with soft de-duplication preferring groups the earlier
 *    lists do not show.
 * 4. One mget for the documents of every product chosen and its siblings, and pure shaping with tickets
 *    of the list.
 */
import { invalid } from '../../kernel/errors';
import { compileRules } from '../../rules/compile';
import { compileProductFilter } from '../../rules/productFilter';
import type { IndexedSearch } from '../../search/msearch';
import { fetchWithSiblings, productSource } from '../productSource';
import { shapeProductGroup } from '../productShaper';
import type { QueryContext } from '../request';
import type { RecommendationListResult } from '../responseTypes';
import type { SearchGateway } from '../../search/gateway';
import type { VisitorBehaviour } from '../../events/questions';
import type { ExperimentServices } from '../experiments';
import type { PageType } from '../../events/tickets';
import { ALGORITHM_MODULES } from './algorithms';
import type { RecommendationDefaults, RecommendationListRequest } from './types';
import { fillList, stageSizes } from './merge';
import { aboutGroups, readCandidates, stageSearch } from './query';
import { DEFAULT_LIMIT } from './request';
import { readSourceProducts, sourceProductsSearch } from './source';
import type { AlgorithmInput, ListKeys, ResolvedList, SignalInput, SourceProduct, Stage } from './types';

/** `about`: the product groups the list is about, left out when it is filled (query.ts aboutGroups). */
interface Planned {
  request: RecommendationListRequest;
  input?: AlgorithmInput;
  stages: Stage[];
  about: string[];
}

/**
 * What recommendation lists read of the storefront's services: owned here, below the service bundle that
 * fills it (services.ts), so no import points up (dependency-cruiser: storefront-shared-below-composing).
 */
export interface RecommendationServices extends ExperimentServices {
  search: SearchGateway;
  index: { products(locale: string): string };
  behaviour: VisitorBehaviour;
}

export async function runLists(
  s: RecommendationServices,
  context: QueryContext,
  lists: RecommendationListRequest[],
  defaults: RecommendationDefaults,
): Promise<RecommendationListResult[]> {
  if (lists.length === 0) return [];
  const keys = lists.map((l, i) => (l.visible === false ? undefined : listKeys(l, i, defaults)));
  // Behaviour questions need only the keys, so they run alongside the lookup of the products.
  const [about, signals] = await Promise.all([
    lookUpProducts(s, context, keys, defaults.known),
    Promise.all(lists.map((l, i) => (keys[i] ? askBehaviour(s, l.algorithm, { keys: keys[i]!, context }) : undefined))),
  ]);
  const planned = lists.map((request, i): Planned => {
    const k = keys[i];
    if (!k) return { request, stages: [], about: [] };
    const input: AlgorithmInput = { list: resolveWith(request, i, context, k, about), context };
    return { request, input, stages: input.list.unknownProduct ? [] : plan(input, signals[i]), about: aboutGroups(input.list) };
  });

  const searches: IndexedSearch[] = [];
  let earlierLimits = 0;
  const slots = planned.map((p) => {
    if (!p.input) return [];
    const { algorithm, limit } = p.input.list;
    const sizes = stageSizes(p.stages, limit, (ALGORITHM_MODULES[algorithm].softDedupe ? earlierLimits : 0) + p.about.length);
    earlierLimits += limit;
    return p.stages.map((stage, k) => searches.push({ index: s.index.products(context.locale), body: stageSearch(stage, p.input!, sizes[k]) }) - 1);
  });
  const responses = await s.search.msearch(searches);
  const shown = new Set<string>();
  const chosen = planned.map((p, i) => {
    if (!p.input) return [];
    const soft = ALGORITHM_MODULES[p.input.list.algorithm].softDedupe;
    const filled = fillList(
      p.stages,
      slots[i].map((slot) => readCandidates(responses[slot])),
      p.input.list.limit,
      soft ? shown : undefined,
      p.about,
    );
    for (const product of filled) shown.add(product.productGroupKey);
    return filled;
  });

  const documents = await fetchWithSiblings(s.search, s.index.products(context.locale), context, chosen.flat(), productSource(context));
  // A product gone between the two requests (an import's alias swap) is left out.
  const mains = chosen.map((list) => list.flatMap((c) => documents.get(c.productKey) ?? []));
  const now = s.now();
  const pageType: PageType = defaults.pageType ?? 'LANDING_PAGE';
  return planned.map(({ request }, i) => {
    const sc = {
      query: context,
      origin: {
        pageType,
        listId: request.id,
        market: context.market,
        touchpoint: context.touchpoint,
        ...(defaults.queryId ? { queryId: defaults.queryId } : {}),
      },
      now,
    };
    return {
      id: request.id,
      algorithm: request.algorithm,
      ...labelOf(request, planned[i].stages, chosen[i], context.locale),
      productGroups: mains[i].map((main, position) => shapeProductGroup(main, documents, position, sc)),
      ...(request.showMoreLink !== undefined ? { showMoreLink: request.showMoreLink } : {}),
      visible: request.visible ?? true,
      visualization: request.visualization ?? 'CAROUSEL',
    };
  });
}

/** Algorithms whose lists are about what is bought together (the shop heads them "Often bought together"). */
const BOUGHT_TOGETHER: ReadonlySet<RecommendationListRequest['algorithm']> = new Set(['ADD_TO_CART_RECS', 'CART']);

/** What a bought-together list without co-purchase answers says instead, by the locale's language. */
const COLD_LABELS: Readonly<Record<string, string>> = {
  en: 'You may also like',
  sv: 'Du kanske också gillar',
  nb: 'Du liker kanskje også',
  no: 'Du liker kanskje også',
  nn: 'Du liker kanskje òg',
  da: 'Du kan måske også lide',
  de: 'Das könnte dir auch gefallen',
  fi: 'Saatat pitää myös näistä',
};

/**
 * The list's label: the request's when it gave one. Otherwise a bought-together list none of whose products
 * was bought together with what it is about (no co-purchase data yet: its cold start is popular products)
 * answers a label saying so, in the locale's language, so a shop does not head it "Often bought together".
 */
export function labelOf(
  request: RecommendationListRequest,
  stages: readonly Stage[],
  chosen: readonly { productKey: string }[],
  locale: string,
): { label?: string } {
  if (request.label !== undefined) return { label: request.label };
  if (!BOUGHT_TOGETHER.has(request.algorithm) || !chosen.length) return {};
  const together = new Set(stages.flatMap((s) => (s.kind === 'keys' && s.boughtTogether ? s.keys : [])));
  if (chosen.some((c) => together.has(c.productKey))) return {};
  return { label: COLD_LABELS[locale.split('-')[0].toLowerCase()] ?? COLD_LABELS.en };
}

/** The algorithm's behaviour questions; its cold signals when behaviour cannot answer. */
async function askBehaviour(s: RecommendationServices, name: RecommendationListRequest['algorithm'], input: SignalInput): Promise<unknown> {
  const algorithm = ALGORITHM_MODULES[name];
  try {
    return await algorithm.signals(s.behaviour, input);
  } catch (err) {
    s.log.warn('recommendation behaviour unavailable, using cold start', { err, algorithm: name });
    return algorithm.coldSignals;
  }
}

/** The algorithm's stages, pinned keys first. */
function plan(input: AlgorithmInput, signals: unknown): Stage[] {
  const pinned: Stage[] = input.list.pinned.length ? [{ kind: 'keys', keys: input.list.pinned, inStockOnly: false }] : [];
  return [...pinned, ...ALGORITHM_MODULES[input.list.algorithm].stages(input, signals)];
}

async function lookUpProducts(
  s: RecommendationServices,
  context: QueryContext,
  lists: (ListKeys | undefined)[],
  known?: Promise<ReadonlyMap<string, SourceProduct | undefined>>,
): Promise<Map<string, SourceProduct>> {
  const keys = [...new Set(lists.flatMap((k) => (k ? [...(k.aboutKey ? [k.aboutKey] : []), ...(k.variantKey ? [k.variantKey] : []), ...k.cartKeys] : [])))];
  if (!keys.length) return new Map();
  const already = known ? await known : new Map<string, SourceProduct | undefined>();
  const found = new Map<string, SourceProduct>();
  for (const k of keys) {
    const p = already.get(k);
    if (p) found.set(k, p);
  }
  const missing = keys.filter((k) => !already.has(k));
  if (!missing.length) return found;
  for (const [k, p] of readSourceProducts(
    await s.search.search({ index: s.index.products(context.locale), ...sourceProductsSearch(context, missing) }),
    missing,
  ))
    found.set(k, p);
  return found;
}

/** Applies the page's defaults and checks what the algorithm requires (400 naming the list's field). Pure. */
export function listKeys(l: RecommendationListRequest, i: number, d: RecommendationDefaults): ListKeys {
  const algorithm = ALGORITHM_MODULES[l.algorithm];
  const productKey = l.params?.productKey ?? d.productKey;
  const variantKey = l.params?.variantKey ?? d.variantKey;
  const cartKeys = l.params?.cart ?? d.cart;
  if (algorithm.needsProduct && productKey === undefined && variantKey === undefined) {
    throw invalid(`recommendationLists[${i}].params.productKey is required for ${l.algorithm}`);
  }
  if (l.algorithm === 'CART' && cartKeys === undefined) throw invalid(`recommendationLists[${i}].params.cart is required for CART`);
  // The variant just added is what ADD_TO_CART_RECS is about, whatever page it is on.
  const aboutKey = l.algorithm === 'ADD_TO_CART_RECS' ? (variantKey ?? productKey) : (productKey ?? variantKey);
  return {
    limit: l.limit ?? DEFAULT_LIMIT,
    ...(aboutKey !== undefined ? { aboutKey } : {}),
    ...(variantKey !== undefined ? { variantKey } : {}),
    cartKeys: cartKeys ?? [],
  };
}

/** The list with the products it is about and its compiled rules. Pure. */
export function resolveWith(
  l: RecommendationListRequest,
  i: number,
  context: Pick<QueryContext, 'priceId'>,
  keys: ListKeys,
  about: ReadonlyMap<string, SourceProduct>,
): ResolvedList {
  const product = keys.aboutKey !== undefined ? about.get(keys.aboutKey) : undefined;
  const rules = l.productRules
    ? compileRules(l.productRules, { priceId: context.priceId, parameter: `recommendationLists[${i}].productRules` }).filter
    : l.productFilter !== undefined
      ? compileProductFilter(l.productFilter, { priceId: context.priceId, parameter: `recommendationLists[${i}].productFilter` }).filter
      : undefined;
  return {
    ...keys,
    id: l.id,
    algorithm: l.algorithm,
    ...(rules ? { rules } : {}),
    pinned: l.pinned ?? [],
    blocked: l.blocked ?? [],
    ...(product ? { product } : {}),
    unknownProduct: ALGORITHM_MODULES[l.algorithm].needsProduct && product === undefined,
    cart: keys.cartKeys.flatMap((k) => about.get(k) ?? []),
  };
}

/** listKeys then resolveWith. */
export function resolveList(
  l: RecommendationListRequest,
  i: number,
  context: Pick<QueryContext, 'priceId'>,
  d: RecommendationDefaults,
  about: ReadonlyMap<string, SourceProduct>,
): ResolvedList {
  return resolveWith(l, i, context, listKeys(l, i, d), about);
}
