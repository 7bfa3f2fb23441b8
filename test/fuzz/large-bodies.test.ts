/**
 * Hostile sizes: 1 GB request bodies generated on the fly (never stored) and gzip bombs (a few MB that
 * decompress to gigabytes). The API runs in this process, so this process's RSS is the API's memory: it must
 * stay bounded (MAX_GROWTH_MB over the baseline), and the answer must be a clear 4xx with a JSON message
 * within the time bound. To protect the shared machine, an upload is aborted once RSS has grown by
 * ABORT_GROWTH_MB: that is reported as unbounded memory.
 */
import assert from 'node:assert/strict';
import { constants, createGzip } from 'node:zlib';
import { startService, type TestService } from '../http/harness';
import { findings, tried } from './support';
import { smallCatalog } from '../fixtures/catalog';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const MAX_GROWTH_MB = 256;
const ABORT_GROWTH_MB = 768;
const TIME_BOUND_MS = 5 * 60_000;

interface Outcome {
  status?: number;
  message?: string;
  problem?: string;
  peakGrowthMb: number;
  seconds: number;
  sentMb: number;
}

/** A body of `total` bytes made of `chunk` repeated (the last one cut), pulled as the connection takes it. */
function repeated(chunk: Buffer, total: number, onSent: (bytes: number) => void): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const part = sent + chunk.length <= total ? chunk : chunk.subarray(0, total - sent);
      sent += part.length;
      onSent(sent);
      controller.enqueue(part);
    },
  });
}

/** gzip of `total` bytes of `byte`, compressed at the highest level: a few MB. */
async function gzipBomb(byte: string, total: number): Promise<Buffer> {
  const gzip = createGzip({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  gzip.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const block = Buffer.alloc(64 * MB, byte);
  for (let written = 0; written < total; written += block.length) {
    if (!gzip.write(block.subarray(0, Math.min(block.length, total - written)))) await new Promise((r) => gzip.once('drain', r));
  }
  gzip.end();
  await done;
  return Buffer.concat(out);
}

const rssMb = () => process.memoryUsage.rss() / MB;
const collect = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
};

/** Sends the body while watching this process's memory; aborts past ABORT_GROWTH_MB or the time bound. */
async function guarded(
  service: TestService,
  endpoint: string,
  method: string,
  path: string,
  body: (onSent: (bytes: number) => void) => ReadableStream<Uint8Array> | Buffer,
  headers: Record<string, string>,
): Promise<Outcome> {
  tried.set(endpoint, (tried.get(endpoint) ?? 0) + 1);
  await collect();
  const baseline = rssMb();
  let peak = baseline;
  let sent = 0;
  const controller = new AbortController();
  let abortReason = '';
  const started = Date.now();
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMb());
    if (peak - baseline > ABORT_GROWTH_MB && !abortReason) {
      abortReason = `memory grew by more than ${ABORT_GROWTH_MB} MB before an answer (${(sent / MB).toFixed(0)} MB sent): aborted`;
      controller.abort();
    }
    if (Date.now() - started > TIME_BOUND_MS && !abortReason) {
      abortReason = `no answer within ${TIME_BOUND_MS / 1000} s (${(sent / MB).toFixed(0)} MB sent): aborted`;
      controller.abort();
    }
  }, 50);
  const outcome: Outcome = { peakGrowthMb: 0, seconds: 0, sentMb: 0 };
  try {
    const payload = body((n) => {
      sent = n;
    });
    const init: RequestInit & { duplex?: 'half' } = { method, body: payload, headers: { 'Api-Key': 'test-key', ...headers }, signal: controller.signal };
    if (payload instanceof ReadableStream) init.duplex = 'half';
    const res = await fetch(service.url + path, init);
    const text = await res.text();
    outcome.status = res.status;
    try {
      outcome.message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      outcome.problem = `body is not JSON: ${text.slice(0, 120)}`;
    }
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    outcome.problem = abortReason || `no answer: ${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ''}`;
  } finally {
    clearInterval(watch);
  }
  peak = Math.max(peak, rssMb());
  Object.assign(outcome, { peakGrowthMb: Math.round(peak - baseline), seconds: Math.round((Date.now() - started) / 100) / 10, sentMb: Math.round(sent / MB) });
  return outcome;
}

/** Checks an outcome, recording a finding (with the input described) when it breaks the rules. */
function judge(endpoint: string, input: string, outcome: Outcome, expected: number[]): string[] {
  const problems: string[] = [];
  if (outcome.problem) problems.push(outcome.problem);
  else if (outcome.status !== undefined && !expected.includes(outcome.status))
    problems.push(`answered ${outcome.status} (expected ${expected.join(' or ')}): ${outcome.message ?? ''}`.slice(0, 400));
  if (!outcome.problem && typeof outcome.message !== 'string') problems.push('no JSON {message}');
  if (outcome.peakGrowthMb > MAX_GROWTH_MB && !outcome.problem?.startsWith('memory'))
    problems.push(`memory grew by ${outcome.peakGrowthMb} MB (bound ${MAX_GROWTH_MB} MB)`);
  const summary = `${outcome.status ?? 'no answer'} in ${outcome.seconds} s, ${outcome.sentMb} MB sent, RSS +${outcome.peakGrowthMb} MB${outcome.message ? `: ${outcome.message.slice(0, 160)}` : ''}`;
  process.stdout.write(`      ${endpoint} — ${input}: ${summary}\n`);
  for (const problem of problems) findings.push({ endpoint, problem: `${problem} [${summary}]`, input, seed: 0, path: endpoint });
  return problems;
}

describe('fuzz: 1 GB bodies and gzip bombs (memory bounded, clear 4xx)', function () {
  this.timeout(20 * 60_000);
  let service: TestService;
  let oneLineBomb: Buffer;
  let blankLinesBomb: Buffer;

  before(async () => {
    oneLineBomb = await gzipBomb('a', 2 * GB);
    blankLinesBomb = await gzipBomb('\n', 1 * GB);
    await collect();
  });

  // A fresh service (index prefix) per case: an upload given up on may leave its import running a moment.
  beforeEach(async () => {
    service = await startService();
    await service.configure();
  });
  afterEach(async () => service?.close());

  /** 1 KB lines that are valid JSON but no valid entity (an unknown field): nothing is written, all is read. */
  const badLines = () => {
    const line = JSON.stringify({ replace: { key: 'K', productGroup: { products: {} }, padding: 'x'.repeat(960) } }) + '\n';
    return Buffer.from(line.repeat(Math.floor(MB / line.length)));
  };
  const jsonLines = { 'Content-Type': 'application/jsonlines' };
  /** An operations import reads its body only once a catalog exists (else 405 at once, body unread). */
  const withCatalog = async () => {
    const res = await service.importCatalog(smallCatalog());
    assert.equal(res.status, 204, await res.text());
  };

  it('full import: 1 GB of 1 KB lines', async () => {
    const chunk = badLines();
    const outcome = await guarded(
      service,
      'PUT import/catalog 1 GB',
      'PUT',
      '/api/admin/v4/import/catalog',
      (onSent) => repeated(chunk, GB, onSent),
      jsonLines,
    );
    assert.deepEqual(judge('PUT import/catalog', '1 GB of invalid 1 KB lines', outcome, [400, 413]), []);
  });

  it('full import: one line of 1 GB', async () => {
    const outcome = await guarded(
      service,
      'PUT import/catalog 1 GB line',
      'PUT',
      '/api/admin/v4/import/catalog',
      (onSent) => repeated(Buffer.alloc(MB, 'a'), GB, onSent),
      jsonLines,
    );
    assert.deepEqual(judge('PUT import/catalog', 'one 1 GB line without a newline', outcome, [400, 413]), []);
  });

  it('operations import: 1 GB of 1 KB lines', async () => {
    await withCatalog();
    const chunk = badLines();
    const outcome = await guarded(
      service,
      'POST import/catalog 1 GB',
      'POST',
      '/api/admin/v4/import/catalog',
      (onSent) => repeated(chunk, GB, onSent),
      jsonLines,
    );
    assert.deepEqual(judge('POST import/catalog (operations)', '1 GB of invalid 1 KB lines', outcome, [400, 413]), []);
  });

  it('storefront search-page: a 1 GB POST body', async () => {
    const query = 'market=SE&locale=sv-SE&customerKey=c&sessionKey=s&touchpoint=DESKTOP&q=a';
    const outcome = await guarded(
      service,
      'POST search-page 1 GB',
      'POST',
      `/api/storefront/v3/queries/search-page?${query}`,
      (onSent) => repeated(Buffer.alloc(MB, ' '), GB, onSent),
      { 'Content-Type': 'application/json' },
    );
    assert.deepEqual(judge('POST search-page', '1 GB of spaces', outcome, [413]), []);
  });

  it('full import: gzip bomb, one line of 2 GB', async () => {
    const outcome = await guarded(service, 'PUT import/catalog gzip bomb', 'PUT', '/api/admin/v4/import/catalog', () => oneLineBomb, {
      ...jsonLines,
      'Content-Encoding': 'gzip',
    });
    assert.deepEqual(judge('PUT import/catalog', `gzip bomb: ${(oneLineBomb.length / MB).toFixed(1)} MB → 2 GB of "a", no newline`, outcome, [400, 413]), []);
  });

  it('full import: gzip bomb, 1 GB of blank lines', async () => {
    const outcome = await guarded(service, 'PUT import/catalog gzip bomb (blank lines)', 'PUT', '/api/admin/v4/import/catalog', () => blankLinesBomb, {
      ...jsonLines,
      'Content-Encoding': 'gzip',
    });
    assert.deepEqual(judge('PUT import/catalog', `gzip bomb: ${(blankLinesBomb.length / MB).toFixed(1)} MB → 1 GB of newlines`, outcome, [400, 413]), []);
  });

  it('operations import: gzip bomb, one line of 2 GB', async () => {
    await withCatalog();
    const outcome = await guarded(service, 'POST import/catalog gzip bomb', 'POST', '/api/admin/v4/import/catalog', () => oneLineBomb, {
      ...jsonLines,
      'Content-Encoding': 'gzip',
    });
    assert.deepEqual(
      judge('POST import/catalog (operations)', `gzip bomb: ${(oneLineBomb.length / MB).toFixed(1)} MB → 2 GB of "a", no newline`, outcome, [400, 413]),
      [],
    );
  });

  it('pages import: gzip bomb', async () => {
    const outcome = await guarded(service, 'POST import/pages gzip bomb', 'POST', '/api/admin/v4/import/pages', () => oneLineBomb, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    assert.deepEqual(judge('POST import/pages', `gzip bomb: ${(oneLineBomb.length / MB).toFixed(1)} MB → 2 GB`, outcome, [413]), []);
  });

  it('storefront search-page: a gzip bomb body', async () => {
    const query = 'market=SE&locale=sv-SE&customerKey=c&sessionKey=s&touchpoint=DESKTOP&q=a';
    const outcome = await guarded(service, 'POST search-page gzip bomb', 'POST', `/api/storefront/v3/queries/search-page?${query}`, () => oneLineBomb, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    assert.deepEqual(judge('POST search-page', `gzip bomb: ${(oneLineBomb.length / MB).toFixed(1)} MB → 2 GB`, outcome, [400, 413, 415]), []);
  });
});
