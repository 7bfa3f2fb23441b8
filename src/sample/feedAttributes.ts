/**
 * Custom attributes as real feeds carry them: N distinct names, a few on almost every product and a long
 * tail each on a handful. Name rank r has popularity 1/r (Zipf, s = 1). A name always has one kind: 40% of
 * the names are labels, 10% labels with long texts (100–400 characters), 30% numbers, 20% lengths. Each label
 * name has its own vocabulary of 3 to 300 values, also drawn by Zipf, so facets over them look real.
 *
 * The names, their kinds and vocabularies are computed once per run from N and the domains alone (not the
 * seed); values are drawn from the random stream of the product group that carries them.
 */
import type { Length } from '../catalog/types';
import type { Lang, Words } from './assortment';
import { type AttributeDomain, type DomainVocabulary, type Property, type PropertyKind, QUALIFIERS, TECH, WEAR } from './feedVocabulary';
import { Rng, ZipfTable, mix } from './random';

/** One custom attribute name of the feed and what its values are. */
export interface FeedAttribute {
  /** 1 is the most common name. */
  rank: number;
  name: string;
  property: Property;
  /** Distinct values of a label or text attribute. */
  vocabulary: number;
  sentences: readonly Words[];
}

/** The custom attributes of one product. */
export interface FeedAttributeValues {
  customLabels: Record<string, string[]>;
  customNumbers: Record<string, number>;
  customLengths: Record<string, Length>;
}

export const MIN_ATTRIBUTES_PER_PRODUCT = 5;
export const MAX_ATTRIBUTES_PER_PRODUCT = 40;

const VOCABULARIES: Record<AttributeDomain, DomainVocabulary> = { tech: TECH, wear: WEAR };

/** The kind of each rank, repeating every 20 ranks: 8 labels, 2 texts, 6 numbers, 4 lengths. */
const KIND_CYCLE: readonly PropertyKind[] = [
  'label',
  'number',
  'label',
  'length',
  'label',
  'number',
  'text',
  'label',
  'length',
  'number',
  'label',
  'label',
  'number',
  'length',
  'label',
  'text',
  'number',
  'label',
  'length',
  'number',
];

type NameStyle = (subject: string | undefined, property: string) => string;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const tokens = (subject: string | undefined, property: string) => [...(subject ? subject.split('_') : []), ...property.split('_')];

/**
 * How feeds spell one attribute. Spaces and parentheses ("Noise level (dB)") are what spreadsheets export,
 * but the spec requires XML names, so the nearest legal spellings stand in for them ("Noise_level_dB").
 */
const NAME_STYLES: readonly NameStyle[] = [
  (subject, property) => tokens(subject, property).join('_'),
  (subject, property) => capitalise(tokens(subject, property).join('_')),
  (subject, property) => (subject ? `specs.${subject}.${property}` : `specs.${property}`),
  (subject, property) =>
    tokens(subject, property)
      .map((t, i) => (i === 0 ? t : capitalise(t)))
      .join(''),
  (subject, property) => tokens(subject, property).join('-'),
];
/** Style of the n-th name of a kind in the first pass over its names (later passes rotate it). */
const STYLE_PATTERN = [0, 0, 1, 0, 2, 0, 0, 3, 0, 1, 0, 2, 0, 0, 4, 0, 1, 0, 2, 3];

/** Salts of the streams that shuffle names and size vocabularies and that write long texts. */
const NAME_ORDER = 11,
  VOCABULARY_SIZE = 12,
  TEXT = 13;

export class FeedAttributes {
  readonly attributes: readonly FeedAttribute[];
  private readonly popularity: ZipfTable;
  /** One Zipf table per vocabulary size in use. */
  private readonly valueTables = new Map<number, ZipfTable>();

  /** `reserved`: names the generator already uses for other things (material, fit, ...). */
  constructor(count: number, domains: readonly AttributeDomain[], reserved: Iterable<string>) {
    this.attributes = attributesOf(
      count,
      domains.map((d) => VOCABULARIES[d]),
      new Set(reserved),
    );
    this.popularity = new ZipfTable(Math.max(1, count));
    for (const { property, vocabulary } of this.attributes) {
      if ((property.kind === 'label' || property.kind === 'text') && !this.valueTables.has(vocabulary))
        this.valueTables.set(vocabulary, new ZipfTable(vocabulary));
    }
  }

  /** How many custom attributes a product carries: 5–40, mostly about fifteen. */
  static countFor(rng: Rng): number {
    const u = rng.float();
    return Math.min(MAX_ATTRIBUTES_PER_PRODUCT, MIN_ATTRIBUTES_PER_PRODUCT + Math.floor((MAX_ATTRIBUTES_PER_PRODUCT - MIN_ATTRIBUTES_PER_PRODUCT + 1) * u * u));
  }

  /** `count` distinct names by popularity (most popular first) with a value each, in the language `lang`. */
  draw(rng: Rng, count: number, lang: Lang): FeedAttributeValues {
    const values: FeedAttributeValues = { customLabels: {}, customNumbers: {}, customLengths: {} };
    for (const rank of this.drawRanks(rng, Math.min(count, this.attributes.length))) {
      const attribute = this.attributes[rank];
      const { property } = attribute;
      switch (property.kind) {
        case 'label':
          values.customLabels[attribute.name] = this.labelValues(rng, attribute, property.multi === true, lang);
          break;
        case 'text':
          values.customLabels[attribute.name] = [textValue(attribute, this.valueIndex(rng, attribute), lang)];
          break;
        case 'number':
          values.customNumbers[attribute.name] = amountIn(rng, property.range, property.decimals);
          break;
        case 'length':
          values.customLengths[attribute.name] = { amount: amountIn(rng, property.range, property.decimals), unit: property.unit };
          break;
        default:
          return assertNever(property);
      }
    }
    return values;
  }

  /** Rejection sampling stays cheap because the head is popular; the cap keeps small N (fashion) bounded. */
  private drawRanks(rng: Rng, count: number): number[] {
    const chosen = new Set<number>();
    for (let attempts = 0; chosen.size < count && attempts < count * 20; attempts++) chosen.add(this.popularity.draw(rng));
    for (let rank = 0; chosen.size < count; rank++) chosen.add(rank);
    return [...chosen].sort((a, b) => a - b);
  }

  private labelValues(rng: Rng, attribute: FeedAttribute, multi: boolean, lang: Lang): string[] {
    const wanted = multi ? rng.int(1, 3) : 1;
    const values = new Set<string>();
    for (let i = 0; i < wanted; i++) values.add(labelValue(attribute, this.valueIndex(rng, attribute), lang));
    return [...values];
  }

  private valueIndex(rng: Rng, attribute: FeedAttribute): number {
    return this.valueTables.get(attribute.vocabulary)!.draw(rng);
  }
}

/** The first `count` names by rank: each rank's kind from KIND_CYCLE, its name the next unused one of that kind. */
function attributesOf(count: number, domains: readonly DomainVocabulary[], used: Set<string>): FeedAttribute[] {
  const names = new Map<PropertyKind, Iterator<[string, Property, readonly Words[]]>>();
  const attributes: FeedAttribute[] = [];
  for (let rank = 1; rank <= count; rank++) {
    const kind = KIND_CYCLE[(rank - 1) % KIND_CYCLE.length];
    let source = names.get(kind);
    if (!source) names.set(kind, (source = namesOfKind(domains, kind)));
    let next = source.next();
    while (!next.done && used.has(next.value[0])) next = source.next();
    if (next.done) throw new Error(`no ${kind} attribute names left`);
    const [name, property, sentences] = next.value;
    used.add(name);
    attributes.push({ rank, name, property, vocabulary: vocabularySize(rank, property), sentences });
  }
  return attributes;
}

/**
 * Every name of one kind, endlessly: the generic ones first ("country_of_origin"), then subject × property
 * in a fixed shuffled order ("display_diagonal_in"), each spelt in a style; then all again in other
 * styles, and past the styles with a number.
 */
function* namesOfKind(domains: readonly DomainVocabulary[], kind: PropertyKind): Generator<[string, Property, readonly Words[]]> {
  type Entry = [subject: string | undefined, property: Property, sentences: readonly Words[]];
  const ofKind = (list: readonly Property[]) => list.filter((p) => p.kind === kind);
  const generic = domains.flatMap((d) => ofKind(d.generic).map((p): Entry => [undefined, p, d.sentences]));
  const combinations = domains.flatMap((d) => d.subjects.flatMap((s) => ofKind(d.properties).map((p): Entry => [s, p, d.sentences])));
  const entries = [...generic, ...shuffled(combinations, new Rng(mix(NAME_ORDER, KIND_CYCLE.indexOf(kind))))];
  if (!entries.length) return;
  for (let pass = 0; ; pass++) {
    for (let j = 0; j < entries.length; j++) {
      const [subject, property, sentences] = entries[j];
      const word = property.kind === 'number' && property.unit ? `${property.word}_${property.unit}` : property.word;
      const style = NAME_STYLES[(STYLE_PATTERN[j % STYLE_PATTERN.length] + pass) % NAME_STYLES.length];
      const name = pass < NAME_STYLES.length ? style(subject, word) : `${style(subject, word)}_${pass - NAME_STYLES.length + 2}`;
      yield [name, property, sentences];
    }
  }
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Closed vocabularies (energy classes, seasons) have their own values; others 3–300, log-uniform. */
function vocabularySize(rank: number, property: Property): number {
  if (property.kind === 'label' && property.closed) return property.values.length;
  if (property.kind !== 'label' && property.kind !== 'text') return 1;
  return Math.round(3 * Math.pow(100, new Rng(mix(VOCABULARY_SIZE, rank)).float()));
}

/** The `index`-th value of a label: a base value, then qualified ("Aluminium brushed"), then numbered. */
function labelValue(attribute: FeedAttribute, index: number, lang: Lang): string {
  if (attribute.property.kind !== 'label') throw new Error(`${attribute.name} is not a label`);
  const base = attribute.property.values;
  // Rotated by rank, so that two attributes on the same property do not favour the same value.
  const word = base[(index + attribute.rank) % base.length][lang];
  const round = Math.floor(index / base.length);
  if (round === 0) return word;
  if (round <= QUALIFIERS.length) return `${word} ${QUALIFIERS[(round - 1 + attribute.rank) % QUALIFIERS.length][lang]}`;
  return `${word} ${round - QUALIFIERS.length + 1}`;
}

export const MIN_TEXT_LENGTH = 100;
export const MAX_TEXT_LENGTH = 400;

/** The `index`-th long text of an attribute: distinct sentences of its domain, 100–400 characters, always the same. */
function textValue(attribute: FeedAttribute, index: number, lang: Lang): string {
  const rng = new Rng(mix(TEXT, attribute.rank, index));
  const longest = Math.max(...attribute.sentences.map((s) => s[lang].length));
  const target = rng.int(MIN_TEXT_LENGTH, MAX_TEXT_LENGTH - longest - 1);
  let text = '';
  for (const sentence of shuffled(attribute.sentences, rng)) {
    if (text.length >= target) break;
    text += (text ? ' ' : '') + sentence[lang];
  }
  return text;
}

function amountIn(rng: Rng, [min, max]: readonly [number, number], decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round((min + rng.float() * (max - min)) * scale) / scale;
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
