/**
 * The fashion assortment: the shoes and clothes of the default assortment, sold as fashion feeds sell them:
 * 2–6 colours per group (one product each), 8–30 sizes per product from long size runs (half sizes,
 * lengths, waist × leg), and variant-level custom labels (other size systems, foot length, leg length).
 */
import { type Assortment, type CategoryDef, type SizeSystem, categoriesOf } from './assortment';
import { CATEGORY_DEFS, DEFAULT_ASSORTMENT, SEGMENTS, SIZES } from './defaultAssortment';

const range = (from: number, to: number, step: number): number[] => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);
const size = (n: number): string => String(n);

/** EU shoe sizes with UK and US equivalents (`ukOffset`: EU − UK; US = UK + `usOffset`) and foot length. */
function shoeSizes(from: number, to: number, step: number, conversion?: { ukOffset: number; usOffset: number }): SizeSystem {
  return {
    sizes: range(from, to, step).map(size),
    pricedBySize: false,
    variantLabels: (eu) => {
      const n = Number(eu);
      const labels: Record<string, string[]> = { size_eu: [eu], foot_length_cm: [`${(n / 1.5 - 1.5).toFixed(1)} cm`] };
      if (conversion) {
        labels.size_uk = [size(n - conversion.ukOffset)];
        labels.size_us = [size(n - conversion.ukOffset + conversion.usOffset)];
      }
      return labels;
    },
  };
}

const LETTERS = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'];
const LETTER_EU: Record<string, string> = { XXS: '30', XS: '32', S: '36', M: '40', L: '44', XL: '48', XXL: '52', '3XL': '56', '4XL': '60' };
const LETTER_UK: Record<string, string> = { XXS: '4', XS: '6', S: '8', M: '12', L: '16', XL: '20', XXL: '24', '3XL': '28', '4XL': '32' };
const LEG_LENGTHS = ['Short', 'Regular', 'Long'];

/** "M Long": letter sizes in three leg or body lengths. */
const letterSizes: SizeSystem = {
  sizes: LETTERS.flatMap((letter) => LEG_LENGTHS.map((length) => `${letter} ${length}`)),
  pricedBySize: false,
  variantLabels: (label) => {
    const [letter, length] = label.split(' ');
    return { size_eu: [LETTER_EU[letter]], size_uk: [LETTER_UK[letter]], 'fit.length': [length] };
  },
};

/** "30/32": waist × leg in inches. */
const waistSizes: SizeSystem = {
  sizes: range(26, 38, 1).flatMap((waist) => [30, 32, 34].map((leg) => `${waist}/${leg}`)),
  pricedBySize: false,
  variantLabels: (label) => {
    const [waist, leg] = label.split('/');
    return { waist_in: [waist], inseam_in: [leg], size_eu: [size(Number(waist) + 16)] };
  },
};

/** Children's sizes by height in cm, with the age they fit. */
const kidsSizes: SizeSystem = {
  sizes: range(50, 170, 6).map(size),
  pricedBySize: false,
  variantLabels: (cm) => {
    const years = Math.max(0, Math.round((Number(cm) - 80) / 6.5));
    return { size_eu: [cm], age_years: [`${years}-${years + 1}`] };
  },
};

/** The default size system of a category → its fashion-feed size run. */
const FASHION_SIZES = new Map<SizeSystem, SizeSystem>([
  [SIZES.womenShoe, shoeSizes(34, 45.5, 0.5, { ukOffset: 33, usOffset: 2 })],
  [SIZES.menShoe, shoeSizes(38, 49, 0.5, { ukOffset: 34, usOffset: 1 })],
  [SIZES.unisexShoe, shoeSizes(35, 48, 0.5, { ukOffset: 34, usOffset: 1 })],
  [SIZES.kidsShoe, shoeSizes(20, 38, 1)],
  [SIZES.clothing, letterSizes],
  [SIZES.waist, waistSizes],
  [SIZES.kidsClothing, kidsSizes],
]);

const FASHION_DEFS: readonly CategoryDef[] = CATEGORY_DEFS.flatMap((d) => {
  const sizes = FASHION_SIZES.get(d.sizes);
  return sizes ? [{ ...d, sizes }] : [];
});

export const FASHION_ASSORTMENT: Assortment = {
  ...DEFAULT_ASSORTMENT,
  categories: categoriesOf(FASHION_DEFS, SEGMENTS),
  colourCounts: [
    [2, 25],
    [3, 30],
    [4, 25],
    [5, 12],
    [6, 8],
  ],
  variantsPerProduct: [8, 30],
};
