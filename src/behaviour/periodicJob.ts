/**
 * Runs a behaviour job (popularity, co-occurrence, events maintenance) periodically in the one API process holding its lease,
 * so several processes can serve side by side and the work is done once. Every tick (at most JOB_TICK_MS
 * apart) renews the lease and asks the job whether a run is due; a failed run is logged and retried on
 * the next tick that finds it due.
 */
import type { Logger } from '../kernel/log';
import type { Lease } from './lease';

export interface PeriodicJobSpec {
  /** Name in log lines. */
  name: string;
  lease: Lease;
  log: Logger;
  /** Whether a run is due, given when the last one finished (0: never in this process). */
  due(lastRunAt: number, intervalMs: number): Promise<boolean>;
  /** One run; its result is logged. */
  run(): Promise<object>;
  now(): Date;
}

const JOB_TICK_MS = 15_000;

export class PeriodicJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastRunAt = 0;

  constructor(private readonly spec: PeriodicJobSpec) {}

  /** Ticks every min(intervalMs, JOB_TICK_MS) and once at once; `intervalMs` ≤ 0 leaves the job off. */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    const tick = () => {
      this.running ??= this.tick(intervalMs).finally(() => {
        this.running = undefined;
      });
    };
    this.timer = setInterval(tick, Math.min(intervalMs, JOB_TICK_MS)).unref();
    tick();
  }

  /** Stops ticking, waits for a run in progress and gives the lease up. */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.spec.lease.release().catch((err) => this.spec.log.warn(`${this.spec.name} lease not released`, { err }));
  }

  private async tick(intervalMs: number): Promise<void> {
    try {
      if (!(await this.spec.lease.acquire(this.spec.now()))) return;
      if (!(await this.spec.due(this.lastRunAt, intervalMs))) return;
      const result = await this.spec.run();
      this.lastRunAt = Date.now();
      this.spec.log.info(`${this.spec.name} updated`, { ...result });
    } catch (err) {
      this.spec.log.error(`${this.spec.name} job failed`, { err });
    }
  }
}

/**
 * A behaviour job run periodically under its lease: the lease, the tick, start and stop written once here;
 * a job gives its name, its run and, when it is due otherwise than once per interval, its `due`.
 */
export abstract class LeasedJob<Run extends object> {
  protected readonly now: () => Date;
  private readonly periodic: PeriodicJob;

  constructor(name: string, deps: { lease: Lease; log: Logger; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
    this.periodic = new PeriodicJob({
      name,
      lease: deps.lease,
      log: deps.log,
      now: this.now,
      due: (lastRunAt, intervalMs) => this.due(lastRunAt, intervalMs),
      run: () => this.scheduledRun(),
    });
  }

  /** One run; callable directly (tests, benchmarks, admin). */
  abstract run(): Promise<Run>;

  /** Due once per interval, counted from the end of the last run. */
  protected due(lastRunAt: number, intervalMs: number): Promise<boolean> {
    return Promise.resolve(Date.now() - lastRunAt >= intervalMs);
  }

  /** What a periodic run does and logs: the run itself, unless the job adds to it. */
  protected scheduledRun(): Promise<object> {
    return this.run();
  }

  /** Ticks every min(intervalMs, JOB_TICK_MS) and once at once; `intervalMs` ≤ 0 leaves the job off. */
  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  /** Stops ticking, waits for a run in progress and gives the lease up. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
