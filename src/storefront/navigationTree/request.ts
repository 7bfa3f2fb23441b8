/** The navigation-tree request: the shared query parameters only (the official client sends BaseParams and ProductContextParams). */
import type { CatalogFacts } from '../catalogFacts';
import type { RawQuery } from '../../kernel/params';
import { parseQueryContext, type EndpointRules } from '../request';
import type { NavigationTreeRequest } from './run';

export const NAVIGATION_TREE_RULES: EndpointRules = { templates: false, presentCustomPrefixes: [] };

export function parseNavigationTreeRequest(query: RawQuery, facts: CatalogFacts | undefined): NavigationTreeRequest {
  const context = parseQueryContext(query, facts, NAVIGATION_TREE_RULES);
  return { context, collapse: facts!.collapsingMarkets.has(context.market) };
}
