/** navigation-tree: the whole navigation of the request's market-locale with its counts (../navigation). */
import type { QueryContext } from '../request';
import type { StorefrontServices } from '../services';
import { navigationWithCounts, nodeFacts } from '../navigation/load';
import { shapeTree, type NavigationNodeResult } from '../navigation/shape';

export interface NavigationTreeRequest {
  context: QueryContext;
  collapse: boolean;
}

/** The whole tree of the request's market-locale. */
export async function navigationTree(s: StorefrontServices, req: NavigationTreeRequest): Promise<{ tree: NavigationNodeResult }> {
  const at = {
    market: req.context.market,
    locale: req.context.locale,
    view: req.context.viewId === 'PREVIEW' ? ('preview' as const) : ('production' as const),
  };
  const navigation = await navigationWithCounts(s, at, req.context.priceId, req.collapse);
  return { tree: shapeTree(navigation.roots, nodeFacts(navigation, at.locale, navigation.counts)) };
}
