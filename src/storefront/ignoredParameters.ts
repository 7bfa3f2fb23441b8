/**
 * Parameters a query accepts but does not apply, said so in the log. The specification says `templateId` is
 * "not defined" for product-page, cart-page and landing-page, yet the official client models it on every
 * product query: a shop sending it everywhere keeps its pages (200, lists shaped as without it) and finds the
 * reason in the log. The first time per endpoint and process at info, later ones at debug, so a shop that
 * always sends it does not flood the log.
 */
import type { Logger } from '../kernel/log';
import type { QueryContext } from './request';

const notedEndpoints = new Set<string>();

export function noteIgnoredTemplate(log: Logger, endpoint: string, context: Pick<QueryContext, 'ignoredTemplateId'>): void {
  if (context.ignoredTemplateId === undefined) return;
  const first = !notedEndpoints.has(endpoint);
  notedEndpoints.add(endpoint);
  log[first ? 'info' : 'debug'](`templateId ignored: the specification does not define it for ${endpoint}`, {
    endpoint,
    templateId: context.ignoredTemplateId,
    ...(first ? { note: 'logged at info once per endpoint and process, then at debug' } : {}),
  });
}
