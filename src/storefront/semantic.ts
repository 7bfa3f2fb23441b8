/**
 * Search by meaning on the search page (docs/relevance.md, "Search by meaning"): the phrase's vector (an LRU per
 * locale in front of the model), the kNN clause that joins the primary list's query in the same search (so the
 * same round trip, the same filters, and totals and facets that count what the list holds), and the fusion of the
 * words' and the meaning's scores in the API (pure).
 *
 * The primary query becomes `words OR meaning`: the listing query as before (named WORDS), or one of the `candidates`
 * products nearest the phrase among those the listing's filters allow, at least `minSimilarity` close (named
 * MEANING). Elasticsearch reports each hit's words score (`include_named_queries_score`) and its similarity (a script
 * field, over the fetched hits only), and whether it is in stock. Its own order puts the meaning's matches first (all
 * of them then sit in the fusion window), then the words' in their order; the window's products (the first `window`
 * beside the meaning's, which a search with meaning fetches whole) are ordered by fuse(), and later pages follow.
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
 * Weight of the meaning in Elasticsearch's own order: above any words score (pins included, PIN_WEIGHT), so that the
 * meaning's matches are the first hits and all of them are fused. Their named score still tells the similarity.
 */
export const MEANING_BOOST = 1e20;
/** The named probe of stock (boost 0: it changes no score), read per hit: the fusion keeps in stock first. */
export const IN_STOCK_QUERY = 'inStock';

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
export function semanticSearch(
  embedder: TextEmbedder,
  on: (locale: string) => boolean,
  fusion: SemanticFusionSettings,
  log: Logger,
  phrasesPerLocale = 5000,
): SemanticSearch {
  const perLocale = new Map<string, TextEmbedder>();
  return {
    on,
    fusion,
    async vectorOf(locale, phrase) {
      const text = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
      if (!text || !on(locale)) return undefined;
      const key = locale.toLowerCase();
      let cached = perLocale.get(key);
      if (!cached) perLocale.set(key, (cached = cachedEmbedder(embedder, phrasesPerLocale)));
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
 * In stock ranks first as in the words' listing. `boost`: the fusion's (its scores are read back), or a list's own
 * scale where the knn score is a rank among word scores (the secondary list's products near in meaning).
 */
export function meaningClause(meaning: Meaning, filters: Query[], inStock?: Query, boost = MEANING_BOOST): Query {
  const { fusion } = meaning;
  const knn: Query = {
    knn: {
      field: 'embedding',
      query_vector: meaning.vector,
      k: fusion.candidates,
      num_candidates: numCandidates(fusion.candidates),
      similarity: fusion.minSimilarity,
      filter: filters,
      boost,
      _name: MEANING_QUERY,
    },
  };
  return inStock
    ? {
        function_score: {
          query: knn,
          functions: [
            { filter: inStock, weight: 1 },
            { filter: { bool: { must_not: [inStock] } }, weight: 1e-7 },
          ],
          score_mode: 'first',
          boost_mode: 'multiply',
        },
      }
    : knn;
}

/** Pure: the listing's query (the words') or the meaning's; `inStock` is probed, not scored. */
export function wordsOrMeaning(words: Query, meaning: Query, inStock?: Query): Query {
  const either: Query = { bool: { should: [{ bool: { must: [words], _name: WORDS_QUERY } }, meaning], minimum_should_match: 1 } };
  return inStock ? { bool: { must: [either], should: [{ constant_score: { filter: inStock, boost: 0, _name: IN_STOCK_QUERY } }] } } : either;
}

/**
 * A hit's scores: the words' (undefined: matched by meaning only), the cosine similarity (undefined: no vector) and
 * whether it is in stock.
 */
export interface HitScores {
  words?: number;
  similarity?: number;
  inStock?: boolean;
}

/** Pure: a hit's scores from its named queries (include_named_queries_score) and its similarity field. */
export function hitScores(hit: Hit): HitScores {
  const named = hit.matched_queries as Record<string, number> | string[] | undefined;
  if (!named || Array.isArray(named)) return { words: hit._score ?? 0 };
  const meaning = named[MEANING_QUERY];
  const words = named[WORDS_QUERY];
  // The knn score of a dot product is (1 + cosine) / 2, times the clause's boost.
  const similarity = meaning !== undefined ? (2 * meaning) / MEANING_BOOST - 1 : undefined;
  return {
    ...(words !== undefined ? { words } : {}),
    ...(similarity !== undefined ? { similarity } : {}),
    inStock: named[IN_STOCK_QUERY] !== undefined,
  };
}

/** A hit's place in the fused order: its fused score and the meaning's share of it (the explanation). */
export interface Fused {
  index: number;
  score: number;
  meaningShare: number;
}

const minMax = (values: (number | undefined)[], floor = Number.POSITIVE_INFINITY): ((v: number | undefined) => number) => {
  const present = values.filter((v): v is number => v !== undefined);
  const lo = Math.min(floor, ...present);
  const hi = Math.max(...present);
  return (v) => (v === undefined ? 0 : hi > lo ? (v - lo) / (hi - lo) : 1);
};

const ranks = (values: (number | undefined)[]): (number | undefined)[] => {
  const order = values
    .map((v, i) => ({ v, i }))
    .filter((x): x is { v: number; i: number } => x.v !== undefined)
    .sort((a, b) => b.v - a.v || a.i - b.i);
  const out: (number | undefined)[] = values.map(() => undefined);
  order.forEach((x, r) => {
    out[x.i] = r + 1;
  });
  return out;
};

/**
 * Pure: the fused order of hits, best first. `blend`: the words' scores and the similarities each min-max
 * normalised over the hits that have one (the other scores 0), weighted `weight` for the meaning; the similarities
 * from the least one admitted (`minSimilarity`), so that the least similar of a few near products keeps its share. `rrf`: the same
 * weights on 1/(RRF_K + rank) of each. Ties keep Elasticsearch's order.
 */
export function fuse(scores: readonly HitScores[], fusion: Pick<SemanticFusionSettings, 'method' | 'weight' | 'minSimilarity'>): Fused[] {
  // In stock first, as in the words' listing: each part fused on its own.
  if (scores.some((s) => s.inStock === false) && scores.some((s) => s.inStock !== false)) {
    const part = (inStock: boolean) => scores.map((s, index) => ({ s, index })).filter((x) => (x.s.inStock !== false) === inStock);
    return [part(true), part(false)].flatMap((p) =>
      fuse(
        p.map((x) => x.s),
        fusion,
      ).map((f) => ({ ...f, index: p[f.index]!.index })),
    );
  }
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
    const mn = minMax(
      scores.map((s) => s.similarity),
      fusion.minSimilarity,
    );
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

/**
 * Pure: the hits in fused order (fuse()), with each one's fusion, in the same order. `pinned` hits (placed by the
 * phrase rule afterwards, their words score is a placement) stay out of the normalisation and come first.
 */
export function fusedHits(
  hits: readonly Hit[],
  fusion: Pick<SemanticFusionSettings, 'method' | 'weight' | 'minSimilarity'>,
  pinned: (hit: Hit) => boolean = () => false,
): { hits: Hit[]; fused: Fused[] } {
  const pins = hits.filter(pinned);
  const others = hits.filter((h) => !pinned(h));
  const fused = fuse(others.map(hitScores), fusion);
  return { hits: [...pins, ...fused.map((f) => others[f.index]!)], fused: [...pins.map((_, index) => ({ index, score: 0, meaningShare: 0 })), ...fused] };
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
