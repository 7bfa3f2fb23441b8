/**
 * The electronics assortment: TVs, computers, phones, cables, appliances. Titles start with the brand and
 * end with a model code, as electronics titles do; products have 1–3 colours and 1–3 variants (storage,
 * screen size, cable length), and real feeds give them hundreds of technical attributes (feedAttributes.ts).
 */
import { type Assortment, type CategoryDef, type Words, categoriesOf, categoryId, categoryNames, sizeSystem } from './assortment';

const SEGMENTS: Readonly<Record<string, Words>> = {
  'TV & Audio': ['TV & Audio', 'TV & ljud', 'TV og lyd'], Computers: ['Computers', 'Datorer', 'Data'], Phones: ['Phones', 'Mobiler', 'Mobil'],
  Accessories: ['Accessories', 'Tillbehör', 'Tilbehør'], Appliances: ['Appliances', 'Vitvaror', 'Hvitevarer'],
  'Small Appliances': ['Small Appliances', 'Hushållsapparater', 'Småelektrisk'], Gaming: ['Gaming', 'Gaming', 'Gaming'],
  TVs: ['TVs', 'TV-apparater', 'TV-er'], Headphones: ['Headphones', 'Hörlurar', 'Hodetelefoner'], Speakers: ['Speakers', 'Högtalare', 'Høyttalere'],
  Soundbars: ['Soundbars', 'Soundbars', 'Lydplanker'], Laptops: ['Laptops', 'Bärbara datorer', 'Bærbare PC-er'], Monitors: ['Monitors', 'Skärmar', 'Skjermer'],
  Keyboards: ['Keyboards', 'Tangentbord', 'Tastaturer'], Mice: ['Mice', 'Datormöss', 'Datamus'], Printers: ['Printers', 'Skrivare', 'Skrivere'],
  Routers: ['Routers', 'Routrar', 'Rutere'], Smartphones: ['Smartphones', 'Mobiltelefoner', 'Mobiltelefoner'], Tablets: ['Tablets', 'Surfplattor', 'Nettbrett'],
  Smartwatches: ['Smartwatches', 'Smartklockor', 'Smartklokker'], Cables: ['Cables', 'Kablar', 'Kabler'], Chargers: ['Chargers', 'Laddare', 'Ladere'],
  'Phone Cases': ['Phone Cases', 'Mobilskal', 'Mobildeksler'], 'Washing Machines': ['Washing Machines', 'Tvättmaskiner', 'Vaskemaskiner'],
  Refrigerators: ['Refrigerators', 'Kylskåp', 'Kjøleskap'], Dishwashers: ['Dishwashers', 'Diskmaskiner', 'Oppvaskmaskiner'],
  'Coffee Machines': ['Coffee Machines', 'Kaffemaskiner', 'Kaffemaskiner'], 'Vacuum Cleaners': ['Vacuum Cleaners', 'Dammsugare', 'Støvsugere'],
  Microwaves: ['Microwaves', 'Mikrovågsugnar', 'Mikrobølgeovner'], Consoles: ['Consoles', 'Spelkonsoler', 'Spillkonsoller'],
  Controllers: ['Controllers', 'Handkontroller', 'Kontrollere'], 'New Arrivals': ['New Arrivals', 'Nyheter', 'Nyheter'],
};

const SIZES = {
  tv: sizeSystem(true, ['32"', '43"', '50"', '55"', '65"', '75"', '85"']),
  monitor: sizeSystem(true, ['24"', '27"', '32"', '34"', '49"']),
  storage: sizeSystem(true, ['64 GB', '128 GB', '256 GB', '512 GB', '1 TB']),
  laptop: sizeSystem(true, ['8 GB/256 GB', '16 GB/512 GB', '16 GB/1 TB', '32 GB/1 TB', '32 GB/2 TB']),
  cable: sizeSystem(true, ['0.5 m', '1 m', '1.5 m', '2 m', '3 m', '5 m']),
  watch: sizeSystem(true, ['41 mm', '45 mm', '49 mm']),
  oneSize: sizeSystem(false, []),
};

type Def = Omit<CategoryDef, 'gender' | 'materials'> & Partial<Pick<CategoryDef, 'materials'>>;
const def = (d: Def): CategoryDef => ({ gender: 'none', materials: [], ...d });

const CATEGORY_DEFS: readonly CategoryDef[] = [
  def({ path: ['TV & Audio', 'TVs'], productType: 'TVs', sizes: SIZES.tv, sizeType: 'Screen size', palette: 'tech', price: [3990, 29990], weight: [5000, 40000], share: 5,
    nouns: [['4K Smart TV', '4K Smart-TV', '4K Smart-TV'], ['OLED TV', 'OLED-TV', 'OLED-TV'], ['QLED TV', 'QLED-TV', 'QLED-TV']] }),
  def({ path: ['TV & Audio', 'Headphones'], productType: 'Headphones', sizes: SIZES.oneSize, palette: 'tech', price: [299, 4990], weight: [5, 400], share: 5,
    nouns: [['Wireless Headphones', 'trådlösa hörlurar', 'trådløse hodetelefoner'], ['Earbuds', 'in-ear-hörlurar', 'øreplugger'], ['Noise Cancelling Headphones', 'brusreducerande hörlurar', 'støydempende hodetelefoner']] }),
  def({ path: ['TV & Audio', 'Speakers'], productType: 'Speakers', sizes: SIZES.oneSize, palette: 'tech', price: [399, 7990], weight: [300, 8000], share: 3,
    nouns: [['Bluetooth Speaker', 'Bluetooth-högtalare', 'Bluetooth-høyttaler'], ['Smart Speaker', 'smart högtalare', 'smarthøyttaler']] }),
  def({ path: ['TV & Audio', 'Soundbars'], productType: 'Soundbars', sizes: SIZES.oneSize, palette: 'tech', price: [1490, 12990], weight: [2000, 9000], share: 2,
    nouns: [['Soundbar', 'soundbar', 'lydplanke'], ['Dolby Atmos Soundbar', 'Dolby Atmos-soundbar', 'Dolby Atmos-lydplanke']] }),
  def({ path: ['Computers', 'Laptops'], productType: 'Laptops', sizes: SIZES.laptop, sizeType: 'Configuration', palette: 'tech', price: [4990, 29990], weight: [900, 3000], share: 6,
    nouns: [['Laptop', 'bärbar dator', 'bærbar PC'], ['Ultrabook', 'ultrabook', 'ultrabook'], ['Gaming Laptop', 'gamingdator', 'gaming-PC']] }),
  def({ path: ['Computers', 'Monitors'], productType: 'Monitors', sizes: SIZES.monitor, sizeType: 'Screen size', palette: 'tech', price: [1490, 14990], weight: [3000, 12000], share: 4,
    nouns: [['Monitor', 'bildskärm', 'skjerm'], ['Gaming Monitor', 'gamingskärm', 'gamingskjerm'], ['Curved Monitor', 'böjd skärm', 'buet skjerm']] }),
  def({ path: ['Computers', 'Keyboards'], productType: 'Keyboards', sizes: SIZES.oneSize, palette: 'tech', price: [199, 2490], weight: [300, 1500], share: 3,
    nouns: [['Wireless Keyboard', 'trådlöst tangentbord', 'trådløst tastatur'], ['Mechanical Keyboard', 'mekaniskt tangentbord', 'mekanisk tastatur']] }),
  def({ path: ['Computers', 'Mice'], productType: 'Mice', sizes: SIZES.oneSize, palette: 'tech', price: [149, 1490], weight: [50, 150], share: 3,
    nouns: [['Wireless Mouse', 'trådlös mus', 'trådløs mus'], ['Gaming Mouse', 'gamingmus', 'gamingmus'], ['Ergonomic Mouse', 'ergonomisk mus', 'ergonomisk mus']] }),
  def({ path: ['Computers', 'Printers'], productType: 'Printers', sizes: SIZES.oneSize, palette: 'tech', price: [990, 6990], weight: [4000, 15000], share: 2,
    nouns: [['Laser Printer', 'laserskrivare', 'laserskriver'], ['Inkjet Printer', 'bläckstråleskrivare', 'blekkskriver'], ['All-in-One Printer', 'multifunktionsskrivare', 'multifunksjonsskriver']] }),
  def({ path: ['Computers', 'Routers'], productType: 'Routers', sizes: SIZES.oneSize, palette: 'tech', price: [490, 4990], weight: [200, 1200], share: 2,
    nouns: [['Wi-Fi Router', 'wifi-router', 'wifi-ruter'], ['Mesh System', 'meshsystem', 'mesh-system']] }),
  def({ path: ['Phones', 'Smartphones'], productType: 'Smartphones', sizes: SIZES.storage, sizeType: 'Storage', palette: 'tech', price: [1990, 16990], weight: [150, 240], share: 6,
    nouns: [['Smartphone', 'mobiltelefon', 'mobiltelefon'], ['5G Smartphone', '5G-mobil', '5G-mobil'], ['Foldable Phone', 'vikbar mobil', 'sammenleggbar mobil']] }),
  def({ path: ['Phones', 'Tablets'], productType: 'Tablets', sizes: SIZES.storage, sizeType: 'Storage', palette: 'tech', price: [1990, 14990], weight: [300, 700], share: 3,
    nouns: [['Tablet', 'surfplatta', 'nettbrett'], ['Drawing Tablet', 'ritplatta', 'tegnebrett']] }),
  def({ path: ['Phones', 'Smartwatches'], productType: 'Smartwatches', sizes: SIZES.watch, sizeType: 'Case size', palette: 'tech', price: [990, 8990], weight: [25, 70], share: 3,
    nouns: [['Smartwatch', 'smartklocka', 'smartklokke'], ['Fitness Tracker', 'aktivitetsarmband', 'aktivitetsarmbånd']] }),
  def({ path: ['Accessories', 'Cables'], productType: 'Cables', sizes: SIZES.cable, sizeType: 'Length', palette: 'tech', price: [99, 499], weight: [20, 200], share: 5,
    nouns: [['USB-C Cable', 'USB-C-kabel', 'USB-C-kabel'], ['HDMI Cable', 'HDMI-kabel', 'HDMI-kabel'], ['Lightning Cable', 'Lightning-kabel', 'Lightning-kabel'], ['Ethernet Cable', 'nätverkskabel', 'nettverkskabel']] }),
  def({ path: ['Accessories', 'Chargers'], productType: 'Chargers', sizes: SIZES.oneSize, palette: 'tech', price: [149, 999], weight: [50, 400], share: 4,
    nouns: [['USB-C Charger', 'USB-C-laddare', 'USB-C-lader'], ['Wireless Charger', 'trådlös laddare', 'trådløs lader'], ['Power Bank', 'powerbank', 'powerbank']] }),
  def({ path: ['Accessories', 'Phone Cases'], productType: 'Phone cases', sizes: SIZES.oneSize, palette: 'tech', price: [99, 599], weight: [20, 80], share: 3,
    materials: ['mat_leather', 'mat_rubber'], nouns: [['Phone Case', 'mobilskal', 'mobildeksel'], ['Wallet Case', 'plånboksfodral', 'lommebokdeksel']] }),
  def({ path: ['Appliances', 'Washing Machines'], productType: 'Washing machines', sizes: SIZES.oneSize, palette: 'tech', price: [4990, 14990], weight: [55000, 85000], share: 2,
    nouns: [['Washing Machine', 'tvättmaskin', 'vaskemaskin'], ['Washer Dryer', 'kombimaskin', 'vaske- og tørkemaskin']] }),
  def({ path: ['Appliances', 'Refrigerators'], productType: 'Refrigerators', sizes: SIZES.oneSize, palette: 'tech', price: [4990, 24990], weight: [40000, 110000], share: 2,
    materials: ['mat_steel'], nouns: [['Fridge Freezer', 'kyl/frys', 'kombiskap'], ['Refrigerator', 'kylskåp', 'kjøleskap']] }),
  def({ path: ['Appliances', 'Dishwashers'], productType: 'Dishwashers', sizes: SIZES.oneSize, palette: 'tech', price: [3990, 12990], weight: [30000, 50000], share: 2,
    materials: ['mat_steel'], nouns: [['Dishwasher', 'diskmaskin', 'oppvaskmaskin'], ['Integrated Dishwasher', 'integrerad diskmaskin', 'integrert oppvaskmaskin']] }),
  def({ path: ['Small Appliances', 'Coffee Machines'], productType: 'Coffee machines', sizes: SIZES.oneSize, palette: 'tech', price: [490, 9990], weight: [1500, 12000], share: 3,
    materials: ['mat_steel'], nouns: [['Espresso Machine', 'espressomaskin', 'espressomaskin'], ['Coffee Maker', 'kaffebryggare', 'kaffetrakter']] }),
  def({ path: ['Small Appliances', 'Vacuum Cleaners'], productType: 'Vacuum cleaners', sizes: SIZES.oneSize, palette: 'tech', price: [990, 7990], weight: [1500, 8000], share: 3,
    nouns: [['Robot Vacuum', 'robotdammsugare', 'robotstøvsuger'], ['Cordless Vacuum', 'sladdlös dammsugare', 'ledningsfri støvsuger']] }),
  def({ path: ['Small Appliances', 'Microwaves'], productType: 'Microwaves', sizes: SIZES.oneSize, palette: 'tech', price: [790, 3990], weight: [10000, 20000], share: 2,
    nouns: [['Microwave Oven', 'mikrovågsugn', 'mikrobølgeovn'], ['Combi Microwave', 'kombimikro', 'kombimikro']] }),
  def({ path: ['Gaming', 'Consoles'], productType: 'Consoles', sizes: SIZES.storage, sizeType: 'Storage', palette: 'tech', price: [2990, 7990], weight: [2000, 4500], share: 2,
    nouns: [['Game Console', 'spelkonsol', 'spillkonsoll'], ['Handheld Console', 'handhållen konsol', 'håndholdt konsoll']] }),
  def({ path: ['Gaming', 'Controllers'], productType: 'Controllers', sizes: SIZES.oneSize, palette: 'tech', price: [399, 1990], weight: [200, 350], share: 2,
    nouns: [['Wireless Controller', 'trådlös handkontroll', 'trådløs kontroller'], ['Racing Wheel', 'rattkontroll', 'ratt']] }),
];

const BRANDS = [
  'Voltra', 'Nordtek', 'Lumio', 'Kvant', 'Sonar Audio', 'Pixelhav', 'Frostline', 'Elektra Nord', 'Brisk', 'Ampere & Co',
  'Hertz Lab', 'Cirkel', 'Skärpa', 'Nimbus Digital', 'Polarit', 'Vinge', 'Kobolt', 'Fyr', 'Auralis', 'Tindra',
  'Gnista', 'Orbitek', 'Kilowatt', 'Strand Audio',
];
const STYLES = ['Nova', 'Vision', 'Pulse', 'Aero', 'Pro', 'Max', 'Lite', 'Edge', 'Prime', 'Zen', 'Spark', 'Core', 'Ultra', 'Flex', 'Orbit', 'Quantum', 'Halo', 'Echo', 'Neo', 'Air'];
const SERIES = ['Series 5', 'Series 7', 'Series 9', 'Home', 'Studio', 'Gaming', 'Business', 'Creator', 'Outdoor', 'Signature'];
const FEATURES: readonly Words[] = [
  ['energy-efficient', 'energisnål', 'energieffektiv'], ['wireless', 'trådlös', 'trådløs'], ['compact', 'kompakt', 'kompakt'], ['powerful', 'kraftfull', 'kraftig'],
  ['quiet', 'tyst', 'stillegående'], ['fast', 'snabb', 'rask'], ['smart', 'smart', 'smart'], ['durable', 'slitstark', 'slitesterk'],
];
const EVERYDAY: Words = ['Easy to set up and simple to use every day.', 'Enkel att installera och lätt att använda varje dag.', 'Enkel å installere og lett å bruke hver dag.'];

export const ELECTRONICS_ASSORTMENT: Assortment = {
  segments: SEGMENTS,
  categories: categoriesOf(CATEGORY_DEFS, SEGMENTS),
  newArrivals: { id: categoryId(['New Arrivals']), names: categoryNames(['New Arrivals'], SEGMENTS) },
  brands: BRANDS,
  styles: STYLES,
  series: SERIES,
  features: FEATURES,
  colourCounts: [[1, 50], [2, 35], [3, 15]],
  variantsPerProduct: [1, 3],
  priceCap: 49_999,
  modelCodeShare: 0.9,
  brandInTitle: true,
  everyday: () => EVERYDAY,
};
