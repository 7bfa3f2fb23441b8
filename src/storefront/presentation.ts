/**
 * Presentation rules of a product card that are ours to choose, kept deterministic and documented here:
 * badges, colour swatch and image effect. The market's `presentation` configuration (configuration/
 * presentation.ts) turns the fixed badge rules on or off, sets their thresholds, the listings' image effect
 * and the badges that come from catalog attributes.
 *
 * Badges (prices are those of the query context, so `priceId` applies; labels are the market-locale's
 * override, else built in for the locale's language: merchandising/labels.ts, English shown here):
 * - primary `SALE` "Sale": some variant sells below its list price;
 * - primary `NEW` "New": `releaseDate` lies within the configured days (30) up to now (a future date is not new yet);
 * - secondary `DISCOUNT` "-N%" (`badge.DISCOUNT` with `{n}` = N): the largest variant discount, rounded to
 *   whole percent, is at least the configured percent (10%);
 * - then one badge per value of each configured attribute (`custom.<name>`, a product custom label) the
 *   product has: `theme` THEME_1..3, `attribute` the configured name, `label` the value's text in the locale,
 *   in the configured placement (primary by default), in configuration then feed order.
 *
 * Swatch, from the product's `colors` in feed order: the first recognised value decides.
 * - `gold` / `silver` / `multi` (any case) → GOLD / SILVER / MULTI with no colours;
 * - a CSS colour (hex `#rgb`/`#rrggbb`, with or without `#`, or a single-word colour name) → COLORS with
 *   the first 1 to 3 CSS colours (hex lower-cased with `#`, names lower-cased);
 * - nothing recognised → MISSING_COLORS.
 *
 * Images (Elevate's product card "hover effect": none shows one image, swap two, gallery all): a listing
 * answers the market's effect (SWAP by default) with the first 1 (NONE), 2 (SWAP) or all (GALLERY) images;
 * the product page's product answers GALLERY with every image and their captions. Fewer than two images
 * answer NONE (the spec's default). Sources keep `width` and `height` where the feed gives them; the
 * thumbnail is the narrowest source of the first image (its first source when widths are unknown).
 */
import type { ImageDocument } from '../catalog/documentTypes';
import type { Badge, ImageInfo, ImageResult, Swatch, SwatchType } from './responseTypes';
import { visitorLabel, type LabelPlace } from '../merchandising/labels';
import { DISCOUNT_PLACEHOLDER } from '../merchandising/labelConfiguration';
import { DEFAULT_PRESENTATION, type Presentation } from '../configuration/presentation';

export interface BadgeInput {
  variants: { listPrice: number; sellingPrice: number }[];
  releaseDate?: string;
  /** The product's custom labels (values in the locale), for attribute badges. */
  customLabels?: Record<string, string[]>;
  now: Date;
  labels: LabelPlace;
  rules?: Pick<Presentation, 'sale' | 'newDays' | 'discountMinPercent' | 'attributes'>;
}

export function badges(p: BadgeInput): { primary: Badge[]; secondary: Badge[] } {
  const rules = p.rules ?? DEFAULT_PRESENTATION;
  const primary: Badge[] = [];
  const secondary: Badge[] = [];
  const label = (key: string, english: string) => visitorLabel(p.labels, key) ?? english;
  if (rules.sale && p.variants.some((v) => v.sellingPrice < v.listPrice)) primary.push({ label: label('badge.SALE', 'Sale'), theme: 'SALE' });
  if (rules.newDays !== undefined && p.releaseDate && isNew(p.releaseDate, p.now, rules.newDays))
    primary.push({ label: label('badge.NEW', 'New'), theme: 'NEW' });
  if (rules.discountMinPercent !== undefined) {
    const discount = Math.round(Math.max(0, ...p.variants.map((v) => (v.listPrice > 0 ? ((v.listPrice - v.sellingPrice) / v.listPrice) * 100 : 0))));
    if (discount >= rules.discountMinPercent)
      secondary.push({ label: label('badge.DISCOUNT', '-{n}%').replaceAll(DISCOUNT_PLACEHOLDER, String(discount)), theme: 'DISCOUNT' });
  }
  for (const a of rules.attributes) {
    const values = p.customLabels && Object.hasOwn(p.customLabels, a.name) ? p.customLabels[a.name] : [];
    for (const value of values) (a.placement === 'secondary' ? secondary : primary).push({ label: value, theme: a.theme, attribute: a.attribute });
  }
  return { primary, secondary };
}

function isNew(releaseDate: string, now: Date, days: number): boolean {
  const released = Date.parse(releaseDate);
  if (Number.isNaN(released)) return false;
  const age = now.getTime() - released;
  return age >= 0 && age <= days * 24 * 3600 * 1000;
}

/**
 * The instants (ms, both included) around `now` during which the NEW badge of a product released at
 * `releaseDate` stays as it is at `now`: new from its release to `days` after it, not new before or after.
 * A listing's JSON shaped at `now` (listingJson.ts) serves within it.
 */
export function newnessWindow(releaseDate: string | undefined, now: Date, days: number | undefined): [from: number, until: number] {
  const released = releaseDate ? Date.parse(releaseDate) : Number.NaN;
  if (days === undefined || Number.isNaN(released)) return [-Infinity, Infinity];
  const t = now.getTime();
  const end = released + days * 24 * 3600 * 1000;
  if (t < released) return [-Infinity, released - 1];
  return t <= end ? [released, end] : [Math.floor(end) + 1, Infinity];
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
    sources: (doc.sources ?? []).map(source),
  };
}

function source(s: ImageDocument['sources'][number]): ImageResult['sources'][number] {
  const out: ImageResult['sources'][number] = { url: s.url };
  if (s.width !== undefined) out.width = s.width;
  if (s.height !== undefined) out.height = s.height;
  return out;
}

/** Images each effect shows on a product card. */
const CARD_IMAGES: Record<ImageInfo['effect'], number> = { NONE: 1, SWAP: 2, GALLERY: Infinity };

/**
 * A listing's imageInfo under the market's effect, or (`detail`) the product page's: a GALLERY of every
 * image with captions. NONE when fewer than two images are shown.
 */
export function imageInfo(images: ImageDocument[] | undefined, effect: ImageInfo['effect'] | 'detail' = DEFAULT_PRESENTATION.imageEffect): ImageInfo {
  const detail = effect === 'detail';
  const wanted = detail ? 'GALLERY' : effect;
  const docs = (images ?? []).filter((i) => i.sources?.length).slice(0, CARD_IMAGES[wanted]);
  const result: ImageInfo = { effect: docs.length >= 2 ? wanted : 'NONE', images: docs.map((i) => image(i, detail)) };
  const first = docs[0]?.sources;
  if (first?.length) {
    const sized = first.filter((s) => s.width !== undefined).sort((a, b) => a.width! - b.width!);
    result.thumbnail = (sized[0] ?? first[0]).url;
  }
  return result;
}
