/**
 * The words custom attribute names and values of generated feeds are built from: subjects ("display",
 * "sole"), properties of each kind ("diagonal" in inches, "noise level" in dB, "material" with its values),
 * and sentences for long texts. Two domains: `tech` (electronics, appliances) and `wear` (clothes, shoes).
 * Values are [English, Swedish, Norwegian] like the rest of the generator.
 */
import type { Words } from './assortment';

export type AttributeDomain = 'tech' | 'wear';

/** A custom label: its values, and whether a product may carry several ("compatibility": iOS, Android). */
export interface LabelProperty {
  kind: 'label';
  word: string;
  values: readonly Words[];
  closed?: boolean;
  multi?: boolean;
}
/** A custom label whose values are 100–400 characters of text. */
export interface TextProperty {
  kind: 'text';
  word: string;
}
/** A custom number; `unit` ends the name ("noise_level_dB"), as feeds without a unit field do. */
export interface NumberProperty {
  kind: 'number';
  word: string;
  unit?: string;
  range: readonly [number, number];
  decimals: number;
}
/** A custom length (`{amount, unit}`). */
export interface LengthProperty {
  kind: 'length';
  word: string;
  unit: string;
  range: readonly [number, number];
  decimals: number;
}
export type Property = LabelProperty | TextProperty | NumberProperty | LengthProperty;
export type PropertyKind = Property['kind'];

export interface DomainVocabulary {
  subjects: readonly string[];
  /** Properties whose names stand alone ("country_of_origin"); they lead each kind's names. */
  generic: readonly Property[];
  /** Properties named after a subject ("display_diagonal_in"). */
  properties: readonly Property[];
  sentences: readonly Words[];
}

const label = (word: string, values: readonly Words[], more: { closed?: boolean; multi?: boolean } = {}): LabelProperty => ({
  kind: 'label',
  word,
  values,
  ...more,
});
const text = (word: string): TextProperty => ({ kind: 'text', word });
const number = (word: string, unit: string | undefined, range: readonly [number, number], decimals = 0): NumberProperty => ({
  kind: 'number',
  word,
  unit,
  range,
  decimals,
});
const length = (word: string, unit: string, range: readonly [number, number], decimals = 0): LengthProperty => ({
  kind: 'length',
  word,
  unit,
  range,
  decimals,
});
/** A word that reads the same in the three languages (brand-like terms, standards). */
const same = (...words: string[]): Words[] => words.map((w): Words => [w, w, w]);

const COUNTRIES: readonly Words[] = [
  ['China', 'Kina', 'Kina'],
  ['Sweden', 'Sverige', 'Sverige'],
  ['Germany', 'Tyskland', 'Tyskland'],
  ['Vietnam', 'Vietnam', 'Vietnam'],
  ['Portugal', 'Portugal', 'Portugal'],
  ['Turkey', 'Turkiet', 'Tyrkia'],
  ['Japan', 'Japan', 'Japan'],
  ['South Korea', 'Sydkorea', 'Sør-Korea'],
  ['Poland', 'Polen', 'Polen'],
  ['Italy', 'Italien', 'Italia'],
  ['Bangladesh', 'Bangladesh', 'Bangladesh'],
  ['Norway', 'Norge', 'Norge'],
];
const COLOURS: readonly Words[] = [
  ['Black', 'Svart', 'Svart'],
  ['White', 'Vit', 'Hvit'],
  ['Silver', 'Silver', 'Sølv'],
  ['Graphite', 'Grafit', 'Grafitt'],
  ['Blue', 'Blå', 'Blå'],
  ['Red', 'Röd', 'Rød'],
  ['Beige', 'Beige', 'Beige'],
  ['Green', 'Grön', 'Grønn'],
  ['Gold', 'Guld', 'Gull'],
  ['Grey', 'Grå', 'Grå'],
];
const FINISHES: readonly Words[] = [
  ['Matte', 'Matt', 'Matt'],
  ['Glossy', 'Blank', 'Blank'],
  ['Brushed', 'Borstad', 'Børstet'],
  ['Anodised', 'Anodiserad', 'Anodisert'],
  ['Textured', 'Strukturerad', 'Strukturert'],
  ['Coated', 'Belagd', 'Belagt'],
  ['Waxed', 'Vaxad', 'Vokset'],
];
const TYPES: readonly Words[] = [
  ['Standard', 'Standard', 'Standard'],
  ['Compact', 'Kompakt', 'Kompakt'],
  ['Professional', 'Professionell', 'Profesjonell'],
  ['Portable', 'Bärbar', 'Bærbar'],
  ['Integrated', 'Integrerad', 'Integrert'],
  ['External', 'Extern', 'Ekstern'],
  ['Removable', 'Avtagbar', 'Avtakbar'],
  ['Adjustable', 'Justerbar', 'Justerbar'],
  ['Reinforced', 'Förstärkt', 'Forsterket'],
];

/** Electronics, appliances and their accessories. */
export const TECH: DomainVocabulary = {
  subjects: [
    'display',
    'screen',
    'battery',
    'processor',
    'memory',
    'storage',
    'camera',
    'front_camera',
    'speaker',
    'microphone',
    'housing',
    'cable',
    'connector',
    'power_supply',
    'fan',
    'motor',
    'keyboard',
    'charger',
    'lens',
    'sensor',
    'remote_control',
    'wifi',
    'bluetooth',
    'usb_port',
    'hdmi',
    'filter',
    'drum',
    'door',
    'water_tank',
    'heating_element',
    'compressor',
    'backlight',
    'strap',
    'stand',
    'antenna',
    'amplifier',
    'graphics',
    'chassis',
    'hinge',
    'dock',
    'touchpad',
    'subwoofer',
    'tuner',
    'tray',
    'nozzle',
  ],
  generic: [
    label('country_of_origin', COUNTRIES, { closed: true }),
    number('warranty_months', undefined, [12, 60]),
    label('energy_class', same('A', 'B', 'C', 'D', 'E', 'F', 'G'), { closed: true }),
    length('package_weight', 'kg', [0.1, 95], 2),
    text('safety_information'),
    label('manufacturer_colour', COLOURS),
    number('annual_energy_consumption_kWh', undefined, [15, 450]),
    length('package_width', 'cm', [5, 200], 1),
    label(
      'warranty_type',
      [
        ['Manufacturer', 'Tillverkare', 'Produsent'],
        ['Retailer', 'Återförsäljare', 'Forhandler'],
        ['Extended', 'Utökad', 'Utvidet'],
        ['Carry-in', 'Inlämning', 'Innlevering'],
        ['On-site', 'På plats', 'På stedet'],
      ],
      { closed: true },
    ),
    text('package_contents'),
    number('package_count', undefined, [1, 12]),
    length('package_height', 'cm', [2, 200], 1),
  ],
  properties: [
    label('type', TYPES),
    label('technology', same('LED', 'OLED', 'QLED', 'LCD', 'Li-ion', 'NiMH', 'Inverter', 'Induction', 'Laser', 'Mini-LED')),
    label('material', [
      ['Aluminium', 'Aluminium', 'Aluminium'],
      ['Plastic', 'Plast', 'Plast'],
      ['Glass', 'Glas', 'Glass'],
      ['Steel', 'Stål', 'Stål'],
      ['Carbon fibre', 'Kolfiber', 'Karbonfiber'],
      ['Magnesium', 'Magnesium', 'Magnesium'],
      ['Silicone', 'Silikon', 'Silikon'],
      ['Rubber', 'Gummi', 'Gummi'],
    ]),
    label('colour', COLOURS),
    label('finish', FINISHES),
    label('connector', same('USB-C', 'USB-A', 'Lightning', 'HDMI', 'DisplayPort', '3.5 mm', 'Ethernet', 'Thunderbolt 4'), { multi: true }),
    label('standard', same('Wi-Fi 6', 'Wi-Fi 6E', 'Wi-Fi 7', 'Bluetooth 5.0', 'Bluetooth 5.3', 'DVB-T2', 'Qi', 'Zigbee', 'Matter')),
    label('compatibility', same('Windows', 'macOS', 'Android', 'iOS', 'Linux', 'ChromeOS', 'Google TV', 'tvOS'), { multi: true }),
    label('control', [
      ['Touch', 'Touch', 'Berøring'],
      ['Buttons', 'Knappar', 'Knapper'],
      ['Remote', 'Fjärrkontroll', 'Fjernkontroll'],
      ['App', 'App', 'App'],
      ['Voice', 'Röst', 'Stemme'],
      ['Dial', 'Vred', 'Bryter'],
    ]),
    label('mounting', [
      ['Wall', 'Vägg', 'Vegg'],
      ['Desk', 'Skrivbord', 'Skrivebord'],
      ['Ceiling', 'Tak', 'Tak'],
      ['Freestanding', 'Fristående', 'Frittstående'],
      ['Built-in', 'Inbyggd', 'Innebygd'],
    ]),
    label('certification', [...same('CE', 'RoHS', 'Energy Star', 'TCO Certified', 'EPEAT', 'TÜV'), ['Nordic Swan', 'Svanen', 'Svanemerket']], { multi: true }),
    label('form_factor', [...same('Tower', 'Slim', 'Mini'), ['Compact', 'Kompakt', 'Kompakt'], ['Foldable', 'Vikbar', 'Sammenleggbar']]),
    label('interface', same('SATA', 'NVMe', 'PCIe 4.0', 'PCIe 5.0', 'USB 3.2', 'M.2')),
    label(
      'modes',
      [
        ['Eco', 'Eco', 'Øko'],
        ['Quick', 'Snabb', 'Hurtig'],
        ['Night', 'Natt', 'Natt'],
        ['Silent', 'Tyst', 'Stille'],
        ['Turbo', 'Turbo', 'Turbo'],
        ['Auto', 'Auto', 'Auto'],
      ],
      { multi: true },
    ),
    number('frequency', 'GHz', [0.8, 5.8], 1),
    number('power', 'W', [1, 3000]),
    number('noise_level', 'dB', [18, 80]),
    number('capacity', 'mAh', [300, 30000]),
    number('resolution', 'MP', [2, 200]),
    number('refresh_rate', 'Hz', [50, 360]),
    number('speed', 'rpm', [400, 20000]),
    number('voltage', 'V', [3.7, 240], 1),
    number('core_count', undefined, [1, 24]),
    number('channels', undefined, [1, 12]),
    number('brightness', 'nits', [200, 3000]),
    number('latency', 'ms', [1, 40]),
    number('max_temperature', 'C', [40, 250]),
    number('efficiency', 'pct', [60, 99]),
    length('diagonal', 'in', [5, 85], 1),
    length('width', 'mm', [20, 1900]),
    length('height', 'mm', [10, 1900]),
    length('depth', 'mm', [5, 800]),
    length('length', 'm', [0.3, 10], 1),
    length('weight', 'kg', [0.05, 90], 2),
    length('thickness', 'mm', [2, 120], 1),
    length('diameter', 'mm', [5, 400]),
    text('safety_notes'),
    text('technical_details'),
    text('installation_notes'),
    text('warranty_terms'),
    text('environmental_information'),
    text('usage_tips'),
  ],
  sentences: [
    ['Read the user manual before first use.', 'Läs bruksanvisningen före första användning.', 'Les bruksanvisningen før første gangs bruk.'],
    ['Keep out of reach of children.', 'Förvaras oåtkomligt för barn.', 'Oppbevares utilgjengelig for barn.'],
    ['Do not expose to direct sunlight or moisture.', 'Utsätt inte för direkt solljus eller fukt.', 'Må ikke utsettes for direkte sollys eller fukt.'],
    ['Clean with a soft, dry cloth.', 'Rengör med en mjuk, torr trasa.', 'Rengjør med en myk, tørr klut.'],
    ['Switch off and unplug before cleaning.', 'Stäng av och dra ur kontakten före rengöring.', 'Slå av og trekk ut kontakten før rengjøring.'],
    ['Tested to meet EU safety requirements.', 'Testad enligt EU:s säkerhetskrav.', 'Testet etter EUs sikkerhetskrav.'],
    ['Spare parts are available for seven years.', 'Reservdelar finns i sju år.', 'Reservedeler er tilgjengelige i sju år.'],
    ['Includes a quick start guide in several languages.', 'Med snabbguide på flera språk.', 'Med hurtigveiledning på flere språk.'],
    ['Software updates are delivered over the air.', 'Programuppdateringar levereras trådlöst.', 'Programvareoppdateringer leveres trådløst.'],
    ['Recycle the packaging where facilities exist.', 'Återvinn förpackningen där det är möjligt.', 'Resirkuler emballasjen der det er mulig.'],
    ['The warranty covers manufacturing defects.', 'Garantin täcker tillverkningsfel.', 'Garantien dekker produksjonsfeil.'],
    ['Use only the supplied charger and cable.', 'Använd endast medföljande laddare och kabel.', 'Bruk kun medfølgende lader og kabel.'],
    ['Leave ten centimetres of free space around it.', 'Lämna tio centimeter fritt utrymme runt om.', 'La det være ti centimeter fri plass rundt.'],
    ['Works with the most common smart home systems.', 'Fungerar med de vanligaste smarta hem-systemen.', 'Fungerer med de vanligste smarthjemsystemene.'],
  ],
};

/** Clothes, shoes and accessories. */
export const WEAR: DomainVocabulary = {
  subjects: [
    'fabric',
    'lining',
    'outer_fabric',
    'sole',
    'outsole',
    'upper',
    'collar',
    'sleeve',
    'waistband',
    'zipper',
    'pocket',
    'hood',
    'heel',
    'insole',
    'strap',
    'button',
    'cuff',
    'hem',
    'padding',
    'lace',
    'shaft',
    'toe_cap',
    'trim',
    'seam',
  ],
  generic: [
    label('country_of_origin', COUNTRIES, { closed: true }),
    number('recycled_content_pct', undefined, [0, 100]),
    label(
      'season',
      [
        ['Spring', 'Vår', 'Vår'],
        ['Summer', 'Sommar', 'Sommer'],
        ['Autumn', 'Höst', 'Høst'],
        ['Winter', 'Vinter', 'Vinter'],
        ['All year', 'Året runt', 'Hele året'],
      ],
      { closed: true },
    ),
    length('model_height', 'cm', [165, 192]),
    text('care_instructions'),
    label(
      'occasion',
      [
        ['Everyday', 'Vardag', 'Hverdag'],
        ['Party', 'Fest', 'Fest'],
        ['Office', 'Kontor', 'Kontor'],
        ['Sport', 'Sport', 'Sport'],
        ['Outdoor', 'Friluftsliv', 'Friluftsliv'],
        ['Beach', 'Strand', 'Strand'],
      ],
      { multi: true },
    ),
    number('warmth_rating', undefined, [1, 5]),
    length('garment_length', 'cm', [20, 140]),
    label(
      'care_label',
      [
        ['Machine wash 30°', 'Maskintvätt 30°', 'Maskinvask 30°'],
        ['Machine wash 40°', 'Maskintvätt 40°', 'Maskinvask 40°'],
        ['Hand wash', 'Handtvätt', 'Håndvask'],
        ['Dry clean', 'Kemtvätt', 'Rens'],
        ['Do not tumble dry', 'Torktumlas ej', 'Skal ikke tørketromles'],
      ],
      { closed: true, multi: true },
    ),
    text('size_advice'),
    number('pieces_in_pack', undefined, [1, 5]),
    length('package_weight', 'kg', [0.1, 3], 2),
  ],
  properties: [
    label('material', [
      ['Cotton', 'Bomull', 'Bomull'],
      ['Polyester', 'Polyester', 'Polyester'],
      ['Wool', 'Ull', 'Ull'],
      ['Leather', 'Läder', 'Skinn'],
      ['Nylon', 'Nylon', 'Nylon'],
      ['Elastane', 'Elastan', 'Elastan'],
      ['Linen', 'Linne', 'Lin'],
      ['Viscose', 'Viskos', 'Viskose'],
    ]),
    label('colour', COLOURS),
    label('type', TYPES),
    label('finish', FINISHES),
    label('closure', [
      ['Zip', 'Dragkedja', 'Glidelås'],
      ['Buttons', 'Knappar', 'Knapper'],
      ['Hook and loop', 'Kardborre', 'Borrelås'],
      ['Laces', 'Snörning', 'Snøring'],
      ['Snap', 'Tryckknapp', 'Trykknapp'],
      ['Hook', 'Hake', 'Hekte'],
    ]),
    label('shape', [
      ['Round', 'Rund', 'Rund'],
      ['Square', 'Fyrkantig', 'Firkantet'],
      ['V-neck', 'V-ringad', 'V-hals'],
      ['Straight', 'Rak', 'Rett'],
      ['Tapered', 'Avsmalnande', 'Smalnende'],
      ['Wide', 'Vid', 'Vid'],
    ]),
    label('pattern', [
      ['Solid', 'Enfärgad', 'Ensfarget'],
      ['Striped', 'Randig', 'Stripete'],
      ['Checked', 'Rutig', 'Rutete'],
      ['Floral', 'Blommig', 'Blomstrete'],
      ['Dotted', 'Prickig', 'Prikkete'],
      ['Melange', 'Melerad', 'Melert'],
    ]),
    label('certification', [...same('OEKO-TEX', 'GOTS', 'bluesign', 'Fairtrade', 'RWS', 'GRS'), ['Nordic Swan', 'Svanen', 'Svanemerket']], { multi: true }),
    label(
      'function',
      [
        ['Waterproof', 'Vattentät', 'Vanntett'],
        ['Windproof', 'Vindtät', 'Vindtett'],
        ['Breathable', 'Andas', 'Pustende'],
        ['Quick-dry', 'Snabbtorkande', 'Hurtigtørkende'],
        ['Reflective', 'Reflex', 'Refleks'],
        ['Insulated', 'Isolerad', 'Isolert'],
      ],
      { multi: true },
    ),
    number('weight_gsm', undefined, [80, 600]),
    number('water_column', 'mm', [1000, 20000]),
    number('breathability', 'g_m2', [5000, 30000]),
    number('stretch', 'pct', [0, 40]),
    number('thread_count', undefined, [100, 600]),
    number('denier', undefined, [10, 900]),
    length('length', 'cm', [2, 120], 1),
    length('width', 'cm', [1, 80], 1),
    length('height', 'mm', [5, 120]),
    length('thickness', 'mm', [0.5, 30], 1),
    length('weight', 'g', [20, 1500]),
    text('fit_notes'),
    text('material_story'),
    text('sustainability_information'),
  ],
  sentences: [
    ['Machine wash at 40 degrees with similar colours.', 'Maskintvätt i 40 grader med liknande färger.', 'Maskinvask på 40 grader med lignende farger.'],
    ['Do not tumble dry.', 'Torktumlas ej.', 'Skal ikke tørketromles.'],
    ['Wash inside out to keep the colour.', 'Tvätta ut och in för att bevara färgen.', 'Vask med vrangen ut for å bevare fargen.'],
    ['The model is 180 cm tall and wears size M.', 'Modellen är 180 cm lång och bär storlek M.', 'Modellen er 180 cm høy og bruker størrelse M.'],
    ['Runs small: we suggest one size up.', 'Liten i storleken: välj gärna en storlek större.', 'Liten i størrelsen: velg gjerne én størrelse større.'],
    ['Made from recycled fibres.', 'Tillverkad av återvunna fibrer.', 'Laget av resirkulerte fibre.'],
    ['Designed in Scandinavia and made to last.', 'Designad i Skandinavien och gjord för att hålla.', 'Designet i Skandinavia og laget for å vare.'],
    ['Iron on low heat if needed.', 'Stryk på låg värme vid behov.', 'Stryk på lav varme ved behov.'],
    ['Leather softens and shapes to the foot over time.', 'Lädret mjukas upp och formas efter foten.', 'Skinnet mykner og former seg etter foten.'],
    ['Treat with a protective spray before first use.', 'Impregnera före första användning.', 'Impregner før første gangs bruk.'],
    ['Slight colour differences are part of the dye.', 'Små färgskillnader hör till infärgningen.', 'Små fargeforskjeller hører til fargingen.'],
    ['Store folded in a dry place.', 'Förvaras vikt på en torr plats.', 'Oppbevares sammenbrettet på et tørt sted.'],
  ],
};

/** Qualifiers that stretch a property's base values into a vocabulary of hundreds ("Aluminium brushed"). */
export const QUALIFIERS: readonly Words[] = [
  ['light', 'ljus', 'lys'],
  ['dark', 'mörk', 'mørk'],
  ['recycled', 'återvunnen', 'resirkulert'],
  ['premium', 'premium', 'premium'],
  ['basic', 'bas', 'basis'],
  ['extra', 'extra', 'ekstra'],
  ['plus', 'plus', 'pluss'],
  ['pro', 'pro', 'pro'],
  ['mini', 'mini', 'mini'],
  ['classic', 'klassisk', 'klassisk'],
];
