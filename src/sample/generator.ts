/**
 * Deterministic catalog generator for the sample data loader, the test suite and the benchmarks.
 * Pure and streaming: every line is built from (seed, line number) alone, so memory stays O(1) per
 * line however many product groups are asked for, and the same seed and options give byte-identical
 * output. Every line satisfies the admin spec's "Catalog entities" rules for the given configuration.
 *
 * Without `profile` and `attributes` it writes the tidy sample catalog it always has, byte for byte.
 * The `fashion` and `electronics` profiles and `attributes` model real feeds: thousands of custom
 * attribute names with Zipf popularity, long texts, many variants or many attributes (see profiles.ts).
 */
import type {
  CatalogConfiguration,
  Content,
  ContentData,
  Image,
  Product,
  ProductData,
  ProductGroup,
  ReplaceEntity,
  Translation,
  Variant,
  VariantData,
} from '../catalog/types';
import {
  AGES,
  type Assortment,
  type Category,
  type Colour,
  FITS,
  GENDERS,
  LANG_CODES,
  type Lang,
  MATERIALS,
  PALETTES,
  TOPICS,
  type Words,
  langOf,
} from './assortment';
import { FeedAttributes, type FeedAttributeValues } from './feedAttributes';
import { type GeneratorProfile, PROFILES } from './profiles';
import { Rng, mix } from './random';

export { mulberry32 } from './random';
export { GENERATOR_PROFILES, type GeneratorProfile, parseProfile } from './profiles';

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
  /**
   * Distinct custom attribute names the feed uses. When above 0, each product carries 5–40 custom
   * attributes (its material, fit and heel height included) whose names are drawn with Zipf popularity.
   * Default: the profile's (default 0, fashion 30, electronics 2000).
   */
  attributes?: number;
  /** 'default' (the sample catalog, unchanged), 'fashion' or 'electronics'. Default 'default'. */
  profile?: GeneratorProfile;
  /**
   * Where image URLs point. Default: `https://images.example.com` (resolves nowhere; benchmarks and tests).
   * The sample catalog points them at the service's own placeholder images (`<PUBLIC_URL>/images/sample`), which
   * also carry the product's colour (`?c=RRGGBB`) so the placeholder is drawn in it.
   */
  imageBaseUrl?: string;
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

// Salts of the per-line random streams.
const SKELETON = 1,
  GROUP = 2,
  CONTENT = 3,
  ATTRIBUTES = 4;
/** Custom attribute names the generator gives meanings of its own; feed attributes never take them. */
const OWN_ATTRIBUTE_NAMES = ['material', 'fit', 'heelHeight', 'shaftHeight', 'topic'];

/** Products released this close to RELEASE_DATE_END also get the `New Arrivals` category. */
const NEW_ARRIVAL_DAYS = 45;
const PATTERNS = ['Solid', 'Solid', 'Solid', 'Striped', 'Checked', 'Floral', 'Printed'];
const MODEL_CODE_LETTERS = 'ABCDEFGHJKLMNPRSTVXZ';

// ------------------------------------------------------------------------------------------------
// Context: options resolved once

/** Value of one currency unit in SEK-ish units (only the ratios matter). */
const CURRENCY_RATES: Record<string, number> = { SEK: 1, NOK: 1.05, DKK: 0.7, ISK: 13, EUR: 0.09, GBP: 1 / 13, USD: 0.1, CHF: 0.085, PLN: 0.38, CZK: 2.2 };
const WHOLE_UNIT_CURRENCIES = new Set(['SEK', 'NOK', 'DKK', 'ISK', 'CZK', 'PLN']);

interface MarketInfo {
  id: string;
  locales: string[];
  currency: string;
}
interface Context {
  seed: number;
  /** Image URLs start with this; `colouredImages` when it is the service's own placeholder images. */
  imageBase: string;
  colouredImages: boolean;
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
  assortment: Assortment;
  /** The feed's custom attribute names and vocabularies, when it has any beyond the assortment's own. */
  feed?: FeedAttributes;
}

function contextOf(options: GeneratorOptions): Context {
  const configuration = options.markets ?? defaultConfiguration();
  const markets = Object.entries(configuration.markets).map(([id, m]) => ({ id, locales: [...m.locales], currency: m.currency ?? 'SEK' }));
  if (!markets.length || !markets[0].locales.length) throw new Error('the generator needs at least one market with a locale');
  const locales = [...new Set(markets.flatMap((m) => m.locales))];
  const seed = options.seed ?? 1;
  const productGroups = Math.max(0, Math.floor(options.productGroups));
  const profile = PROFILES[options.profile ?? 'default'];
  if (!profile) throw new Error(`unknown generator profile '${options.profile}'`);
  const attributes = options.attributes ?? profile.attributes;
  if (!Number.isInteger(attributes) || attributes < 0) throw new Error(`attributes must be a non-negative integer, got ${attributes}`);
  return {
    seed,
    imageBase: (options.imageBaseUrl ?? 'https://images.example.com').replace(/\/+$/, ''),
    colouredImages: options.imageBaseUrl !== undefined,
    prefix: options.keyPrefix ?? '',
    productGroups,
    contentItems: options.contentItems ?? Math.max(3, Math.floor(productGroups / 20)),
    markets,
    home: markets[0],
    locales,
    dataLocale: markets[0].locales[0],
    dataLang: langOf(markets[0].locales[0]),
    assortment: profile.assortment,
    feed: attributes > 0 ? new FeedAttributes(attributes, profile.domains, OWN_ATTRIBUTE_NAMES) : undefined,
  };
}

// ------------------------------------------------------------------------------------------------
// Translations

function* translationLines(ctx: Context): Generator<ReplaceEntity> {
  const groups: [attribute: string, entries: [id: string, words: Words][]][] = [
    [
      'category',
      [...ctx.assortment.categories.map((c): [string, Words] => [c.id, c.names]), [ctx.assortment.newArrivals.id, ctx.assortment.newArrivals.names]],
    ],
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

interface Skeleton {
  category: Category;
  colours: Colour[];
}

/**
 * The part of a group other groups need to know (its category and colours, hence its product keys),
 * drawn from its own stream so `styleWith` can name products of any group without generating it.
 */
function skeleton(ctx: Context, n: number): Skeleton {
  const rng = new Rng(mix(ctx.seed, n, SKELETON));
  const category = rng.weighted(ctx.assortment.categories, (c) => c.share);
  const palette = PALETTES[category.palette];
  const count = Math.min(palette.length, rng.weighted(ctx.assortment.colourCounts, ([, weight]) => weight)[0]);
  return { category, colours: rng.sample(palette, count, (c) => c.weight) };
}

const groupKey = (ctx: Context, n: number) => `${ctx.prefix}PG${n}`;
const productKey = (ctx: Context, n: number, colour: Colour) => `${ctx.prefix}P${n}-${colour.code}`;
const variantKey = (ctx: Context, n: number, colour: Colour, size: string | undefined) =>
  `${ctx.prefix}V${n}-${colour.code}-${size === undefined ? 'OS' : size.replace(/\//g, '-').replace(/\s+/g, '').replace(/"/g, 'in')}`;

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
  /** Second sentence of the description, and whether the title starts with the brand: from the assortment. */
  everyday: Words;
  brandInTitle: boolean;
  /** Custom attributes of the feed, the same on every product of the group. */
  feedAttributes?: FeedAttributeValues;
  /** Title and its url slug per language, computed once per group. */
  titles: Words;
  titleSlugs: Words;
}

function productGroupLine(ctx: Context, n: number): ReplaceEntity {
  const { category, colours } = skeleton(ctx, n);
  const rng = new Rng(mix(ctx.seed, n, GROUP));
  const { assortment } = ctx;
  const categoryIndex = assortment.categories.indexOf(category);
  const style: Omit<GroupStyle, 'titles' | 'titleSlugs'> = {
    n,
    category,
    // Each category draws from its own window of eight brands, so brand facets look coherent.
    brand: assortment.brands[(categoryIndex * 7 + rng.int(0, 7)) % assortment.brands.length],
    style: rng.pick(assortment.styles),
    noun: rng.pick(category.nouns),
    material: category.materials.length ? rng.pick(category.materials) : undefined,
    series: rng.chance(0.3) ? rng.pick(assortment.series) : undefined,
    modelCode: rng.chance(assortment.modelCodeShare)
      ? `${rng.pick([...MODEL_CODE_LETTERS])}${rng.pick([...MODEL_CODE_LETTERS])}-${rng.int(1000, 9999)}`
      : undefined,
    feature: rng.pick(assortment.features),
    gender: genderOf(category, rng),
    age: category.gender === 'none' ? undefined : category.gender === 'kids' ? 'Kids' : 'Adult',
    fit: category.clothing ? rng.weighted(Object.keys(FITS), (f) => (f === 'fit_regular' ? 3 : 1)) : undefined,
    basePrice: charm(category.price[0] + rng.float() * (category.price[1] - category.price[0]), 'SEK'),
    everyday: assortment.everyday(category),
    brandInTitle: assortment.brandInTitle,
  };
  const titles: Words = [titleOf(style, 0), titleOf(style, 1), titleOf(style, 2)];
  const group: GroupStyle = {
    ...style,
    titles,
    titleSlugs: [slug(titles[0]), slug(titles[1]), slug(titles[2])],
    feedAttributes: ctx.feed && feedAttributesOf(ctx, ctx.feed, style),
  };
  const products: Record<string, Product> = {};
  for (const colour of colours) products[productKey(ctx, n, colour)] = product(ctx, rng, group, colour);
  const productGroup: ProductGroup = { products };
  if (rng.chance(0.2)) productGroup.suppressDuplicates = true;
  return { key: groupKey(ctx, n), productGroup };
}

/**
 * 5–40 custom attributes in all: the feed's fill up what the group's own (material, fit, heel and shaft
 * height) leave. Drawn from a stream of their own, so the rest of the group is the same with or without.
 */
function feedAttributesOf(ctx: Context, feed: FeedAttributes, group: Pick<GroupStyle, 'n' | 'category' | 'material' | 'fit'>): FeedAttributeValues {
  const rng = new Rng(mix(ctx.seed, group.n, ATTRIBUTES));
  const own = [group.material, group.fit, group.category.heel, group.category.shaft].filter((a) => a !== undefined).length;
  return feed.draw(rng, Math.max(0, FeedAttributes.countFor(rng) - own), ctx.dataLang);
}

function genderOf(category: Category, rng: Rng): string | undefined {
  switch (category.gender) {
    case 'none':
      return undefined;
    case 'kids':
      return rng.weighted(['Girls', 'Boys', 'Unisex'], (g) => (g === 'Unisex' ? 2 : 1));
    case 'any':
      return rng.weighted(['Women', 'Men', 'Unisex'], (g) => (g === 'Women' ? 3 : g === 'Unisex' ? 2 : 1));
    default:
      return category.gender;
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
    category: isNew ? [category.id, ctx.assortment.newArrivals.id] : [category.id],
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
  if (group.feedAttributes) addFeedAttributes(defaults, group.feedAttributes);
  if (category.weight) defaults.weight = { amount: rng.int(category.weight[0] / 10, category.weight[1] / 10) * 10, unit: 'g' };
  if (rng.chance(0.7)) defaults.rating = rating(rng);
  defaults.releaseDate = releaseDate;

  const overrides = localeOverrides(ctx, rng, group, key, markets);
  return {
    markets,
    defaults,
    ...(overrides && { overrides }),
    variants: variants(ctx, rng, group, colour, markets),
    images: images(ctx, rng, group, key, colour),
    ...(colour.value && { colorInitial: [colour.value] }),
  };
}

function addFeedAttributes(data: ProductData, feed: FeedAttributeValues): void {
  if (Object.keys(feed.customLabels).length) data.customLabels = { ...data.customLabels, ...feed.customLabels };
  if (Object.keys(feed.customNumbers).length) data.customNumbers = { ...data.customNumbers, ...feed.customNumbers };
  if (Object.keys(feed.customLengths).length) data.customLengths = { ...data.customLengths, ...feed.customLengths };
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
  if (group.brandInTitle) title = `${group.brand} ${title}`;
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
  const sentences = [first];
  if (rng.chance(0.6)) sentences.push(group.everyday[lang]);
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
  const sizes = pickSizes(rng, group.category.sizes.sizes, ctx.assortment.variantsPerProduct);
  const onSale = rng.chance(0.3);
  const discount = rng.pick([0.2, 0.25, 0.3, 0.4, 0.5]);
  const member = rng.chance(0.25);
  const otherMarkets = ctx.markets.filter((m) => markets.includes(m.id) && m.currency !== ctx.home.currency);
  const growing = group.category.sizes.pricedBySize;
  const result: Record<string, Variant> = {};
  const list = sizes.length ? sizes : [undefined];
  list.forEach((size, i) => {
    const listSek = Math.min(ctx.assortment.priceCap, charm(group.basePrice * (growing ? 1 + 0.25 * i : 1), 'SEK'));
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
      if (group.category.sizes.variantLabels) defaults.customLabels = group.category.sizes.variantLabels(size);
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

/** `min`–`max` consecutive sizes of the system, at most all of them (none for one-size categories). */
function pickSizes(rng: Rng, system: readonly string[], [min, max]: readonly [number, number]): string[] {
  if (!system.length) return [];
  const count = Math.min(system.length, rng.int(min, max));
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

/** What the service's placeholder image of a product type draws (src/http/web/placeholderImage.ts). */
function placeholderShape(productType: string): string {
  const type = productType.toLowerCase();
  if (/shoe|sneaker|boot|heel|sandal/.test(type)) return 'shoe';
  if (/dress/.test(type)) return 'dress';
  if (/bag|backpack/.test(type)) return 'bag';
  if (/jeans|trouser/.test(type)) return 'trousers';
  if (/jacket|knit|shirt|outerwear/.test(type)) return 'top';
  if (/watch/.test(type)) return 'watch';
  if (/skincare|serum|cream/.test(type)) return 'bottle';
  return 'folded';
}

function images(ctx: Context, rng: Rng, group: GroupStyle, key: string, colour: Colour): Record<string, Image> {
  const lang = ctx.dataLang;
  const result: Record<string, Image> = {};
  const count = rng.int(1, 3);
  const base = `${ctx.imageBase}/${encodeURIComponent(key)}`;
  const tint = ctx.colouredImages ? `?c=${colour.value.slice(1)}&k=${placeholderShape(group.category.productType)}` : '';
  const alt = colour.name[lang] ? `${group.titles[lang]}, ${colour.name[lang].toLowerCase()}` : group.titles[lang];
  const modelFirst = group.category.clothing === true || group.category.path[1] === 'Shoes';
  for (let i = 1; i <= count; i++) {
    const image: Image = {
      defaults: {
        urls: [
          { url: `${base}/${i}.jpg${tint}`, widthInitial: 800 },
          { url: `${base}/${i}-400.jpg${tint}`, widthInitial: 400 },
        ],
        alt,
      },
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
  const { assortment } = ctx;
  const category = rng.weighted(assortment.categories, (c) => c.share);
  const words: ContentWords = {
    leaf: assortment.segments[category.path[category.path.length - 1]],
    material: category.materials.length ? rng.pick(category.materials) : undefined,
    brand: assortment.brands[(assortment.categories.indexOf(category) * 7 + rng.int(0, 7)) % assortment.brands.length],
    style: rng.pick(assortment.styles),
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
    content.image = { defaults: { urls: [{ url: `${ctx.imageBase}/content/${encodeURIComponent(key)}/hero.jpg`, widthInitial: 1200 }], alt: defaults.title } };
  }
  return { key, content };
}

interface ContentWords {
  leaf: Words;
  material?: string;
  brand: string;
  style: string;
}

function contentTitle(kind: ContentKind, w: ContentWords, lang: Lang): string {
  const leaf = w.leaf[lang].toLowerCase();
  const material = w.material ? MATERIALS[w.material].label[lang].toLowerCase() : undefined;
  switch (kind) {
    case 'care':
      if (material) return [`How to care for ${material} ${leaf}`, `Så sköter du ${leaf} i ${material}`, `Slik tar du vare på ${leaf} i ${material}`][lang];
      return [`How to care for your ${leaf}`, `Så sköter du dina ${leaf}`, `Slik tar du vare på ${leaf}`][lang];
    case 'style':
      return [`5 ways to style ${leaf}`, `5 sätt att styla ${leaf}`, `5 måter å style ${leaf}`][lang];
    case 'guide':
      return [`${w.leaf[0]}: a buying guide`, `Köpguide: ${leaf}`, `Kjøpeguide: ${leaf}`][lang];
    case 'news':
      return [
        `New in: the ${w.style} collection from ${w.brand}`,
        `Nyhet: ${w.style}-kollektionen från ${w.brand}`,
        `Nyhet: ${w.style}-kolleksjonen fra ${w.brand}`,
      ][lang];
    case 'link':
      return [`Visit ${w.brand}`, `Besök ${w.brand}`, `Besøk ${w.brand}`][lang];
  }
}

function contentDescription(kind: ContentKind, w: ContentWords, lang: Lang): string {
  const leaf = w.leaf[lang].toLowerCase();
  switch (kind) {
    case 'care':
      return [
        `Simple steps that keep your ${leaf} looking good for years.`,
        `Enkla steg som håller dina ${leaf} fina i många år.`,
        `Enkle steg som holder ${leaf} fine i mange år.`,
      ][lang];
    case 'style':
      return [
        `Our stylists pick their favourite ways to wear ${leaf} this season.`,
        `Våra stylister väljer sina favoriter bland ${leaf} den här säsongen.`,
        `Stylistene våre velger favorittene blant ${leaf} denne sesongen.`,
      ][lang];
    case 'guide':
      return [
        `Everything you need to know before you buy ${leaf}.`,
        `Allt du behöver veta innan du köper ${leaf}.`,
        `Alt du trenger å vite før du kjøper ${leaf}.`,
      ][lang];
    case 'news':
      return [
        `${w.brand} presents ${w.style}, new this season.`,
        `${w.brand} presenterar ${w.style}, nytt för säsongen.`,
        `${w.brand} presenterer ${w.style}, nytt for sesongen.`,
      ][lang];
    case 'link':
      return [`The story behind ${w.brand}.`, `Historien bakom ${w.brand}.`, `Historien bak ${w.brand}.`][lang];
  }
}

// ------------------------------------------------------------------------------------------------

/** Lower-case ASCII url slug: `Chelsea-boots i läder` → `chelsea-boots-i-lader`. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/&/g, 'and')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A category path of the generated catalog, each level in English, Swedish and Norwegian. */
export interface GeneratedCategoryPath {
  path: readonly string[];
  names: readonly (readonly [string, string, string])[];
}

/** Every category path the generator uses for a profile (leaves and their ancestors), parents before children. */
export function generatedCategoryPaths(profile: GeneratorProfile = 'default'): GeneratedCategoryPath[] {
  const { categories, segments } = PROFILES[profile].assortment;
  const seen = new Map<string, GeneratedCategoryPath>();
  for (const { path } of categories) {
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth);
      const id = prefix.join('/');
      if (!seen.has(id)) seen.set(id, { path: prefix, names: prefix.map((s) => segments[s]) });
    }
  }
  return [...seen.values()];
}

/** The generator's language index of a locale: Swedish, Norwegian, else English. */
export function generatedLanguageOf(locale: string): 0 | 1 | 2 {
  return locale.startsWith('sv') ? 1 : locale.startsWith('nb') || locale.startsWith('no') ? 2 : 0;
}
