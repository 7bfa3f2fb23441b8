/**
 * search-page's run logic (src/storefront/searchPage/run.ts) through a scripted search gateway: which
 * round trips happen, in which order, and what the answer takes from each. No Elasticsearch node.
 */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import type { SearchGateway } from '../../src/search/gateway';
import type { IndexedSearch, SearchResponse } from '../../src/search/msearch';
import { parseSearchPageBody, parseSearchPageRequest } from '../../src/storefront/searchPage/request';
import { SECONDARY_LIMIT, searchPage } from '../../src/storefront/searchPage/run';
import { noHooks, type SearchEvent, type StorefrontServices } from '../../src/storefront/services';
import { RememberedSearches } from '../../src/storefront/rememberedSearches';
import { catalogFacts } from './catalogFactsFixture';

const facts = catalogFacts();
const base = { customerKey: 'c', sessionKey: 's', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP' };
const request = (query: Record<string, string>) => parseSearchPageRequest({ ...base, ...query }, parseSearchPageBody(undefined), facts);

/** What one search of a round was, as the script sees it. */
type Kind = { kind: 'primary'; phrase: string } | { kind: 'secondary' } | { kind: 'suggest' } | { kind: 'other' };

function kindOf(search: IndexedSearch): Kind {
  if (search.body.suggest) return { kind: 'suggest' };
  if (search.splitAggregations) return { kind: 'primary', phrase: phraseOf(search.body) };
  if (search.index === 'products' && search.body.query) return { kind: 'secondary' };
  return { kind: 'other' };
}

/** The phrase a primary search matches (the first multi_match or match text in its query). */
function phraseOf(body: estypes.SearchRequest): string {
  const found = /"query":"([^"]+)"/.exec(JSON.stringify(body.query));
  return found ? found[1] : '';
}

const answer = (total: number, extra: Partial<SearchResponse> = {}): SearchResponse => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { total: { value: total, relation: 'eq' }, hits: [] },
  ...extra,
});

/** The spelling search's answer: the suggester's corrections, and the typed words' product counts (none by default). */
const suggestions = (texts: string[], counts: Record<string, number> = {}): SearchResponse =>
  answer(0, {
    suggest: { phrase: [{ text: 'x', offset: 0, length: 1, options: texts.map((text) => ({ text, score: 1 })) }] },
    aggregations: { wordCounts: { buckets: Object.fromEntries(Object.entries(counts).map(([w, c]) => [w, { doc_count: c }])) } },
  } as Partial<SearchResponse>);

/** Round 1 of every search-page: the primary list, the secondary list and the spelling search. */
const firstRound = (phrase: string) => [`primary:${phrase}`, 'secondary', 'suggest'];

/** A gateway answering each msearch from `script`, recording the rounds as lists of kinds. */
function scriptedGateway(script: (kind: Kind) => SearchResponse): SearchGateway & { rounds: string[][] } {
  const rounds: string[][] = [];
  const label = (k: Kind) => (k.kind === 'primary' ? `primary:${k.phrase}` : k.kind);
  return {
    rounds,
    async msearch(searches) {
      if (searches.length) rounds.push(searches.map((s) => label(kindOf(s))));
      return searches.map((s) => script(kindOf(s)));
    },
    search: async () => {
      throw new Error('search-page sends msearch only');
    },
    mget: async () => {
      throw new Error('search-page sends msearch only');
    },
    mapping: async () => {
      throw new Error('not asked');
    },
  };
}

function services(search: SearchGateway, events: SearchEvent[] = []): StorefrontServices {
  const s: StorefrontServices = {
    search,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    facts: undefined as never,
    cacheMs: 2000,
    index: { products: () => 'products', content: () => 'content' },
    language: () =>
      Promise.resolve({
        expand: (phrase: string) => ({ alternatives: [phrase], compounds: new Map<string, string[]>() }),
        expandTyping: (phrase: string) => ({ alternatives: [phrase], compounds: new Map<string, string[]>() }),
      }),
    hooks: {
      ...noHooks,
      onSearch: (e) => {
        events.push(e);
        return undefined;
      },
    },
    behaviour: undefined as never,
    merchandising: undefined as never,
    now: () => new Date('2026-11-24T12:00:00Z'),
    onOneCatalogVersion: (run) => run(s),
  };
  return s;
}

describe('search-page run (scripted gateway)', () => {
  it('ends after one round when the primary list is long enough, without secondary list or suggestions', async () => {
    const gateway = scriptedGateway((k) => (k.kind === 'suggest' ? suggestions(['shoe'], { shoes: 0 }) : answer(150)));
    const page = await searchPage(services(gateway), request({ q: 'shoes' }));
    assert.deepEqual(gateway.rounds, [firstRound('shoes')]);
    assert.deepEqual([page.q, page.primaryList.totalHits, page.secondaryList.totalHits, page.didYouMean, page.autoCorrect], ['shoes', 150, 0, [], undefined]);
  });

  it('extends a list of 10 to 99 groups with the secondary list, without did-you-mean', async () => {
    const gateway = scriptedGateway((k) => (k.kind === 'primary' ? answer(25) : k.kind === 'secondary' ? answer(6) : suggestions(['shoe'], { shoez: 0 })));
    const page = await searchPage(services(gateway), request({ q: 'shoez' }));
    assert.deepEqual(gateway.rounds, [firstRound('shoez')]);
    assert.deepEqual([page.primaryList.totalHits, page.secondaryList.totalHits, page.didYouMean], [25, 6, []]);
  });

  it('offers a short list its secondary list and did-you-mean from the first round', async () => {
    const gateway = scriptedGateway((k) =>
      k.kind === 'primary' ? answer(3) : k.kind === 'secondary' ? answer(40) : suggestions(['shoe', 'shows'], { shoez: 1 }),
    );
    const page = await searchPage(services(gateway), request({ q: 'shoez' }));
    assert.deepEqual(gateway.rounds, [firstRound('shoez')]);
    assert.deepEqual(
      [page.primaryList.totalHits, page.secondaryList.totalHits, page.didYouMean, page.autoCorrect],
      [3, 40, [{ q: 'shoe' }, { q: 'shows' }], undefined],
    );
  });

  it('auto-corrects a phrase without hits to the first correction with hits, and leaves the secondary list empty', async () => {
    const events: SearchEvent[] = [];
    const totals: Record<string, number> = { runnign: 0, runing: 0, running: 7 };
    const gateway = scriptedGateway((k) =>
      k.kind === 'primary' ? answer(totals[k.phrase] ?? 0) : k.kind === 'secondary' ? answer(12) : suggestions(['runing', 'running'], { runnign: 0 }),
    );
    const page = await searchPage(services(gateway, events), request({ q: 'runnign' }));
    assert.deepEqual(gateway.rounds, [firstRound('runnign'), ['primary:runing', 'primary:running']]);
    assert.deepEqual(
      [page.q, page.autoCorrect, page.primaryList.totalHits, page.secondaryList.totalHits, page.didYouMean],
      ['running', { q: 'running', originalTotalHits: 0 }, 7, 0, []],
    );
    assert.deepEqual(
      events.map((e) => [e.q, e.usedQ, e.totalHits]),
      [['runnign', 'running', 7]],
    );
  });

  it('keeps the phrase and the secondary list when no correction has hits', async () => {
    const gateway = scriptedGateway((k) => (k.kind === 'primary' ? answer(0) : k.kind === 'secondary' ? answer(5) : suggestions(['runing'], { runnign: 0 })));
    const page = await searchPage(services(gateway), request({ q: 'runnign' }));
    assert.equal(gateway.rounds.length, 2);
    assert.deepEqual([page.q, page.autoCorrect, page.secondaryList.totalHits, page.didYouMean], ['runnign', undefined, 5, [{ q: 'runing' }]]);
  });

  it('never corrects a word the catalog holds or a word of the language, and takes no second round for it', async () => {
    const cases: { q: string; counts: Record<string, number>; real?: string[] }[] = [
      { q: 'laptop sleeve', counts: { laptop: 40, sleeve: 12 } },
      // A word of the language the catalog lacks (not a colour: understanding would take "gröna" first).
      { q: 'tröjor', counts: { tröjor: 0 }, real: ['tröjor'] },
    ];
    for (const c of cases) {
      const gateway = scriptedGateway((k) =>
        k.kind === 'primary' ? answer(k.phrase === c.q ? 0 : 9) : k.kind === 'secondary' ? answer(4) : suggestions(['lapdog', 'gryta'], c.counts),
      );
      const s = { ...services(gateway), realWords: async () => (w: string) => (c.real ?? []).includes(w) };
      const page = await searchPage(s, request({ q: c.q }));
      assert.deepEqual(gateway.rounds, [firstRound(c.q)], c.q);
      assert.deepEqual([page.q, page.autoCorrect, page.didYouMean, page.secondaryList.totalHits], [c.q, undefined, [], 4], c.q);
    }
  });

  it("keeps the visitor's diacritics in did-you-mean", async () => {
    const gateway = scriptedGateway((k) =>
      k.kind === 'primary' ? answer(2) : k.kind === 'secondary' ? answer(0) : suggestions(['roda klanningar'], { röda: 30, klänigar: 0 }),
    );
    const page = await searchPage(services(gateway), request({ q: 'röda klänigar' }));
    assert.deepEqual(page.didYouMean, [{ q: 'röda klanningar' }]);
  });

  it('never auto-corrects after UNDO_AUTO_CORRECT or with a facet selected', async () => {
    const queries: Record<string, string>[] = [
      { q: 'runnign', origin: 'UNDO_AUTO_CORRECT' },
      { q: 'runnign', 'f.brand': 'Nike' },
    ];
    for (const query of queries) {
      const gateway = scriptedGateway((k) =>
        k.kind === 'primary' ? answer(k.phrase === 'running' ? 7 : 0) : k.kind === 'secondary' ? answer(5) : suggestions(['running'], { runnign: 0 }),
      );
      const page = await searchPage(services(gateway), request(query));
      assert.deepEqual(gateway.rounds, [firstRound('runnign')], JSON.stringify(query));
      assert.equal(page.autoCorrect, undefined);
    }
  });

  it('with viewAllSecondary, pages the secondary list in the first round', async () => {
    const sizes: [number | undefined, number | undefined][] = [];
    const gateway = scriptedGateway((k) => (k.kind === 'primary' ? answer(2) : k.kind === 'secondary' ? answer(30) : suggestions([])));
    const msearch = gateway.msearch;
    gateway.msearch = async (searches) => {
      for (const s of searches) if (kindOf(s).kind === 'secondary') sizes.push([s.body.from, s.body.size]);
      return msearch(searches);
    };
    const page = await searchPage(services(gateway), request({ q: 'boots', viewAllSecondary: 'true', skip: '12', limit: '6' }));
    assert.deepEqual(gateway.rounds, [firstRound('boots')]);
    assert.deepEqual(sizes, [[12, 6]]);
    assert.deepEqual([page.primaryList.productGroups, page.secondaryList.totalHits], [[], 30]);
  });

  it('leaves the secondary list and spelling search out of a search whose list was long on the catalog version', async () => {
    let total = 150;
    const gateway = scriptedGateway((k) => (k.kind === 'primary' ? answer(total) : k.kind === 'secondary' ? answer(6) : suggestions(['shoe'], { shoez: 0 })));
    const s = { ...services(gateway), catalogVersion: 'v1', longLists: new RememberedSearches() };
    await searchPage(s, request({ q: 'shoez' }));
    await searchPage(s, request({ q: 'shoez' }));
    await searchPage({ ...s, catalogVersion: 'v2' }, request({ q: 'shoez' }));
    await searchPage(s, request({ q: 'shoez', 'f.brand': 'Nike' }));
    await searchPage(s, request({ q: 'shoez', 'f.brand': 'Nike', sort: 'PRICE_ASCENDING', skip: '24' }));
    await searchPage(s, request({ q: 'shoez', viewAllSecondary: 'true' }));
    assert.deepEqual(
      gateway.rounds,
      [firstRound('shoez'), ['primary:shoez'], firstRound('shoez'), firstRound('shoez'), ['primary:shoez'], firstRound('shoez')],
      'remembered per catalog version and search (phrase, selections; not sort or paging), never for viewAllSecondary',
    );
    gateway.rounds.length = 0;
    total = 3;
    const page = await searchPage(s, request({ q: 'shoez' }));
    assert.deepEqual(gateway.rounds, [['primary:shoez'], ['secondary', 'suggest']], 'short after all: they follow in a second round');
    assert.deepEqual([page.secondaryList.totalHits, page.didYouMean], [6, [{ q: 'shoe' }]]);
    gateway.rounds.length = 0;
    await searchPage(s, request({ q: 'shoez' }));
    assert.deepEqual(gateway.rounds, [firstRound('shoez')], 'and it is no longer remembered long');
  });

  it("leaves the understood filter's fallback out of a search whose filter found products on the catalog version", async () => {
    let filtered = 25;
    const isFallback = (k: Kind) => k.kind === 'primary' && k.phrase === 'röda skor';
    const gateway = scriptedGateway((k) =>
      isFallback(k) ? answer(40) : k.kind === 'primary' ? answer(filtered) : k.kind === 'secondary' ? answer(6) : suggestions([]),
    );
    const s = { ...services(gateway), catalogVersion: 'v1', filledFilters: new RememberedSearches() };
    const withFallback = ['primary:skor', 'secondary', 'suggest', 'primary:röda skor'];
    await searchPage(s, request({ q: 'röda skor' }));
    await searchPage(s, request({ q: 'röda skor' }));
    await searchPage({ ...s, catalogVersion: 'v2' }, request({ q: 'röda skor' }));
    await searchPage(s, request({ q: 'röda skor', 'f.brand': 'Nike' }));
    assert.deepEqual(
      gateway.rounds,
      [withFallback, ['primary:skor', 'secondary', 'suggest'], withFallback, withFallback],
      'remembered per catalog version and search',
    );
    gateway.rounds.length = 0;
    filtered = 0;
    const page = await searchPage(s, request({ q: 'röda skor' }));
    assert.deepEqual(
      gateway.rounds,
      [['primary:skor', 'secondary', 'suggest'], ['primary:röda skor']],
      'empty after all: the fallback follows in a second round',
    );
    assert.equal(page.primaryList.totalHits, 40);
    gateway.rounds.length = 0;
    await searchPage(s, request({ q: 'röda skor' }));
    assert.deepEqual(gateway.rounds, [withFallback], 'and it is no longer remembered');
  });

  it("fetches a remembered long search's secondary list with the fallback when its filter found nothing after all", async () => {
    let filtered = 150;
    const isFallback = (k: Kind) => k.kind === 'primary' && k.phrase === 'röda skor';
    const gateway = scriptedGateway((k) =>
      isFallback(k) ? answer(3) : k.kind === 'primary' ? answer(filtered) : k.kind === 'secondary' ? answer(6) : suggestions([]),
    );
    const s = { ...services(gateway), catalogVersion: 'v1', longLists: new RememberedSearches(), filledFilters: new RememberedSearches() };
    await searchPage(s, request({ q: 'röda skor' }));
    gateway.rounds.length = 0;
    filtered = 0;
    const page = await searchPage(s, request({ q: 'röda skor' }));
    assert.deepEqual(gateway.rounds, [['primary:skor'], ['primary:röda skor', 'secondary', 'suggest']]);
    assert.deepEqual([page.primaryList.totalHits, page.secondaryList.totalHits], [3, 6]);
  });

  it('sizes the secondary list of a short list at SECONDARY_LIMIT', async () => {
    const sizes: (number | undefined)[] = [];
    const gateway = scriptedGateway((k) => (k.kind === 'primary' ? answer(1) : k.kind === 'secondary' ? answer(0) : suggestions([])));
    const msearch = gateway.msearch;
    gateway.msearch = async (searches) => {
      for (const s of searches) if (kindOf(s).kind === 'secondary') sizes.push(s.body.size);
      return msearch(searches);
    };
    await searchPage(services(gateway), request({ q: 'hat' }));
    assert.deepEqual(sizes, [SECONDARY_LIMIT]);
  });
});
