import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { errorHandler } from '../../src/http/middleware';
import { Conflict, DocumentRejected, invalid, NoCatalogYet, Unavailable } from '../../src/kernel/errors';
import { answerFor, CLUSTER_UNAVAILABLE_MESSAGE, HttpError, INTERNAL_ERROR_MESSAGE } from '../../src/http/errors';
import { elasticsearchErrorType, elasticsearchStatus, SearchFailed } from '../../src/search/errors';
import { RuleSyntaxError } from '../../src/rules';

describe('error answers (http/errors)', () => {
  it('answers each domain error with the status of its code, its message and its details', () => {
    assert.deepEqual(answerFor(invalid('Query parameter q is required')), { status: 400, body: { message: 'Query parameter q is required' }, logged: false });
    assert.deepEqual(answerFor(invalid('rejected', { errors: [{ path: 'a', message: 'b' }] })).body, {
      message: 'rejected',
      errors: [{ path: 'a', message: 'b' }],
    });
    assert.equal(answerFor(new RuleSyntaxError(3, 'x', 'Unexpected "x" at position 3')).status, 400);
    assert.equal(answerFor(new NoCatalogYet('No catalog has been imported yet')).status, 405);
    assert.equal(answerFor(new Conflict('An import is in progress')).status, 409);
    assert.deepEqual(answerFor(new Unavailable('No products found in the cluster')), {
      status: 503,
      body: { message: 'No products found in the cluster' },
      logged: true,
    });
    assert.deepEqual(answerFor(new DocumentRejected('Bulk write failed for i/1: mapper_parsing_exception: bad')).body, {
      message: 'Bulk write failed for i/1: mapper_parsing_exception: bad',
    });
  });

  it('answers what only the edge knows with its own status', () => {
    assert.deepEqual(answerFor(new HttpError(413, 'Request body larger than 10 bytes')), {
      status: 413,
      body: { message: 'Request body larger than 10 bytes' },
      logged: false,
    });
  });

  it('answers anything else with a generic 500 that says nothing of the cause, and logs it', () => {
    const searchFailure = new SearchFailed('query_shard_exception', 'failed to create query: secret field names');
    const clientError = Object.assign(new Error('ResponseError: index_not_found_exception'), {
      name: 'ResponseError',
      meta: { statusCode: 404, body: { error: { type: 'index_not_found_exception', reason: 'no such index [x]' } } },
    });
    for (const err of [searchFailure, clientError, new TypeError('x is undefined'), 'a string']) {
      assert.deepEqual(answerFor(err), { status: 500, body: { message: INTERNAL_ERROR_MESSAGE }, logged: true });
    }
  });
});

describe('error answers when Elasticsearch cannot serve', () => {
  it('answers a generic, logged 503 when the cluster is unreachable or answers 503; a 500 for other failures', async () => {
    const { errors } = await import('@elastic/elasticsearch');
    const meta = (statusCode: number) => ({ statusCode, body: { error: { type: 'cluster_block_exception' } }, headers: {}, meta: {}, warnings: null }) as never;
    for (const err of [
      new errors.ConnectionError('connect ECONNREFUSED'),
      new errors.NoLivingConnectionsError('no living connections', meta(0)),
      new errors.TimeoutError('timeout'),
      new errors.ResponseError(meta(503)),
    ]) {
      assert.deepEqual(answerFor(err), { status: 503, body: { message: CLUSTER_UNAVAILABLE_MESSAGE }, logged: true }, err.name);
    }
    assert.equal(answerFor(new errors.ResponseError(meta(400))).status, 500);
  });
});

describe('searches Elasticsearch refused because of what the caller asked', () => {
  const tooMany = { type: 'query_shard_exception', reason: 'failed to create query: maxClauseCount is set to 4096' };

  it('answers 400 naming the limit when every root cause is too many clauses, in an msearch item or a refused search', async () => {
    const { errors } = await import('@elastic/elasticsearch');
    const refused = (error: unknown, statusCode = 400) =>
      new errors.ResponseError({ statusCode, body: { error }, headers: {}, meta: {}, warnings: null } as never);
    for (const err of [
      new SearchFailed('search_phase_execution_exception', 'all shards failed', [tooMany, tooMany]),
      new SearchFailed('too_many_nested_clauses', 'Query contains too many nested clauses; maxClauseCount is set to 4096'),
      refused({ type: 'search_phase_execution_exception', reason: 'all shards failed', root_cause: [tooMany] }),
      refused({ type: 'too_many_clauses', reason: 'maxClauseCount is set to 4096' }, 500),
    ]) {
      const answer = answerFor(err);
      assert.equal(answer.status, 400, String(err));
      assert.match(answer.body.message, /maxClauseCount is set to 4096 query clauses/);
      assert.equal(answer.logged, false);
    }
  });

  it('keeps every other failure a 500, and an outage a 503', async () => {
    const { errors } = await import('@elastic/elasticsearch');
    const other = { type: 'query_shard_exception', reason: 'failed to create query: no mapping for [x]' };
    assert.equal(answerFor(new SearchFailed('search_phase_execution_exception', 'all shards failed', [tooMany, other])).status, 500);
    assert.equal(answerFor(new SearchFailed('search_phase_execution_exception', 'all shards failed', [])).status, 500);
    assert.equal(
      answerFor(
        new SearchFailed('search_phase_execution_exception', 'all shards failed', [
          { type: 'no_shard_available_action_exception', reason: 'maxClauseCount is set to 1' },
        ]),
      ).status,
      500,
    );
    assert.equal(answerFor(new errors.ConnectionError('connect ECONNREFUSED')).status, 503);
    assert.equal(
      answerFor(
        new errors.ResponseError({
          statusCode: 503,
          body: { error: { type: 'search_phase_execution_exception', root_cause: [] } },
          headers: {},
          meta: {},
          warnings: null,
        } as never),
      ).status,
      503,
    );
  });
});

describe('Elasticsearch errors as the rest sees them (search/errors)', () => {
  it('reads the status and error type Elasticsearch answered with, and nothing when it did not answer', async () => {
    const { errors } = await import('@elastic/elasticsearch');
    const conflict = new errors.ResponseError({
      statusCode: 409,
      body: { error: { type: 'version_conflict_engine_exception' } },
      headers: {},
      meta: {},
      warnings: null,
    } as never);
    assert.equal(elasticsearchStatus(conflict), 409);
    assert.equal(elasticsearchErrorType(conflict), 'version_conflict_engine_exception');
    for (const err of [
      new errors.ConnectionError('connect ECONNREFUSED'),
      new errors.TimeoutError('timeout'),
      new TypeError('x'),
      undefined,
      null,
      'a string',
    ]) {
      assert.equal(elasticsearchStatus(err), undefined, String(err));
      assert.equal(elasticsearchErrorType(err), undefined, String(err));
    }
  });
});

describe('error middleware (http/middleware)', () => {
  it('sends the generic message to the caller and the detail to the log', async () => {
    const logged: Record<string, unknown>[] = [];
    const log = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (msg: string, fields: Record<string, unknown> = {}) => {
        logged.push({ msg, ...fields });
      },
    };
    const app = new Koa();
    app.use(errorHandler(log));
    app.use(() => {
      throw new SearchFailed('query_shard_exception', 'failed to create query: no mapping for [x]');
    });
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/storefront/v3/queries/search-page`);
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { message: INTERNAL_ERROR_MESSAGE });
      assert.equal(logged.length, 1);
      assert.deepEqual(logged[0].elasticsearch, { type: 'query_shard_exception', reason: 'failed to create query: no mapping for [x]' });
    } finally {
      server.close();
    }
  });
});
