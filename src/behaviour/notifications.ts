/**
 * The Storefront v3 notifications (`POST /api/storefront/v3/notifications/<name>`), exactly as the official
 * client sends them, plus our `purchase`: query parameters and bodies parsed once into typed requests
 * (every failure a 400 naming what is wrong), then turned into behaviour events.
 *
 * | name | body |
 * |---|---|
 * | click, add-to-cart, ad-impression | `{ticket}` (add-to-cart: a product or variant ticket) |
 * | add-favorite, remove-favorite | exactly one of `{productKey}`, `{variantKey}`; must exist in the market |
 * | remove-recent-searches | `{phrases: string[]}` and/or `{removeAll: true}` |
 * | remove-recently-viewed | `{productKeys: string[]}` and/or `{removeAll: true}` |
 * | end | none (ignored) |
 * | purchase | `{lines: [{variantKey, quantity, sellingPrice}]}`, 1 to 250 lines, variants of the market |
 *
 * Through a cluster outage (docs/operations.md "Notifications through an outage"): a notification is accepted (204) into the bounded event
 * buffer and written when the cluster is back; it is refused (503, counted) only when the buffer is full.
 * The market is checked against the configuration last read when it cannot be read now. A favourite or
 * purchase whose keys cannot be looked up now is accepted and checked later (deferred, below): once the
 * lookup answers, its events are buffered, or it is dropped and logged when a key does not exist.
 */
import Joi from 'joi';
import type { CatalogConfiguration } from '../catalog/types';
import type { ConfigurationReader } from '../configuration/store';
import { DomainError, invalid, Unavailable } from '../kernel/errors';
import type { Logger } from '../kernel/log';
import { validateWithSchema } from '../kernel/validation';
import { decodeTicket, type Ticket } from '../events/tickets';
import { newQueryId } from '../events/searchSessions';
import { single, type RawQuery } from '../kernel/params';
import type { BehaviourEvent, EventContext, ProductFacts } from '../events/events';
import { assertNever, visitorKey } from '../events/events';

export const NOTIFICATIONS = [
  'click',
  'add-to-cart',
  'ad-impression',
  'add-favorite',
  'remove-favorite',
  'remove-recent-searches',
  'remove-recently-viewed',
  'end',
  'purchase',
] as const;
export type NotificationName = (typeof NOTIFICATIONS)[number];

/** The query parameters every notification carries. */
export type NotificationContext = Pick<EventContext, 'market' | 'customerKey' | 'sessionKey'>;

export interface PurchaseLine {
  variantKey: string;
  quantity: number;
  sellingPrice: number;
}

export type NotificationRequest =
  | { name: 'click' | 'add-to-cart' | 'ad-impression'; ticket: Ticket }
  | { name: 'add-favorite' | 'remove-favorite'; key: { productKey: string } | { variantKey: string } }
  | { name: 'remove-recent-searches'; phrases: string[]; removeAll: boolean }
  | { name: 'remove-recently-viewed'; productKeys: string[]; removeAll: boolean }
  | { name: 'end' }
  | { name: 'purchase'; lines: PurchaseLine[] };

export const MAX_PURCHASE_LINES = 250;
const REQUIRED_PARAMS = ['market', 'customerKey', 'sessionKey'] as const;

/** `market`, `customerKey` and `sessionKey`, all required; the 400 names every one missing. */
export function parseNotificationContext(query: RawQuery): NotificationContext {
  const values = REQUIRED_PARAMS.map((name) => [name, single(query, name)?.trim() ?? ''] as const);
  const missing = values.filter(([, v]) => !v).map(([name]) => name);
  if (missing.length) throw invalid(`Query parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`);
  const [market, customerKey, sessionKey] = values.map(([, v]) => v);
  return { market, customerKey: visitorKey('customerKey', customerKey), sessionKey: visitorKey('sessionKey', sessionKey) };
}

export function requireConfiguredMarket(market: string, configuration: CatalogConfiguration | undefined): void {
  if (!configuration || !Object.hasOwn(configuration.markets, market)) {
    throw invalid(`Query parameter market: unknown market "${market}"${configuration ? '' : ' (no markets are configured)'}`);
  }
}

const key = Joi.string().min(1).max(500);
const removal = (field: string) =>
  Joi.object({ [field]: Joi.array().items(key).max(1000), removeAll: Joi.boolean() })
    .or(field, 'removeAll')
    .custom((v: { removeAll?: boolean; [k: string]: unknown }, helpers) =>
      v.removeAll || (v[field] as string[] | undefined)?.length
        ? v
        : helpers.message({ custom: `${field} must name at least one item unless removeAll is true` }),
    )
    .unknown(true);

const schemas: Record<Exclude<NotificationName, 'end'>, Joi.ObjectSchema> = {
  click: Joi.object({ ticket: Joi.string().min(1).max(4000).required() }).unknown(true),
  'add-to-cart': Joi.object({ ticket: Joi.string().min(1).max(4000).required() }).unknown(true),
  'ad-impression': Joi.object({ ticket: Joi.string().min(1).max(4000).required() }).unknown(true),
  'add-favorite': Joi.object({ productKey: key, variantKey: key }).xor('productKey', 'variantKey').unknown(true),
  'remove-favorite': Joi.object({ productKey: key, variantKey: key }).xor('productKey', 'variantKey').unknown(true),
  'remove-recent-searches': removal('phrases'),
  'remove-recently-viewed': removal('productKeys'),
  purchase: Joi.object({
    lines: Joi.array()
      .min(1)
      .max(MAX_PURCHASE_LINES)
      .required()
      .items(
        Joi.object({
          variantKey: key.required(),
          quantity: Joi.number().integer().min(1).max(1_000_000).required(),
          sellingPrice: Joi.number().min(0).max(1e12).required(),
        }).unknown(true),
      ),
  }).unknown(true),
};

/** Every field a notification body may carry, as its schema checks them. */
interface NotificationBody {
  ticket: string;
  productKey?: string;
  variantKey?: string;
  phrases?: string[];
  productKeys?: string[];
  removeAll?: boolean;
  lines?: PurchaseLine[];
}

/** Validates a body (already JSON-parsed) into a typed request; a ticket must be ours and of the market. */
export function parseNotificationBody(name: NotificationName, body: unknown, market: string): NotificationRequest {
  if (name === 'end') return { name };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('Body must be a JSON object');
  const result = validateWithSchema<NotificationBody>(schemas[name], body, { abortEarly: false, convert: false });
  if (!result.ok) throw invalid(`Invalid body: ${result.problems.errors.map((d) => d.message).join('; ')}`);
  const value = result.value;
  switch (name) {
    case 'click':
    case 'add-to-cart':
    case 'ad-impression': {
      const ticket = decodeTicket(value.ticket);
      if (ticket.market !== market) throw invalid(`ticket is not valid: it was issued for market ${ticket.market}, not ${market}`);
      if (name === 'add-to-cart' && ticket.kind === 'content')
        throw invalid('ticket is not valid: add-to-cart needs a product or variant ticket, not a content ticket');
      return { name, ticket };
    }
    case 'add-favorite':
    case 'remove-favorite':
      // The schema lets exactly one of the two through.
      if (value.productKey !== undefined) return { name, key: { productKey: value.productKey } };
      if (value.variantKey !== undefined) return { name, key: { variantKey: value.variantKey } };
      throw invalid('Invalid body: "productKey" or "variantKey" is required');
    case 'remove-recent-searches':
      return { name, phrases: value.phrases ?? [], removeAll: value.removeAll === true };
    case 'remove-recently-viewed':
      return { name, productKeys: value.productKeys ?? [], removeAll: value.removeAll === true };
    case 'purchase':
      return { name, lines: (value.lines ?? []).map(({ variantKey, quantity, sellingPrice }) => ({ variantKey, quantity, sellingPrice })) };
    default:
      return assertNever(name);
  }
}

/** Looks product or variant keys up in the market's live catalog. */
export type ResolveProducts = (market: string, keys: readonly string[]) => Promise<Map<string, ProductFacts>>;

/**
 * The events of a notification. Favourite and purchase keys must exist in the market's live catalog
 * (400 naming the unknown ones); a variant favourite is recorded for its product.
 */
export async function notificationEvents(request: NotificationRequest, who: NotificationContext, resolve: ResolveProducts): Promise<BehaviourEvent[]> {
  switch (request.name) {
    case 'click':
    case 'add-to-cart':
    case 'ad-impression':
      return [{ ...who, touchpoint: request.ticket.touchpoint, type: request.name, ticket: request.ticket }];
    case 'add-favorite':
    case 'remove-favorite': {
      const [field, value] =
        'productKey' in request.key ? (['productKey', request.key.productKey] as const) : (['variantKey', request.key.variantKey] as const);
      const facts = (await resolve(who.market, [value])).get(value);
      const found = field === 'productKey' ? facts?.productKey === value : !!facts && facts.productKey !== value;
      if (!facts || !found) throw invalid(`${field} "${value}" is not a ${field === 'productKey' ? 'product' : 'variant'} of market ${who.market}`);
      return [{ ...who, type: request.name, productKey: facts.productKey, ...(field === 'variantKey' ? { variantKey: value } : {}) }];
    }
    case 'remove-recent-searches':
      return [{ ...who, type: request.name, phrases: request.phrases, removeAll: request.removeAll }];
    case 'remove-recently-viewed':
      return [{ ...who, type: request.name, productKeys: request.productKeys, removeAll: request.removeAll }];
    case 'end':
      return [{ ...who, type: 'end' }];
    case 'purchase': {
      const facts = await resolve(
        who.market,
        request.lines.map((l) => l.variantKey),
      );
      const unknown = request.lines
        .map((l) => l.variantKey)
        .filter((k) => {
          const f = facts.get(k);
          return !f || f.productKey === k;
        });
      if (unknown.length) throw invalid(`lines: variantKey ${[...new Set(unknown)].map((k) => `"${k}"`).join(', ')} is not a variant of market ${who.market}`);
      const purchaseId = newQueryId();
      return request.lines.map((l) => ({
        ...who,
        type: 'purchase',
        productKey: facts.get(l.variantKey)!.productKey,
        variantKey: l.variantKey,
        quantity: l.quantity,
        sellingPrice: l.sellingPrice,
        purchaseId,
      }));
    }
    default:
      return assertNever(request);
  }
}

export interface NotificationDeps {
  configuration: Pick<ConfigurationReader, 'get'>;
  resolveProducts: ResolveProducts;
  /** Buffers the events of one notification, all or none; false when the buffer is full. Never throws, never waits. */
  accept(events: readonly BehaviourEvent[]): boolean;
  log: Logger;
  /** Notifications waiting for their key lookup at most (each refused beyond); default 10,000. */
  maxDeferred?: number;
  /** Milliseconds between attempts to look the deferred keys up; default 1,000. */
  retryMs?: number;
}

export interface NotificationStats {
  /** Waiting for a key lookup the cluster could not answer. */
  deferred: number;
  /** Refused (503) because the deferred queue was full; the buffer's own refusals are the event writer's. */
  refused: number;
  /** Accepted while their keys could not be looked up, then dropped: a key did not exist. */
  invalidLater: number;
}

interface Deferred {
  request: NotificationRequest;
  who: NotificationContext;
  at: Date;
}

export type Notifications = ReturnType<typeof notifications>;

/** Longest wait for the configuration once it has been read before (then the last read is used). */
const CONFIGURATION_WAIT_MS = 250;
/** Longest wait for the configuration when it was never read (the market cannot be checked without it). */
const FIRST_CONFIGURATION_WAIT_MS = 1000;

const NOT_ACCEPTED = 'Notification not accepted: the behaviour event buffer is full (Elasticsearch has been unavailable too long); retry later';

/** The notification use case: the route hands over the query and a way to read the body, gets nothing back (204). */
export function notifications(deps: NotificationDeps) {
  const maxDeferred = deps.maxDeferred ?? 10_000;
  const retryMs = deps.retryMs ?? 1000;
  const stats: NotificationStats = { deferred: 0, refused: 0, invalidLater: 0 };
  let lastConfiguration: CatalogConfiguration | undefined;
  let queue: Deferred[] = [];
  let timer: NodeJS.Timeout | undefined;
  let retrying: Promise<void> | undefined;

  /**
   * The configuration now, or the one read last when Elasticsearch fails or takes longer than
   * CONFIGURATION_WAIT_MS (a cluster going away can take seconds to fail; the notification should not wait).
   */
  async function configuration(): Promise<{ value: CatalogConfiguration | undefined; known: boolean }> {
    const read = deps.configuration.get().then((value) => {
      lastConfiguration = value;
      return { value, known: true };
    });
    const fallback = () => ({ value: lastConfiguration, known: lastConfiguration !== undefined });
    // Never wait for the cluster long: a read that has not answered by the deadline falls back to the last
    // one, or, when none was ever read, takes the market as it comes (a cluster going away can take the
    // client's whole timeout and its retries to fail, and the visitor's click would wait that long).
    const wait = lastConfiguration === undefined ? FIRST_CONFIGURATION_WAIT_MS : CONFIGURATION_WAIT_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), wait);
    });
    try {
      return (await Promise.race([read, late])) ?? fallback();
    } catch {
      return fallback();
    } finally {
      clearTimeout(timer);
      read.catch(() => undefined);
    }
  }

  function accept(events: readonly BehaviourEvent[]): void {
    if (!deps.accept(events)) throw new Unavailable(NOT_ACCEPTED);
  }

  /** Tries the deferred lookups, oldest first, until one fails again (the cluster is still away). */
  async function retryDeferred(): Promise<void> {
    while (queue.length) {
      const [next] = queue;
      let events: BehaviourEvent[];
      try {
        events = await notificationEvents(next.request, next.who, deps.resolveProducts);
      } catch (err) {
        if (!(err instanceof DomainError)) return;
        queue.shift();
        stats.invalidLater++;
        deps.log.warn('notification accepted during an outage dropped: its key does not exist', {
          name: next.request.name,
          market: next.who.market,
          reason: err.message,
          invalidLater: stats.invalidLater,
        });
        continue;
      }
      queue.shift();
      // Their time is when the notification came, not when the cluster came back.
      if (!deps.accept(events.map((e) => ({ ...e, at: next.at }))))
        deps.log.error('notification accepted during an outage lost: the event buffer is full', { name: next.request.name });
    }
  }

  function schedule(): void {
    timer ??= setInterval(() => {
      retrying ??= retryDeferred().finally(() => {
        retrying = undefined;
        if (!queue.length && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      });
    }, retryMs).unref();
  }

  return {
    /** Checks who and where first, then reads and checks the body (so a bad market is named before a bad body). */
    async receive(name: NotificationName, query: RawQuery, readBody: () => Promise<unknown>): Promise<void> {
      const who = parseNotificationContext(query);
      const { value, known } = await configuration();
      // Never read (the cluster was away since start-up): the market is taken as it comes.
      if (known) requireConfiguredMarket(who.market, value);
      const body = name === 'end' ? undefined : await readBody();
      const request = parseNotificationBody(name, body, who.market);
      let events: BehaviourEvent[];
      try {
        events = await notificationEvents(request, who, deps.resolveProducts);
      } catch (err) {
        if (err instanceof DomainError) throw err;
        // The key lookup failed (the cluster is away): accept now, check and record when it answers again.
        if (queue.length >= maxDeferred) {
          stats.refused++;
          throw new Unavailable(NOT_ACCEPTED);
        }
        queue.push({ request, who, at: new Date() });
        schedule();
        return;
      }
      accept(events);
    },

    get stats(): NotificationStats {
      return { ...stats, deferred: queue.length };
    },

    /** Tries the deferred notifications once more; logs those it could not record. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await retrying;
      await retryDeferred();
      if (queue.length) deps.log.error('notifications lost at close: their keys could not be looked up', { lost: queue.length });
      queue = [];
    },
  };
}
