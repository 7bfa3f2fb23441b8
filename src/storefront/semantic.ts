/**
 * Search by meaning on the search page (docs/relevance.md, "Search by meaning"): the phrase's vector (an LRU per
 * locale in front of the model), the kNN clause that joins the primary list's query in the same search (so the
 * same round trip, the same filters, and totals and facets that count what the list holds), and the fusion of the
 * words' and the meaning's scores in the API (pure).
 *
 * The primary query becomes `words OR meaning`: the listing query as before (named WORDS), or one of the `candidates`
 * products nearest the phrase among those the listing's filters allow, at least `minSimilarity` close (named
 * MEANING). Elasticsearch reports each hit's score of both (`include_named_queries_score`). Its own order, the sum of
 * both, serves pages past the fusion window; the window's products (the first `window`, which a search with meaning
 * fetches whole) are ordered by fuse().
 */
import type { estypes } from '@elastic/elasticsearch';
import type { TextEmbedder } from '../embedding/types';
import type { Logger } from '../kernel/log';
import type { SemanticFusionSettings } from '../kernel/config';
import { cachedEmbedder } from '../embedding/queryCache';

type Query = estypes.QueryDslQueryContainer;
type Hit = estypes.SearchHit<unknown>;

/** Named queries of the primary search: its words' match and its meaning's. */
export const WORDS_QUERY = 'words';
export const MEANING_QUERY = 'meaning';

/**
 * Weight of the meaning in Elasticsearch's own order (past the fusion window): a product as near as can be scores
 * as a good title match in stock (the listing's in-stock tier, relevance.ts STOCK_TIER, times a BM25 score of ~10).
 */
export const MEANING_BOOST = 1e8;
/** Reciprocal rank fusion's constant (the usual 60). */
export const RRF_K = 60;

/** What the search page needs of the fusion for one request. */
export interface Meaning {
  vector: number[];
  fusion: SemanticFusionSettings;
}

/** The phrase vectors of queries. */
export interface SemanticSearch {
  /** Whether search by meaning is on in `locale`. */
  on(locale: string): boolean;
  /** The phrase's vector in `locale`; undefined where search by meaning is off or the model failed (logged). */
  vectorOf(locale: string, phrase: string): Promise<number[] | undefined>;
  fusion: SemanticFusionSettings;
}

/**
 * `phrasesPerLocale` (EMBEDDING_QUERY_CACHE): phrase vectors each locale keeps (../embedding/queryCache.ts), so a
 * busy locale does not push out another's. The phrase is embedded as typed, lower-cased (the model is uncased).
 */
export function semanticSearch(embedder: TextEmbedder, on: (locale: string) => boolean, fusion: SemanticFusionSettings, log: Logger, phrasesPerLocale = 5000): SemanticSearch {
  const perLocale = new Map<string, TextEmbedder>();
  return {
    on,
    fusion,
    async vectorOf(locale, phrase) {
      const text = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
      if (!text || !on(locale)) return undefined;
      const key = locale.toLowerCase();
      let cached = perLocale.get(key);
      if (!cached) perLocale.set(key, cached = cachedEmbedder(embedder, phrasesPerLocale));
      try {
        const [v] = await cached.embed([text]);
        return v ? Array.from(v) : undefined;
      } catch (err) {
        // The page answers by words alone: a model that fails never fails a search.
        log.warn('search by meaning skipped: the model could not embed the phrase', { err });
        return undefined;
      }
    },
  };
}

/** Pure: how many products nearest in meaning Elasticsearch compares exactly (HNSW's candidate list). */
export const numCandidates = (k: number): number => Math.min(10_000, Math.max(100, k * 2));

/**
 * Pure: the kNN clause of the meaning under the listing's `filters` (market, locale, rules, category, hidden
 * products): applied while searching the graph, so the `candidates` nearest are all products the list may hold.
 * In stock ranks first as in the words' listing.
 */
export function meaningClause(meaning: Meaning, filters: Query[], inStock?: Query): Query {
  const { fusion } = meaning;
  const knn: Query = {
    knn: {
      field: 'embedding', query_vector: meaning.vector, k: fusion.candidates, num_candidates: numCandidates(fusion.candidates),
      similarity: fusion.minSimilarity, filter: filters, boost: MEANING_BOOST, _name: MEANING_QUERY,
    },
  };
  return inStock ? { function_score: { query: knn, functions: [{ filter: inStock, weight: 1 }, { filter: { bool: { must_not: [inStock] } }, weight: 1e-7 }], score_mode: 'first', boost_mode: 'multiply' } } : knn;
}

/** Pure: the listing's query (the words') or the meaning's. */
export function wordsOrMeaning(words: Query, meaning: Query): Query {
  return { bool: { should: [{ bool: { must: [words], _name: WORDS_QUERY } }, meaning], minimum_should_match: 1 } };
}

/** A hit's two scores: the words' (undefined: matched by meaning only) and the cosine similarity (undefined: by words only). */
export interface HitScores { words?: number; similarity?: number }

/** Pure: a hit's scores from its named queries (include_named_queries_score). */
export function hitScores(hit: Hit): HitScores {
  const named = hit.matched_queries as Record<string, number> | string[] | undefined;
  if (!named || Array.isArray(named)) return { words: hit._score ?? 0 };
  const meaning = named[MEANING_QUERY];
  const words = named[WORDS_QUERY];
  return {
    ...(words !== undefined ? { words } : {}),
    // The knn score of a dot product is (1 + cosine) / 2, times the clause's boost.
    ...(meaning !== undefined ? { similarity: (2 * meaning) / MEANING_BOOST - 1 } : {}),
  };
}

/** A hit's place in the fused order: its fused score and the meaning's share of it (the explanation). */
export interface Fused { index: number; score: number; meaningShare: number }

const minMax = (values: (number | undefined)[], floor = Number.POSITIVE_INFINITY): ((v: number | undefined) => number) => {
  const present = values.filter((v): v is number => v !== undefined);
  const lo = Math.min(floor, ...present);
  const hi = Math.max(...present);
  return (v) => (v === undefined ? 0 : hi > lo ? (v - lo) / (hi - lo) : 1);
};

const ranks = (values: (number | undefined)[]): (number | undefined)[] => {
  const order = values.map((v, i) => ({ v, i })).filter((x): x is { v: number; i: number } => x.v !== undefined).sort((a, b) => b.v - a.v || a.i - b.i);
  const out: (number | undefined)[] = values.map(() => undefined);
  order.forEach((x, r) => { out[x.i] = r + 1; });
  return out;
};

/**
 * Pure: the fused order of hits, best first. `blend`: the words' scores and the similarities each min-max
 * normalised over the hits that have one (the other scores 0), weighted `weight` for the meaning; the similarities
 * from the least one admitted (`minSimilarity`), so that the least similar of a few near products keeps its share. `rrf`: the same
 * weights on 1/(RRF_K + rank) of each. Ties keep Elasticsearch's order.
 */
export function fuse(scores: readonly HitScores[], fusion: Pick<SemanticFusionSettings, 'method' | 'weight' | 'minSimilarity'>): Fused[] {
  const w = fusion.weight;
  let wordsPart: number[];
  let meaningPart: number[];
  if (fusion.method === 'rrf') {
    const wr = ranks(scores.map((s) => s.words));
    const mr = ranks(scores.map((s) => s.similarity));
    wordsPart = wr.map((r) => (r === undefined ? 0 : (1 - w) / (RRF_K + r)));
    meaningPart = mr.map((r) => (r === undefined ? 0 : w / (RRF_K + r)));
  } else {
    const wn = minMax(scores.map((s) => s.words));
    const mn = minMax(scores.map((s) => s.similarity), fusion.minSimilarity);
    wordsPart = scores.map((s) => (1 - w) * wn(s.words));
    meaningPart = scores.map((s) => w * mn(s.similarity));
  }
  return scores
    .map((_, index) => {
      const score = wordsPart[index]! + meaningPart[index]!;
      return { index, score, meaningShare: score > 0 ? meaningPart[index]! / score : 0 };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** Pure: the hits in fused order (fuse()), with each one's fusion, in the same order. */
export function fusedHits(hits: readonly Hit[], fusion: Pick<SemanticFusionSettings, 'method' | 'weight' | 'minSimilarity'>): { hits: Hit[]; fused: Fused[] } {
  const fused = fuse(hits.map(hitScores), fusion);
  return { hits: fused.map((f) => hits[f.index]!), fused };
}

/**
 * Pure: how many of the list's `total` products (or groups) the words matched, from a response whose fetched hits
 * start at the first: all of them are known when all were fetched; else every product but at most `candidates`
 * matched by meaning alone.
 */
export function wordMatches(hits: readonly Hit[], total: number, candidates: number): number {
  if (total <= hits.length) return hits.filter((h) => hitScores(h).words !== undefined).length;
  return Math.max(1, total - candidates);
}
