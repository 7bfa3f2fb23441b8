/**
 * The most clicked content of the market, for content lists asking `algorithm: TOP_CONTENT` on every
 * endpoint that takes content lists (landing-page, search-page, autocomplete). Asked only when such a list
 * is there; without behaviour data (or when the lookup fails, logged) the lists fall back to newest first.
 */
import { TOP_CONTENT_CANDIDATES } from '../events/queries/topContent';
import type { ContentListSettings } from './contentLists';
import type { VisitorBehaviour } from '../events/questions';
import type { Logger } from '../kernel/log';

export async function topContentFor(
  s: { behaviour: Pick<VisitorBehaviour, 'topContent'>; log: Logger },
  market: string,
  lists: readonly ContentListSettings[],
): Promise<string[] | undefined> {
  if (!lists.some((l) => l.algorithm === 'TOP_CONTENT')) return undefined;
  try {
    return await s.behaviour.topContent({ market, limit: TOP_CONTENT_CANDIDATES });
  } catch (err) {
    s.log.warn('top content from behaviour unavailable', { err });
    return undefined;
  }
}
