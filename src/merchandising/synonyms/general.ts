/**
 * General synonyms shipped per language (docs/language.md "General synonyms"): the everyday equivalents a
 * shop should not have to write itself. Shoppers type British and American English in the same shop, and
 * Nordic and German shoppers mix their words with English ones ("hoodie", "sneakers", "laptop"). Applied
 * beside a shop's own rules: a term the shop's rules name takes its alternatives from the shop's rules only
 * (expand.ts, compileSynonyms). Pure data.
 *
 * Two-way rules join words of the same meaning. One-way rules go from a word to narrower or looser ones
 * where the way back would be wrong: "mobile" searches mobile phones, but "mobile phone" does not search
 * every "mobile" product; "hoodie" falls back on sweatshirts and sweaters, not the other way.
 */
import type { SynonymRule } from './types';

const twoWay = (...terms: string[]): SynonymRule => ({ terms });
const oneWay = (from: string, to: string[]): SynonymRule => ({ from: [from], to: [from, ...to] });

const ENGLISH: SynonymRule[] = [
  twoWay('trainers', 'sneakers'),
  twoWay('jumper', 'sweater', 'pullover'),
  twoWay('trousers', 'pants'),
  twoWay('tracksuit bottoms', 'sweatpants', 'joggers'),
  twoWay('hoodie', 'hooded sweatshirt', 'hooded top', 'hooded jumper'),
  oneWay('hoodie', ['hooded sweatshirt', 'hooded top', 'hooded jumper', 'sweatshirt', 'sweater', 'jumper']),
  twoWay('mobile phone', 'cell phone', 'cellphone'),
  oneWay('mobile', ['mobile phone', 'cell phone']),
  twoWay('notebook', 'laptop'),
  twoWay('waistcoat', 'vest'),
  twoWay('gilet', 'body warmer', 'bodywarmer'),
  twoWay('polo neck', 'turtleneck'),
  twoWay('tights', 'pantyhose'),
  twoWay('dressing gown', 'bathrobe'),
  twoWay('swimming costume', 'swimsuit', 'bathing suit'),
  twoWay('swimming trunks', 'swim trunks', 'swim shorts'),
  twoWay('wellies', 'wellington boots', 'rain boots', 'rubber boots'),
  twoWay('braces', 'suspenders'),
  twoWay('dinner jacket', 'tuxedo'),
  twoWay('rucksack', 'backpack'),
  twoWay('holdall', 'duffel bag', 'duffle bag'),
  twoWay('nappy', 'diaper'),
  twoWay('pushchair', 'stroller', 'buggy'),
  twoWay('pram', 'baby carriage'),
  twoWay('dummy', 'pacifier'),
  twoWay('cot', 'crib'),
  twoWay('torch', 'flashlight'),
  twoWay('tap', 'faucet'),
  twoWay('hob', 'cooktop', 'stovetop'),
  twoWay('cooker', 'stove'),
  twoWay('fridge', 'refrigerator'),
  twoWay('tv', 'television'),
  twoWay('sofa', 'couch', 'settee'),
  twoWay('duvet', 'comforter'),
  twoWay('bin', 'trash can', 'garbage can'),
  twoWay('cling film', 'plastic wrap'),
  twoWay('kitchen roll', 'paper towels'),
  twoWay('football boots', 'soccer cleats'),
  twoWay('grey', 'gray'),
  twoWay('colour', 'color'),
  twoWay('jewellery', 'jewelry'),
  twoWay('aluminium', 'aluminum'),
];

const SWEDISH: SynonymRule[] = [
  twoWay('hoodie', 'luvtröja', 'huvtröja'),
  twoWay('sneakers', 'gympaskor', 'gymnastikskor'),
  twoWay('tröja', 'sweater'),
  twoWay('t-shirt', 't-tröja'),
  twoWay('kofta', 'cardigan'),
  twoWay('mobil', 'mobiltelefon'),
  twoWay('laptop', 'bärbar dator'),
  twoWay('mössa', 'beanie'),
  twoWay('kalsonger', 'boxershorts'),
  twoWay('linne', 'tanktop'),
  twoWay('strumpbyxor', 'tights'),
  twoWay('hörlurar', 'lurar'),
  twoWay('kyl', 'kylskåp'),
  twoWay('tv', 'teve'),
];

const NORWEGIAN: SynonymRule[] = [
  twoWay('hoodie', 'hettegenser'),
  twoWay('sneakers', 'joggesko'),
  twoWay('genser', 'sweater'),
  twoWay('t-skjorte', 't-shirt'),
  twoWay('mobil', 'mobiltelefon'),
  twoWay('laptop', 'bærbar pc', 'bærbar'),
  twoWay('lue', 'beanie'),
  twoWay('strømpebukse', 'tights'),
  twoWay('kjøleskap', 'kjøl'),
];

const DANISH: SynonymRule[] = [
  twoWay('hoodie', 'hættetrøje'),
  twoWay('sneakers', 'kondisko'),
  twoWay('trøje', 'sweater'),
  twoWay('t-shirt', 't-trøje'),
  twoWay('mobil', 'mobiltelefon'),
  twoWay('laptop', 'bærbar computer', 'bærbar'),
  twoWay('hue', 'beanie'),
  twoWay('strømpebukser', 'tights'),
  twoWay('køleskab', 'køl'),
];

const GERMAN: SynonymRule[] = [
  twoWay('hoodie', 'kapuzenpullover', 'kapuzenpulli'),
  twoWay('pullover', 'pulli', 'sweater'),
  twoWay('turnschuhe', 'sneaker'),
  twoWay('handy', 'mobiltelefon', 'smartphone'),
  twoWay('laptop', 'notebook'),
  twoWay('sakko', 'jackett'),
  twoWay('fernseher', 'tv', 'fernsehgerät'),
  twoWay('rucksack', 'backpack'),
  twoWay('mütze', 'beanie'),
];

/** language → shipped rules. */
export const GENERAL_SYNONYMS: Readonly<Record<string, readonly SynonymRule[]>> = {
  en: ENGLISH,
  sv: SWEDISH,
  nb: NORWEGIAN,
  no: NORWEGIAN,
  nn: NORWEGIAN,
  da: DANISH,
  de: GERMAN,
};

/** The shipped rules of a locale's language (none for languages without a list). */
export function generalSynonyms(locale: string): readonly SynonymRule[] {
  return GENERAL_SYNONYMS[locale.split('-')[0].toLowerCase()] ?? [];
}
