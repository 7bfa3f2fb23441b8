/**
 * Phrase rules in Elasticsearch, one document per market holding its published rules and, after a
 * previewOnly import, its preview rules. The storefront looks a phrase up in an index of every market's rules
 * built once per load (short cache: every API process sees an import within STORE_CACHE_MS; the importing
 * process at once), so applying a rule costs no Elasticsearch round trip.
 */
import { sourcesOf, writeChange, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import { ShortCache } from '../kernel/shortCache';
import { untimed } from '../search/timing';
import { indexPhraseRules, phraseRuleFor, type PhraseRuleIndex, type PhraseRuleView } from './phraseRules/match';
import type { MarketPhraseRules, PhraseRule, PhraseRuleSets } from './phraseRules/types';
import { own } from '../kernel/validation';

interface PhraseRulesDocument extends MarketPhraseRules {
  market: string;
  updatedAt: string;
}

interface Loaded {
  markets: Record<string, MarketPhraseRules>;
  index: PhraseRuleIndex;
}

export class PhraseRuleStore {
  private readonly cache: ShortCache<Loaded>;

  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
    private readonly bulk: BulkOptions,
    cacheMs: number,
  ) {
    this.cache = new ShortCache(cacheMs, () => this.read(), { name: 'phrase-rules', background: untimed });
  }

  /** Every market's stored rules; `fresh` bypasses the cache. */
  async all(fresh = false): Promise<Record<string, MarketPhraseRules>> {
    return (await this.cache.get(fresh)).markets;
  }

  /** The rules of a view per market: production's published, preview's preview (else published). */
  async view(view: PhraseRuleView, fresh = false): Promise<PhraseRuleSets> {
    const all = await this.all(fresh);
    return Object.fromEntries(Object.entries(all).map(([market, m]) => [market, view === 'preview' ? (m.preview ?? m.published) : m.published]));
  }

  /** The rule that applies to a search now, if any. */
  async ruleFor(at: { market: string; locale: string; view: PhraseRuleView }, phrase: string, now: Date): Promise<PhraseRule | undefined> {
    return phraseRuleFor((await this.cache.get()).index, at, phrase, now);
  }

  /**
   * PUT: the rules of each market in `sets` replace that market's (other markets keep theirs). A normal import
   * publishes them and drops the market's preview; `previewOnly` keeps them as the preview only.
   */
  async replace(sets: PhraseRuleSets, previewOnly = false): Promise<void> {
    const current = await this.all(true);
    await this.save(
      Object.fromEntries(
        Object.entries(sets).map(([market, rules]) => [
          market,
          previewOnly ? { published: own(current, market)?.published ?? [], preview: rules } : { published: rules },
        ]),
      ),
    );
  }

  /** POST: each rule replaces the market's rule of its id, or is added after its rules; amends the newest version (preview, else published). */
  async upsert(sets: PhraseRuleSets, previewOnly = false): Promise<void> {
    const current = await this.all(true);
    await this.save(
      Object.fromEntries(
        Object.entries(sets).map(([market, rules]) => {
          const stored = own(current, market);
          const merged = upsertById(stored?.preview ?? stored?.published ?? [], rules);
          return [market, previewOnly ? { published: stored?.published ?? [], preview: merged } : { published: merged }];
        }),
      ),
    );
  }

  private async save(markets: Record<string, MarketPhraseRules>): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cache.clear();
    await writeChange(
      this.documents,
      this.index,
      {
        index: Object.entries(markets).map(([market, m]) => ({ id: market, document: { market, ...m, updatedAt } satisfies PhraseRulesDocument })),
      },
      this.bulk,
    );
    this.cache.clear();
  }

  private async read(): Promise<Loaded> {
    const markets: Record<string, MarketPhraseRules> = {};
    for await (const doc of sourcesOf<PhraseRulesDocument>(this.documents, this.index, { match_all: {} }, [{ market: 'asc' }])) {
      markets[doc.market] = { published: doc.published ?? [], ...(doc.preview ? { preview: doc.preview } : {}) };
    }
    return { markets, index: indexPhraseRules(markets) };
  }
}

function upsertById(rules: PhraseRule[], changes: PhraseRule[]): PhraseRule[] {
  const out = [...rules];
  for (const change of changes) {
    const at = out.findIndex((r) => r.id === change.id);
    if (at >= 0) out[at] = change;
    else out.push(change);
  }
  return out;
}
