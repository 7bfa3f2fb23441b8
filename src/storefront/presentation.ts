/**
 * Presentation rules of a product card that are ours to choose, kept deterministic and documented here:
 * badges, colour swatch and image effect.
 *
 * Badges (prices are those of the query context, so `priceId` applies; labels are the market-locale's
 * override, else built in for the locale's language: merchandising/labels.ts, English shown here):
 * - primary `SALE` "Sale": some variant sells below its list price;
 * - primary `NEW` "New": `releaseDate` lies within the 30 days up to now (a future date is not new yet);
 * - secondary `DISCOUNT` "-N%" (`badge.DISCOUNT` with `{n}` = N): the largest variant discount, rounded to
 *   whole percent, is at least 10%.
 *
 * Swatch, from the product's `colors` in feed order: the first recognised value decides.
 * - `gold` / `silver` / `multi` (any case) → GOLD / SILVER / MULTI with no colours;
 * - a CSS colour (hex `#rgb`/`#rrggbb`, with or without `#`, or a single-word colour name) → COLORS with
 *   the first 1 to 3 CSS colours (hex lower-cased with `#`, names lower-cased);
 * - nothing recognised → MISSING_COLORS.
 *
 * Images: effect NONE with fewer than two images, SWAP with two or more; the thumbnail is the narrowest
 * source of the first image (its first source when widths are unknown). Captions only on the product page.
 */
import type { ImageDocument } from '../catalog/documentTypes';
import type { Badge, ImageInfo, ImageResult, Swatch, SwatchType } from './responseTypes';
import { visitorLabel, type LabelPlace } from '../merchandising/labels';
import { DISCOUNT_PLACEHOLDER } from '../merchandising/labelConfiguration';

export const DISCOUNT_BADGE_MIN_PERCENT = 10;
export const NEW_BADGE_DAYS = 30;

export interface BadgeInput {
  variants: { listPrice: number; sellingPrice: number }[];
  releaseDate?: string;
  now: Date;
  labels: LabelPlace;
}

export function badges(p: BadgeInput): { primary: Badge[]; secondary: Badge[] } {
  const primary: Badge[] = [];
  const secondary: Badge[] = [];
  const label = (key: string, english: string) => visitorLabel(p.labels, key) ?? english;
  if (p.variants.some((v) => v.sellingPrice < v.listPrice)) primary.push({ label: label('badge.SALE', 'Sale'), theme: 'SALE' });
  if (p.releaseDate && isNew(p.releaseDate, p.now)) primary.push({ label: label('badge.NEW', 'New'), theme: 'NEW' });
  const discount = Math.round(Math.max(0, ...p.variants.map((v) => (v.listPrice > 0 ? ((v.listPrice - v.sellingPrice) / v.listPrice) * 100 : 0))));
  if (discount >= DISCOUNT_BADGE_MIN_PERCENT) secondary.push({ label: label('badge.DISCOUNT', '-{n}%').replaceAll(DISCOUNT_PLACEHOLDER, String(discount)), theme: 'DISCOUNT' });
  return { primary, secondary };
}

function isNew(releaseDate: string, now: Date): boolean {
  const released = Date.parse(releaseDate);
  if (Number.isNaN(released)) return false;
  const age = now.getTime() - released;
  return age >= 0 && age <= NEW_BADGE_DAYS * 24 * 3600 * 1000;
}

const SPECIAL: Record<string, SwatchType> = { gold: 'GOLD', silver: 'SILVER', multi: 'MULTI' };
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const NAME = /^[a-z]+$/i;

export function swatch(colors: string[] | undefined): Swatch {
  const css: string[] = [];
  for (const raw of colors ?? []) {
    const c = raw.trim();
    const special = SPECIAL[c.toLowerCase()];
    if (special && css.length === 0) return { type: special, colors: [] };
    if (special) continue;
    if (HEX.test(c)) css.push(`#${c.replace('#', '').toLowerCase()}`);
    else if (NAME.test(c)) css.push(c.toLowerCase());
    if (css.length === 3) break;
  }
  return css.length ? { type: 'COLORS', colors: css } : { type: 'MISSING_COLORS', colors: [] };
}

/** A CSS colour for a colour facet value: the hex code or lower-cased name, else the value as is. */
export function cssColor(value: string): string {
  const c = value.trim();
  if (HEX.test(c)) return `#${c.replace('#', '').toLowerCase()}`;
  return NAME.test(c) ? c.toLowerCase() : c;
}

export function image(doc: ImageDocument, withCaption: boolean): ImageResult {
  return {
    alt: doc.alt ?? '',
    ...(withCaption && doc.caption !== undefined ? { caption: doc.caption } : {}),
    ...(doc.custom ? { custom: doc.custom } : {}),
    sources: (doc.sources ?? []).map((s) => (s.width === undefined ? { url: s.url } : { url: s.url, width: s.width })),
  };
}

export function imageInfo(images: ImageDocument[] | undefined, withCaption = false): ImageInfo {
  const docs = (images ?? []).filter((i) => i.sources?.length);
  const result: ImageInfo = { effect: docs.length >= 2 ? 'SWAP' : 'NONE', images: docs.map((i) => image(i, withCaption)) };
  const first = docs[0]?.sources;
  if (first?.length) {
    const sized = first.filter((s) => s.width !== undefined).sort((a, b) => a.width! - b.width!);
    result.thumbnail = (sized[0] ?? first[0]).url;
  }
  return result;
}
