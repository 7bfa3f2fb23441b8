/**
 * What every assortment of the generator is made of: words in three languages, colours, size systems,
 * category definitions, and the Assortment a profile draws its product groups from. The translation
 * vocabularies (materials, genders, ages, topics, fits) are shared by every profile.
 */

// Words are [English, Swedish, Norwegian]; other locales fall back to English.
export type Lang = 0 | 1 | 2;
export type Words = readonly [en: string, sv: string, nb: string];
export const LANG_CODES = ['en', 'sv', 'nb'] as const;

export function langOf(locale: string): Lang {
  const language = locale.split('-')[0].toLowerCase();
  if (language === 'sv') return 1;
  if (language === 'nb' || language === 'nn' || language === 'no') return 2;
  return 0;
}

/** Material translation ids with their label (capitalised) and in-title word ([adjective, "i <word>", "i <word>"]). */
export const MATERIALS: Record<string, { label: Words; title: Words }> = {
  mat_leather: { label: ['Leather', 'Läder', 'Skinn'], title: ['Leather', 'läder', 'skinn'] },
  mat_suede: { label: ['Suede', 'Mocka', 'Semsket skinn'], title: ['Suede', 'mocka', 'semsket skinn'] },
  mat_canvas: { label: ['Canvas', 'Canvas', 'Lerret'], title: ['Canvas', 'canvas', 'lerret'] },
  mat_mesh: { label: ['Mesh', 'Mesh', 'Mesh'], title: ['Mesh', 'mesh', 'mesh'] },
  mat_rubber: { label: ['Rubber', 'Gummi', 'Gummi'], title: ['Rubber', 'gummi', 'gummi'] },
  mat_cotton: { label: ['Cotton', 'Bomull', 'Bomull'], title: ['Cotton', 'bomull', 'bomull'] },
  mat_organic_cotton: { label: ['Organic cotton', 'Ekologisk bomull', 'Økologisk bomull'], title: ['Organic Cotton', 'ekologisk bomull', 'økologisk bomull'] },
  mat_linen: { label: ['Linen', 'Linne', 'Lin'], title: ['Linen', 'linne', 'lin'] },
  mat_silk: { label: ['Silk', 'Siden', 'Silke'], title: ['Silk', 'siden', 'silke'] },
  mat_viscose: { label: ['Viscose', 'Viskos', 'Viskose'], title: ['Viscose', 'viskos', 'viskose'] },
  mat_wool: { label: ['Wool', 'Ull', 'Ull'], title: ['Wool', 'ull', 'ull'] },
  mat_merino: { label: ['Merino wool', 'Merinoull', 'Merinoull'], title: ['Merino', 'merinoull', 'merinoull'] },
  mat_cashmere: { label: ['Cashmere', 'Kashmir', 'Kasjmir'], title: ['Cashmere', 'kashmir', 'kasjmir'] },
  mat_polyester: {
    label: ['Recycled polyester', 'Återvunnen polyester', 'Resirkulert polyester'],
    title: ['Recycled', 'återvunnen polyester', 'resirkulert polyester'],
  },
  mat_nylon: { label: ['Nylon', 'Nylon', 'Nylon'], title: ['Nylon', 'nylon', 'nylon'] },
  mat_denim: { label: ['Denim', 'Denim', 'Denim'], title: ['Denim', 'denim', 'denim'] },
  mat_steel: { label: ['Stainless steel', 'Rostfritt stål', 'Rustfritt stål'], title: ['Steel', 'rostfritt stål', 'rustfritt stål'] },
  mat_oak: { label: ['Oak', 'Ek', 'Eik'], title: ['Oak', 'ek', 'eik'] },
  mat_cast_iron: { label: ['Cast iron', 'Gjutjärn', 'Støpejern'], title: ['Cast Iron', 'gjutjärn', 'støpejern'] },
  mat_ceramic: { label: ['Ceramic', 'Keramik', 'Keramikk'], title: ['Ceramic', 'keramik', 'keramikk'] },
  mat_glass: { label: ['Glass', 'Glas', 'Glass'], title: ['Glass', 'glas', 'glass'] },
};

export const GENDERS: Record<string, Words> = {
  Women: ['Women', 'Dam', 'Dame'],
  Men: ['Men', 'Herr', 'Herre'],
  Unisex: ['Unisex', 'Unisex', 'Unisex'],
  Girls: ['Girls', 'Flickor', 'Jenter'],
  Boys: ['Boys', 'Pojkar', 'Gutter'],
};
export const AGES: Record<string, Words> = { Adult: ['Adult', 'Vuxen', 'Voksen'], Kids: ['Kids', 'Barn', 'Barn'] };
export const TOPICS: Record<string, Words> = {
  topic_care: ['Care', 'Skötsel', 'Vedlikehold'],
  topic_style: ['Style', 'Stil', 'Stil'],
  topic_news: ['News', 'Nyheter', 'Nyheter'],
  topic_buying_guide: ['Buying guide', 'Köpguide', 'Kjøpeguide'],
  topic_brands: ['Brands', 'Varumärken', 'Merkevarer'],
};
export const FITS: Record<string, Words> = {
  fit_regular: ['Regular fit', 'Normal passform', 'Normal passform'],
  fit_slim: ['Slim fit', 'Smal passform', 'Slank passform'],
  fit_relaxed: ['Relaxed fit', 'Avslappnad passform', 'Avslappet passform'],
};

/** Sizes a category's variants take, in order. */
export interface SizeSystem {
  sizes: readonly string[];
  /** Dimension sizes (cm, L, ml, 50x70, GB) cost more as they grow; clothing and shoe sizes cost the same. */
  pricedBySize: boolean;
  /** Variant-level custom labels a size implies (other size systems, lengths), in feeds that send them. */
  variantLabels?: (size: string) => Record<string, string[]>;
}
export const sizeSystem = (pricedBySize: boolean, sizes: readonly string[]): SizeSystem => ({ sizes, pricedBySize });

export interface Colour {
  code: string;
  value: string;
  name: Words;
  weight: number;
}
export const COLOURS: readonly Colour[] = [
  { code: 'BLK', value: '#000000', name: ['Black', 'Svart', 'Svart'], weight: 10 },
  { code: 'WHT', value: '#FFFFFF', name: ['White', 'Vit', 'Hvit'], weight: 7 },
  { code: 'NVY', value: '#000080', name: ['Navy', 'Marinblå', 'Marineblå'], weight: 5 },
  { code: 'GRY', value: '#808080', name: ['Grey', 'Grå', 'Grå'], weight: 5 },
  { code: 'BEI', value: '#F5F5DC', name: ['Beige', 'Beige', 'Beige'], weight: 4 },
  { code: 'BRN', value: '#8B4513', name: ['Brown', 'Brun', 'Brun'], weight: 4 },
  { code: 'RED', value: '#C8102E', name: ['Red', 'Röd', 'Rød'], weight: 3 },
  { code: 'GRN', value: '#2E8B57', name: ['Green', 'Grön', 'Grønn'], weight: 3 },
  { code: 'BLU', value: '#1E90FF', name: ['Blue', 'Blå', 'Blå'], weight: 3 },
  { code: 'PNK', value: '#FFC0CB', name: ['Pink', 'Rosa', 'Rosa'], weight: 2 },
  { code: 'YEL', value: '#FFD700', name: ['Yellow', 'Gul', 'Gul'], weight: 1 },
  { code: 'BUR', value: '#800020', name: ['Burgundy', 'Vinröd', 'Vinrød'], weight: 2 },
  { code: 'OLV', value: '#808000', name: ['Olive', 'Olivgrön', 'Olivengrønn'], weight: 2 },
  { code: 'MLT', value: 'Multi', name: ['Multicolour', 'Flerfärgad', 'Flerfarget'], weight: 1 },
  { code: 'GLD', value: 'Gold', name: ['Gold', 'Guld', 'Gull'], weight: 3 },
  { code: 'SLV', value: 'Silver', name: ['Silver', 'Silver', 'Sølv'], weight: 3 },
];
export const PALETTES = {
  fashion: COLOURS.filter((c) => c.code !== 'GLD' && c.code !== 'SLV'),
  home: COLOURS.filter((c) => ['BLK', 'WHT', 'GRY', 'BEI', 'GRN', 'BLU', 'NVY'].includes(c.code)),
  metal: COLOURS.filter((c) => ['GLD', 'SLV', 'BLK'].includes(c.code)),
  tech: COLOURS.filter((c) => ['BLK', 'WHT', 'SLV', 'GRY', 'BLU'].includes(c.code)),
  /** One uncoloured product per group (skincare). */
  none: [{ code: 'STD', value: '', name: ['', '', ''], weight: 1 }] as Colour[],
};
export type Palette = keyof typeof PALETTES;

export interface CategoryDef {
  path: readonly string[];
  gender: 'Women' | 'Men' | 'Unisex' | 'kids' | 'any' | 'none';
  nouns: readonly Words[];
  productType: string;
  sizes: SizeSystem;
  sizeType?: string;
  materials: readonly string[];
  palette: Palette;
  price: readonly [number, number];
  /** customNumbers.heelHeight range in cm. */
  heel?: readonly [number, number];
  /** customLengths.shaftHeight range in cm. */
  shaft?: readonly [number, number];
  /** Product weight range in g. */
  weight?: readonly [number, number];
  /** Clothing: gets `fit` and `pattern`. */
  clothing?: boolean;
  share: number;
}

export interface Category extends CategoryDef {
  id: string;
  names: Words;
}

/** The product universe of a profile: its categories and the words its titles and descriptions use. */
export interface Assortment {
  segments: Readonly<Record<string, Words>>;
  categories: readonly Category[];
  /** The extra category of products released lately (`segments` must name 'New Arrivals'). */
  newArrivals: { id: string; names: Words };
  brands: readonly string[];
  /** Product line names; untranslated, they lead every title. */
  styles: readonly string[];
  series: readonly string[];
  features: readonly Words[];
  /** How many colours (products) a group has: [count, weight]. */
  colourCounts: readonly (readonly [count: number, weight: number])[];
  /** Variants per product (consecutive sizes), capped by the size system's length. */
  variantsPerProduct: readonly [min: number, max: number];
  /** Highest list price, in SEK. */
  priceCap: number;
  /** Share of groups whose title ends with a model code. */
  modelCodeShare: number;
  /** Electronics titles start with the brand ("Voltra Nova OLED TV"); fashion titles do not. */
  brandInTitle: boolean;
  /** The optional second sentence of a description. */
  everyday(category: Category): Words;
}

export function categoryId(path: readonly string[]): string {
  return 'cat_' + path.map((s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_')).join('_');
}

/** Category ids and translated paths ("Dam > Skor > Kängor") of category definitions. */
export function categoriesOf(defs: readonly CategoryDef[], segments: Readonly<Record<string, Words>>): readonly Category[] {
  return defs.map((d) => ({ ...d, id: categoryId(d.path), names: categoryNames(d.path, segments) }));
}

export function categoryNames(path: readonly string[], segments: Readonly<Record<string, Words>>): Words {
  const joined = (lang: Lang) => path.map((s) => segments[s][lang]).join(' > ');
  return [joined(0), joined(1), joined(2)];
}
