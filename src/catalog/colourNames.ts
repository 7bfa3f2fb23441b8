/**
 * Colour names a shopper reads and types. A product's `colors` are hex codes (or Gold, Silver, Multi, the
 * spec's named values); each is named by the nearest colour of a small palette (distance in CIE Lab, so
 * "#2E8B57" is green and "#800020" burgundy), in the locale's language: English, Swedish, Norwegian
 * (Bokmål; also `nn`, `no`), Danish, German and Finnish, English for any other language. The first name of
 * a colour is its label; further names are words shoppers also search with (grey/gray).
 * Used for COLOR facet labels (the value's `color` stays the CSS code) and for the searchable `colorNames`
 * of product documents. Pure.
 */

export type Lang = 'en' | 'sv' | 'nb' | 'da' | 'de' | 'fi';
type Names = Readonly<Record<Lang, readonly string[]>>;

/** A named colour and the codes that anchor it (a name may cover several shades). */
interface PaletteColour {
  hex: readonly string[];
  names: Names;
}

const n = (en: string | string[], sv: string | string[], nb: string | string[], da: string | string[], de: string | string[], fi: string | string[]): Names => {
  const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);
  return { en: list(en), sv: list(sv), nb: list(nb), da: list(da), de: list(de), fi: list(fi) };
};

/** The palette hex codes are named after: the nearest anchor names the code. */
const PALETTE: readonly PaletteColour[] = [
  { hex: ['#000000'], names: n('Black', 'Svart', 'Svart', 'Sort', 'Schwarz', 'Musta') },
  { hex: ['#FFFFFF'], names: n('White', 'Vit', 'Hvit', 'Hvid', ['Weiß', 'Weiss'], 'Valkoinen') },
  { hex: ['#808080'], names: n(['Grey', 'Gray'], 'Grå', 'Grå', 'Grå', 'Grau', 'Harmaa') },
  { hex: ['#C0C0C0'], names: n(['Light grey', 'Light gray'], 'Ljusgrå', 'Lysegrå', 'Lysegrå', 'Hellgrau', 'Vaaleanharmaa') },
  { hex: ['#F5F5DC'], names: n('Beige', 'Beige', 'Beige', 'Beige', 'Beige', 'Beige') },
  { hex: ['#8B4513', '#A52A2A'], names: n('Brown', 'Brun', 'Brun', 'Brun', 'Braun', 'Ruskea') },
  { hex: ['#E4002B'], names: n('Red', 'Röd', 'Rød', 'Rød', 'Rot', 'Punainen') },
  { hex: ['#FF8C00'], names: n('Orange', 'Orange', 'Oransje', 'Orange', 'Orange', 'Oranssi') },
  { hex: ['#FFE000'], names: n('Yellow', 'Gul', 'Gul', 'Gul', 'Gelb', 'Keltainen') },
  { hex: ['#228B22'], names: n('Green', 'Grön', 'Grønn', 'Grøn', 'Grün', 'Vihreä') },
  { hex: ['#808000'], names: n('Olive', 'Olivgrön', 'Olivengrønn', 'Olivengrøn', 'Oliv', 'Oliivinvihreä') },
  { hex: ['#40E0D0'], names: n('Turquoise', 'Turkos', 'Turkis', 'Turkis', 'Türkis', 'Turkoosi') },
  { hex: ['#1E60D0', '#0000FF'], names: n('Blue', 'Blå', 'Blå', 'Blå', 'Blau', 'Sininen') },
  { hex: ['#87CEEB'], names: n('Light blue', 'Ljusblå', 'Lyseblå', 'Lyseblå', 'Hellblau', 'Vaaleansininen') },
  { hex: ['#000080'], names: n('Navy', 'Marinblå', 'Marineblå', 'Marineblå', 'Marineblau', 'Laivastonsininen') },
  { hex: ['#800080', '#4B0082'], names: n('Purple', 'Lila', 'Lilla', 'Lilla', 'Lila', 'Violetti') },
  { hex: ['#FFC0CB', '#FF69B4'], names: n('Pink', 'Rosa', 'Rosa', 'Lyserød', 'Rosa', 'Vaaleanpunainen') },
  { hex: ['#800020'], names: n('Burgundy', 'Vinröd', 'Vinrød', 'Bordeaux', 'Bordeaux', 'Viininpunainen') },
];

/** The spec's named colour values. */
const NAMED: Readonly<Record<string, Names>> = {
  gold: n('Gold', 'Guld', 'Gull', 'Guld', 'Gold', 'Kulta'),
  silver: n('Silver', 'Silver', 'Sølv', 'Sølv', 'Silber', 'Hopea'),
  multi: n(['Multicolour', 'Multicolor'], 'Flerfärgad', 'Flerfarget', 'Flerfarvet', 'Mehrfarbig', 'Monivärinen'),
};

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function langOf(locale: string): Lang {
  const lang = locale.toLowerCase().split(/[-_]/)[0];
  if (lang === 'nn' || lang === 'no') return 'nb';
  return (['en', 'sv', 'nb', 'da', 'de', 'fi'] as const).find((l) => l === lang) ?? 'en';
}

type Lab = [number, number, number];

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** sRGB (D65) to CIE Lab. */
function lab(hex: string): Lab {
  const [r, g, b] = rgb(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const xyz = [(r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047, r * 0.2126 + g * 0.7152 + b * 0.0722, (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883].map(
    (t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116),
  );
  return [116 * xyz[1] - 16, 500 * (xyz[0] - xyz[1]), 200 * (xyz[1] - xyz[2])];
}

const PALETTE_LAB = PALETTE.flatMap((c) => c.hex.map((hex) => ({ lab: lab(hex), names: c.names })));

/** The palette colour nearest a hex code. */
function nearest(hex: string): Names {
  const [l, a, b] = lab(hex);
  let best = PALETTE_LAB[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of PALETTE_LAB) {
    const d = (c.lab[0] - l) ** 2 + (c.lab[1] - a) ** 2 + (c.lab[2] - b) ** 2;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best.names;
}

function namesOf(value: string): Names | undefined {
  const v = value.trim();
  const named = NAMED[v.toLowerCase()];
  if (named) return named;
  return HEX.test(v) ? nearest(v) : undefined;
}

/** The name a shopper reads for a colour value in the locale; undefined for a value that is no colour. */
export function colourName(value: string, locale: string): string | undefined {
  return namesOf(value)?.[langOf(locale)][0];
}

/** Every word the colour values may be searched by in the locale (names and their variants), each once. */
export function colourSearchNames(values: readonly string[], locale: string): string[] {
  const lang = langOf(locale);
  return [...new Set(values.flatMap((v) => namesOf(v)?.[lang] ?? []))];
}

/** Every named colour's names in the locale's language (palette, then gold, silver, multi), label first. */
export function colourNameSets(locale: string): readonly (readonly string[])[] {
  const lang = langOf(locale);
  return [...PALETTE.map((c) => c.names[lang]), ...Object.values(NAMED).map((names) => names[lang])];
}
