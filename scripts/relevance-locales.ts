/**
 * npm run relevance:locales — the hand-judged Swedish, German and English sets (scripts/relevance/, see its README)
 * through search-page, next to a plain BM25 match on titles, as relevance-esci.ts does for English. Per set:
 *   - nDCG@10 of the page as shown (limit 10: the primary list, then the secondary list search-page adds when
 *     the primary list is short) and of the primary list alone;
 *   - recall@100 of the products judged 2 or 3: the primary list (limit 100) followed by the whole secondary
 *     list (what "view all" shows, `viewAllSecondary`, when the page offers one), and the primary list alone;
 *   - both for a plain `match` on the titles in a plain index (standard analyzer) on the same node.
 * Each set gets its own index prefix (relevance-locales-<locale>) and its own API process.
 * Options: `--queries` prints each query's page, scores and missed products; `--set sv-SE` runs one set;
 * `--keep` leaves the indices; `--port N` the API's port (default 18183).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@elastic/elasticsearch';
import type { ReplaceEntity } from '../src/catalog/types';
import {
  arg,
  build,
  createPlainTitleIndex,
  deletePrefix,
  elasticsearchUrl,
  ensureElasticsearch,
  flag,
  importCatalog,
  judgedOnlyNdcgAt10,
  type Judgments,
  mean,
  ndcgAt10,
  plainTitleSearch,
  recallAt,
  root,
  round,
  searchPageLists,
  startApi,
} from './benchSupport';

interface JudgedSet {
  locale: string;
  market: string;
  currency: string;
}

const SETS: JudgedSet[] = [
  { locale: 'sv-SE', market: 'SE', currency: 'SEK' },
  { locale: 'de-DE', market: 'DE', currency: 'EUR' },
  { locale: 'en-US', market: 'US', currency: 'USD' },
];
const dataDir = join(root, 'scripts', 'relevance');
const apiKey = 'relevance-key';
/** Recall counts exact and substitute products: a complement is welcome on a page but not what was asked for. */
const RECALL_MIN_GRADE = 2;
const RECALL_DEPTH = 100;

interface LoadedSet {
  set: JudgedSet;
  /** Catalog lines as stored, sent unchanged to the full import. */
  lines: string[];
  /** Product group key → title, for the BM25 index and for printing. */
  titles: Map<string, string>;
  queries: { id: string; q: string }[];
  judgments: Map<string, Judgments>;
  judgmentCount: number;
}

/** Rows of a TSV file with a header line. */
function readTsv(file: string): string[][] {
  return readFileSync(join(dataDir, file), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.split('\t'));
}

/** The title of a group: its first product's default title (every group of these sets has one product). */
function groupTitle(line: string): [string, string] | undefined {
  const entity = (JSON.parse(line) as { replace: ReplaceEntity }).replace;
  if (!('productGroup' in entity)) return undefined;
  const product = Object.values(entity.productGroup.products)[0];
  return [entity.key, product?.defaults?.title ?? ''];
}

function loadSet(set: JudgedSet): LoadedSet {
  const lines = readFileSync(join(dataDir, `${set.locale}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const titles = new Map(lines.map(groupTitle).filter((t): t is [string, string] => t !== undefined));
  const queries = readTsv(`${set.locale}.queries.tsv`).map(([id, q]) => ({ id, q }));
  const judgments = new Map<string, Judgments>();
  const rows = readTsv(`${set.locale}.qrels.tsv`);
  for (const [id, key, grade] of rows) {
    if (!judgments.has(id)) judgments.set(id, new Map());
    judgments.get(id)!.set(key, Number(grade));
  }
  const loaded = { set, lines, titles, queries, judgments, judgmentCount: rows.length };
  checkSet(loaded);
  return loaded;
}

/** A judgment naming a product the catalog lacks, or a query without judgments, would silently skew the figures. */
function checkSet(s: LoadedSet): void {
  for (const [id, judged] of s.judgments) {
    for (const key of judged.keys())
      if (!s.titles.has(key)) throw new Error(`${s.set.locale}.qrels.tsv: ${id} judges ${key}, which is not in ${s.set.locale}.jsonl`);
  }
  for (const { id } of s.queries) if (!s.judgments.has(id)) throw new Error(`${s.set.locale}: query ${id} has no judgments`);
}

/** What one query returned, before scoring. */
interface QueryRun {
  id: string;
  q: string;
  /** The limit-10 page: primary list, then secondary list. */
  page: string[];
  primaryPage: string[];
  /** The primary list at limit 100, then the whole secondary list. */
  deep: string[];
  deepPrimary: string[];
  bm25: string[];
  primaryTotal: number;
  secondaryTotal: number;
  autoCorrectedTo?: string;
}

async function runQuery(apiUrl: string, es: Client, plainIndex: string, set: JudgedSet, id: string, q: string): Promise<QueryRun> {
  const base = { q, market: set.market, locale: set.locale };
  const shown = await searchPageLists(apiUrl, { ...base, limit: '10' });
  const deep = await searchPageLists(apiUrl, { ...base, limit: String(RECALL_DEPTH) });
  // The page shows at most a dozen secondary products; "view all" is how a visitor reaches the rest.
  const secondary =
    deep.secondaryTotal > deep.secondary.length
      ? (await searchPageLists(apiUrl, { ...base, limit: String(RECALL_DEPTH), viewAllSecondary: 'true' })).secondary
      : deep.secondary;
  return {
    id,
    q,
    page: [...shown.primary, ...shown.secondary],
    primaryPage: shown.primary,
    deep: [...deep.primary, ...secondary],
    deepPrimary: deep.primary,
    bm25: await plainTitleSearch(es, plainIndex, q, RECALL_DEPTH),
    primaryTotal: shown.primaryTotal,
    secondaryTotal: shown.secondaryTotal,
    autoCorrectedTo: shown.autoCorrectedTo,
  };
}

interface QueryScores {
  ndcgPage: number;
  ndcgPrimary: number;
  ndcgBm25: number;
  judgedOnlyPage: number;
  judgedOnlyBm25: number;
  recallPage?: number;
  recallPrimary?: number;
  recallBm25?: number;
}

function scoreQuery(run: QueryRun, judged: Judgments): QueryScores {
  const recall = (ranked: string[]) => recallAt(ranked, judged, RECALL_DEPTH, RECALL_MIN_GRADE);
  return {
    ndcgPage: ndcgAt10(run.page, judged),
    ndcgPrimary: ndcgAt10(run.primaryPage, judged),
    ndcgBm25: ndcgAt10(run.bm25, judged),
    judgedOnlyPage: judgedOnlyNdcgAt10(run.deep, judged),
    judgedOnlyBm25: judgedOnlyNdcgAt10(run.bm25, judged),
    recallPage: recall(run.deep),
    recallPrimary: recall(run.deepPrimary),
    recallBm25: recall(run.bm25),
  };
}

type SetSummary = Record<keyof QueryScores, number>;

function summarize(scores: QueryScores[]): SetSummary {
  const keys: (keyof QueryScores)[] = ['ndcgPage', 'ndcgPrimary', 'ndcgBm25', 'judgedOnlyPage', 'judgedOnlyBm25', 'recallPage', 'recallPrimary', 'recallBm25'];
  return Object.fromEntries(keys.map((k) => [k, mean(scores.map((s) => s[k]))])) as SetSummary;
}

const f2 = (n: number | undefined) => (n === undefined ? '  - ' : n.toFixed(2));

/** One query for diagnosis: its scores, what the page did, the first ten shown and the wanted products it missed. */
function printQuery(s: LoadedSet, run: QueryRun, sc: QueryScores): void {
  const judged = s.judgments.get(run.id) ?? new Map<string, number>();
  const name = (key: string) => `${key} ${s.titles.get(key) ?? '?'} (${judged.get(key) ?? '-'})`;
  const corrected = run.autoCorrectedTo !== undefined ? `, auto-corrected to "${run.autoCorrectedTo}"` : '';
  console.log(
    `  ${run.id} "${run.q}"  nDCG@10 page ${f2(sc.ndcgPage)} primary ${f2(sc.ndcgPrimary)} bm25 ${f2(sc.ndcgBm25)}` +
      `  recall@100 page ${f2(sc.recallPage)} primary ${f2(sc.recallPrimary)} bm25 ${f2(sc.recallBm25)}` +
      `  (primary ${run.primaryTotal} hits, secondary ${run.secondaryTotal}${corrected})`,
  );
  console.log(`      shown: ${run.page.slice(0, 10).map(name).join(' | ') || '(nothing)'}`);
  const found = new Set(run.deep);
  const missed = [...judged].filter(([key, g]) => g >= RECALL_MIN_GRADE && !found.has(key)).map(([key]) => name(key));
  if (missed.length) console.log(`      missed: ${missed.join(' | ')}`);
}

/**
 * The analysis the catalog's `title` field was indexed with, e.g. "catalog_text: standard + lowercase": the
 * figures are only comparable between runs that say which analysis they measured.
 */
async function titleAnalysis(es: Client, alias: string): Promise<string> {
  const mappings = await es.indices.getMapping({ index: alias });
  const settings = await es.indices.getSettings({ index: alias });
  const [index] = Object.keys(mappings);
  const title = mappings[index]?.mappings.properties?.title as { analyzer?: string; search_analyzer?: string } | undefined;
  const analyzers = settings[index]?.settings?.index?.analysis?.analyzer ?? {};
  const describe = (name: string | undefined) => {
    if (!name) return 'standard (default)';
    const a = analyzers[name] as { tokenizer?: string; filter?: string | string[] } | undefined;
    const filters = a?.filter === undefined ? [] : [a.filter].flat();
    return a ? `${name}: ${[a.tokenizer ?? '?', ...filters].join(' + ')}` : name;
  };
  const search = title?.search_analyzer ? `; search ${describe(title.search_analyzer)}` : '';
  return `${describe(title?.analyzer)}${search}`;
}

async function runSet(es: Client, s: LoadedSet, port: number): Promise<SetSummary & { analysis: string }> {
  const prefix = `${process.env.RELEVANCE_PREFIX ?? 'relevance-locales'}-${s.set.locale.toLowerCase()}`;
  await deletePrefix(es, prefix);
  // No behaviour is recorded in these runs, so the popularity and co-occurrence jobs have nothing to do; off,
  // they cannot log lease errors against indices the run has just created.
  const api = await startApi(
    {
      INDEX_PREFIX: prefix,
      ADMIN_API_KEY: apiKey,
      POPULARITY_INTERVAL_SECONDS: '0',
      CO_OCCURRENCE_INTERVAL_SECONDS: '0',
      EVENTS_MAINTENANCE_INTERVAL_SECONDS: '0',
    },
    port,
  );
  try {
    await importCatalog(api.url, apiKey, { [s.set.market]: { locales: [s.set.locale], currency: s.set.currency } }, s.lines);
    const plainIndex = `${prefix}-plain-bm25`;
    await createPlainTitleIndex(
      es,
      plainIndex,
      [...s.titles].map(([id, title]) => ({ id, title })),
    );
    const analysis = await titleAnalysis(es, `${prefix}-catalog-products`);
    console.log(
      `${s.set.locale} (market ${s.set.market}): ${s.titles.size} products, ${s.queries.length} queries, ${s.judgmentCount} judgments; title analysis: ${analysis}`,
    );
    const scores: QueryScores[] = [];
    for (const { id, q } of s.queries) {
      const run = await runQuery(api.url, es, plainIndex, s.set, id, q);
      const sc = scoreQuery(run, s.judgments.get(id) ?? new Map());
      scores.push(sc);
      if (flag('queries')) printQuery(s, run, sc);
    }
    const sum = summarize(scores);
    console.log(
      `  nDCG@10     search-page (primary then secondary) ${sum.ndcgPage.toFixed(4)}  primary list alone ${sum.ndcgPrimary.toFixed(4)}  plain BM25 (title) ${sum.ndcgBm25.toFixed(4)}`,
    );
    console.log(
      `  judged-only nDCG@10 (unjudged dropped before the cut) search-page ${sum.judgedOnlyPage.toFixed(4)}  plain BM25 (title) ${sum.judgedOnlyBm25.toFixed(4)}`,
    );
    console.log(
      `  recall@100 of grade >= ${RECALL_MIN_GRADE}: search-page (primary + secondary) ${sum.recallPage.toFixed(4)}  primary list alone ${sum.recallPrimary.toFixed(4)}  plain BM25 (title) ${sum.recallBm25.toFixed(4)}`,
    );
    return { ...sum, analysis };
  } finally {
    await api.stop();
    if (!flag('keep')) await deletePrefix(es, prefix);
  }
}

/** `--set <locale>` narrows the run to one set. */
function chosenSets(): JudgedSet[] {
  const i = process.argv.indexOf('--set');
  if (i < 0) return SETS;
  const wanted = process.argv[i + 1];
  const chosen = SETS.filter((s) => s.locale === wanted);
  if (!chosen.length) throw new Error(`--set must be one of ${SETS.map((s) => s.locale).join(', ')}, got '${wanted ?? ''}'`);
  return chosen;
}

async function main() {
  const sets = chosenSets().map(loadSet);
  ensureElasticsearch();
  build();
  const es = new Client({ node: elasticsearchUrl });
  const port = arg('port', 18183);
  const results: Record<string, Record<string, number | string>> = {};
  try {
    for (const s of sets) {
      const sum = await runSet(es, s, port);
      results[s.set.locale] = {
        titleAnalysis: sum.analysis,
        products: s.titles.size,
        queries: s.queries.length,
        judgments: s.judgmentCount,
        ndcg10SearchPage: round(sum.ndcgPage, 4),
        ndcg10PrimaryList: round(sum.ndcgPrimary, 4),
        ndcg10PlainBm25: round(sum.ndcgBm25, 4),
        judgedOnlyNdcg10SearchPage: round(sum.judgedOnlyPage, 4),
        judgedOnlyNdcg10PlainBm25: round(sum.judgedOnlyBm25, 4),
        recall100SearchPage: round(sum.recallPage, 4),
        recall100PrimaryList: round(sum.recallPrimary, 4),
        recall100PlainBm25: round(sum.recallBm25, 4),
      };
    }
  } finally {
    await es.close();
  }
  console.log(JSON.stringify({ benchmark: 'relevance-locales', recallMinGrade: RECALL_MIN_GRADE, sets: results }));
}

if (require.main === module)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
