/**
 * npm run relevance — imports the ESCI sample (../shared/data/esci-sample) through the admin API, runs its
 * 150 judged queries through search-page and reports nDCG@10, next to a plain BM25 run (match on title) over
 * the same products in a plain index on the same node. Unjudged results count as gain 0.
 * `npm run relevance -- --keep` leaves the indices (prefix relevance-esci) for experiments; `--reuse` then searches
 * the kept indices without importing again (a ranking change needs no new import). `RELEVANCE_PER_QUERY=<file>`
 * writes each query's figures (tab-separated) for finding the queries that lose.
 */
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { Client } from '@elastic/elasticsearch';
import type { ProductData, ReplaceEntity } from '../src/catalog/types';
import {
  build,
  createPlainTitleIndex,
  deletePrefix,
  elasticsearchUrl,
  ensureElasticsearch,
  importCatalog,
  type Judgments,
  judgedOnlyNdcgAt10,
  mean,
  ndcgAt10,
  recallAt,
  plainTitleSearch,
  root,
  round,
  searchPageLists,
  startApi,
} from './benchSupport';

const dataDir = process.env.ESCI_DIR ?? join(root, '..', 'shared', 'data', 'esci-sample');
const prefix = process.env.RELEVANCE_PREFIX ?? 'relevance-esci';
const apiKey = 'relevance-key';
const market = 'US';
const locale = 'en-US';

interface EsciProduct {
  asin: string;
  title?: string;
  description?: string;
  bullet_points?: string;
  brand?: string;
  color?: string | null;
  image?: string;
  price?: number | null;
  category?: string[];
  rating?: number | null;
}

async function readProducts(): Promise<EsciProduct[]> {
  const out: EsciProduct[] = [];
  for await (const line of createInterface({ input: createReadStream(join(dataDir, 'products.jsonl.gz')).pipe(createGunzip()), crlfDelay: Infinity }))
    if (line.trim()) out.push(JSON.parse(line));
  return out;
}

/** A deterministic price for products without one, from the asin. */
function price(p: EsciProduct): number {
  if (p.price && p.price > 0) return p.price;
  let h = 0;
  for (const c of p.asin) h = (h * 31 + c.charCodeAt(0)) % 9973;
  return 5 + (h % 200);
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim() || undefined;

export function toCatalogLine(p: EsciProduct): ReplaceEntity {
  const defaults: ProductData = {
    title: clean(p.title) ?? p.asin,
    url: `/p/${p.asin}`,
    brand: clean(p.brand),
    description: clean([p.description, p.bullet_points].filter(Boolean).join(' ')),
    category: p.category?.length ? [p.category.map((c) => c.replace(/>/g, ' ')).join(' > ')] : undefined,
    rating: typeof p.rating === 'number' ? Math.max(0, Math.min(5, p.rating)) : undefined,
    customLabels: clean(p.color) ? { color: [clean(p.color)!] } : undefined,
  };
  for (const k of Object.keys(defaults) as (keyof ProductData)[]) if (defaults[k] === undefined) delete defaults[k];
  const image = p.image && /^https?:\/\//.test(p.image) ? { main: { defaults: { urls: [{ url: p.image }], alt: defaults.title } } } : undefined;
  return {
    key: p.asin,
    productGroup: {
      products: {
        [p.asin]: {
          markets: [market],
          defaults,
          variants: { [`${p.asin}-1`]: { defaults: { listPrice: price(p), sellingPrice: price(p), stock: 10 } } },
          ...(image ? { images: image } : {}),
        },
      },
    },
  };
}

function readTsv(file: string): string[][] {
  return readFileSync(join(dataDir, file), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t'));
}

async function main() {
  if (!existsSync(join(dataDir, 'products.jsonl.gz'))) throw new Error(`ESCI sample not found in ${dataDir} (set ESCI_DIR)`);
  ensureElasticsearch();
  build();
  const es = new Client({ node: elasticsearchUrl });
  const reuse = process.argv.includes('--reuse') && (await es.indices.exists({ index: `${prefix}-plain-bm25` }));
  if (!reuse) await deletePrefix(es, prefix);
  const products = await readProducts();
  const queries = readTsv('queries.tsv').map(([id, q]) => ({ id, q }));
  const gains = new Map<string, Judgments>();
  for (const [id, , productId, , gain] of readTsv('qrels.tsv')) {
    if (!gains.has(id)) gains.set(id, new Map());
    gains.get(id)!.set(productId, Number(gain));
  }

  const api = await startApi({ INDEX_PREFIX: prefix, ADMIN_API_KEY: apiKey }, Number(process.env.RELEVANCE_PORT ?? 18081));
  try {
    const plain = `${prefix}-plain-bm25`;
    if (!reuse) {
      await importCatalog(
        api.url,
        apiKey,
        { [market]: { locales: [locale], currency: 'USD' } },
        products.map((p) => JSON.stringify({ replace: toCatalogLine(p) })),
      );
      // Plain BM25 baseline: titles only, standard analyzer, same node.
      await createPlainTitleIndex(
        es,
        plain,
        products.map((p) => ({ id: p.asin, title: p.title ?? '' })),
      );
    }
    const perQuery: string[] = ['id\tquery\tndcg10\tbm25\tjudgedOnly\tjudgedOnlyBm25\trecall100\trecall100Bm25'];

    // The page as a visitor sees it: the primary list, then the secondary list (looser matches), which
    // search-page fills only when the primary list is short. The primary list alone is reported too.
    let apiTotal = 0;
    let primaryTotal = 0;
    let bm25Total = 0;
    let judgedOnlyTotal = 0;
    let judgedOnlyBm25Total = 0;
    const recalls: (number | undefined)[] = [];
    const recallsBm25: (number | undefined)[] = [];
    for (const { id, q } of queries) {
      const judged: Judgments = gains.get(id) ?? new Map();
      const { primary, secondary } = await searchPageLists(api.url, { q, market, locale, limit: '10' });
      const page = ndcgAt10([...primary, ...secondary], judged);
      apiTotal += page;
      primaryTotal += ndcgAt10(primary, judged);
      const bm25List = await plainTitleSearch(es, plain, q, 100);
      const bm25Page = ndcgAt10(bm25List, judged);
      bm25Total += bm25Page;
      // Judged-only: the first 100 of the page (primary, then secondary), unjudged products dropped before the cut.
      const deep = await searchPageLists(api.url, { q, market, locale, limit: '100' });
      const judgedOnlyPage = judgedOnlyNdcgAt10([...deep.primary, ...deep.secondary], judged);
      const judgedOnlyBm25 = judgedOnlyNdcgAt10(bm25List, judged);
      judgedOnlyTotal += judgedOnlyPage;
      judgedOnlyBm25Total += judgedOnlyBm25;
      const recall = recallAt([...deep.primary, ...deep.secondary], judged, 100, 2);
      const recallBm25 = recallAt(bm25List, judged, 100, 2);
      recalls.push(recall);
      recallsBm25.push(recallBm25);
      perQuery.push(
        [id, q, page, bm25Page, judgedOnlyPage, judgedOnlyBm25, recall ?? '', recallBm25 ?? '']
          .map((v) => (typeof v === 'number' ? v.toFixed(4) : v))
          .join('\t'),
      );
    }
    if (process.env.RELEVANCE_PER_QUERY) writeFileSync(process.env.RELEVANCE_PER_QUERY, `${perQuery.join('\n')}\n`);
    const searchPage = apiTotal / queries.length;
    const primaryOnly = primaryTotal / queries.length;
    const bm25 = bm25Total / queries.length;
    const judgedOnly = judgedOnlyTotal / queries.length;
    const judgedOnlyBm25 = judgedOnlyBm25Total / queries.length;
    const recall = mean(recalls);
    const recallBm25 = mean(recallsBm25);
    const signed = (d: number) => `${d >= 0 ? '+' : ''}${d.toFixed(4)}`;
    console.log(`ESCI sample: ${products.length} products, ${queries.length} queries`);
    console.log(
      `nDCG@10 search-page (primary then secondary list) ${searchPage.toFixed(4)}  plain BM25 (title) ${bm25.toFixed(4)}  difference ${signed(searchPage - bm25)}`,
    );
    console.log(`nDCG@10 primary list alone ${primaryOnly.toFixed(4)} (every term must match: precise lists and facets, fewer results)`);
    console.log(
      `judged-only nDCG@10 search-page ${judgedOnly.toFixed(4)}  plain BM25 ${judgedOnlyBm25.toFixed(4)}; recall@100 of grade >= 2 search-page ${recall.toFixed(4)}  plain BM25 ${recallBm25.toFixed(4)}`,
    );
    console.log(
      JSON.stringify({
        benchmark: 'relevance-esci',
        products: products.length,
        queries: queries.length,
        ndcg10SearchPage: round(searchPage, 4),
        ndcg10PrimaryList: round(primaryOnly, 4),
        ndcg10PlainBm25: round(bm25, 4),
        judgedOnlyNdcg10SearchPage: round(judgedOnly, 4),
        judgedOnlyNdcg10PlainBm25: round(judgedOnlyBm25, 4),
        recall100SearchPage: round(recall, 4),
        recall100PlainBm25: round(recallBm25, 4),
      }),
    );
  } finally {
    await api.stop();
    // --keep leaves the imported sample in place for ranking experiments.
    if (!process.argv.includes('--keep')) await deletePrefix(es, prefix);
    await es.close();
  }
}

if (require.main === module)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
