/**
 * Steady traffic for the fault tests: requests are started at a fixed rate whatever the answers take (an
 * open loop, as visitors do not wait for each other), so a stall shows up as failures and latency rather than
 * as fewer requests. A request that fails (network error, timeout, 5xx, or a check of its body) is retried
 * once after a short pause, as the official client does for notifications; both the first failures and those
 * left after the retry are kept with their status and message.
 */

export interface Outcome {
  ok: boolean;
  status: number;
  detail: string;
}

export interface Failure {
  at: number;
  status: number;
  detail: string;
  path: string;
}

export interface LoadFigures {
  sent: number;
  ok: number;
  /** Requests that failed at their first attempt. */
  firstFailures: Failure[];
  /** Requests still failed after their one retry. */
  failures: Failure[];
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadOptions {
  ratePerSecond: number;
  /** One request: the path (for reports) and how to send and judge it. */
  next(n: number): { path: string; send(signal: AbortSignal): Promise<Outcome> };
  timeoutMs?: number;
  retryDelayMs?: number;
}

export class SteadyLoad {
  private timer?: NodeJS.Timeout;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly latencies: number[] = [];
  private readonly startedAt = Date.now();
  private n = 0;
  readonly figures: LoadFigures = { sent: 0, ok: 0, firstFailures: [], failures: [], statuses: {}, p50Ms: 0, p99Ms: 0, maxMs: 0 };

  constructor(private readonly options: LoadOptions) {}

  start(): this {
    const interval = 1000 / this.options.ratePerSecond;
    let due = Date.now();
    // setInterval drifts under load; catch up on every tick so the rate holds on average.
    this.timer = setInterval(
      () => {
        while (due <= Date.now()) {
          due += interval;
          const p = this.one(this.n++).finally(() => this.inFlight.delete(p));
          this.inFlight.add(p);
        }
      },
      Math.max(1, Math.floor(interval / 2)),
    );
    return this;
  }

  /** Stops sending and waits for the requests in flight; returns the figures. */
  async stop(): Promise<LoadFigures> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.inFlight]);
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    Object.assign(this.figures, { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0 });
    return this.figures;
  }

  private async one(n: number): Promise<void> {
    const request = this.options.next(n);
    this.figures.sent++;
    const first = await this.attempt(request);
    if (first.ok) {
      this.figures.ok++;
      return;
    }
    this.figures.firstFailures.push({ at: Date.now() - this.startedAt, status: first.status, detail: first.detail, path: request.path });
    await new Promise((r) => setTimeout(r, this.options.retryDelayMs ?? 250));
    const second = await this.attempt(request);
    if (second.ok) {
      this.figures.ok++;
      return;
    }
    this.figures.failures.push({ at: Date.now() - this.startedAt, status: second.status, detail: second.detail, path: request.path });
  }

  private async attempt(request: { send(signal: AbortSignal): Promise<Outcome> }): Promise<Outcome> {
    const start = Date.now();
    let outcome: Outcome;
    // A timer of our own, not AbortSignal.timeout: a fetch aborted while its body was being read was seen to
    // never settle (Node 20), which hung the whole scenario after the import. The race settles regardless.
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ ok: false, status: 0, detail: 'timeout' });
      }, this.options.timeoutMs ?? 10_000);
    });
    try {
      outcome = await Promise.race([request.send(controller.signal), timedOut]);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      outcome = {
        ok: false,
        status: 0,
        detail: e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timeout' : `${e.message}${e.cause?.code ? ` (${e.cause.code})` : ''}`,
      };
    } finally {
      clearTimeout(timer);
    }
    this.latencies.push(Date.now() - start);
    const key = String(outcome.status || 'network');
    this.figures.statuses[key] = (this.figures.statuses[key] ?? 0) + 1;
    return outcome;
  }
}

/** Failures grouped by status and message, for reports: `503 No products found… ×3`. */
export function summarizeFailures(failures: Failure[]): string[] {
  const groups = new Map<string, { count: number; first: number; last: number }>();
  for (const f of failures) {
    const key = `${f.status || 'network'} ${f.path.split('?')[0]}: ${f.detail.slice(0, 200)}`;
    const g = groups.get(key) ?? { count: 0, first: f.at, last: f.at };
    g.count++;
    g.last = f.at;
    groups.set(key, g);
  }
  return [...groups].map(([key, g]) => `${key} ×${g.count} (t=${(g.first / 1000).toFixed(1)}–${(g.last / 1000).toFixed(1)} s)`);
}

/** Reads an answer: ok when `check` accepts a 2xx body; otherwise the status and the `message` (or a short body). */
export async function judge(res: Response, check?: (body: unknown) => string | undefined): Promise<Outcome> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.status < 200 || res.status >= 300) {
    const message = (body as { message?: unknown } | undefined)?.message;
    return { ok: false, status: res.status, detail: typeof message === 'string' ? message : text.slice(0, 200) };
  }
  const problem = check?.(body);
  return problem ? { ok: false, status: res.status, detail: problem } : { ok: true, status: res.status, detail: '' };
}
