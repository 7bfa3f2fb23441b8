/** Prices and small text helpers; pure. */

const formats = new Map<string, Intl.NumberFormat>();

/** A price in the market's currency, in the locale's notation ("549 kr", "£54.90"). */
export function formatPrice(amount: number, locale: string, currency: string | null): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 })
      : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(amount);
}

/** A price range of a product whose variants differ ("from 499 kr"). */
export function priceText(price: { min: number; max: number }, locale: string, currency: string | null, text: { from(price: string): string }): string {
  const min = formatPrice(price.min, locale, currency);
  return price.min === price.max ? min : text.from(min);
}

/**
 * A product's colour by name ("Svart"): the list's colour facet names each swatch colour in the locale; where
 * no facet is at hand (a product page), the image's alt text names it after the title ("Field sneakers, svart"),
 * as catalogs commonly write it. Undefined when neither says.
 */
export function colourName(
  product: { title: string; swatch: { colors: string[] }; imageInfo: { images: { alt?: string }[] } },
  names: ReadonlyMap<string, string>,
): string | undefined {
  const hex = product.swatch.colors[0]?.toLowerCase();
  const named = hex === undefined ? undefined : names.get(hex);
  if (named) return named;
  const alt = product.imageInfo.images[0]?.alt;
  if (!alt || !alt.startsWith(`${product.title}, `)) return undefined;
  const rest = alt.slice(product.title.length + 2).trim();
  return rest ? rest.charAt(0).toLocaleUpperCase() + rest.slice(1) : undefined;
}

export interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * A phrase suggestion's `highlighted` text (`{{sne}}akers`: the typed part in double braces) as parts to render
 * as text, so the phrase is never read as markup.
 */
export function highlightParts(highlighted: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const re = /\{\{(.*?)\}\}/g;
  let at = 0;
  for (let m = re.exec(highlighted); m; m = re.exec(highlighted)) {
    if (m.index > at) parts.push({ text: highlighted.slice(at, m.index), match: false });
    if (m[1]) parts.push({ text: m[1], match: true });
    at = m.index + m[0].length;
  }
  if (at < highlighted.length) parts.push({ text: highlighted.slice(at), match: false });
  return parts;
}

/**
 * A catalog link that may become an `href`: a relative path, or an http(s) URL; undefined for anything else
 * (`javascript:`, `data:`, `mailto:`...). Judged by the URL parser the browser itself uses, so tabs, newlines
 * and leading spaces that the browser strips cannot smuggle a scheme past the check. The page's CSP would
 * block `javascript:` too, but the link must be safe without it.
 */
export function safeLink(link: string | undefined): string | undefined {
  if (!link || !link.trim()) return undefined;
  try {
    const url = new URL(link, 'https://shop.invalid/');
    return url.protocol === 'http:' || url.protocol === 'https:' ? link : undefined;
  } catch {
    return undefined;
  }
}
