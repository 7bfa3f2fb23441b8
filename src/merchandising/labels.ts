/**
 * Built-in texts a visitor reads, per language: facet labels, sort option labels and badges. English is
 * the fallback for a language without a table (and for a key a table lacks). Nynorsk shows the Bokmål
 * texts, and Portuguese falls back to English (pt-PT and pt-BR differ on these words).
 * A market and locale can override any of them by configuration.
 *
 * Keys: `facet.<attribute>` (brand, category, ..., as in facets/attributes.ts), `sort.<SORT_ID>`,
 * `badge.SALE`, `badge.NEW`, `badge.DISCOUNT` (a pattern: `{n}` is the whole percent, "-{n}%").
 * Overrides (labelConfiguration.ts) may also name `facet.custom.<name>` (no built-in text: the name).
 */

type Table = Readonly<Record<string, string>>;

const MEASURES = ['length', 'width', 'height', 'depth', 'volume', 'weight'] as const;

/** Facet labels, the measure names reused by the measure sorts. */
interface Language {
  facets: Table;
  sorts: Table;
  /** `<measure>, increasing` and `<measure>, decreasing` from the measure's facet label. */
  increasing(measure: string): string;
  decreasing(measure: string): string;
  badges: { SALE: string; NEW: string; DISCOUNT: string };
}

const FACET_KEYS = [
  'brand',
  'category',
  'series',
  'department',
  'gender',
  'age',
  'pattern',
  'product_type',
  'color',
  'size',
  'onlyInStock',
  'price',
  'rating',
  'discount',
  ...MEASURES,
] as const;
const SORT_KEYS = ['RELEVANCE', 'NEWEST_FIRST', 'PRICE_ASCENDING', 'PRICE_DESCENDING', 'DISCOUNT', 'RATING', 'NAME', 'TITLE'] as const;

const facets = (...labels: string[]): Table => Object.fromEntries(FACET_KEYS.map((k, i) => [k, labels[i]]));
const sorts = (...labels: string[]): Table => Object.fromEntries(SORT_KEYS.map((k, i) => [k, labels[i]]));

const LANGUAGES: Readonly<Record<string, Language>> = {
  en: {
    facets: facets(
      'Brand',
      'Category',
      'Series',
      'Department',
      'Gender',
      'Age',
      'Pattern',
      'Product type',
      'Color',
      'Size',
      'In stock',
      'Price',
      'Rating',
      'Discount',
      'Length',
      'Width',
      'Height',
      'Depth',
      'Volume',
      'Weight',
    ),
    sorts: sorts('Relevance', 'Newest first', 'Price, low to high', 'Price, high to low', 'Discount', 'Rating', 'Name', 'Title'),
    increasing: (m) => `${m}, increasing`,
    decreasing: (m) => `${m}, decreasing`,
    badges: { SALE: 'Sale', NEW: 'New', DISCOUNT: '-{n}%' },
  },
  sv: {
    facets: facets(
      'Varumärke',
      'Kategori',
      'Serie',
      'Avdelning',
      'Kön',
      'Ålder',
      'Mönster',
      'Produkttyp',
      'Färg',
      'Storlek',
      'I lager',
      'Pris',
      'Betyg',
      'Rabatt',
      'Längd',
      'Bredd',
      'Höjd',
      'Djup',
      'Volym',
      'Vikt',
    ),
    sorts: sorts('Relevans', 'Nyast först', 'Pris, lägst först', 'Pris, högst först', 'Rabatt', 'Betyg', 'Namn', 'Titel'),
    increasing: (m) => `${m}, stigande`,
    decreasing: (m) => `${m}, fallande`,
    badges: { SALE: 'Rea', NEW: 'Nyhet', DISCOUNT: '-{n}%' },
  },
  nb: {
    facets: facets(
      'Merke',
      'Kategori',
      'Serie',
      'Avdeling',
      'Kjønn',
      'Alder',
      'Mønster',
      'Produkttype',
      'Farge',
      'Størrelse',
      'På lager',
      'Pris',
      'Vurdering',
      'Rabatt',
      'Lengde',
      'Bredde',
      'Høyde',
      'Dybde',
      'Volum',
      'Vekt',
    ),
    sorts: sorts('Relevans', 'Nyeste først', 'Pris, lav til høy', 'Pris, høy til lav', 'Rabatt', 'Vurdering', 'Navn', 'Tittel'),
    increasing: (m) => `${m}, stigende`,
    decreasing: (m) => `${m}, synkende`,
    badges: { SALE: 'Salg', NEW: 'Nyhet', DISCOUNT: '-{n}%' },
  },
  da: {
    facets: facets(
      'Mærke',
      'Kategori',
      'Serie',
      'Afdeling',
      'Køn',
      'Alder',
      'Mønster',
      'Produkttype',
      'Farve',
      'Størrelse',
      'På lager',
      'Pris',
      'Bedømmelse',
      'Rabat',
      'Længde',
      'Bredde',
      'Højde',
      'Dybde',
      'Volumen',
      'Vægt',
    ),
    sorts: sorts('Relevans', 'Nyeste først', 'Pris, lav til høj', 'Pris, høj til lav', 'Rabat', 'Bedømmelse', 'Navn', 'Titel'),
    increasing: (m) => `${m}, stigende`,
    decreasing: (m) => `${m}, faldende`,
    badges: { SALE: 'Udsalg', NEW: 'Nyhed', DISCOUNT: '-{n}%' },
  },
  fi: {
    facets: facets(
      'Merkki',
      'Kategoria',
      'Sarja',
      'Osasto',
      'Sukupuoli',
      'Ikä',
      'Kuvio',
      'Tuotetyyppi',
      'Väri',
      'Koko',
      'Varastossa',
      'Hinta',
      'Arvio',
      'Alennus',
      'Pituus',
      'Leveys',
      'Korkeus',
      'Syvyys',
      'Tilavuus',
      'Paino',
    ),
    sorts: sorts('Osuvuus', 'Uusimmat ensin', 'Hinta, edullisin ensin', 'Hinta, kallein ensin', 'Alennus', 'Arvio', 'Nimi', 'Otsikko'),
    increasing: (m) => `${m}, nouseva`,
    decreasing: (m) => `${m}, laskeva`,
    badges: { SALE: 'Ale', NEW: 'Uutuus', DISCOUNT: '-{n}%' },
  },
  de: {
    facets: facets(
      'Marke',
      'Kategorie',
      'Serie',
      'Abteilung',
      'Geschlecht',
      'Alter',
      'Muster',
      'Produkttyp',
      'Farbe',
      'Größe',
      'Auf Lager',
      'Preis',
      'Bewertung',
      'Rabatt',
      'Länge',
      'Breite',
      'Höhe',
      'Tiefe',
      'Volumen',
      'Gewicht',
    ),
    sorts: sorts('Relevanz', 'Neueste zuerst', 'Preis aufsteigend', 'Preis absteigend', 'Rabatt', 'Bewertung', 'Name', 'Titel'),
    increasing: (m) => `${m} aufsteigend`,
    decreasing: (m) => `${m} absteigend`,
    badges: { SALE: 'Sale', NEW: 'Neu', DISCOUNT: '-{n}%' },
  },
  nl: {
    facets: facets(
      'Merk',
      'Categorie',
      'Serie',
      'Afdeling',
      'Geslacht',
      'Leeftijd',
      'Patroon',
      'Producttype',
      'Kleur',
      'Maat',
      'Op voorraad',
      'Prijs',
      'Beoordeling',
      'Korting',
      'Lengte',
      'Breedte',
      'Hoogte',
      'Diepte',
      'Volume',
      'Gewicht',
    ),
    sorts: sorts('Relevantie', 'Nieuwste eerst', 'Prijs, laag naar hoog', 'Prijs, hoog naar laag', 'Korting', 'Beoordeling', 'Naam', 'Titel'),
    increasing: (m) => `${m}, oplopend`,
    decreasing: (m) => `${m}, aflopend`,
    badges: { SALE: 'Sale', NEW: 'Nieuw', DISCOUNT: '-{n}%' },
  },
  fr: {
    facets: facets(
      'Marque',
      'Catégorie',
      'Série',
      'Rayon',
      'Genre',
      'Âge',
      'Motif',
      'Type de produit',
      'Couleur',
      'Taille',
      'En stock',
      'Prix',
      'Note',
      'Remise',
      'Longueur',
      'Largeur',
      'Hauteur',
      'Profondeur',
      'Volume',
      'Poids',
    ),
    sorts: sorts('Pertinence', 'Nouveautés d’abord', 'Prix croissant', 'Prix décroissant', 'Remise', 'Note', 'Nom', 'Titre'),
    // "ordre" is masculine whatever the measure's gender.
    increasing: (m) => `${m}, ordre croissant`,
    decreasing: (m) => `${m}, ordre décroissant`,
    // French typography sets % apart (narrow no-break space).
    badges: { SALE: 'Soldes', NEW: 'Nouveau', DISCOUNT: '-{n}\u202f%' },
  },
  es: {
    facets: facets(
      'Marca',
      'Categoría',
      'Serie',
      'Departamento',
      'Género',
      'Edad',
      'Estampado',
      'Tipo de producto',
      'Color',
      'Talla',
      'En stock',
      'Precio',
      'Valoración',
      'Descuento',
      'Longitud',
      'Anchura',
      'Altura',
      'Profundidad',
      'Volumen',
      'Peso',
    ),
    sorts: sorts('Relevancia', 'Novedades primero', 'Precio: de menor a mayor', 'Precio: de mayor a menor', 'Descuento', 'Valoración', 'Nombre', 'Título'),
    increasing: (m) => `${m}, ascendente`,
    decreasing: (m) => `${m}, descendente`,
    badges: { SALE: 'Oferta', NEW: 'Nuevo', DISCOUNT: '-{n}%' },
  },
  it: {
    facets: facets(
      'Marca',
      'Categoria',
      'Serie',
      'Reparto',
      'Genere',
      'Età',
      'Fantasia',
      'Tipo di prodotto',
      'Colore',
      'Taglia',
      'Disponibile',
      'Prezzo',
      'Valutazione',
      'Sconto',
      'Lunghezza',
      'Larghezza',
      'Altezza',
      'Profondità',
      'Volume',
      'Peso',
    ),
    sorts: sorts('Rilevanza', 'Più recenti', 'Prezzo crescente', 'Prezzo decrescente', 'Sconto', 'Valutazione', 'Nome', 'Titolo'),
    increasing: (m) => `${m}, in ordine crescente`,
    decreasing: (m) => `${m}, in ordine decrescente`,
    badges: { SALE: 'Saldi', NEW: 'Novità', DISCOUNT: '-{n}%' },
  },
};

const ALIASES: Readonly<Record<string, string>> = { nn: 'nb', no: 'nb' };

function languageOf(locale: string): Language {
  const code = locale.split('-')[0].toLowerCase();
  return LANGUAGES[ALIASES[code] ?? code] ?? LANGUAGES.en;
}

/** The built-in text of `key` in the locale's language (English when it has none); undefined for an unknown key. */
export function builtInLabel(locale: string, key: string): string | undefined {
  const [kind, name] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
  const find = (l: Language): string | undefined => {
    switch (kind) {
      case 'facet':
        return l.facets[name];
      case 'badge':
        return name === 'SALE' || name === 'NEW' || name === 'DISCOUNT' ? l.badges[name] : undefined;
      case 'sort': {
        const measure = /^(LENGTH|WIDTH|HEIGHT|DEPTH|VOLUME|WEIGHT)_(INCREASING|DECREASING)$/.exec(name);
        if (!measure) return l.sorts[name];
        const label = l.facets[measure[1].toLowerCase()];
        return label && (measure[2] === 'INCREASING' ? l.increasing(label) : l.decreasing(label));
      }
      default:
        return undefined;
    }
  };
  return find(languageOf(locale)) ?? find(LANGUAGES.en);
}

/** Keys an override may name: every key with a built-in text, and the facets of custom attributes. */
export function isLabelKey(key: string): boolean {
  return builtInLabel('en', key) !== undefined || /^facet\.custom\..+/.test(key);
}

/** The market-locale's overrides of the built-in texts, by key (labelConfiguration.ts). */
export interface LabelPlace {
  locale: string;
  labels: Readonly<Record<string, string>>;
}

/** What a visitor reads for `key`: the market-locale's override, else the built-in text of its language. */
export function visitorLabel(at: LabelPlace, key: string): string | undefined {
  return (Object.hasOwn(at.labels, key) ? at.labels[key] : undefined) ?? builtInLabel(at.locale, key);
}

/** Every key with a built-in text (the console offers them; overrides may also name `facet.custom.<name>`). */
export const BUILT_IN_LABEL_KEYS: readonly string[] = [
  ...FACET_KEYS.map((k) => `facet.${k}`),
  ...SORT_KEYS.map((k) => `sort.${k}`),
  ...MEASURES.flatMap((m) => [`sort.${m.toUpperCase()}_INCREASING`, `sort.${m.toUpperCase()}_DECREASING`]),
  'badge.SALE',
  'badge.NEW',
  'badge.DISCOUNT',
];

/** The languages with a table of their own. */
export const LABEL_LANGUAGES = Object.keys(LANGUAGES);
