/**
 * The words a shopper types for a colour, in every inflected form, per language: "svarta", "svart", "svarte",
 * "sort" (Bokmål and Danish black), "hvite", "rött", "schwarze", "weisse". Each form leads to the colour's
 * names in the locale (colourNames.ts), which is what a product's `colorNames` holds and what a COLOR facet
 * is labelled with, so a query's "svarta" can ask for the products whose colour is named "Svart".
 * The forms come from the colour names by each language's adjective endings (base, neuter, plural and
 * definite; German strong and weak endings), plus the everyday words the palette does not use as labels.
 * Forms are compared folded (lower case, no diacritics, ß as ss), so "rod", "bla" and "weiss" are found too.
 * Pure; computed once per language.
 */
import { colourNameSets, langOf, type Lang } from './colourNames';

/** Lower case without diacritics; ß, æ, ø and œ spelt out, as a shopper without them types them. */
export function foldWord(word: string): string {
  return word.toLowerCase().replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/œ/g, 'oe').normalize('NFD').replace(/\p{M}/gu, '');
}

/** The inflected forms of one colour adjective (lower case) in a language. */
export function adjectiveForms(word: string, lang: Lang): string[] {
  const w = word.toLowerCase();
  // Loan colours ending in a vowel (lila, rosa, beige, oransje) do not inflect.
  if (/[aeo]$/.test(w) && !/(å)$/.test(w) && lang !== 'fi') return [w];
  switch (lang) {
    case 'sv':
      if (w.endsWith('å')) return [w, `${w}tt`, `${w}a`];
      if (w.endsWith('ad')) return [w, `${w.slice(0, -1)}t`, `${w}e`];
      if (w.endsWith('d')) return [w, `${w.slice(0, -1)}tt`, `${w}a`, `${w}e`];
      if (/[^aeiouyåäö]t$/.test(w)) return [w, `${w}a`, `${w}e`];
      return [w, `${w}t`, `${w}a`, `${w}e`];
    case 'nb':
      if (w.endsWith('å')) return [w, `${w}tt`, `${w}e`];
      if (w.endsWith('et')) return [w, `${w.slice(0, -1)}de`];
      if (w.endsWith('nn')) return [w, `${w.slice(0, -1)}t`, `${w}e`];
      if (/[^aeiouyæøå]t$/.test(w)) return [w, `${w}e`];
      return [w, `${w}t`, `${w}e`];
    case 'da':
      if (w.endsWith('å')) return [w, `${w}t`, `${w}e`];
      if (w.endsWith('et')) return [w, `${w.slice(0, -1)}de`];
      if (/[^aeiouyæøå]t$/.test(w)) return [w, `${w}e`];
      // A short vowel doubles the final n before -e: grøn, grønne.
      if (/[aeiouyæøå]n$/.test(w)) return [w, `${w}t`, `${w}ne`, `${w}e`];
      return [w, `${w}t`, `${w}e`];
    case 'de':
      return [w, `${w}e`, `${w}er`, `${w}es`, `${w}en`, `${w}em`];
    case 'fi':
      // Nominative plural and genitive: musta, mustat, mustan.
      return [w, `${w}t`, `${w}n`];
    default:
      return [w];
  }
}

/** Everyday colour words that are not the palette's label, by the label's first name they stand for. */
const EXTRA_WORDS: Readonly<Partial<Record<Lang, Readonly<Record<string, readonly string[]>>>>> = {
  nb: { svart: ['sort'], lilla: ['fiolett'] },
  da: { sort: ['svart'], lyserød: ['pink', 'rosa'] },
  sv: { lila: ['violett'], flerfärgad: ['färgglad'] },
  en: { grey: ['greys'], multicolour: ['multicoloured', 'multicolored', 'colourful', 'colorful'], gold: ['golden'] },
  de: { gold: ['golden'], silber: ['silbern'] },
};

export interface ColourWord {
  /** The colour's names in the locale, label first: what `colorNames` and facet labels hold. */
  names: readonly string[];
}

const byLanguage = new Map<Lang, ReadonlyMap<string, ColourWord>>();

/**
 * Folded word form → the colour it names, in the locale's language. Multi-word names ("light grey") are
 * keyed with a single space.
 */
export function colourWords(locale: string): ReadonlyMap<string, ColourWord> {
  const lang = langOf(locale);
  const known = byLanguage.get(lang);
  if (known) return known;
  const words = new Map<string, ColourWord>();
  for (const names of colourNameSets(locale)) {
    const colour: ColourWord = { names };
    const bases = [...names.map((n) => n.toLowerCase()), ...(EXTRA_WORDS[lang]?.[names[0].toLowerCase()] ?? [])];
    for (const base of bases) {
      const parts = base.split(' ');
      const last = parts.pop()!;
      for (const form of adjectiveForms(last, lang)) {
        const key = foldWord([...parts, form].join(' '));
        // The first colour to claim a form keeps it (the palette lists plain colours before shades).
        if (!words.has(key)) words.set(key, colour);
        // German umlauts typed as ae, oe, ue ("gruene").
        if (lang === 'de') {
          const spelt = [...parts, form].join(' ').replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue');
          if (!words.has(foldWord(spelt))) words.set(foldWord(spelt), colour);
        }
      }
    }
  }
  byLanguage.set(lang, words);
  return words;
}
