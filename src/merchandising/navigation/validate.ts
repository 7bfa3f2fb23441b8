/**
 * Validation of a navigation import body against the spec's field rules and limits (admin spec
 * "Navigation container", "Limits"). Pure; rules that need the existing tree (parents exist and are
 * PAGE nodes, no cycles) are checked by applyNavigationImport.
 */
import type { CatalogConfiguration } from '../../catalog/types';
import {
  Problems,
  array,
  field,
  item,
  object,
  oneOf,
  requireFields,
  string,
  stringArray,
  stripNulls,
  type StringRule,
  type Validated,
} from '../../kernel/validation';
import { configuredLocale, configuredMarket } from '../../configuration/markets';
import { customData } from '../customData';
import { OWN_DOMAIN_PATH_PATTERN } from '../../kernel/urls';
import { NAVIGATION_IMPORT_TYPES, NODE_TYPES, type NavigationImport, type NavigationNode } from './types';

const CONTAINER_FIELDS = ['market', 'locale', 'type', 'addOrUpdate', 'remove'];
const NODE_FIELDS = ['id', 'title', 'type', 'customData', 'iconPath', 'pageId', 'parentId', 'url'];

/** Letters, digits, `/`, `_`, `-` (any script's letters and digits). */
export const NODE_ID: StringRule = {
  id: true,
  min: 1,
  max: 200,
  pattern: /^[\p{L}\p{N}/_-]+$/u,
  patternText: 'may hold only letters, digits, "/", "_" and "-"',
};
/** A path of the own domain (`/sale`, never `//host` or `/\host`: kernel/urls.ts) or a full http(s) URL. */
const LINK_URL: StringRule = {
  min: 1,
  max: 200,
  pattern: new RegExp(`^(${OWN_DOMAIN_PATH_PATTERN}|https?:\\/\\/[^\\s/?#]+[^\\s]*)$`, 'i'),
  patternText: 'must be a path of the own domain starting with "/" or a full http:// or https:// URL (one "/": "//" and "/\\" lead to another site)',
};
export const NODE_CUSTOM_DATA = { maxKeys: 50, maxChars: 1000 };

export function validateNavigationImport(raw: unknown, configuration: CatalogConfiguration): Validated<NavigationImport> {
  const p = new Problems();
  const body = object(p, '', stripNulls(raw) ?? {}, CONTAINER_FIELDS);
  if (!body) return { ok: false, problems: p };
  requireFields(p, '', body, 'market', 'locale', 'type');
  const market = configuredMarket(p, 'market', body.market, configuration);
  const locale = configuredLocale(p, 'locale', body.locale, market, configuration);
  const type = oneOf(p, 'type', body.type, NAVIGATION_IMPORT_TYPES);

  const firstIndex = new Map<string, number>();
  const nodes: NavigationNode[] = [];
  array(p, 'addOrUpdate', body.addOrUpdate, {
    each: (v, path, i) => {
      const node = validateNode(p, path, v);
      if (node && isComplete(node)) nodes.push(node);
      const id = node?.id;
      if (id === undefined) return;
      const first = firstIndex.get(id);
      if (first !== undefined) p.add(field(path, 'id'), `id "${id}" is also used by addOrUpdate[${first}]; ids are unique in the navigation`);
      else firstIndex.set(id, i);
    },
  });
  const remove = stringArray(p, 'remove', body.remove, { rule: NODE_ID }) ?? [];
  if (remove.length && type !== undefined && type !== 'PARTIAL')
    p.add('remove', `only PARTIAL imports remove nodes (this one is ${type}: it replaces the tree)`);
  remove.forEach((id, i) => {
    const at = firstIndex.get(id);
    if (at !== undefined) p.add(item('remove', i), `node "${id}" is also in addOrUpdate[${at}]`);
  });

  if (p.any || market === undefined || locale === undefined || type === undefined) return { ok: false, problems: p };
  return { ok: true, value: { market, locale, type, addOrUpdate: nodes, remove } };
}

const isComplete = (n: Partial<NavigationNode>): n is NavigationNode => n.id !== undefined && n.title !== undefined && n.type !== undefined;

/**
 * Checks one node; returns it as read (every field typed), or undefined when it is not an object. Its id is
 * there when valid, so that duplicates can be named even while other fields have problems.
 */
function validateNode(p: Problems, path: string, v: unknown): (Partial<NavigationNode> & { id?: string }) | undefined {
  const node = object(p, path, v, NODE_FIELDS);
  if (!node) return undefined;
  requireFields(p, path, node, 'id', 'title', 'type');
  const id = string(p, field(path, 'id'), node.id, NODE_ID);
  const title = string(p, field(path, 'title'), node.title, { min: 1, max: 200 });
  const type = oneOf(p, field(path, 'type'), node.type, NODE_TYPES);
  const data = customData(p, field(path, 'customData'), node.customData, NODE_CUSTOM_DATA);
  const iconPath = string(p, field(path, 'iconPath'), node.iconPath, { min: 1, max: 500 });
  const pageId = string(p, field(path, 'pageId'), node.pageId, { min: 1, max: 200 });
  const parentId = string(p, field(path, 'parentId'), node.parentId, NODE_ID);
  const url = string(p, field(path, 'url'), node.url, LINK_URL);

  if (id !== undefined && parentId === id) p.add(field(path, 'parentId'), 'a node cannot be its own parent');
  if (type === 'PAGE' && node.pageId === undefined) p.add(field(path, 'pageId'), 'required for PAGE nodes');
  if (type !== undefined && type !== 'PAGE' && node.pageId !== undefined) p.add(field(path, 'pageId'), `only PAGE nodes have a pageId (this one is a ${type})`);
  if (type === 'LINK' && node.url === undefined) p.add(field(path, 'url'), 'required for LINK nodes');
  if (type !== undefined && type !== 'LINK' && node.url !== undefined) p.add(field(path, 'url'), `only LINK nodes have a url (this one is a ${type})`);
  return {
    id,
    title,
    type,
    ...(data && { customData: data }),
    ...(iconPath !== undefined && { iconPath }),
    ...(pageId !== undefined && { pageId }),
    ...(parentId !== undefined && { parentId }),
    ...(url !== undefined && { url }),
  };
}
