/**
 * A market's presentation settings with the defaults filled in: what the storefront shapes product cards
 * with. The configuration import stores only what a shop set (markets.ts validates it); the defaults are
 * Elevate's fixed rules as this service always applied them.
 */
import type { AttributeBadgeTheme, MarketConfig } from '../catalog/types';

export interface AttributeBadge {
  attribute: string;
  name: string;
  theme: AttributeBadgeTheme;
  placement: 'primary' | 'secondary';
}

export interface Presentation {
  /** Effect of product cards in listings; the product page's product is always a GALLERY of all images. */
  imageEffect: 'NONE' | 'SWAP' | 'GALLERY';
  sale: boolean;
  /** NEW while the release date lies within this many days up to now; undefined: off. */
  newDays?: number;
  /** DISCOUNT from this whole percent on; undefined: off. */
  discountMinPercent?: number;
  /** Badges from custom labels (`name` is the label name without `custom.`), in configuration order. */
  attributes: AttributeBadge[];
}

export const NEW_BADGE_DAYS = 30;
export const DISCOUNT_BADGE_MIN_PERCENT = 10;

export const DEFAULT_PRESENTATION: Presentation = {
  imageEffect: 'SWAP',
  sale: true,
  newDays: NEW_BADGE_DAYS,
  discountMinPercent: DISCOUNT_BADGE_MIN_PERCENT,
  attributes: [],
};

export function presentationOf(market: MarketConfig | undefined): Presentation {
  const p = market?.presentation;
  if (!p) return DEFAULT_PRESENTATION;
  const b = p.badges ?? {};
  return {
    imageEffect: p.imageEffect ?? DEFAULT_PRESENTATION.imageEffect,
    sale: b.SALE?.enabled ?? true,
    ...((b.NEW?.enabled ?? true) ? { newDays: b.NEW?.days ?? NEW_BADGE_DAYS } : {}),
    ...((b.DISCOUNT?.enabled ?? true) ? { discountMinPercent: b.DISCOUNT?.minPercent ?? DISCOUNT_BADGE_MIN_PERCENT } : {}),
    attributes: (b.attributes ?? []).map((a) => ({
      attribute: a.attribute,
      name: a.attribute.slice('custom.'.length),
      theme: a.theme,
      placement: a.placement ?? 'primary',
    })),
  };
}
