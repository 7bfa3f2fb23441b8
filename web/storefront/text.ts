/**
 * The shop's own words (buttons, headings, counts) in the languages of the sample's locales: English, Swedish
 * and Norwegian bokmål, chosen by the locale's language. What the service answers (facet and sort labels,
 * navigation, titles) comes in the locale already; these are the words around it. Pure.
 */

export interface Text {
  shopName: string;
  skip: string;
  search: string;
  searchPlaceholder: string;
  searchButton: string;
  suggestions: string;
  searches: string;
  recentSearches: string;
  recentlyViewed: string;
  products: string;
  goToPage: string;
  productsMatch(n: number): string;
  marketAndLanguage: string;
  cart(n: number): string;
  cartWord: string;
  categories: string;
  menu: string;
  productCount(n: number, locale: string): string;
  sort: string;
  showMore: string;
  loading: string;
  showing(n: number, of: number): string;
  moreFailed: string;
  filter: string;
  filters: string;
  clearAll: string;
  filtered: string;
  showResults(n: number, locale: string): string;
  close: string;
  min: string;
  max: string;
  minimum(label: string): string;
  maximum(label: string): string;
  apply: string;
  showAll(n: number): string;
  showFewer: string;
  find(label: string): string;
  noMatch: string;
  resultsFor(q: string): string;
  searching: string;
  searchFailed: string;
  searchHeading: string;
  autoCorrected(typed: string, shown: string): string;
  searchInsteadFor: string;
  didYouMean: string;
  related: string;
  relatedSearches: string;
  noProductsMatch(q: string): string;
  similarInMeaning(q: string): string;
  closeTo(q: string): string;
  closeMatches: string;
  popularIn(label: string): string;
  partlyMatching(q: string): string;
  articles: string;
  home: string;
  pageHeading: string;
  pageFailed: string;
  pageNotFound: string;
  noPageAt(path: string): string;
  subcategories: string;
  breadcrumbs: string;
  heroTitle: string;
  heroText: string;
  latestArticles: string;
  readMore: string;
  product: string;
  productFailed: string;
  productNotFound: string;
  notSoldHere: string;
  colours: string;
  colourCount(n: number): string;
  size: string;
  chooseSize: string;
  inStock: string;
  onlyLeft(n: number): string;
  outOfStock: string;
  inStockSomeSizes: string;
  addToCart: string;
  addFavourite: string;
  removeFavourite: string;
  image(n: number): string;
  images: string;
  noImage: string;
  from(price: string): string;
  article: string;
  articleFailed: string;
  articleNotFound: string;
  published(date: string): string;
  addedToCart: string;
  goToCart: string;
  continueShopping: string;
  findingMatches: string;
  cartHeading: string;
  cartEmpty: string;
  total: string;
  goToCheckout: string;
  cartLines: string;
  quantityOf(title: string): string;
  remove: string;
  removeTitle(title: string): string;
  checkout: string;
  demoCheckout: string;
  email: string;
  placeOrder: string;
  orderFailed: string;
  thanks: string;
  orderNumber(n: string): string;
  listHeadings: Record<string, string>;
  footer(market: string, locale: string): string;
}

const count = (locale: string, n: number) => n.toLocaleString(locale);

const en: Text = {
  shopName: 'open-elevate demo shop',
  skip: 'Skip to content',
  search: 'Search',
  searchPlaceholder: 'Search products',
  searchButton: 'Search',
  suggestions: 'Suggestions',
  searches: 'Searches',
  recentSearches: 'Recent searches',
  recentlyViewed: 'Recently viewed',
  products: 'Products',
  goToPage: 'Go to page',
  productsMatch: (n) => `${n} products match`,
  marketAndLanguage: 'Market and language',
  cart: (n) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
  cartWord: 'Cart',
  categories: 'Categories',
  menu: 'Menu',
  productCount: (n, l) => (n === 1 ? '1 product' : `${count(l, n)} products`),
  sort: 'Sort',
  showMore: 'Show more',
  loading: 'Loading…',
  showing: (n, of) => `Showing ${n} of ${of}`,
  moreFailed: 'Could not load more products. Try again.',
  filter: 'Filter',
  filters: 'Filters',
  clearAll: 'Clear all',
  filtered: '(filtered)',
  showResults: (n, l) => `Show ${count(l, n)} products`,
  close: 'Close',
  min: 'Min',
  max: 'Max',
  minimum: (label) => `Minimum ${label}`,
  maximum: (label) => `Maximum ${label}`,
  apply: 'Apply',
  showAll: (n) => `Show all ${n}`,
  showFewer: 'Show fewer',
  find: (label) => `Find ${label}`,
  noMatch: 'No match',
  resultsFor: (q) => `Results for “${q}”`,
  searching: 'Searching…',
  searchFailed: 'The search failed:',
  searchHeading: 'Search',
  autoCorrected: (typed, shown) => `No results for “${typed}”. Showing results for “${shown}”.`,
  searchInsteadFor: 'Search instead for',
  didYouMean: 'Did you mean:',
  related: 'Related:',
  relatedSearches: 'Related searches',
  noProductsMatch: (q) => `No products match “${q}”.`,
  similarInMeaning: (q) => `No product matches the words “${q}”. Showing products similar in meaning.`,
  closeTo: (q) => `Close to “${q}”`,
  closeMatches: 'Close matches',
  popularIn: (label) => `Popular in ${label}`,
  partlyMatching: (q) => `Partly matching “${q}”`,
  articles: 'Articles and guides',
  home: 'Home',
  pageHeading: 'Page',
  pageFailed: 'The page failed to load:',
  pageNotFound: 'Page not found',
  noPageAt: (path) => `There is no page at ${path} in this market and language.`,
  subcategories: 'Subcategories',
  breadcrumbs: 'Breadcrumbs',
  heroTitle: 'The open-elevate demo shop',
  heroText: 'A shop front on the official Elevate client, served by the search service itself. Search above, or browse a category.',
  latestArticles: 'Latest articles',
  readMore: 'Read more',
  product: 'Product',
  productFailed: 'The product failed to load:',
  productNotFound: 'Product not found',
  notSoldHere: 'This product is not sold in this market.',
  colours: 'Colours',
  colourCount: (n) => `${n} colours`,
  size: 'Size',
  chooseSize: 'Choose a size first.',
  inStock: 'In stock',
  onlyLeft: (n) => `Only ${n} left`,
  outOfStock: 'Out of stock',
  inStockSomeSizes: 'In stock in some sizes',
  addToCart: 'Add to cart',
  addFavourite: 'Add to favourites',
  removeFavourite: 'Remove from favourites',
  image: (n) => `Image ${n}`,
  images: 'Images',
  noImage: 'No image',
  from: (price) => `from ${price}`,
  article: 'Article',
  articleFailed: 'The article failed to load:',
  articleNotFound: 'Article not found',
  published: (d) => `Published ${d}`,
  addedToCart: 'Added to cart',
  goToCart: 'Go to cart',
  continueShopping: 'Continue shopping',
  findingMatches: 'Finding products that go with it…',
  cartHeading: 'Cart',
  cartEmpty: 'Your cart is empty.',
  total: 'Total',
  goToCheckout: 'Go to checkout',
  cartLines: 'Cart lines',
  quantityOf: (title) => `Quantity of ${title}`,
  remove: 'Remove',
  removeTitle: (title) => `Remove ${title}`,
  checkout: 'Checkout',
  demoCheckout: 'This is a demo checkout: nothing is charged or shipped. Placing the order sends the purchase notification.',
  email: 'Email',
  placeOrder: 'Place order',
  orderFailed: 'The order could not be placed. Try again.',
  thanks: 'Thank you for your order',
  orderNumber: (n) => `Order number ${n}.`,
  listHeadings: {
    alternatives: 'Similar products',
    upsell: 'You may also like',
    'style-with': 'Style it with',
    'more-from-series': 'More from the series',
    'recently-viewed': 'Recently viewed',
    'add-to-cart-recs': 'Often bought together',
    cart: 'Complete your order',
    top: 'Popular right now',
    newest: 'New in',
    personal: 'Picked for you',
    favorites: 'Your favourites',
  },
  footer: (market, locale) => `Market ${market}, ${locale}.`,
};

const sv: Text = {
  shopName: 'open-elevate demobutik',
  skip: 'Till innehållet',
  search: 'Sök',
  searchPlaceholder: 'Sök produkter',
  searchButton: 'Sök',
  suggestions: 'Förslag',
  searches: 'Sökningar',
  recentSearches: 'Senaste sökningar',
  recentlyViewed: 'Senast visade',
  products: 'Produkter',
  goToPage: 'Gå till sidan',
  productsMatch: (n) => `${n} produkter matchar`,
  marketAndLanguage: 'Marknad och språk',
  cart: (n) => `Varukorg, ${n} ${n === 1 ? 'vara' : 'varor'}`,
  cartWord: 'Varukorg',
  categories: 'Kategorier',
  menu: 'Meny',
  productCount: (n, l) => (n === 1 ? '1 produkt' : `${count(l, n)} produkter`),
  sort: 'Sortera',
  showMore: 'Visa fler',
  loading: 'Laddar…',
  showing: (n, of) => `Visar ${n} av ${of}`,
  moreFailed: 'Kunde inte hämta fler produkter. Försök igen.',
  filter: 'Filtrera',
  filters: 'Filter',
  clearAll: 'Rensa alla',
  filtered: '(filtrerat)',
  showResults: (n, l) => `Visa ${count(l, n)} produkter`,
  close: 'Stäng',
  min: 'Min',
  max: 'Max',
  minimum: (label) => `Lägsta ${label.toLocaleLowerCase('sv')}`,
  maximum: (label) => `Högsta ${label.toLocaleLowerCase('sv')}`,
  apply: 'Använd',
  showAll: (n) => `Visa alla ${n}`,
  showFewer: 'Visa färre',
  find: (label) => `Hitta ${label.toLocaleLowerCase('sv')}`,
  noMatch: 'Ingen träff',
  resultsFor: (q) => `Resultat för ”${q}”`,
  searching: 'Söker…',
  searchFailed: 'Sökningen misslyckades:',
  searchHeading: 'Sök',
  autoCorrected: (typed, shown) => `Inga resultat för ”${typed}”. Visar resultat för ”${shown}”.`,
  searchInsteadFor: 'Sök i stället efter',
  didYouMean: 'Menade du:',
  related: 'Relaterat:',
  relatedSearches: 'Relaterade sökningar',
  noProductsMatch: (q) => `Inga produkter matchar ”${q}”.`,
  similarInMeaning: (q) => `Inga produkter matchar orden ”${q}”. Här är produkter med liknande betydelse.`,
  closeTo: (q) => `Nära ”${q}”`,
  closeMatches: 'Liknande produkter',
  popularIn: (label) => `Populärt i ${label}`,
  partlyMatching: (q) => `Matchar delvis ”${q}”`,
  articles: 'Artiklar och guider',
  home: 'Hem',
  pageHeading: 'Sida',
  pageFailed: 'Sidan kunde inte laddas:',
  pageNotFound: 'Sidan finns inte',
  noPageAt: (path) => `Det finns ingen sida på ${path} i den här marknaden och på det här språket.`,
  subcategories: 'Underkategorier',
  breadcrumbs: 'Brödsmulor',
  heroTitle: 'open-elevates demobutik',
  heroText: 'En butik på Elevates officiella klient, serverad av söktjänsten själv. Sök ovan eller bläddra i en kategori.',
  latestArticles: 'Senaste artiklarna',
  readMore: 'Läs mer',
  product: 'Produkt',
  productFailed: 'Produkten kunde inte laddas:',
  productNotFound: 'Produkten finns inte',
  notSoldHere: 'Produkten säljs inte i den här marknaden.',
  colours: 'Färger',
  colourCount: (n) => `${n} färger`,
  size: 'Storlek',
  chooseSize: 'Välj en storlek först.',
  inStock: 'I lager',
  onlyLeft: (n) => `Bara ${n} kvar`,
  outOfStock: 'Slut i lager',
  inStockSomeSizes: 'I lager i vissa storlekar',
  addToCart: 'Lägg i varukorgen',
  addFavourite: 'Spara som favorit',
  removeFavourite: 'Ta bort från favoriter',
  image: (n) => `Bild ${n}`,
  images: 'Bilder',
  noImage: 'Ingen bild',
  from: (price) => `från ${price}`,
  article: 'Artikel',
  articleFailed: 'Artikeln kunde inte laddas:',
  articleNotFound: 'Artikeln finns inte',
  published: (d) => `Publicerad ${d}`,
  addedToCart: 'Tillagd i varukorgen',
  goToCart: 'Till varukorgen',
  continueShopping: 'Fortsätt handla',
  findingMatches: 'Letar efter produkter som passar till…',
  cartHeading: 'Varukorg',
  cartEmpty: 'Varukorgen är tom.',
  total: 'Totalt',
  goToCheckout: 'Till kassan',
  cartLines: 'Varor i varukorgen',
  quantityOf: (title) => `Antal av ${title}`,
  remove: 'Ta bort',
  removeTitle: (title) => `Ta bort ${title}`,
  checkout: 'Kassa',
  demoCheckout: 'Det här är en demokassa: inget debiteras eller skickas. Beställningen skickar köpnotifieringen.',
  email: 'E-post',
  placeOrder: 'Beställ',
  orderFailed: 'Beställningen kunde inte läggas. Försök igen.',
  thanks: 'Tack för din beställning',
  orderNumber: (n) => `Ordernummer ${n}.`,
  listHeadings: {
    alternatives: 'Liknande produkter',
    upsell: 'Du kanske också gillar',
    'style-with': 'Matcha med',
    'more-from-series': 'Mer från serien',
    'recently-viewed': 'Senast visade',
    'add-to-cart-recs': 'Köps ofta tillsammans',
    cart: 'Komplettera din order',
    top: 'Populärt just nu',
    newest: 'Nyheter',
    personal: 'Utvalt för dig',
    favorites: 'Dina favoriter',
  },
  footer: (market, locale) => `Marknad ${market}, ${locale}.`,
};

const nb: Text = {
  shopName: 'open-elevate demobutikk',
  skip: 'Til innholdet',
  search: 'Søk',
  searchPlaceholder: 'Søk etter produkter',
  searchButton: 'Søk',
  suggestions: 'Forslag',
  searches: 'Søk',
  recentSearches: 'Siste søk',
  recentlyViewed: 'Sist sett',
  products: 'Produkter',
  goToPage: 'Gå til siden',
  productsMatch: (n) => `${n} produkter passer`,
  marketAndLanguage: 'Marked og språk',
  cart: (n) => `Handlekurv, ${n} ${n === 1 ? 'vare' : 'varer'}`,
  cartWord: 'Handlekurv',
  categories: 'Kategorier',
  menu: 'Meny',
  productCount: (n, l) => (n === 1 ? '1 produkt' : `${count(l, n)} produkter`),
  sort: 'Sorter',
  showMore: 'Vis flere',
  loading: 'Laster…',
  showing: (n, of) => `Viser ${n} av ${of}`,
  moreFailed: 'Kunne ikke hente flere produkter. Prøv igjen.',
  filter: 'Filtrer',
  filters: 'Filtre',
  clearAll: 'Fjern alle',
  filtered: '(filtrert)',
  showResults: (n, l) => `Vis ${count(l, n)} produkter`,
  close: 'Lukk',
  min: 'Min',
  max: 'Maks',
  minimum: (label) => `Laveste ${label.toLocaleLowerCase('nb')}`,
  maximum: (label) => `Høyeste ${label.toLocaleLowerCase('nb')}`,
  apply: 'Bruk',
  showAll: (n) => `Vis alle ${n}`,
  showFewer: 'Vis færre',
  find: (label) => `Finn ${label.toLocaleLowerCase('nb')}`,
  noMatch: 'Ingen treff',
  resultsFor: (q) => `Resultater for «${q}»`,
  searching: 'Søker…',
  searchFailed: 'Søket mislyktes:',
  searchHeading: 'Søk',
  autoCorrected: (typed, shown) => `Ingen resultater for «${typed}». Viser resultater for «${shown}».`,
  searchInsteadFor: 'Søk i stedet etter',
  didYouMean: 'Mente du:',
  related: 'Relatert:',
  relatedSearches: 'Relaterte søk',
  noProductsMatch: (q) => `Ingen produkter passer «${q}».`,
  similarInMeaning: (q) => `Ingen produkter passer ordene «${q}». Her er produkter med lignende betydning.`,
  closeTo: (q) => `Nær «${q}»`,
  closeMatches: 'Lignende produkter',
  popularIn: (label) => `Populært i ${label}`,
  partlyMatching: (q) => `Delvis treff for «${q}»`,
  articles: 'Artikler og guider',
  home: 'Hjem',
  pageHeading: 'Side',
  pageFailed: 'Siden kunne ikke lastes:',
  pageNotFound: 'Fant ikke siden',
  noPageAt: (path) => `Det finnes ingen side på ${path} i dette markedet og på dette språket.`,
  subcategories: 'Underkategorier',
  breadcrumbs: 'Brødsmuler',
  heroTitle: 'open-elevates demobutikk',
  heroText: 'En butikk på Elevates offisielle klient, levert av søketjenesten selv. Søk over, eller bla i en kategori.',
  latestArticles: 'Siste artikler',
  readMore: 'Les mer',
  product: 'Produkt',
  productFailed: 'Produktet kunne ikke lastes:',
  productNotFound: 'Fant ikke produktet',
  notSoldHere: 'Produktet selges ikke i dette markedet.',
  colours: 'Farger',
  colourCount: (n) => `${n} farger`,
  size: 'Størrelse',
  chooseSize: 'Velg en størrelse først.',
  inStock: 'På lager',
  onlyLeft: (n) => `Bare ${n} igjen`,
  outOfStock: 'Utsolgt',
  inStockSomeSizes: 'På lager i noen størrelser',
  addToCart: 'Legg i handlekurven',
  addFavourite: 'Legg til i favoritter',
  removeFavourite: 'Fjern fra favoritter',
  image: (n) => `Bilde ${n}`,
  images: 'Bilder',
  noImage: 'Mangler bilde',
  from: (price) => `fra ${price}`,
  article: 'Artikkel',
  articleFailed: 'Artikkelen kunne ikke lastes:',
  articleNotFound: 'Fant ikke artikkelen',
  published: (d) => `Publisert ${d}`,
  addedToCart: 'Lagt i handlekurven',
  goToCart: 'Til handlekurven',
  continueShopping: 'Fortsett å handle',
  findingMatches: 'Finner produkter som passer til…',
  cartHeading: 'Handlekurv',
  cartEmpty: 'Handlekurven er tom.',
  total: 'Totalt',
  goToCheckout: 'Til kassen',
  cartLines: 'Varer i handlekurven',
  quantityOf: (title) => `Antall av ${title}`,
  remove: 'Fjern',
  removeTitle: (title) => `Fjern ${title}`,
  checkout: 'Kasse',
  demoCheckout: 'Dette er en demokasse: ingenting belastes eller sendes. Bestillingen sender kjøpsvarslingen.',
  email: 'E-post',
  placeOrder: 'Bestill',
  orderFailed: 'Bestillingen kunne ikke legges inn. Prøv igjen.',
  thanks: 'Takk for bestillingen',
  orderNumber: (n) => `Ordrenummer ${n}.`,
  listHeadings: {
    alternatives: 'Lignende produkter',
    upsell: 'Du liker kanskje også',
    'style-with': 'Kombiner med',
    'more-from-series': 'Mer fra serien',
    'recently-viewed': 'Sist sett',
    'add-to-cart-recs': 'Kjøpes ofte sammen',
    cart: 'Fullfør bestillingen',
    top: 'Populært nå',
    newest: 'Nyheter',
    personal: 'Valgt for deg',
    favorites: 'Dine favoritter',
  },
  footer: (market, locale) => `Marked ${market}, ${locale}.`,
};

const TEXTS: Record<string, Text> = { en, sv, nb, no: nb, nn: nb };

/** The shop's words for a locale, by its language (English when the shop has none for it). */
export function textFor(locale: string): Text {
  return TEXTS[locale.split('-')[0]!.toLowerCase()] ?? en;
}
