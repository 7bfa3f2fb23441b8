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

const two = (...terms: string[]): SynonymRule => ({ terms });
const oneWay = (from: string, to: string[]): SynonymRule => ({ from: [from], to: [from, ...to] });

const ENGLISH: SynonymRule[] = [
  two('trainers', 'sneakers'),
  two('jumper', 'sweater', 'pullover'),
  two('trousers', 'pants'),
  two('tracksuit bottoms', 'sweatpants', 'joggers'),
  two('hoodie', 'hooded sweatshirt', 'hooded top', 'hooded jumper'),
  oneWay('hoodie', ['hooded sweatshirt', 'hooded top', 'hooded jumper', 'sweatshirt', 'sweater', 'jumper']),
  two('mobile phone', 'cell phone', 'cellphone'),
  oneWay('mobile', ['mobile phone', 'cell phone']),
  two('notebook', 'laptop'),
  two('waistcoat', 'vest'),
  two('gilet', 'body warmer', 'bodywarmer'),
  two('polo neck', 'turtleneck'),
  two('tights', 'pantyhose'),
  two('dressing gown', 'bathrobe'),
  two('swimming costume', 'swimsuit', 'bathing suit'),
  two('swimming trunks', 'swim trunks', 'swim shorts'),
  two('wellies', 'wellington boots', 'rain boots', 'rubber boots'),
  two('braces', 'suspenders'),
  two('dinner jacket', 'tuxedo'),
  two('rucksack', 'backpack'),
  two('holdall', 'duffel bag', 'duffle bag'),
  two('nappy', 'diaper'),
  two('pushchair', 'stroller', 'buggy'),
  two('pram', 'baby carriage'),
  two('dummy', 'pacifier'),
  two('cot', 'crib'),
  two('torch', 'flashlight'),
  two('tap', 'faucet'),
  two('hob', 'cooktop', 'stovetop'),
  two('cooker', 'stove'),
  two('fridge', 'refrigerator'),
  two('tv', 'television'),
  two('sofa', 'couch', 'settee'),
  two('duvet', 'comforter'),
  two('bin', 'trash can', 'garbage can'),
  two('cling film', 'plastic wrap'),
  two('kitchen roll', 'paper towels'),
  two('football boots', 'soccer cleats'),
  two('grey', 'gray'),
  two('colour', 'color'),
  two('jewellery', 'jewelry'),
  two('aluminium', 'aluminum'),
];

const SWEDISH: SynonymRule[] = [
  two('hoodie', 'luvtröja', 'huvtröja'),
  two('sneakers', 'gympaskor', 'gymnastikskor'),
  two('tröja', 'sweater'),
  two('t-shirt', 't-tröja'),
  two('kofta', 'cardigan'),
  two('mobil', 'mobiltelefon'),
  two('laptop', 'bärbar dator'),
  two('mössa', 'beanie'),
  two('kalsonger', 'boxershorts'),
  two('linne', 'tanktop'),
  two('strumpbyxor', 'tights'),
  two('hörlurar', 'lurar'),
  two('kyl', 'kylskåp'),
  two('tv', 'teve'),
];

const NORWEGIAN: SynonymRule[] = [
  two('hoodie', 'hettegenser'),
  two('sneakers', 'joggesko'),
  two('genser', 'sweater'),
  two('t-skjorte', 't-shirt'),
  two('mobil', 'mobiltelefon'),
  two('laptop', 'bærbar pc', 'bærbar'),
  two('lue', 'beanie'),
  two('strømpebukse', 'tights'),
  two('kjøleskap', 'kjøl'),
];

const DANISH: SynonymRule[] = [
  two('hoodie', 'hættetrøje'),
  two('sneakers', 'kondisko'),
  two('trøje', 'sweater'),
  two('t-shirt', 't-trøje'),
  two('mobil', 'mobiltelefon'),
  two('laptop', 'bærbar computer', 'bærbar'),
  two('hue', 'beanie'),
  two('strømpebukser', 'tights'),
  two('køleskab', 'køl'),
];

const GERMAN: SynonymRule[] = [
  two('hoodie', 'kapuzenpullover', 'kapuzenpulli'),
  two('pullover', 'pulli', 'sweater'),
  two('turnschuhe', 'sneaker'),
  two('handy', 'mobiltelefon', 'smartphone'),
  two('laptop', 'notebook'),
  two('sakko', 'jackett'),
  two('fernseher', 'tv', 'fernsehgerät'),
  two('rucksack', 'backpack'),
  two('mütze', 'beanie'),
];

/** language → shipped rules. */
export const GENERAL_SYNONYMS: Readonly<Record<string, readonly SynonymRule[]>> = {
  en: ENGLISH, sv: SWEDISH, nb: NORWEGIAN, no: NORWEGIAN, nn: NORWEGIAN, da: DANISH, de: GERMAN,
};

/** The shipped rules of a locale's language (none for languages without a list). */
export function generalSynonyms(locale: string): readonly SynonymRule[] {
  return GENERAL_SYNONYMS[locale.split('-')[0].toLowerCase()] ?? [];
}
