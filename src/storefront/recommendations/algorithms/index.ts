/** The eleven algorithms by name; each module documents its definition and its cold start. */
import type { Algorithm } from '../types';
import type { AlgorithmModule } from '../types';
import { addToCartRecs } from './addToCartRecs';
import { alternatives } from './alternatives';
import { cart } from './cart';
import { favorites } from './favorites';
import { moreFromSeries } from './moreFromSeries';
import { newestProducts } from './newestProducts';
import { personal } from './personal';
import { recentlyViewed } from './recentlyViewed';
import { styleWith } from './styleWith';
import { topProducts } from './topProducts';
import { upsell } from './upsell';

export const ALGORITHM_MODULES: Record<Algorithm, AlgorithmModule<unknown>> = {
  TOP_PRODUCTS: topProducts,
  PERSONAL: personal,
  CART: cart,
  ADD_TO_CART_RECS: addToCartRecs,
  FAVORITES: favorites,
  UPSELL: upsell,
  STYLE_WITH: styleWith,
  ALTERNATIVES: alternatives,
  NEWEST_PRODUCTS: newestProducts,
  MORE_FROM_SERIES: moreFromSeries,
  RECENTLY_VIEWED: recentlyViewed,
};
