/** landing-page (GET and POST) and navigation-tree. */
import type Router from '@koa/router';
import type { StorefrontServices } from '../../storefront/services';

export function landingPageRoutes(_router: Router, _services: StorefrontServices): void {
  // landing-page and navigation-tree are registered here.
}
