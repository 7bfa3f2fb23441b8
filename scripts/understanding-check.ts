/**
 * npx tsx scripts/understanding-check.ts [--port 8080] — the query-understanding check of issue 30 on the
 * sample catalog of `npm start`: each phrase with a colour word in an inflected form, a price limit or range,
 * a gender, a brand, a size or a material (the `material` label, UNDERSTOOD_ATTRIBUTES) must answer what its product word answers with that facet selected (the same
 * product groups). A brand case names the brand with the most of the word's products (read from its facet).
 * A phrase passes when its primary list holds exactly the reference's product groups; when the reference
 * is empty (the catalog has none: "mens jeans"), it passes when the answer is not a dead end either.
 * Issue 40's classes (word roles): the product word kept beside an audience (only the word's products), a
 * modifier dropped with the colour kept, an audience after a preposition, and numbers no correction changes.
 * Also reports whether "gröna" is auto-corrected (issue 30: it was corrected to "gryta").
 * Prints one line per phrase, then `X/N` and one JSON line.
 */
import { arg } from './benchSupport';

const port = arg('port', 8080);
const base = `http://127.0.0.1:${port}/api/storefront/v3/queries/search-page`;

/**
 * `within`: the phrase names its product word beside an audience (issue 40); it passes when its primary list is
 * not empty and holds only products of the word's own list. `numbers`: no did-you-mean or auto-correct may
 * change a number of the phrase (issue 40).
 */
interface Case {
  q: string;
  market: string;
  locale: string;
  word: string;
  colour?: string;
  minPrice?: number;
  maxPrice?: number;
  gender?: string;
  brand?: true;
  size?: string;
  material?: string;
  within?: true;
  numbers?: true;
}

const CASES: Case[] = [
  { q: 'svarta skor', market: 'SE', locale: 'sv-SE', word: 'skor', colour: 'Svart' },
  { q: 'bruna skor', market: 'SE', locale: 'sv-SE', word: 'skor', colour: 'Brun' },
  { q: 'svarte sko', market: 'NO', locale: 'nb-NO', word: 'sko', colour: 'Svart' },
  { q: 'hvite joggesko', market: 'NO', locale: 'nb-NO', word: 'joggesko', colour: 'Hvit' },
  { q: 'sort jakke', market: 'NO', locale: 'nb-NO', word: 'jakke', colour: 'Svart' },
  { q: 'skor under 500 kr', market: 'SE', locale: 'sv-SE', word: 'skor', maxPrice: 500 },
  { q: 'jackor under 1000 kr', market: 'SE', locale: 'sv-SE', word: 'jackor', maxPrice: 1000 },
  { q: 'dresses under 50', market: 'UK', locale: 'en-GB', word: 'dresses', maxPrice: 50 },
  { q: 'jackets under £100', market: 'UK', locale: 'en-GB', word: 'jackets', maxPrice: 100 },
  { q: 'mens jeans', market: 'UK', locale: 'en-GB', word: 'jeans', gender: 'Men' },
  { q: 'mens jackets', market: 'UK', locale: 'en-GB', word: 'jackets', gender: 'Men' },
  { q: 'jackor herr', market: 'SE', locale: 'sv-SE', word: 'jackor', gender: 'Herr' },
  { q: 'svart jacka', market: 'SE', locale: 'sv-SE', word: 'jacka', colour: 'Svart' },
  { q: 'vita sneakers', market: 'SE', locale: 'sv-SE', word: 'sneakers', colour: 'Vit' },
  { q: 'skor 500–1000 kr', market: 'SE', locale: 'sv-SE', word: 'skor', minPrice: 500, maxPrice: 1000 },
  { q: 'jackor mellan 500 och 1000 kr', market: 'SE', locale: 'sv-SE', word: 'jackor', minPrice: 500, maxPrice: 1000 },
  { q: 'jackets between £50 and £100', market: 'UK', locale: 'en-GB', word: 'jackets', minPrice: 50, maxPrice: 100 },
  { q: 'skor över 500 kr', market: 'SE', locale: 'sv-SE', word: 'skor', minPrice: 500 },
  { q: 'jackor', market: 'SE', locale: 'sv-SE', word: 'jackor', brand: true },
  { q: 'sneakers', market: 'SE', locale: 'sv-SE', word: 'sneakers', brand: true },
  { q: 'jackets', market: 'UK', locale: 'en-GB', word: 'jackets', brand: true },
  { q: 'jeans storlek 32', market: 'SE', locale: 'sv-SE', word: 'jeans', size: '32' },
  { q: 'tröjor storlek M', market: 'SE', locale: 'sv-SE', word: 'tröjor', size: 'M' },
  { q: 'sneakers size 40', market: 'UK', locale: 'en-GB', word: 'sneakers', size: '40' },
  { q: 'läderskor', market: 'SE', locale: 'sv-SE', word: 'skor', material: 'Läder' },
  { q: 'skor i läder', market: 'SE', locale: 'sv-SE', word: 'skor', material: 'Läder' },
  { q: 'ulltröjor', market: 'SE', locale: 'sv-SE', word: 'tröjor', material: 'Ull' },
  { q: 'sneakers i mocka', market: 'SE', locale: 'sv-SE', word: 'sneakers', material: 'Mocka' },
  { q: 'leather boots', market: 'UK', locale: 'en-GB', word: 'boots', material: 'Leather' },
  { q: 'wool sweater', market: 'UK', locale: 'en-GB', word: 'sweater', material: 'Wool' },
  // Issue 40, word roles: the product word is kept beside an audience.
  { q: 'jacka för barn', market: 'SE', locale: 'sv-SE', word: 'jacka', within: true },
  { q: 'jakke for barn', market: 'NO', locale: 'nb-NO', word: 'jakke', within: true },
  { q: 'jackets for kids', market: 'UK', locale: 'en-GB', word: 'jackets', within: true },
  // A modifier the catalog does not hold is dropped, the colour kept.
  { q: 'snygga svarta skor', market: 'SE', locale: 'sv-SE', word: 'skor', colour: 'Svart' },
  { q: 'fine svarte sko', market: 'NO', locale: 'nb-NO', word: 'sko', colour: 'Svart' },
  { q: 'nice black shoes', market: 'UK', locale: 'en-GB', word: 'shoes', colour: 'Black' },
  // An audience after a preposition.
  { q: 'jakke til herre', market: 'NO', locale: 'nb-NO', word: 'jakke', gender: 'Herre' },
  { q: 'jacka för herr', market: 'SE', locale: 'sv-SE', word: 'jacka', gender: 'Herr' },
  { q: 'jackets for men', market: 'UK', locale: 'en-GB', word: 'jackets', gender: 'Men' },
  // A number survives did-you-mean.
  { q: 'skor under 400 kr', market: 'SE', locale: 'sv-SE', word: 'skor', maxPrice: 400, numbers: true },
  { q: 'sko under 400 kr', market: 'NO', locale: 'nb-NO', word: 'sko', maxPrice: 400, numbers: true },
  { q: 'shoes under £40', market: 'UK', locale: 'en-GB', word: 'shoes', maxPrice: 40, numbers: true },
];

interface Page {
  primaryList: {
    totalHits: number;
    productGroups: { key: string }[];
    facets: {
      id: string;
      values?: { id: string; label: string; count?: number }[];
      sizeTypes?: { formats: { values: { id: string; label: string }[] }[] }[];
    }[];
  };
  autoCorrect?: { q: string };
  didYouMean?: { q: string }[];
}

/** The numbers of a phrase, in order. */
const numbersOf = (q: string) => (q.match(/\p{N}+/gu) ?? []).join(' ');

async function page(params: Record<string, string>): Promise<Page> {
  const query = new URLSearchParams({ customerKey: 'check', sessionKey: 'check', touchpoint: 'DESKTOP', limit: '600', notify: 'false', ...params });
  const response = await fetch(`${base}?${query}`);
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as Page;
}

const keys = (p: Page) => [...new Set(p.primaryList.productGroups.map((g) => g.key))].sort();

async function main(): Promise<void> {
  let passed = 0;
  const results: { q: string; hits: number; reference: number; pass: boolean; topShare: number }[] = [];
  for (const c of CASES) {
    const at = { market: c.market, locale: c.locale };
    const selection: Record<string, string> = {};
    if (c.brand) {
      const plain = await page({ ...at, q: c.word });
      const top = [...(plain.primaryList.facets.find((f) => f.id === 'brand')?.values ?? [])].sort((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
      selection['f.brand'] = top?.id ?? 'none';
      c.q = `${(top?.label ?? 'none').toLowerCase()} ${c.word}`;
    }
    if (c.size) {
      const plain = await page({ ...at, q: c.word });
      const values = (plain.primaryList.facets.find((f) => f.id === 'size')?.sizeTypes ?? []).flatMap((t) => t.formats.flatMap((fm) => fm.values));
      const ids = [...new Set(values.filter((v) => v.label === c.size || v.label.startsWith(`${c.size}/`)).map((v) => v.id))];
      selection['f.size'] = ids.join('|') || 'none';
    }
    if (c.minPrice !== undefined) selection['f.price.min'] = String(c.minPrice);
    if (c.colour) {
      const plain = await page({ ...at, q: c.word });
      const ids =
        plain.primaryList.facets
          .find((f) => f.id === 'color')
          ?.values?.filter((v) => v.label === c.colour)
          .map((v) => v.id) ?? [];
      selection['f.color'] = ids.join('|') || 'none';
    }
    if (c.maxPrice !== undefined) selection['f.price.max'] = String(c.maxPrice);
    if (c.gender) selection['f.gender'] = c.gender;
    if (c.material) selection['f.custom.material'] = c.material;
    const [reference, answer] = await Promise.all([page({ ...at, q: c.word, ...selection }), page({ ...at, q: c.q })]);
    const want = keys(reference);
    const got = keys(answer);
    const corrections = [...(answer.didYouMean ?? []), ...(answer.autoCorrect ? [answer.autoCorrect] : [])].map((d) => d.q);
    const exact = want.length ? JSON.stringify(want) === JSON.stringify(got) : got.length > 0;
    const pass =
      (c.within ? got.length > 0 && got.every((k) => want.includes(k)) : exact) && (!c.numbers || corrections.every((q) => numbersOf(q) === numbersOf(c.q)));
    if (pass) passed++;
    // How many of the first ten shown (or fewer, as many as the reference has) are the reference's.
    const top = [...new Set(answer.primaryList.productGroups.map((g) => g.key))].slice(0, Math.min(10, want.length));
    const topShare = top.length ? top.filter((k) => want.includes(k)).length / top.length : want.length ? 0 : 1;
    results.push({ q: c.q, hits: answer.primaryList.totalHits, reference: reference.primaryList.totalHits, pass, topShare });
    console.log(
      `${pass ? 'pass' : 'FAIL'}  "${c.q}" (${c.locale}): ${answer.primaryList.totalHits} hits; "${c.word}" with ${JSON.stringify(selection)}: ${reference.primaryList.totalHits}; first ${top.length} shown in the reference: ${Math.round(topShare * 100)}%`,
    );
  }
  const green = await page({ market: 'SE', locale: 'sv-SE', q: 'gröna' });
  console.log(`"gröna": ${green.primaryList.totalHits} hits, auto-corrected to ${green.autoCorrect ? `"${green.autoCorrect.q}"` : 'nothing'}`);
  const meanTop = results.reduce((sum, r) => sum + r.topShare, 0) / results.length;
  console.log(`${passed}/${CASES.length}; first results in the reference: ${Math.round(meanTop * 100)}% on average`);
  console.log(JSON.stringify({ check: 'understanding', passed, of: CASES.length, results, gronaCorrectedTo: green.autoCorrect?.q ?? null }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
