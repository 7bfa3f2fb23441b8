/**
 * Validation of a page import body (admin spec "Page container", "Page", "Limits"). Pure; the rules that
 * need the stored pages (unique localized paths, the dangerous FULL import) are checked by applyPageImport.
 */
import type { AttributeKind } from '../../catalog/attributeQueries';
import type { CatalogConfiguration } from '../../catalog/types';
import {
  Problems,
  array,
  boolean,
  field,
  item,
  map,
  object,
  oneOf,
  requireFields,
  string,
  stringArray,
  stripNulls,
  type StringRule,
  type Validated,
  own,
} from '../../kernel/validation';
import { configuredMarket } from '../../configuration/markets';
import { customData } from '../customData';
import { localeOfMarket, validatePrimaryList, validateRecLists, type PageScope } from './validateLists';
import { PAGE_IMPORT_TYPES, type Page, type PageImport } from './types';
import { OWN_DOMAIN_PATH_PATTERN } from '../../kernel/urls';

export const MAX_PAGES_PER_IMPORT = 3000;
export const PAGE_CUSTOM_DATA = { maxKeys: 200, maxChars: 3000 };
export const MAX_HEADING = 200;

/** Letters, digits, `/`, `-` (any script's letters and digits). */
export const PAGE_ID: StringRule = { id: true, min: 1, max: 200, pattern: /^[\p{L}\p{N}/-]+$/u, patternText: 'may hold only letters, digits, "/" and "-"' };
/** Our rule (the spec gives none): a localized path is a path of the site, `/` and then no whitespace (never `//host` or `/\host`: kernel/urls.ts). */
const PAGE_PATH: StringRule = {
  min: 1,
  max: 1000,
  pattern: new RegExp(`^${OWN_DOMAIN_PATH_PATTERN}$`),
  patternText: 'must be a path starting with "/", without whitespace (one "/": "//" and "/\\" lead to another site)',
};

const CONTAINER_FIELDS = ['market', 'type', 'addOrUpdate', 'remove', 'previewOnly'];
const PAGE_FIELDS = ['id', 'customData', 'headings', 'paths', 'primaryList', 'recLists', 'schedule'];
/** An ISO 8601 date-time with seconds optional and an offset (`Z` or `+01:00`), as JavaScript reads it. */
const DATE_TIME: StringRule = {
  min: 1,
  max: 40,
  pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
  patternText: 'must be an ISO 8601 date-time with an offset, like 2026-12-01T08:00:00Z or 2026-12-01T09:00+01:00',
};

/**
 * `query.previewOnly` is the request's `previewOnly` query parameter (our addition): clients send it there
 * too, and ignoring it would publish what they meant to preview. It must agree with the body's field.
 * `customAttributes`: the live catalog's, to judge `facetsOverride` visualizations (none before a catalog).
 */
export function validatePageImport(
  raw: unknown,
  configuration: CatalogConfiguration,
  query: { previewOnly?: boolean } = {},
  customAttributes?: ReadonlyMap<string, AttributeKind>,
): Validated<PageImport> {
  const p = new Problems();
  const body = object(p, '', stripNulls(raw) ?? {}, CONTAINER_FIELDS);
  if (!body) return { ok: false, problems: p };
  requireFields(p, '', body, 'market', 'type');
  const market = configuredMarket(p, 'market', body.market, configuration);
  const type = oneOf(p, 'type', body.type, PAGE_IMPORT_TYPES);
  const given = boolean(p, 'previewOnly', body.previewOnly);
  if (given !== undefined && query.previewOnly !== undefined && given !== query.previewOnly) {
    p.add('previewOnly', `the body says previewOnly ${given} and the query parameter previewOnly ${query.previewOnly}: send one, or the same in both`);
  }
  const previewOnly = given ?? query.previewOnly ?? false;
  const locales = market === undefined ? undefined : own(configuration.markets, market)?.locales;

  const firstIndex = new Map<string, number>();
  array(p, 'addOrUpdate', body.addOrUpdate, {
    each: (page, path, i) => {
      const id = validatePage(p, path, page, locales, customAttributes);
      if (id === undefined) return;
      if (firstIndex.has(id)) p.add(field(path, 'id'), `page "${id}" is also in addOrUpdate[${firstIndex.get(id)}]`);
      else firstIndex.set(id, i);
    },
  });
  if (Array.isArray(body.addOrUpdate) && body.addOrUpdate.length > MAX_PAGES_PER_IMPORT) {
    p.add('addOrUpdate', `at most ${MAX_PAGES_PER_IMPORT} pages per market per import: split the pages over several PARTIAL imports`);
  }
  const remove = stringArray(p, 'remove', body.remove, { rule: PAGE_ID }) ?? [];
  if (remove.length && type === 'FULL') p.add('remove', 'a FULL import replaces every page of the market: remove pages with a PARTIAL import');
  if (remove.length && previewOnly) p.add('remove', 'a previewOnly import only adds and updates pages; it cannot remove any');
  if (previewOnly && type === 'FULL') p.add('previewOnly', 'previewOnly imports must be PARTIAL');
  remove.forEach((id, i) => {
    if (firstIndex.has(id)) p.add(item('remove', i), `page "${id}" is also in addOrUpdate[${firstIndex.get(id)}]`);
  });

  if (p.any) return { ok: false, problems: p };
  return { ok: true, value: { market: market!, type: type!, addOrUpdate: (body.addOrUpdate ?? []) as Page[], remove, previewOnly } };
}

/** Checks one page; returns its id when it has a valid one. */
function validatePage(
  p: Problems,
  path: string,
  v: unknown,
  locales: readonly string[] | undefined,
  customAttributes?: ReadonlyMap<string, AttributeKind>,
): string | undefined {
  const page = object(p, path, v, PAGE_FIELDS);
  if (!page) return undefined;
  requireFields(p, path, page, 'id');
  const id = string(p, field(path, 'id'), page.id, PAGE_ID);
  const scope: PageScope = { pageId: id ?? (typeof page.id === 'string' ? page.id : undefined), locales, customAttributes };
  const checkLocale = (at: string, locale: string) => localeOfMarket(p, at, locale, scope);

  map(p, field(path, 'customData'), page.customData, (data, at, locale) => {
    checkLocale(at, locale);
    customData(p, at, data, PAGE_CUSTOM_DATA);
  });
  map(p, field(path, 'headings'), page.headings, (heading, at, locale) => {
    checkLocale(at, locale);
    string(p, at, heading, { min: 1, max: MAX_HEADING });
  });
  map(p, field(path, 'paths'), page.paths, (pagePath, at, locale) => {
    checkLocale(at, locale);
    string(p, at, pagePath, PAGE_PATH);
  });
  validateSchedule(p, field(path, 'schedule'), page.schedule);
  validatePrimaryList(p, field(path, 'primaryList'), page.primaryList, scope);
  validateRecLists(p, field(path, 'recLists'), page.recLists, scope);
  return id;
}

/** Our addition (types.ts PageSchedule): start and end date-times, end after start. */
function validateSchedule(p: Problems, path: string, v: unknown): void {
  const schedule = object(p, path, v, ['start', 'end']);
  if (!schedule) return;
  const time = (name: 'start' | 'end') => {
    const text = string(p, field(path, name), schedule[name], DATE_TIME);
    if (text === undefined) return undefined;
    // Date.parse rolls 2026-02-30 over to March: the day must exist in its month.
    const [year, month, day] = text.slice(0, 10).split('-').map(Number);
    const ms = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate() ? Date.parse(text) : NaN;
    if (Number.isNaN(ms)) p.add(field(path, name), `"${text}" is not a date and time that exists`);
    return Number.isNaN(ms) ? undefined : ms;
  };
  const start = time('start');
  const end = time('end');
  if (start !== undefined && end !== undefined && end <= start) p.add(field(path, 'end'), 'must be after start');
}
