/**
 * Deterministic catalog generator for the sample data loader, the test suite and the benchmarks.
 * Pure and streaming: every line is built from (seed, line number) alone, so memory stays O(1) per
 * line however many product groups are asked for, and the same seed and options give byte-identical
 * output. Every line satisfies the admin spec's "Catalog entities" rules for the given configuration.
 */
import type {
  CatalogConfiguration, Content, ContentData, Image, Product, ProductData, ProductGroup, ReplaceEntity,
  Translation, Variant, VariantData,
} from '../catalog/types';

export interface GeneratorOptions {
  /** Number of product groups. */
  productGroups: number;
  /** Default 1; the same seed and options give byte-identical output. */
  seed?: number;
  /** Markets and locales to generate for; default defaultConfiguration(). */
  markets?: CatalogConfiguration;
  /** Default productGroups / 20, at least 3. */
  contentItems?: number;
  /** Prefix of every entity key (default ''), so tests can make distinct catalogs. */
  keyPrefix?: string;
}

export function defaultConfiguration(): CatalogConfiguration {
  return {
    markets: {
      SE: { locales: ['sv-SE', 'en-GB'], currency: 'SEK' },
      NO: { locales: ['nb-NO'], currency: 'NOK' },
      UK: { locales: ['en-GB'], currency: 'GBP' },
    },
  };
}

/** Lines of a full import in order: translations first, then product groups, then content. */
export function* generateCatalogLines(options: GeneratorOptions): Generator<ReplaceEntity> {
  const ctx = contextOf(options);
  yield* translationLines(ctx);
  for (let n = 1; n <= ctx.productGroups; n++) yield productGroupLine(ctx, n);
  for (let n = 1; n <= ctx.contentItems; n++) yield contentLine(ctx, n);
}

/** Store keys that carry `storeStock`. */
export const GENERATED_STORES = ['store-sthlm', 'store-gbg', 'store-oslo'] as const;
/** Every generated `releaseDate` lies within two years before this instant. */
export const RELEASE_DATE_END = '2026-11-01T00:00:00Z';

// ------------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: small, fast, good enough for test data. */
export function mulberry32(state: number): () => number {
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hashes integers into one 32-bit seed (murmur3-style mixing), so each line gets its own stream. */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part | 0;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) { this.next = mulberry32(seed); }
  float(): number { return this.next(); }
  /** Integer in [min, max]. */
  int(min: number, max: number): number { return min + Math.floor(this.next() * (max - min + 1)); }
  chance(p: number): boolean { return this.next() < p; }
  pick<T>(items: readonly T[]): T { return items[Math.floor(this.next() * items.length)]; }
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1];
  }
  /** `k` distinct items, weighted, in draw order. */
  sample<T>(items: readonly T[], k: number, weight: (item: T) => number = () => 1): T[] {
    const left = [...items];
    const out: T[] = [];
    while (out.length < k && left.length) {
      const item = this.weighted(left, weight);
      out.push(item);
      left.splice(left.indexOf(item), 1);
    }
    return out;
  }
}

// Salts of the per-line random streams.
const SKELETON = 1, GROUP = 2, CONTENT = 3;

// ------------------------------------------------------------------------------------------------
// Vocabulary. Words are [English, Swedish, Norwegian]; other locales fall back to English.

type Lang = 0 | 1 | 2;
type Words = readonly [en: string, sv: string, nb: string];
const LANG_CODES = ['en', 'sv', 'nb'] as const;

function langOf(locale: string): Lang {
  const language = locale.split('-')[0].toLowerCase();
  if (language === 'sv') return 1;
  if (language === 'nb' || language === 'nn' || language === 'no') return 2;
  return 0;
}

const SEGMENTS: Record<string, Words> = {
  Women: ['Women', 'Dam', 'Dame'], Men: ['Men', 'Herr', 'Herre'], Kids: ['Kids', 'Barn', 'Barn'],
  Home: ['Home', 'Hem', 'Hjem'], Sports: ['Sports', 'Sport', 'Sport'], Accessories: ['Accessories', 'Accessoarer', 'Tilbehør'],
  Beauty: ['Beauty', 'Skönhet', 'Skjønnhet'], Shoes: ['Shoes', 'Skor', 'Sko'], Clothing: ['Clothing', 'Kläder', 'Klær'],
  Sneakers: ['Sneakers', 'Sneakers', 'Joggesko'], Boots: ['Boots', 'Kängor', 'Støvler'], Heels: ['Heels', 'Klackskor', 'Høye hæler'],
  Sandals: ['Sandals', 'Sandaler', 'Sandaler'], Dresses: ['Dresses', 'Klänningar', 'Kjoler'], Jackets: ['Jackets', 'Jackor', 'Jakker'],
  Knitwear: ['Knitwear', 'Stickat', 'Strikk'], Jeans: ['Jeans', 'Jeans', 'Jeans'], Shirts: ['Shirts', 'Skjortor', 'Skjorter'],
  Trousers: ['Trousers', 'Byxor', 'Bukser'], 'T-shirts': ['T-shirts', 'T-shirts', 'T-skjorter'], Outerwear: ['Outerwear', 'Ytterkläder', 'Yttertøy'],
  Kitchen: ['Kitchen', 'Kök', 'Kjøkken'], Knives: ['Knives', 'Knivar', 'Kniver'], Cookware: ['Cookware', 'Kokkärl', 'Kokekar'],
  Textiles: ['Textiles', 'Textilier', 'Tekstiler'], Towels: ['Towels', 'Handdukar', 'Håndklær'], Bedding: ['Bedding', 'Sängkläder', 'Sengetøy'],
  Lighting: ['Lighting', 'Belysning', 'Belysning'], Lamps: ['Lamps', 'Lampor', 'Lamper'], Running: ['Running', 'Löpning', 'Løping'],
  'Running Shoes': ['Running Shoes', 'Löparskor', 'Løpesko'], Outdoor: ['Outdoor', 'Friluftsliv', 'Friluftsliv'],
  Backpacks: ['Backpacks', 'Ryggsäckar', 'Ryggsekker'], Bags: ['Bags', 'Väskor', 'Vesker'], Watches: ['Watches', 'Klockor', 'Klokker'],
  Scarves: ['Scarves', 'Halsdukar', 'Skjerf'], Skincare: ['Skincare', 'Hudvård', 'Hudpleie'], 'New Arrivals': ['New Arrivals', 'Nyheter', 'Nyheter'],
};

/** Material translation ids with their label (capitalised) and in-title word ([adjective, "i <word>", "i <word>"]). */
const MATERIALS: Record<string, { label: Words; title: Words }> = {
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
  mat_polyester: { label: ['Recycled polyester', 'Återvunnen polyester', 'Resirkulert polyester'], title: ['Recycled', 'återvunnen polyester', 'resirkulert polyester'] },
  mat_nylon: { label: ['Nylon', 'Nylon', 'Nylon'], title: ['Nylon', 'nylon', 'nylon'] },
  mat_denim: { label: ['Denim', 'Denim', 'Denim'], title: ['Denim', 'denim', 'denim'] },
  mat_steel: { label: ['Stainless steel', 'Rostfritt stål', 'Rustfritt stål'], title: ['Steel', 'rostfritt stål', 'rustfritt stål'] },
  mat_oak: { label: ['Oak', 'Ek', 'Eik'], title: ['Oak', 'ek', 'eik'] },
  mat_cast_iron: { label: ['Cast iron', 'Gjutjärn', 'Støpejern'], title: ['Cast Iron', 'gjutjärn', 'støpejern'] },
  mat_ceramic: { label: ['Ceramic', 'Keramik', 'Keramikk'], title: ['Ceramic', 'keramik', 'keramikk'] },
  mat_glass: { label: ['Glass', 'Glas', 'Glass'], title: ['Glass', 'glas', 'glass'] },
};

const GENDERS: Record<string, Words> = {
  Women: ['Women', 'Dam', 'Dame'], Men: ['Men', 'Herr', 'Herre'], Unisex: ['Unisex', 'Unisex', 'Unisex'],
  Girls: ['Girls', 'Flickor', 'Jenter'], Boys: ['Boys', 'Pojkar', 'Gutter'],
};
const AGES: Record<string, Words> = { Adult: ['Adult', 'Vuxen', 'Voksen'], Kids: ['Kids', 'Barn', 'Barn'] };
const TOPICS: Record<string, Words> = {
  topic_care: ['Care', 'Skötsel', 'Vedlikehold'], topic_style: ['Style', 'Stil', 'Stil'], topic_news: ['News', 'Nyheter', 'Nyheter'],
  topic_buying_guide: ['Buying guide', 'Köpguide', 'Kjøpeguide'], topic_brands: ['Brands', 'Varumärken', 'Merkevarer'],
};
const FITS: Record<string, Words> = {
  fit_regular: ['Regular fit', 'Normal passform', 'Normal passform'], fit_slim: ['Slim fit', 'Smal passform', 'Slank passform'],
  fit_relaxed: ['Relaxed fit', 'Avslappnad passform', 'Avslappet passform'],
};

const SIZES = {
  womenShoe: ['35', '36', '37', '38', '39', '40', '41', '42'],
  menShoe: ['39', '40', '41', '42', '43', '44', '45', '46'],
  unisexShoe: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'],
  kidsShoe: ['24', '25', '26', '27', '28', '29', '30', '31', '32', '33', '34', '35'],
  clothing: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  kidsClothing: ['92', '98', '104', '110', '116', '122', '128', '134', '140'],
  waist: ['28/32', '29/32', '30/32', '31/32', '32/32', '33/34', '34/34', '36/34'],
  knife: ['9 cm', '14 cm', '18 cm', '20 cm', '23 cm'],
  cookware: ['16 cm', '20 cm', '24 cm', '28 cm'],
  towel: ['30x50', '50x70', '70x140', '100x150'],
  bedding: ['50x60', '150x210', '220x220', '240x220'],
  backpack: ['20 L', '30 L', '45 L'],
  skincare: ['30 ml', '50 ml', '100 ml'],
  oneSize: [],
} satisfies Record<string, string[]>;
type SizeSystem = keyof typeof SIZES;

interface Colour { code: string; value: string; name: Words; weight: number }
const COLOURS: readonly Colour[] = [
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
const PALETTES = {
  fashion: COLOURS.filter((c) => c.code !== 'GLD' && c.code !== 'SLV'),
  home: COLOURS.filter((c) => ['BLK', 'WHT', 'GRY', 'BEI', 'GRN', 'BLU', 'NVY'].includes(c.code)),
  metal: COLOURS.filter((c) => ['GLD', 'SLV', 'BLK'].includes(c.code)),
  /** One uncoloured product per group (skincare). */
  none: [{ code: 'STD', value: '', name: ['', '', ''], weight: 1 }] as Colour[],
};
type Palette = keyof typeof PALETTES;

interface CategoryDef {
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

const CATEGORY_DEFS: readonly CategoryDef[] = [
  { path: ['Women', 'Shoes', 'Sneakers'], gender: 'Women', productType: 'Sneakers', sizes: 'womenShoe', sizeType: 'Shoes', palette: 'fashion', price: [599, 1799], heel: [2, 4], share: 4,
    materials: ['mat_leather', 'mat_suede', 'mat_canvas', 'mat_mesh'],
    nouns: [['Sneaker', 'sneakers', 'joggesko'], ['Court Sneaker', 'tennissko', 'tennissko'], ['Runner', 'löparsko', 'løpesko']] },
  { path: ['Women', 'Shoes', 'Boots'], gender: 'Women', productType: 'Boots', sizes: 'womenShoe', sizeType: 'Shoes', palette: 'fashion', price: [999, 2999], heel: [2, 8], shaft: [10, 40], share: 4,
    materials: ['mat_leather', 'mat_suede'],
    nouns: [['Chelsea Boot', 'chelseaboots', 'chelseastøvlett'], ['Ankle Boot', 'ankelkänga', 'ankelstøvlett'], ['Knee Boot', 'knähög stövel', 'knehøy støvel']] },
  { path: ['Women', 'Shoes', 'Heels'], gender: 'Women', productType: 'Heels', sizes: 'womenShoe', sizeType: 'Shoes', palette: 'fashion', price: [799, 2299], heel: [5, 10], share: 3,
    materials: ['mat_leather', 'mat_suede'],
    nouns: [['Pump', 'pumps', 'pumps'], ['Slingback', 'slingback', 'slingback'], ['Mule', 'mule', 'mule']] },
  { path: ['Women', 'Shoes', 'Sandals'], gender: 'Women', productType: 'Sandals', sizes: 'womenShoe', sizeType: 'Shoes', palette: 'fashion', price: [399, 1299], heel: [1, 6], share: 2,
    materials: ['mat_leather', 'mat_rubber'],
    nouns: [['Sandal', 'sandal', 'sandal'], ['Slide', 'slip-in-sandal', 'slippers']] },
  { path: ['Women', 'Clothing', 'Dresses'], gender: 'Women', productType: 'Dresses', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [499, 1999], clothing: true, share: 4,
    materials: ['mat_cotton', 'mat_linen', 'mat_silk', 'mat_viscose'],
    nouns: [['Wrap Dress', 'omlottklänning', 'slå-om-kjole'], ['Shirt Dress', 'skjortklänning', 'skjortekjole'], ['Maxi Dress', 'maxiklänning', 'maxikjole']] },
  { path: ['Women', 'Clothing', 'Jackets'], gender: 'Women', productType: 'Jackets', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [999, 2999], clothing: true, share: 3,
    materials: ['mat_wool', 'mat_polyester', 'mat_cotton', 'mat_nylon'],
    nouns: [['Trench Coat', 'trenchcoat', 'trenchcoat'], ['Puffer Jacket', 'dunjacka', 'dunjakke'], ['Blazer', 'kavaj', 'blazer']] },
  { path: ['Women', 'Clothing', 'Knitwear'], gender: 'Women', productType: 'Knitwear', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [499, 1999], clothing: true, share: 3,
    materials: ['mat_wool', 'mat_merino', 'mat_cashmere', 'mat_cotton'],
    nouns: [['Cardigan', 'kofta', 'cardigan'], ['Sweater', 'tröja', 'genser'], ['Turtleneck', 'polotröja', 'høyhalset genser']] },
  { path: ['Women', 'Clothing', 'Jeans'], gender: 'Women', productType: 'Jeans', sizes: 'waist', sizeType: 'Jeans', palette: 'fashion', price: [599, 1299], clothing: true, share: 3,
    materials: ['mat_denim', 'mat_organic_cotton'],
    nouns: [['Straight Jeans', 'raka jeans', 'rette jeans'], ['Wide Jeans', 'vida jeans', 'vide jeans'], ['Skinny Jeans', 'tajta jeans', 'smale jeans']] },
  { path: ['Men', 'Shoes', 'Sneakers'], gender: 'Men', productType: 'Sneakers', sizes: 'menShoe', sizeType: 'Shoes', palette: 'fashion', price: [599, 1799], heel: [2, 4], share: 4,
    materials: ['mat_leather', 'mat_suede', 'mat_canvas', 'mat_mesh'],
    nouns: [['Sneaker', 'sneakers', 'joggesko'], ['Low Top', 'lågsko', 'lavsko'], ['High Top', 'höga sneakers', 'høye joggesko']] },
  { path: ['Men', 'Shoes', 'Boots'], gender: 'Men', productType: 'Boots', sizes: 'menShoe', sizeType: 'Shoes', palette: 'fashion', price: [999, 2999], heel: [2, 5], shaft: [10, 25], share: 3,
    materials: ['mat_leather', 'mat_suede'],
    nouns: [['Chelsea Boot', 'chelseaboots', 'chelseastøvlett'], ['Work Boot', 'arbetskänga', 'arbeidsstøvel'], ['Hiking Boot', 'vandringskänga', 'fjellstøvel']] },
  { path: ['Men', 'Jackets'], gender: 'Men', productType: 'Jackets', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [999, 2999], clothing: true, share: 3,
    materials: ['mat_wool', 'mat_polyester', 'mat_cotton', 'mat_nylon'],
    nouns: [['Parka', 'parkas', 'parkas'], ['Field Jacket', 'fältjacka', 'feltjakke'], ['Bomber Jacket', 'bomberjacka', 'bomberjakke']] },
  { path: ['Men', 'Shirts'], gender: 'Men', productType: 'Shirts', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [399, 1199], clothing: true, share: 3,
    materials: ['mat_cotton', 'mat_linen', 'mat_organic_cotton'],
    nouns: [['Oxford Shirt', 'oxfordskjorta', 'oxfordskjorte'], ['Flannel Shirt', 'flanellskjorta', 'flanellskjorte'], ['Overshirt', 'skjortjacka', 'skjortejakke']] },
  { path: ['Men', 'Trousers'], gender: 'Men', productType: 'Trousers', sizes: 'waist', sizeType: 'Trousers', palette: 'fashion', price: [499, 1499], clothing: true, share: 3,
    materials: ['mat_cotton', 'mat_wool', 'mat_linen'],
    nouns: [['Chinos', 'chinos', 'chinos'], ['Cargo Trousers', 'cargobyxor', 'cargobukse'], ['Suit Trousers', 'kostymbyxor', 'dressbukse']] },
  { path: ['Men', 'Knitwear'], gender: 'Men', productType: 'Knitwear', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [499, 1999], clothing: true, share: 2,
    materials: ['mat_wool', 'mat_merino', 'mat_cashmere'],
    nouns: [['Crew Neck Sweater', 'rundhalsad tröja', 'rundhalset genser'], ['Zip Cardigan', 'kofta med dragkedja', 'cardigan med glidelås']] },
  { path: ['Men', 'T-shirts'], gender: 'Men', productType: 'T-shirts', sizes: 'clothing', sizeType: 'Clothing', palette: 'fashion', price: [99, 499], clothing: true, share: 3,
    materials: ['mat_cotton', 'mat_organic_cotton'],
    nouns: [['T-shirt', 't-shirt', 't-skjorte'], ['Polo Shirt', 'pikétröja', 'pikéskjorte'], ['Tank Top', 'linne', 'singlet']] },
  { path: ['Kids', 'Clothing', 'T-shirts'], gender: 'kids', productType: 'T-shirts', sizes: 'kidsClothing', sizeType: 'Kids', palette: 'fashion', price: [99, 299], clothing: true, share: 2,
    materials: ['mat_cotton', 'mat_organic_cotton'],
    nouns: [['Kids T-shirt', 't-shirt för barn', 't-skjorte for barn'], ['Long Sleeve Top', 'långärmad tröja', 'langermet genser']] },
  { path: ['Kids', 'Clothing', 'Outerwear'], gender: 'kids', productType: 'Outerwear', sizes: 'kidsClothing', sizeType: 'Kids', palette: 'fashion', price: [399, 1499], clothing: true, share: 2,
    materials: ['mat_polyester', 'mat_nylon'],
    nouns: [['Rain Jacket', 'regnjacka', 'regnjakke'], ['Snowsuit', 'vinteroverall', 'vinterdress'], ['Winter Jacket', 'vinterjacka', 'vinterjakke']] },
  { path: ['Kids', 'Shoes'], gender: 'kids', productType: 'Shoes', sizes: 'kidsShoe', sizeType: 'Kids shoes', palette: 'fashion', price: [299, 899], share: 2,
    materials: ['mat_rubber', 'mat_canvas', 'mat_leather'],
    nouns: [['Rain Boot', 'gummistövel', 'gummistøvel'], ['Kids Sneaker', 'barnsneakers', 'barnejoggesko'], ['Winter Boot', 'vinterkänga', 'vinterstøvel']] },
  { path: ['Home', 'Kitchen', 'Knives'], gender: 'none', productType: 'Knives', sizes: 'knife', palette: 'home', price: [299, 1999], weight: [120, 320], share: 2,
    materials: ['mat_steel', 'mat_oak'],
    nouns: [["Chef's Knife", 'kockkniv', 'kokkekniv'], ['Santoku Knife', 'santokukniv', 'santokukniv'], ['Bread Knife', 'brödkniv', 'brødkniv']] },
  { path: ['Home', 'Kitchen', 'Cookware'], gender: 'none', productType: 'Cookware', sizes: 'cookware', palette: 'home', price: [399, 2499], weight: [900, 4500], share: 2,
    materials: ['mat_cast_iron', 'mat_steel', 'mat_ceramic'],
    nouns: [['Frying Pan', 'stekpanna', 'stekepanne'], ['Saucepan', 'kastrull', 'kasserolle'], ['Dutch Oven', 'gryta', 'gryte']] },
  { path: ['Home', 'Textiles', 'Towels'], gender: 'none', productType: 'Towels', sizes: 'towel', palette: 'home', price: [99, 499], share: 2,
    materials: ['mat_cotton', 'mat_linen', 'mat_organic_cotton'],
    nouns: [['Bath Towel', 'badlakan', 'badehåndkle'], ['Hand Towel', 'handduk', 'håndkle']] },
  { path: ['Home', 'Textiles', 'Bedding'], gender: 'none', productType: 'Bedding', sizes: 'bedding', palette: 'home', price: [199, 1299], share: 2,
    materials: ['mat_cotton', 'mat_linen'],
    nouns: [['Duvet Cover', 'påslakan', 'dynetrekk'], ['Pillowcase', 'örngott', 'putetrekk'], ['Fitted Sheet', 'dra-på-lakan', 'laken med strikk']] },
  { path: ['Home', 'Lighting', 'Lamps'], gender: 'none', productType: 'Lamps', sizes: 'oneSize', palette: 'home', price: [499, 2999], weight: [800, 5000], share: 2,
    materials: ['mat_glass', 'mat_oak', 'mat_steel', 'mat_ceramic'],
    nouns: [['Table Lamp', 'bordslampa', 'bordlampe'], ['Floor Lamp', 'golvlampa', 'gulvlampe'], ['Pendant Lamp', 'taklampa', 'taklampe']] },
  { path: ['Sports', 'Running', 'Running Shoes'], gender: 'Unisex', productType: 'Running shoes', sizes: 'unisexShoe', sizeType: 'Shoes', palette: 'fashion', price: [899, 1999], heel: [2, 4], share: 3,
    materials: ['mat_mesh', 'mat_polyester'],
    nouns: [['Trail Running Shoe', 'terränglöparsko', 'terrengløpesko'], ['Road Running Shoe', 'löparsko', 'løpesko']] },
  { path: ['Sports', 'Outdoor', 'Backpacks'], gender: 'Unisex', productType: 'Backpacks', sizes: 'backpack', palette: 'fashion', price: [499, 2499], weight: [500, 1800], share: 2,
    materials: ['mat_nylon', 'mat_polyester', 'mat_canvas'],
    nouns: [['Daypack', 'dagsryggsäck', 'dagstursekk'], ['Hiking Backpack', 'vandringsryggsäck', 'turryggsekk']] },
  { path: ['Accessories', 'Bags'], gender: 'any', productType: 'Bags', sizes: 'oneSize', palette: 'fashion', price: [299, 2999], weight: [300, 1200], share: 2,
    materials: ['mat_leather', 'mat_canvas'],
    nouns: [['Tote Bag', 'tygväska', 'handlenett'], ['Weekend Bag', 'weekendbag', 'weekendbag'], ['Crossbody Bag', 'axelremsväska', 'skulderveske']] },
  { path: ['Accessories', 'Watches'], gender: 'any', productType: 'Watches', sizes: 'oneSize', palette: 'metal', price: [999, 2999], weight: [60, 180], share: 2,
    materials: ['mat_steel', 'mat_leather'],
    nouns: [['Chronograph', 'kronograf', 'kronograf'], ['Dress Watch', 'armbandsur', 'armbåndsur']] },
  { path: ['Accessories', 'Scarves'], gender: 'any', productType: 'Scarves', sizes: 'oneSize', palette: 'fashion', price: [199, 999], share: 2,
    materials: ['mat_wool', 'mat_cashmere', 'mat_silk'],
    nouns: [['Scarf', 'halsduk', 'skjerf'], ['Shawl', 'sjal', 'sjal']] },
  { path: ['Beauty', 'Skincare'], gender: 'Unisex', productType: 'Skincare', sizes: 'skincare', palette: 'none', price: [149, 899], share: 2,
    materials: [],
    nouns: [['Face Cream', 'ansiktskräm', 'ansiktskrem'], ['Serum', 'serum', 'serum'], ['Cleanser', 'rengöring', 'rens']] },
];

interface Category extends CategoryDef { id: string; names: Words }

function categoryId(path: readonly string[]): string {
  return 'cat_' + path.map((s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_')).join('_');
}
function categoryNames(path: readonly string[]): Words {
  const joined = (lang: Lang) => path.map((s) => SEGMENTS[s][lang]).join(' > ');
  return [joined(0), joined(1), joined(2)];
}

const CATEGORIES: readonly Category[] = CATEGORY_DEFS.map((d) => ({ ...d, id: categoryId(d.path), names: categoryNames(d.path) }));
const NEW_ARRIVALS = { id: categoryId(['New Arrivals']), names: categoryNames(['New Arrivals']) };
/** Products released this close to RELEASE_DATE_END also get the `New Arrivals` category. */
const NEW_ARRIVAL_DAYS = 45;

const BRANDS = [
  'Norrsken', 'Fjordline', 'Vinterhav', 'Ekholm & Co', 'Lysekil Supply', 'Baltic Loom', 'Skarv', 'Myrten', 'Halvdan', 'Granite Peak',
  'Stigen', 'Solberg', 'Tundra Works', 'Kvist', 'Havsbris', 'Oddvar', 'Ulla Berg', 'Brant Studio', 'Saltsjö', 'Frostmark',
  'Åsa Lind', 'Nord Atelier', 'Björk & Tall', 'Lindqvist', 'Heda', 'Storm Harbour', 'Vidde', 'Kalmar Knife Co', 'Järnbruket', 'Stugan',
  'Ljus & Form', 'Glimt', 'Pinewood', 'Fält', 'Rask Running', 'Alva', 'Sjö Skincare', 'Dagg', 'Ymer', 'Kompass',
];
/** Product line names; untranslated, they lead every title. */
const STYLES = [
  'Nordic', 'Urban', 'Classic', 'Alpine', 'Coastal', 'Heritage', 'Studio', 'Metro', 'Arctic', 'Vintage',
  'Essential', 'Luxe', 'Field', 'Harbour', 'Summit', 'Fjord', 'Breeze', 'Aurora', 'Tundra', 'Drift',
  'Pace', 'Core', 'Marin', 'Forest', 'Granite', 'Polar', 'Ember', 'Cirrus', 'Ridge', 'Solstice',
];
const SERIES = ['Archive', 'Explorer', 'Atelier', 'Everyday', 'Trail', 'Signature', 'Origins', 'Weekend', 'Performance', 'Limited Edition'];
const FEATURES: readonly Words[] = [
  ['waterproof', 'vattentät', 'vanntett'], ['lightweight', 'lätt', 'lett'], ['durable', 'slitstark', 'slitesterk'], ['soft', 'mjuk', 'myk'],
  ['classic', 'klassisk', 'klassisk'], ['comfortable', 'bekväm', 'komfortabel'], ['timeless', 'tidlös', 'tidløs'], ['sustainable', 'hållbar', 'bærekraftig'],
];
const PATTERNS = ['Solid', 'Solid', 'Solid', 'Striped', 'Checked', 'Floral', 'Printed'];
const MODEL_CODE_LETTERS = 'ABCDEFGHJKLMNPRSTVXZ';

// ------------------------------------------------------------------------------------------------
// Context: options resolved once

/** Value of one currency unit in SEK-ish units (only the ratios matter). */
const CURRENCY_RATES: Record<string, number> = { SEK: 1, NOK: 1.05, DKK: 0.7, ISK: 13, EUR: 0.09, GBP: 1 / 13, USD: 0.1, CHF: 0.085, PLN: 0.38, CZK: 2.2 };
const WHOLE_UNIT_CURRENCIES = new Set(['SEK', 'NOK', 'DKK', 'ISK', 'CZK', 'PLN']);

interface MarketInfo { id: string; locales: string[]; currency: string }
interface Context {
  seed: number;
  prefix: string;
  productGroups: number;
  contentItems: number;
  markets: MarketInfo[];
  home: MarketInfo;
  /** Every configured locale once, in configuration order. */
  locales: string[];
  /** Locale of `defaults` data: the home market's first locale. */
  dataLocale: string;
  dataLang: Lang;
}

function contextOf(options: GeneratorOptions): Context {
  const configuration = options.markets ?? defaultConfiguration();
  const markets = Object.entries(configuration.markets).map(([id, m]) => ({ id, locales: [...m.locales], currency: m.currency ?? 'SEK' }));
  if (!markets.length || !markets[0].locales.length) throw new Error('the generator needs at least one market with a locale');
  const locales = [...new Set(markets.flatMap((m) => m.locales))];
  const seed = options.seed ?? 1;
  const productGroups = Math.max(0, Math.floor(options.productGroups));
  return {
    seed,
    prefix: options.keyPrefix ?? '',
    productGroups,
    contentItems: options.contentItems ?? Math.max(3, Math.floor(productGroups / 20)),
    markets,
    home: markets[0],
    locales,
    dataLocale: markets[0].locales[0],
    dataLang: langOf(markets[0].locales[0]),
  };
}

// ------------------------------------------------------------------------------------------------
// Translations

function* translationLines(ctx: Context): Generator<ReplaceEntity> {
  const groups: [attribute: string, entries: [id: string, words: Words][]][] = [
    ['category', [...CATEGORIES.map((c): [string, Words] => [c.id, c.names]), [NEW_ARRIVALS.id, NEW_ARRIVALS.names]]],
    ['customLabels.material', Object.entries(MATERIALS).map(([id, m]): [string, Words] => [id, m.label])],
    ['customLabels.fit', Object.entries(FITS)],
    ['customLabels.topic', Object.entries(TOPICS)],
    ['gender', Object.entries(GENDERS)],
    ['age', Object.entries(AGES)],
  ];
  for (const [attribute, entries] of groups) {
    for (const [id, words] of entries) {
      for (const locale of ctx.locales) {
        const translation: Translation = { attribute, id, locale, value: words[langOf(locale)] };
        yield { key: `${ctx.prefix}tr-${attribute}-${id}-${locale}`, translation };
      }
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Product groups

interface Skeleton { category: Category; colours: Colour[] }

/**
 * The part of a group other groups need to know (its category and colours, hence its product keys),
 * drawn from its own stream so `styleWith` can name products of any group without generating it.
 */
function skeleton(ctx: Context, n: number): Skeleton {
  const rng = new Rng(mix(ctx.seed, n, SKELETON));
  const category = rng.weighted(CATEGORIES, (c) => c.share);
  const palette = PALETTES[category.palette];
  const count = Math.min(palette.length, rng.weighted([1, 2, 3, 4], (k) => [35, 30, 20, 15][k - 1]));
  return { category, colours: rng.sample(palette, count, (c) => c.weight) };
}

const groupKey = (ctx: Context, n: number) => `${ctx.prefix}PG${n}`;
const productKey = (ctx: Context, n: number, colour: Colour) => `${ctx.prefix}P${n}-${colour.code}`;
const variantKey = (ctx: Context, n: number, colour: Colour, size: string | undefined) =>
  `${ctx.prefix}V${n}-${colour.code}-${size === undefined ? 'OS' : size.replace(/\//g, '-').replace(/\s+/g, '')}`;

/** What every product of a group shares: the style, its words in each language and its attributes. */
interface GroupStyle {
  n: number;
  category: Category;
  brand: string;
  style: string;
  noun: Words;
  material?: string;
  series?: string;
  modelCode?: string;
  feature: Words;
  gender?: string;
  age?: string;
  fit?: string;
  basePrice: number;
  /** Title and its url slug per language, computed once per group. */
  titles: Words;
  titleSlugs: Words;
}

function productGroupLine(ctx: Context, n: number): ReplaceEntity {
  const { category, colours } = skeleton(ctx, n);
  const rng = new Rng(mix(ctx.seed, n, GROUP));
  const categoryIndex = CATEGORIES.indexOf(category);
  const style: Omit<GroupStyle, 'titles' | 'titleSlugs'> = {
    n,
    category,
    // Each category draws from its own window of eight brands, so brand facets look coherent.
    brand: BRANDS[(categoryIndex * 7 + rng.int(0, 7)) % BRANDS.length],
    style: rng.pick(STYLES),
    noun: rng.pick(category.nouns),
    material: category.materials.length ? rng.pick(category.materials) : undefined,
    series: rng.chance(0.3) ? rng.pick(SERIES) : undefined,
    modelCode: rng.chance(0.05) ? `${rng.pick([...MODEL_CODE_LETTERS])}${rng.pick([...MODEL_CODE_LETTERS])}-${rng.int(1000, 9999)}` : undefined,
    feature: rng.pick(FEATURES),
    gender: genderOf(category, rng),
    age: category.gender === 'none' ? undefined : category.gender === 'kids' ? 'Kids' : 'Adult',
    fit: category.clothing ? rng.weighted(Object.keys(FITS), (f) => (f === 'fit_regular' ? 3 : 1)) : undefined,
    basePrice: charm(category.price[0] + rng.float() * (category.price[1] - category.price[0]), 'SEK'),
  };
  const titles: Words = [titleOf(style, 0), titleOf(style, 1), titleOf(style, 2)];
  const group: GroupStyle = { ...style, titles, titleSlugs: [slug(titles[0]), slug(titles[1]), slug(titles[2])] };
  const products: Record<string, Product> = {};
  for (const colour of colours) products[productKey(ctx, n, colour)] = product(ctx, rng, group, colour);
  const productGroup: ProductGroup = { products };
  if (rng.chance(0.2)) productGroup.suppressDuplicates = true;
  return { key: groupKey(ctx, n), productGroup };
}

function genderOf(category: Category, rng: Rng): string | undefined {
  switch (category.gender) {
    case 'none': return undefined;
    case 'kids': return rng.weighted(['Girls', 'Boys', 'Unisex'], (g) => (g === 'Unisex' ? 2 : 1));
    case 'any': return rng.weighted(['Women', 'Men', 'Unisex'], (g) => (g === 'Women' ? 3 : g === 'Unisex' ? 2 : 1));
    default: return category.gender;
  }
}

function product(ctx: Context, rng: Rng, group: GroupStyle, colour: Colour): Product {
  const { category } = group;
  const key = productKey(ctx, group.n, colour);
  const markets = rng.chance(0.1) ? [ctx.home.id] : ctx.markets.map((m) => m.id);
  const releaseDate = randomReleaseDate(rng);
  const isNew = Date.parse(RELEASE_DATE_END) - Date.parse(releaseDate) < NEW_ARRIVAL_DAYS * 86_400_000;

  const defaults: ProductData = {
    title: group.titles[ctx.dataLang],
    url: productUrl(group, key, ctx.dataLang, undefined),
    brand: group.brand,
    description: descriptionOf(rng, group, ctx.dataLang),
    ontology: category.names[0],
    dataLocale: ctx.dataLocale,
    category: isNew ? [category.id, NEW_ARRIVALS.id] : [category.id],
    department: [category.path[0]],
    productType: [category.productType],
  };
  if (group.series) defaults.series = group.series;
  if (category.sizeType) defaults.sizeType = category.sizeType;
  if (group.gender) defaults.gender = [group.gender];
  if (group.age) defaults.age = [group.age];
  if (category.clothing) defaults.pattern = [colour.code === 'MLT' ? 'Printed' : rng.pick(PATTERNS)];
  const styleWith = styleWithOf(ctx, rng, group.n);
  if (styleWith.length) defaults.styleWith = styleWith;
  const customLabels: Record<string, string[]> = {};
  if (group.material) customLabels.material = [group.material];
  if (group.fit) customLabels.fit = [group.fit];
  if (Object.keys(customLabels).length) defaults.customLabels = customLabels;
  if (category.heel) defaults.customNumbers = { heelHeight: rng.int(category.heel[0] * 2, category.heel[1] * 2) / 2 };
  if (category.shaft) defaults.customLengths = { shaftHeight: { amount: rng.int(category.shaft[0], category.shaft[1]), unit: 'cm' } };
  if (category.weight) defaults.weight = { amount: rng.int(category.weight[0] / 10, category.weight[1] / 10) * 10, unit: 'g' };
  if (rng.chance(0.7)) defaults.rating = rating(rng);
  defaults.releaseDate = releaseDate;

  const overrides = localeOverrides(ctx, rng, group, key, markets);
  return {
    markets,
    defaults,
    ...(overrides && { overrides }),
    variants: variants(ctx, rng, group, colour, markets),
    images: images(rng, group, key, colour, ctx.dataLang),
    ...(colour.value && { colorInitial: [colour.value] }),
  };
}

/** `*|<locale>` overrides with title, description and url for every sold locale in another language than the defaults. */
function localeOverrides(ctx: Context, rng: Rng, group: GroupStyle, key: string, markets: string[]): Record<string, ProductData> | undefined {
  const sold = new Set(ctx.markets.filter((m) => markets.includes(m.id)).flatMap((m) => m.locales));
  const overrides: Record<string, ProductData> = {};
  for (const locale of ctx.locales) {
    const lang = langOf(locale);
    if (!sold.has(locale) || lang === ctx.dataLang) continue;
    overrides[`*|${locale}`] = {
      title: group.titles[lang],
      url: productUrl(group, key, lang, locale),
      description: descriptionOf(rng, group, lang),
      dataLocale: locale,
    };
  }
  return Object.keys(overrides).length ? overrides : undefined;
}

function titleOf(group: Omit<GroupStyle, 'titles' | 'titleSlugs'>, lang: Lang): string {
  const noun = group.noun[lang];
  const material = group.material ? MATERIALS[group.material].title[lang] : undefined;
  let title: string;
  if (lang === 0) title = [group.style, material, noun].filter(Boolean).join(' ');
  else title = `${group.style} ${noun}${material ? ` i ${material}` : ''}`;
  return group.modelCode ? `${title} ${group.modelCode}` : title;
}

function descriptionOf(rng: Rng, group: GroupStyle, lang: Lang): string {
  const noun = group.noun[lang].toLowerCase();
  const material = group.material ? MATERIALS[group.material].label[lang].toLowerCase() : undefined;
  const feature = group.feature[lang];
  const first = [
    material ? `A ${feature} ${noun} in ${material} from ${group.brand}.` : `A ${feature} ${noun} from ${group.brand}.`,
    material ? `En ${feature} ${noun} i ${material} från ${group.brand}.` : `En ${feature} ${noun} från ${group.brand}.`,
    material ? `En ${feature} ${noun} i ${material} fra ${group.brand}.` : `En ${feature} ${noun} fra ${group.brand}.`,
  ][lang];
  const everyday: Words = group.category.path[0] === 'Home'
    ? ['A natural choice for the modern home.', 'Ett självklart val för det moderna hemmet.', 'Et selvsagt valg for det moderne hjemmet.']
    : ['Easy to combine with the rest of your wardrobe.', 'Lätt att kombinera med resten av garderoben.', 'Lett å kombinere med resten av garderoben.'];
  const sentences = [first];
  if (rng.chance(0.6)) sentences.push(everyday[lang]);
  if (group.series) sentences.push([`Part of the ${group.series} series.`, `Ingår i serien ${group.series}.`, `En del av ${group.series}-serien.`][lang]);
  if (group.modelCode) sentences.push(`${lang === 0 ? 'Model' : 'Modell'} ${group.modelCode}.`);
  return sentences.slice(0, 3).join(' ');
}

function productUrl(group: GroupStyle, key: string, lang: Lang, locale: string | undefined): string {
  const base = `/product/${group.titleSlugs[lang]}-${slug(key)}`;
  return locale ? `/${LANG_CODES[lang]}${base}` : base;
}

/** Keys of the first product of up to three other groups (30% of products). */
function styleWithOf(ctx: Context, rng: Rng, n: number): string[] {
  if (ctx.productGroups < 2 || !rng.chance(0.3)) return [];
  const keys: string[] = [];
  for (let i = rng.int(1, 3); i > 0; i--) {
    let other = rng.int(1, ctx.productGroups - 1);
    if (other >= n) other++;
    const key = productKey(ctx, other, skeleton(ctx, other).colours[0]);
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

function variants(ctx: Context, rng: Rng, group: GroupStyle, colour: Colour, markets: string[]): Record<string, Variant> {
  const sizes = pickSizes(rng, SIZES[group.category.sizes]);
  const onSale = rng.chance(0.3);
  const discount = rng.pick([0.2, 0.25, 0.3, 0.4, 0.5]);
  const member = rng.chance(0.25);
  const otherMarkets = ctx.markets.filter((m) => markets.includes(m.id) && m.currency !== ctx.home.currency);
  // Dimension sizes (cm, L, ml, 50x70) cost more as they grow; clothing and shoe sizes cost the same.
  const growing = !['womenShoe', 'menShoe', 'unisexShoe', 'kidsShoe', 'clothing', 'kidsClothing', 'waist'].includes(group.category.sizes);
  const result: Record<string, Variant> = {};
  const list = sizes.length ? sizes : [undefined];
  list.forEach((size, i) => {
    const listSek = Math.min(2999, charm(group.basePrice * (growing ? 1 + 0.25 * i : 1), 'SEK'));
    const sellingSek = onSale ? listSek * (1 - discount) : listSek;
    const memberSek = member ? sellingSek * 0.9 : undefined;
    const defaults: VariantData = {
      ...prices(listSek, sellingSek, memberSek, ctx.home.currency),
      cost: roundAmount(convert(listSek * 0.4, ctx.home.currency), ctx.home.currency),
    };
    if (list.length > 1 && size !== undefined) {
      defaults.label = size;
      defaults.size = [size];
      defaults.order = i;
    }
    defaults.stock = rng.chance(0.15) ? 0 : rng.int(1, 50);
    const storeStock: Record<string, number> = {};
    for (const store of GENERATED_STORES) storeStock[store] = rng.chance(0.3) ? 0 : rng.int(1, 20);
    defaults.storeStock = storeStock;
    const variant: Variant = { defaults };
    if (otherMarkets.length) {
      variant.overrides = {};
      for (const market of otherMarkets) variant.overrides[`${market.id}|*`] = prices(listSek, sellingSek, memberSek, market.currency);
    }
    result[variantKey(ctx, group.n, colour, list.length > 1 ? size : undefined)] = variant;
  });
  return result;
}

/** 1–6 consecutive sizes of the system (none for one-size categories). */
function pickSizes(rng: Rng, system: readonly string[]): string[] {
  if (!system.length) return [];
  const count = Math.min(system.length, rng.int(1, 6));
  const start = rng.int(0, system.length - count);
  return system.slice(start, start + count);
}

/** Price fields in a currency, keeping listPrice >= sellingPrice >= member price after rounding. */
function prices(listSek: number, sellingSek: number, memberSek: number | undefined, currency: string): VariantData {
  const listPrice = charm(convert(listSek, currency), currency);
  const sellingPrice = sellingSek < listSek ? Math.min(listPrice, charm(convert(sellingSek, currency), currency)) : listPrice;
  const data: VariantData = { listPrice, sellingPrice };
  if (memberSek !== undefined) {
    data.customPrices = { member: { listPrice, sellingPrice: Math.min(sellingPrice, charm(convert(memberSek, currency), currency)) } };
  }
  return data;
}

function convert(sek: number, currency: string): number {
  return sek * (CURRENCY_RATES[currency] ?? 1);
}

function roundAmount(amount: number, currency: string): number {
  return WHOLE_UNIT_CURRENCIES.has(currency) || CURRENCY_RATES[currency] === undefined ? Math.round(amount) : Math.round(amount * 100) / 100;
}

/** Shop-style price points: 149, 499, 1299 in whole-unit currencies, 12.99 in others. */
function charm(amount: number, currency: string): number {
  if (!WHOLE_UNIT_CURRENCIES.has(currency) && CURRENCY_RATES[currency] !== undefined) {
    return Math.max(99, Math.round(amount) * 100 - 1) / 100;
  }
  const step = amount < 200 ? 10 : amount < 1000 ? 50 : 100;
  return Math.max(9, Math.round(amount / step) * step - 1);
}

function rating(rng: Rng): number {
  const value = rng.chance(0.8) ? 3 + 2 * rng.float() : 5 * rng.float();
  return Math.round(value * 10) / 10;
}

function randomReleaseDate(rng: Rng): string {
  const twoYears = 2 * 365 * 86_400;
  const ms = Date.parse(RELEASE_DATE_END) - rng.int(0, twoYears - 1) * 1000;
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

function images(rng: Rng, group: GroupStyle, key: string, colour: Colour, lang: Lang): Record<string, Image> {
  const result: Record<string, Image> = {};
  const count = rng.int(1, 3);
  const base = `https://images.example.com/${encodeURIComponent(key)}`;
  const alt = colour.name[lang] ? `${group.titles[lang]}, ${colour.name[lang].toLowerCase()}` : group.titles[lang];
  const modelFirst = group.category.clothing === true || group.category.path[1] === 'Shoes';
  for (let i = 1; i <= count; i++) {
    const image: Image = {
      defaults: { urls: [{ url: `${base}/${i}.jpg`, widthInitial: 800 }, { url: `${base}/${i}-400.jpg`, widthInitial: 400 }], alt },
      order: i,
      typeInitial: (i === 1) === modelFirst ? 'model' : 'cutout',
    };
    result[`${key}-${i}`] = image;
  }
  return result;
}

// ------------------------------------------------------------------------------------------------
// Content

type ContentKind = 'care' | 'guide' | 'style' | 'news' | 'link';
const CONTENT_KINDS: readonly { kind: ContentKind; type: string; topic: keyof typeof TOPICS; weight: number }[] = [
  { kind: 'care', type: 'article', topic: 'topic_care', weight: 3 },
  { kind: 'style', type: 'article', topic: 'topic_style', weight: 2 },
  { kind: 'news', type: 'article', topic: 'topic_news', weight: 2 },
  { kind: 'guide', type: 'guide', topic: 'topic_buying_guide', weight: 3 },
  { kind: 'link', type: 'link', topic: 'topic_brands', weight: 2 },
];

function contentLine(ctx: Context, n: number): ReplaceEntity {
  const rng = new Rng(mix(ctx.seed, n, CONTENT));
  const kind = rng.weighted(CONTENT_KINDS, (k) => k.weight);
  const category = rng.weighted(CATEGORIES, (c) => c.share);
  const words = {
    leaf: category.path[category.path.length - 1],
    material: category.materials.length ? rng.pick(category.materials) : undefined,
    brand: BRANDS[(CATEGORIES.indexOf(category) * 7 + rng.int(0, 7)) % BRANDS.length],
    style: rng.pick(STYLES),
  };
  const key = `${ctx.prefix}C${n}`;
  const absolute = kind.kind === 'link' && rng.chance(0.5) ? `https://www.example.com/brands/${slug(words.brand)}` : undefined;
  const data = (lang: Lang, locale: string | undefined): ContentData => {
    const title = contentTitle(kind.kind, words, lang);
    const path = `/content/${slug(title)}-${slug(key)}`;
    return {
      title,
      url: absolute ?? (locale ? `/${LANG_CODES[lang]}${path}` : path),
      description: contentDescription(kind.kind, words, lang),
    };
  };
  const markets = rng.chance(0.1) ? [ctx.home.id] : ctx.markets.map((m) => m.id);
  const defaults: ContentData = {
    ...data(ctx.dataLang, undefined),
    releaseDate: randomReleaseDate(rng),
    dataLocale: ctx.dataLocale,
    customLabels: { topic: [kind.topic] },
  };
  const content: Content = { markets, type: kind.type, defaults };
  const sold = new Set(ctx.markets.filter((m) => markets.includes(m.id)).flatMap((m) => m.locales));
  const overrides: Record<string, ContentData> = {};
  for (const locale of ctx.locales) {
    const lang = langOf(locale);
    if (sold.has(locale) && lang !== ctx.dataLang) overrides[`*|${locale}`] = { ...data(lang, locale), dataLocale: locale };
  }
  if (Object.keys(overrides).length) content.overrides = overrides;
  if (rng.chance(0.7)) {
    content.image = { defaults: { urls: [{ url: `https://images.example.com/content/${encodeURIComponent(key)}/hero.jpg`, widthInitial: 1200 }], alt: defaults.title } };
  }
  return { key, content };
}

interface ContentWords { leaf: string; material?: string; brand: string; style: string }

function contentTitle(kind: ContentKind, w: ContentWords, lang: Lang): string {
  const leaf = SEGMENTS[w.leaf][lang].toLowerCase();
  const material = w.material ? MATERIALS[w.material].label[lang].toLowerCase() : undefined;
  switch (kind) {
    case 'care':
      if (material) return [`How to care for ${material} ${leaf}`, `Så sköter du ${leaf} i ${material}`, `Slik tar du vare på ${leaf} i ${material}`][lang];
      return [`How to care for your ${leaf}`, `Så sköter du dina ${leaf}`, `Slik tar du vare på ${leaf}`][lang];
    case 'style': return [`5 ways to style ${leaf}`, `5 sätt att styla ${leaf}`, `5 måter å style ${leaf}`][lang];
    case 'guide': return [`${SEGMENTS[w.leaf][0]}: a buying guide`, `Köpguide: ${leaf}`, `Kjøpeguide: ${leaf}`][lang];
    case 'news': return [`New in: the ${w.style} collection from ${w.brand}`, `Nyhet: ${w.style}-kollektionen från ${w.brand}`, `Nyhet: ${w.style}-kolleksjonen fra ${w.brand}`][lang];
    case 'link': return [`Visit ${w.brand}`, `Besök ${w.brand}`, `Besøk ${w.brand}`][lang];
  }
}

function contentDescription(kind: ContentKind, w: ContentWords, lang: Lang): string {
  const leaf = SEGMENTS[w.leaf][lang].toLowerCase();
  switch (kind) {
    case 'care': return [`Simple steps that keep your ${leaf} looking good for years.`, `Enkla steg som håller dina ${leaf} fina i många år.`, `Enkle steg som holder ${leaf} fine i mange år.`][lang];
    case 'style': return [`Our stylists pick their favourite ways to wear ${leaf} this season.`, `Våra stylister väljer sina favoriter bland ${leaf} den här säsongen.`, `Stylistene våre velger favorittene blant ${leaf} denne sesongen.`][lang];
    case 'guide': return [`Everything you need to know before you buy ${leaf}.`, `Allt du behöver veta innan du köper ${leaf}.`, `Alt du trenger å vite før du kjøper ${leaf}.`][lang];
    case 'news': return [`${w.brand} presents ${w.style}, new this season.`, `${w.brand} presenterar ${w.style}, nytt för säsongen.`, `${w.brand} presenterer ${w.style}, nytt for sesongen.`][lang];
    case 'link': return [`The story behind ${w.brand}.`, `Historien bakom ${w.brand}.`, `Historien bak ${w.brand}.`][lang];
  }
}

// ------------------------------------------------------------------------------------------------

/** Lower-case ASCII url slug: `Chelsea-boots i läder` → `chelsea-boots-i-lader`. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/&/g, 'and')
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A category path of the generated catalog, each level in English, Swedish and Norwegian. */
export interface GeneratedCategoryPath { path: readonly string[]; names: readonly (readonly [string, string, string])[] }

/** Every category path the generator uses (leaves and their ancestors), parents before children. */
export function generatedCategoryPaths(): GeneratedCategoryPath[] {
  const seen = new Map<string, GeneratedCategoryPath>();
  for (const { path } of CATEGORY_DEFS) {
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth);
      const id = prefix.join('/');
      if (!seen.has(id)) seen.set(id, { path: prefix, names: prefix.map((s) => SEGMENTS[s]) });
    }
  }
  return [...seen.values()];
}

/** The generator's language index of a locale: Swedish, Norwegian, else English. */
export function generatedLanguageOf(locale: string): 0 | 1 | 2 {
  return locale.startsWith('sv') ? 1 : locale.startsWith('nb') || locale.startsWith('no') ? 2 : 0;
}
