/**
 * How often search-page's round 1 leaves the spelling search out on bench:search's request mix, and how many
 * candidate corrections it counts (src/storefront/suggest/candidates.ts), without Elasticsearch: the generated
 * catalog's vocabulary is collected as a full import collects it, and each search-page phrase of the mix gets
 * its spelling plan. Usage: npx tsx scripts/spelling-plan-mix.ts [--groups 300] [--requests 150] [--seed 7]
 */
import { parseArgs } from 'node:util';
import { productGroupDocuments } from '../src/catalog/documents';
import { VocabularyCounter, languageOf, localeVocabulary } from '../src/catalog/vocabulary';
import { NearWords } from '../src/catalog/nearWords';
import { formKeys } from '../src/catalog/vocabulary';
import { defaultConfiguration, generateCatalogLines } from '../src/sample/generator';
import { LOCALE, requestMix } from '../src/sample/benchmarkMix';
import { spellingPlan, type CatalogWords } from '../src/storefront/suggest/candidates';

const { values } = parseArgs({
  options: { groups: { type: 'string', default: '300' }, requests: { type: 'string', default: '150' }, seed: { type: 'string', default: '7' } },
});
const groups = Number(values.groups);
const configuration = defaultConfiguration();
const counter = new VocabularyCounter();
for (const entity of generateCatalogLines({ productGroups: groups, markets: configuration })) {
  if (!('productGroup' in entity)) continue;
  for (const { document: d } of productGroupDocuments(entity.key, entity.productGroup, { configuration, translate: () => undefined }).documents) {
    if (d.locale !== LOCALE) continue;
    counter.add(d.title, d.productKey);
    counter.add(d.name, d.productKey);
    for (const c of d.category) counter.add(c, d.productKey);
    for (const t of d.productType) counter.add(t, d.productKey);
  }
}
const language = languageOf(LOCALE);
const vocabulary = localeVocabulary(counter.entries(), { language }, counter.pairs());
const singles = new Set(counter.singles());
const near = new NearWords(function* () {
  for (const list of vocabulary.forms.values()) yield* list;
});
const words: CatalogWords = {
  holds: (w) => formKeys(language, w).some((k) => vocabulary.forms.get(k)?.some((f) => !singles.has(f))),
  near: (w, max) => near.near(w, max),
};
// The catalog facts' brands, as the storefront reads them (every product's brand).
const brands = new Set<string>();
for (const entity of generateCatalogLines({ productGroups: groups, markets: configuration })) {
  if (!('productGroup' in entity)) continue;
  for (const { document: d } of productGroupDocuments(entity.key, entity.productGroup, { configuration, translate: () => undefined }).documents)
    if (d.brand) brands.add(d.brand);
}
const phrases = requestMix({ groups, configuration, generator: {}, seed: Number(values.seed) }, Number(values.requests))
  .filter((r) => r.endpoint === 'search-page')
  .map((r) => new URL(r.path, 'http://x').searchParams.get('q') ?? '');
let needed = 0;
let counted = 0;
for (const q of phrases) {
  const plan = spellingPlan(q, words, [...brands]);
  if (plan.needed) needed++;
  counted += plan.counted?.length ?? 0;
  console.log(`${plan.needed ? 'spelling' : 'left out'}\t${(plan.counted ?? []).join(' | ')}\t${q}`);
}
console.log(
  `search-pages ${phrases.length}: spelling search needed ${needed}, left out ${phrases.length - needed}; candidate phrases counted ${counted} (${(counted / Math.max(1, needed)).toFixed(2)} per spelling search); vocabulary ${vocabulary.forms.size} form keys, ${singles.size} single-product words`,
);
