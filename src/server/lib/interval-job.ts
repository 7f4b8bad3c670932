import type { Db } from '../db/connection';
import { tracing } from '../telemetry/hooks';
import { type JobLease, jobLease } from './job-lease';

type Log = { warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Where a job reports its rounds (the shop's metrics, metrics/registry.ts): every round, whether the timer or
 * `runOnce` started it, with its time and how it ended.
 */
export interface JobMetrics {
  /** The job's timer started on this instance, to run every `intervalMs` across the fleet. */
  jobStarted(name: string, intervalMs: number): void;
  /** A round ended: `ok`, `failed` (it threw), or `stopped` (its lease was lost or the instance is stopping). */
  jobRound(name: string, seconds: number, outcome: 'ok' | 'failed' | 'stopped'): void;
}

/** What a round gets besides the time: `extend` between its items (see JobRound.extend). */
export interface JobRound {
  /**
   * Call between two items of a long round (never in the middle of one): keeps a leased job's lease alive, and
   * throws `RoundStopped` when the round must end now (the lease was taken over by another instance after it
   * expired, or the instance is stopping). Cheap: it writes at most once per quarter of the lease's TTL.
   */
  extend(): Promise<void>;
}

/** Thrown by `JobRound.extend` when the round must stop; the items done so far stay done. */
export class RoundStopped extends Error {
  constructor(readonly why: 'lease lost' | 'stopping') {
    super(`round stopped: ${why}`);
  }
}

/**
 * How the job is run across instances (docs/decisions/024):
 * - `{ db, ttlMs }`: once across every instance on that database, through a `job_leases` row (lib/job-lease.ts).
 *   `ttlMs` must be well above a round's length between two `extend` calls: past it another instance may take over.
 *   Every instance ticks (every `intervalMs`, at most every minute) and the one that claims the due row runs;
 *   `intervalMs` is then the fleet's interval, not each instance's;
 * - `'local'`: every instance runs it on its own (only for work that is per instance by nature).
 */
export type JobLeaseOption = { db: Db; ttlMs: number } | 'local';

export interface IntervalJob<R> {
  /**
   * One round now, without the lease (tests, the command line): the job's own conditional updates keep it safe
   * alongside running servers. Never two at once in this instance: a call during a round answers that round.
   */
  runOnce(now?: Date): Promise<R>;
  /** What the timer does once: claim the lease (a leased job) and run a round; null when not claimed or running. */
  tickOnce(now?: Date): Promise<R | null>;
  /** Ticks now and then on the timer (the timer does not keep the process alive). */
  start(): void;
  /** Stops the timer, ends a round in progress at its next `extend`, waits for it and frees the lease. */
  stop(): Promise<void>;
}

/** Leased jobs tick at least this often, so an hourly job whose holder stopped is taken over within a minute. */
const MAX_TICK_MS = 60_000;

const NO_ROUND: JobRound = { extend: async () => undefined };

interface JobOptions<R> {
  name: string;
  run: (now: Date, round: JobRound) => Promise<R>;
  intervalMs: number;
  lease: JobLeaseOption;
  log?: Log;
  metrics?: JobMetrics;
}

/**
 * A background job run every `intervalMs`, once across instances unless `lease` is 'local'. A failed round is
 * logged (and noted on its lease row) and the next one tries again.
 */
export function createIntervalJob<R>(options: JobOptions<R>): IntervalJob<R> {
  const job = new Job(options);
  // Plain functions, not methods: callers pass them around on their own (`{ drainOnce: job.runOnce }`).
  return {
    runOnce: (now) => job.runOnce(now),
    tickOnce: (now) => job.tickOnce(now),
    start: () => job.start(),
    stop: () => job.stop(),
  };
}

/** One job's timer, its round in progress, and its lease (when leased). */
class Job<R> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<R> | undefined;
  private stopping = false;
  private claimed = false;
  private claiming: Promise<boolean> | undefined;
  private readonly lease: JobLease | null;
  private readonly ttlMs: number;
  private readonly tickMs: number;
  /**
   * The next round is due a little before a full interval after this one's start, so the holder's own next tick
   * (setInterval never fires early, but the claim's time is taken a moment after the tick) still finds it due.
   */
  private readonly slackMs: number;

  constructor(private readonly options: JobOptions<R>) {
    const { name, intervalMs, lease } = options;
    this.lease = lease === 'local' ? null : jobLease(lease.db, name, lease.ttlMs);
    this.ttlMs = lease === 'local' ? 0 : lease.ttlMs;
    this.tickMs = this.lease ? Math.min(intervalMs, MAX_TICK_MS) : intervalMs;
    this.slackMs = Math.min(intervalMs / 10, 1000);
  }

  private once(start: () => Promise<R>): Promise<R> {
    const begun = performance.now();
    const { name, metrics } = this.options;
    const ended = (outcome: 'ok' | 'failed' | 'stopped') =>
      metrics?.jobRound(name, (performance.now() - begun) / 1000, outcome);
    // With tracing on, each round is a span of its own: its queries and calls are traced beneath it (docs/decisions/046).
    const traced = tracing();
    const round = traced ? () => traced.inSpan(`job ${name}`, { 'job.name': name }, start) : start;
    this.running = round()
      .then(
        (result) => {
          ended('ok');
          return result;
        },
        (err: unknown) => {
          ended(err instanceof RoundStopped ? 'stopped' : 'failed');
          throw err;
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  runOnce(now?: Date): Promise<R> {
    return this.running ?? this.once(() => this.options.run(now ?? new Date(), NO_ROUND));
  }

  private async leasedRound(held: JobLease, now: Date): Promise<R> {
    const startedWall = Date.now();
    const clock = () => new Date(now.getTime() + (Date.now() - startedWall));
    const nextRunAt = new Date(now.getTime() + this.options.intervalMs - this.slackMs);
    try {
      const result = await this.options.run(now, this.leaseKeeper(held, clock, startedWall));
      await held.finish(clock(), nextRunAt, null);
      return result;
    } catch (err) {
      if (err instanceof RoundStopped && err.why === 'stopping') {
        // Unfinished: the next round stays due, so another instance takes it at its next tick.
        await held.release();
      } else if (!(err instanceof RoundStopped)) {
        await held.finish(clock(), nextRunAt, err instanceof Error ? err.message : String(err));
      }
      throw err;
    }
  }

  /** A leased round's `extend`: the lease extended at most once per quarter of its TTL; stops when told to. */
  private leaseKeeper(held: JobLease, clock: () => Date, startedWall: number): JobRound {
    let extendedWall = startedWall;
    return {
      extend: async () => {
        if (this.stopping) throw new RoundStopped('stopping');
        if (Date.now() - extendedWall < this.ttlMs / 4) return;
        if (!(await held.extend(clock()))) throw new RoundStopped('lease lost');
        extendedWall = Date.now();
      },
    };
  }

  async tickOnce(at?: Date): Promise<R | null> {
    if (this.running || this.stopping) return null;
    const now = at ?? new Date();
    const lease = this.lease;
    if (!lease) return this.runOnce(now);
    // Claimed before `running` is set: a runOnce meanwhile runs alongside, as two instances would (both are safe).
    // stop() waits for a claim on its way (`claiming`): a claim won after stop began runs nothing and frees the lease.
    const claim = lease.claim(now);
    this.claiming = claim;
    let won: boolean;
    try {
      won = await claim;
    } finally {
      if (this.claiming === claim) this.claiming = undefined;
    }
    if (!won) return null;
    this.claimed = true;
    if (this.running || this.stopping) {
      await lease.release();
      return null;
    }
    return this.once(() => this.leasedRound(lease, now));
  }

  private tick(): void {
    const { name, log } = this.options;
    this.tickOnce().catch((err: unknown) => {
      if (err instanceof RoundStopped) {
        if (err.why === 'lease lost') log?.warn?.({ job: name }, `${name}: lease taken over by another instance`);
        return;
      }
      log?.error({ err }, `${name}: round failed`);
    });
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    this.options.metrics?.jobStarted(this.options.name, this.options.intervalMs);
    this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    await this.claiming?.catch(() => false);
    await this.running?.catch(() => undefined);
    if (this.lease && this.claimed) await this.lease.release().catch(() => undefined);
    this.claimed = false;
  }
}
