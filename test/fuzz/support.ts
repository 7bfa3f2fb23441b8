/**
 * Property-based fuzzing of the HTTP API (fast-check), against the real API in-process (test/http/harness.ts)
 * on the test run's node. The property of every endpoint is the same: whatever the input, the answer comes
 * within a time bound and is a 2xx, or a 4xx whose body is JSON with a string `message`; never a 5xx, never
 * a hang, never a dropped connection.
 *
 * fuzz() keeps going after a failure: it records the shrunk counterexample, then runs the property again
 * treating that kind of failure (status and message with numbers and quoted parts blanked) as known, up to
 * MAX_FINDINGS distinct kinds per endpoint. Inputs tried (shrinking included) are counted per endpoint.
 */
import fc from 'fast-check';
import { API_KEY, type TestService } from '../http/harness';

/** JSON values, as request bodies are made of. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface FuzzRequest {
  method: string;
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export interface Finding {
  endpoint: string;
  problem: string;
  input: string;
  seed: number;
  path?: string;
}

const MAX_FINDINGS = 3;
export const REQUEST_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
/** Multiplies every property's number of runs (FUZZ_RUNS=5 for a long session). */
export const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);

export const tried = new Map<string, number>();
/** Statuses answered per endpoint: shows that inputs got past the first check (an admin fuzz all 403 tries nothing). */
export const statuses = new Map<string, Map<number, number>>();

function count(endpoint: string, status: number): void {
  const seen = statuses.get(endpoint) ?? new Map<number, number>();
  seen.set(status, (seen.get(status) ?? 0) + 1);
  statuses.set(endpoint, seen);
}
export const findings: Finding[] = [];

/** Requests whose kept-alive connection was reset under them and that were answered when sent again. */
export let connectionResets = 0;

/** Sends one request; a problem string when the answer breaks the property, else undefined. */
export async function probe(service: TestService, endpoint: string, request: FuzzRequest): Promise<string | undefined> {
  tried.set(endpoint, (tried.get(endpoint) ?? 0) + 1);
  // Admin requests carry the key, as an operator's do: without it every one is a 403 and nothing behind the
  // key is tried (the admin fuzz ran so until 2026-11-25). A request may still send a wrong key of its own.
  const headers = request.path.startsWith('/api/admin/') ? { 'Api-Key': API_KEY, ...request.headers } : request.headers;
  const send = () =>
    fetch(service.url + request.path, { method: request.method, body: request.body, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  let res: Response;
  try {
    try {
      res = await send();
    } catch (err) {
      // fetch reuses kept-alive connections; one the server closed after an earlier answer (e.g. a 413 that
      // left its body unread) resets the next request on it. Sent again on a fresh connection, it counts.
      if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
      res = await send();
      connectionResets++;
    }
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS} ms (hang)`;
    return `no answer: ${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ''}`;
  }
  count(endpoint, res.status);
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    return `${res.status} with a body cut short: ${(err as Error).message}`;
  }
  if (res.status >= 200 && res.status < 300) return undefined;
  // A HEAD answer has no body by definition: its status is all there is to judge.
  if (request.method === 'HEAD') return res.status < 500 ? undefined : `${res.status} to HEAD`;
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    /* not JSON */
  }
  if (res.status >= 400 && res.status < 500)
    return typeof message === 'string' ? undefined : `${res.status} without a JSON {message}: ${JSON.stringify(text.slice(0, 120))}`;
  return `${res.status} ${typeof message === 'string' ? message.slice(0, 300) : JSON.stringify(text.slice(0, 200))}`;
}

/**
 * Strings past every limit that matters: any catalog key, any filter value, and the 32,766 bytes
 * Elasticsearch takes for one term (40,000 ASCII characters; 20,000 two-byte ones, 40,000 bytes).
 */
export const OVER_LONG = ['x'.repeat(40_000), 'å'.repeat(20_000)];

/** `base` with each of its strings in turn replaced by each OVER_LONG string (copies; `base` is unchanged). */
export function withEachStringOverLong(base: Json): Json[] {
  const paths = (value: Json, at: (string | number)[]): (string | number)[][] =>
    typeof value === 'string'
      ? [at]
      : Array.isArray(value)
        ? value.flatMap((v, i) => paths(v, [...at, i]))
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))
          : [];
  const replaced = (value: Json, at: (string | number)[], by: string): Json => {
    if (!at.length) return by;
    const copy = structuredClone(value) as Record<string | number, Json>;
    copy[at[0]] = replaced(copy[at[0]], at.slice(1), by);
    return copy;
  };
  return paths(base, []).flatMap((at) => OVER_LONG.map((long) => replaced(base, at, long)));
}

/**
 * Sends every request once, in order (no randomness: a sweep, where the random mutations reach each place
 * only now and then); returns the findings, also kept in `findings`. `endpoint` and `label` name a request in the report.
 */
export async function sweep(service: TestService, requests: (FuzzRequest & { endpoint: string })[], label = 'over-long strings'): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const { endpoint, ...request } of requests) {
    const problem = await probe(service, `${endpoint} ${label}`, request);
    const input = String(request.body ?? '')
      .replace(/(.)\1{20,}/gu, (run, c: string) => `${c}×${[...run].length}`)
      .slice(0, 600);
    if (problem) found.push({ endpoint, problem, input, seed: 0, path: `${request.method} ${request.path}` });
  }
  findings.push(...found);
  return found;
}

/** A failure's kind: numbers, quoted parts and long tails blanked, so one bug counts once. */
function kindOf(problem: string): string {
  return problem
    .replace(/"[^"]*"|'[^']*'/g, '"…"')
    .replace(/\d+/g, '#')
    .slice(0, 90);
}

/**
 * Runs the property over `arbitrary` (`runs` inputs, times RUNS_FACTOR), `toRequest` turning an input into a
 * request. Returns the endpoint's findings (also kept in `findings`).
 */
export async function fuzz<T>(
  service: TestService,
  endpoint: string,
  arbitrary: fc.Arbitrary<T>,
  toRequest: (input: T) => FuzzRequest,
  runs: number,
): Promise<Finding[]> {
  const known = new Set<string>();
  const found: Finding[] = [];
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  for (let round = 0; round < MAX_FINDINGS; round++) {
    const property = fc.asyncProperty(arbitrary, async (input) => {
      const problem = await probe(service, endpoint, toRequest(input));
      if (problem && !known.has(kindOf(problem))) throw new Error(problem);
    });
    const result = await fc.check(property, {
      numRuns: Math.max(1, Math.round(runs * RUNS_FACTOR)),
      seed: seed + round,
      endOnFailure: false,
      interruptAfterTimeLimit: 10 * 60_000,
    });
    if (!result.failed || !result.counterexample) break;
    const problem = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    const request = toRequest(result.counterexample[0]);
    const finding: Finding = {
      endpoint,
      problem,
      input: fc.stringify(result.counterexample[0]).slice(0, 1500),
      seed: seed + round,
      path: `${request.method} ${request.path}`.slice(0, 600),
    };
    found.push(finding);
    findings.push(finding);
    known.add(kindOf(problem));
  }
  return found;
}

/**
 * Names every plain object answers for (issue 38): as markets, locales, ids, keys, facet ids and body keys they
 * must find no built-in (a lookup `obj[id]` finds `Object`'s constructor for `constructor`), and `__proto__` is
 * no key at all when assigned.
 */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'] as const;

/** Strings a parser may choke on: empty, blank, signs, huge, control and invisible characters, separators, escapes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '-0',
      '1.5',
      '1e309',
      '-1e309',
      '9007199254740993',
      'NaN',
      'Infinity',
      'true',
      'null',
      'undefined',
      '%',
      '%zz',
      '\u0000',
      '\uFEFF',
      '\uD800',
      '|',
      '||',
      ',',
      ';',
      '*',
      '?',
      '#',
      '\\',
      '"',
      "'",
      '{',
      '[]',
      '{}',
      '<b>',
      'a'.repeat(300),
      'å'.repeat(1000),
      '../../etc/passwd',
      'SE',
      'NO',
      'sv-SE',
      'en-GB',
      'DESKTOP',
      'MOBILE',
      'RELEVANCE',
      'PRICE_ASCENDING',
      'NEWEST_FIRST',
      'P1-RED',
      'PG1',
      'C1',
      '/women',
      '/dam/skor',
      'PT0S',
      'P1Y',
      'custom.material',
      ...PROTOTYPE_NAMES,
      'custom.constructor',
    ),
  },
);

/**
 * JSON values for replacing parts of a body: anything, including extreme numbers and long strings (longer
 * than nastyString's, which also go into URLs, where Node's 16 KB header limit answers first: see the
 * over-long URL test).
 */
export const nastyJson: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), 'å'.repeat(300_000)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Json>(
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      2 ** 31,
      2 ** 63,
      -(2 ** 63),
      1e-320,
      true,
      false,
      null,
      [],
      {},
      [[[[[]]]]],
      { '': '' },
      JSON.parse('{"__proto__": {"polluted": true}}') as Json,
      { constructor: 'x' },
    ),
  },
);

/** `rekey` renames the key reached to `name`, one of PROTOTYPE_NAMES (a market, a page id, a label key, ...). */
interface Mutation {
  path: number[];
  op: 'replace' | 'delete' | 'insert' | 'retype' | 'rekey';
  value: Json;
  name: string;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  path: fc.array(fc.nat({ max: 1000 }), { maxLength: 8 }),
  op: fc.constantFrom<Mutation['op']>('replace', 'replace', 'delete', 'insert', 'retype', 'rekey'),
  value: nastyJson,
  name: fc.constantFrom(...PROTOTYPE_NAMES),
});

/** Sets `key` of `o` as its own member, `__proto__` too (assigning that one would set the prototype instead). */
function define(o: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `value` with its first key renamed to `name` (objects only). */
function rekeyed(value: Json, name: string): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, Json> = {};
  Object.entries(value).forEach(([k, v], i) => define(out, i === 0 ? name : k, v));
  return out;
}

/**
 * A valid body changed in a few places: each mutation walks down `path` (each number picks a child, modulo
 * their count) and replaces, deletes, adds to or changes the type of what it reaches. fast-check shrinks
 * towards fewer and plainer mutations, so a counterexample reads as "the valid body, with this one change".
 */
export function mutated(bases: readonly Json[]): fc.Arbitrary<Json> {
  return (
    fc
      .tuple(fc.nat({ max: bases.length - 1 }), fc.array(mutation, { maxLength: 4 }))
      // Each mutation's value is cloned too: nastyJson's constants are shared objects, and a later mutation
      // that edits one in place (inside an earlier body) made it circular for every run after.
      .map(([i, mutations]) => mutations.reduce((value, m) => mutate(value, { ...m, value: structuredClone(m.value) }, 0), structuredClone(bases[i])))
  );
}

function children(value: Json): (string | number)[] {
  if (Array.isArray(value)) return value.map((_, i) => i);
  if (value && typeof value === 'object') return Object.keys(value);
  return [];
}

function mutate(value: Json, m: Mutation, depth: number): Json {
  const keys = children(value);
  if (depth < m.path.length && keys.length) {
    const key = keys[m.path[depth] % keys.length];
    const container = value as Record<string | number, Json>;
    const child = container[key];
    const deeper = children(child).length > 0 && depth + 1 < m.path.length;
    if (deeper) {
      container[key] = mutate(child, m, depth + 1);
      return value;
    }
    if (m.op === 'rekey') {
      if (Array.isArray(value)) container[key] = rekeyed(child, m.name);
      else {
        delete container[key];
        define(container as Record<string, Json>, m.name, child);
      }
      return value;
    }
    if (m.op === 'delete') {
      if (Array.isArray(value)) value.splice(Number(key), 1);
      else delete container[key];
      return value;
    }
    container[key] = m.op === 'retype' ? retype(child) : m.op === 'insert' ? insertInto(child, m.value) : m.value;
    return value;
  }
  if (m.op === 'rekey') return rekeyed(value, m.name);
  return m.op === 'retype' ? retype(value) : m.op === 'insert' ? insertInto(value, m.value) : m.op === 'delete' ? null : m.value;
}

function insertInto(value: Json, extra: Json): Json {
  if (Array.isArray(value)) return [...value, extra];
  if (value && typeof value === 'object') return { ...value, unknownField: extra };
  return [value, extra];
}

function retype(value: Json): Json {
  if (typeof value === 'string') return Number.isNaN(Number(value)) ? [value] : Number(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length ? value[0] : {};
  if (value && typeof value === 'object') return Object.values(value);
  return 'null';
}

/** Query strings: URLSearchParams-encoded pairs, sometimes with a raw, malformed tail. */
export function queryString(pairs: [string, string][], rawTail = ''): string {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) params.append(k, v);
  return params.toString() + rawTail;
}

export const malformedQueryTail: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '',
  '',
  '&%',
  '&a=%E0%A4%A',
  '&=',
  '&&&',
  '&q',
  '&f.brand=%FF',
  '&market',
  '&market=SE&market=NO',
  '&limit=1&limit=2',
  '&%00=%00',
  '&f.=1',
  '&f.price.min=',
);

/** The Content-Type header, or none for ''. */
export const contentType = (type: string): Record<string, string> => (type ? { 'Content-Type': type } : {});

/** The endpoint's findings as lines for the report. */
export function describeFindings(list: Finding[]): string {
  return list.map((f) => `${f.endpoint}: ${f.problem}\n      request: ${f.path}\n      shrunk input: ${f.input}\n      seed: ${f.seed}`).join('\n');
}

/** Prints inputs tried per endpoint and every finding (the run's report). */
export function printReport(write: (line: string) => void): void {
  write('\nFuzz: inputs tried per endpoint (shrinking included)');
  for (const [endpoint, n] of [...tried].sort()) {
    const answered = [...(statuses.get(endpoint) ?? new Map<number, number>())]
      .sort(([a], [b]) => a - b)
      .map(([status, k]) => `${status}×${k}`)
      .join(' ');
    write(`  ${endpoint.padEnd(44)} ${String(n).padStart(5)}   ${answered}`);
  }
  write(`  ${'total'.padEnd(44)} ${[...tried.values()].reduce((a, b) => a + b, 0)}`);
  write(`  requests answered only when sent again on a fresh connection (kept-alive connection reset): ${connectionResets}`);
  write(`Fuzz findings: ${findings.length}`);
  for (const f of findings) write(`  - ${describeFindings([f])}`);
}
