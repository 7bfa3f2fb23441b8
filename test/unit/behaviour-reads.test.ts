/**
 * Behaviour, analytics and admin reads through a scripted document index (src/search/documents.ts): which
 * requests they send, in which order, and what they make of canned answers. No Elasticsearch node, as the
 * storefront runs are tested through a scripted search gateway.
 */
import assert from 'node:assert/strict';
import type { estypes } from '@elastic/elasticsearch';
import type { DocumentIndex, StoredDocument } from '../../src/search/documents';
import { BehaviourQuestions } from '../../src/events/questions';
import { searchAnalytics } from '../../src/behaviour/analytics';
import { ImportJobs, type ImportJob } from '../../src/admin/importJobs';
import type { CatalogConfiguration } from '../../src/catalog/types';

type Answer = estypes.SearchResponse<unknown>;

const answer = (aggregations: Record<string, unknown>): Answer =>
  ({ took: 1, timed_out: false, _shards: { total: 1, successful: 1, failed: 0 }, hits: { hits: [] }, aggregations }) as unknown as Answer;
const buckets = (entries: [string, number, Record<string, unknown>?][]) => ({ buckets: entries.map(([key, doc_count, sub]) => ({ key, doc_count, ...sub })) });

/** A document index that answers searches from a script, in order, and records every request. */
function scripted(answers: Answer[]) {
  const sent: estypes.SearchRequest[] = [];
  const documents: Pick<DocumentIndex, 'search'> = {
    search: async <T>(request: estypes.SearchRequest) => {
      sent.push(request);
      const next = answers.shift();
      if (!next) throw new Error(`no answer scripted for search ${sent.length}`);
      return next as estypes.SearchResponse<T>;
    },
  };
  return { documents, sent };
}

const now = () => new Date('2026-03-01T12:00:00Z');
const names = { events: 't-events', coOccurrence: 't-co-occurrence' };

describe('behaviour reads with canned answers', () => {
  it('topPhrases asks the events index once and keeps the most searched of every market and locale', async () => {
    const { documents, sent } = scripted([
      answer({
        markets: buckets([
          [
            'SE',
            9,
            {
              locales: buckets([
                [
                  'sv-SE',
                  9,
                  {
                    phrases: buckets([
                      ['skor', 5],
                      ['jacka', 4],
                    ]),
                  },
                ],
              ]),
            },
          ],
          ['NO', 7, { locales: buckets([['nb-NO', 7, { phrases: buckets([['sko', 7]]) }]]) }],
        ]),
      }),
    ]);
    const questions = new BehaviourQuestions({ documents, names, historyDays: 30, now });
    const top = await questions.topPhrases({ days: 7, limit: 2 });
    assert.deepEqual(top, [
      { market: 'NO', locale: 'nb-NO', phrase: 'sko', searches: 7 },
      { market: 'SE', locale: 'sv-SE', phrase: 'skor', searches: 5 },
    ]);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.index, 't-events');
  });

  it('relatedPhrases asks for the sessions first and sends no second search when the phrase has none', async () => {
    const none = scripted([answer({ sessions: buckets([]) })]);
    const questions = new BehaviourQuestions({ documents: none.documents, names, historyDays: 30, now });
    assert.deepEqual(await questions.relatedPhrases({ market: 'SE', phrase: 'skor', limit: 5 }), []);
    assert.equal(none.sent.length, 1);

    const some = scripted([
      answer({
        sessions: buckets([
          ['s1', 2],
          ['s2', 1],
        ]),
      }),
      answer({
        phrases: buckets([
          ['sneakers', 2, { sessionCount: { value: 2 } }],
          ['boots', 1, { sessionCount: { value: 1 } }],
        ]),
      }),
    ]);
    const asked = new BehaviourQuestions({ documents: some.documents, names, historyDays: 30, now });
    assert.deepEqual(await asked.relatedPhrases({ market: 'SE', phrase: 'skor', limit: 5 }), ['sneakers', 'boots']);
    assert.equal(some.sent.length, 2);
    // The second search is narrowed to the sessions the first found.
    assert.match(JSON.stringify(some.sent[1]!.query), /"s1","s2"/);
  });

  it('coOccurring sends nothing for no keys', async () => {
    const { documents, sent } = scripted([]);
    const questions = new BehaviourQuestions({ documents, names, historyDays: 30, now });
    assert.deepEqual(await questions.coOccurring({ market: 'SE', keys: [], limit: 5 } as never), []);
    assert.equal(sent.length, 0);
  });
});

describe('analytics reads with canned answers', () => {
  const configuration = { markets: { SE: { locales: ['sv-SE'], currency: 'SEK' } } } as unknown as CatalogConfiguration;

  it('an unknown market is refused before any search is sent', async () => {
    const { documents, sent } = scripted([]);
    const analytics = searchAnalytics({ documents, events: 't-events', products: 't-products', configuration: { get: async () => configuration }, now });
    await assert.rejects(analytics.searches({ market: 'XX' }), /market/);
    assert.equal(sent.length, 0);
  });
});

describe('import jobs through a scripted document index', () => {
  /** A document index holding one job document, recording conditional writes. */
  function holding(job: ImportJob) {
    const writes: { version: StoredDocument<unknown>['version']; document: unknown }[] = [];
    const stored: StoredDocument<ImportJob> = { source: job, version: { seqNo: 7, primaryTerm: 2 } };
    const documents = {
      get: async () => stored,
      writeIf: async (_index: string, _id: string, document: unknown, version: StoredDocument<unknown>['version']) => {
        writes.push({ version, document });
        return true;
      },
    } as unknown as DocumentIndex;
    return { jobs: new ImportJobs(documents, 't-import-jobs', 45_000), writes };
  }
  const running = (heartbeatAt: string): ImportJob => ({ id: 'j1', status: 'IN_PROGRESS', startedAt: heartbeatAt, heartbeatAt }) as ImportJob;

  it('a running job silent for longer than the lease reads as failed', async () => {
    const { jobs } = holding(running(new Date(Date.now() - 60_000).toISOString()));
    const job = await jobs.get('j1');
    assert.equal(job?.status, 'FAILURE');
    assert.match(String(job?.reason), /stopped/);
  });

  it('markAbandoned replaces exactly the version it read', async () => {
    const { jobs, writes } = holding(running(new Date().toISOString()));
    await jobs.markAbandoned('j1');
    assert.equal(writes.length, 1);
    assert.deepEqual(writes[0]!.version, { seqNo: 7, primaryTerm: 2 });
    assert.equal((writes[0]!.document as ImportJob).status, 'FAILURE');
  });
});
