import { createDb, type Db } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { createIntervalJob, type JobRound, RoundStopped } from '../../../../src/server/lib/interval-job';
import { jobLease } from '../../../../src/server/lib/job-lease';
import { dialects, freshDatabase, type TestDatabase } from '../../helper';

/**
 * Background jobs run once across instances (docs/decisions/024): each "instance" here is its own job object (its own
 * holder id), and on PostgreSQL its own pool, all on one database, driven with an explicit clock.
 */
describe.each(dialects)('job leases on %s', (dialect) => {
  let database: TestDatabase;
  let other: Db;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
    // A second connection (pool) to the same database, as a second instance has.
    other =
      dialect === 'postgres'
        ? createDb({ kind: 'postgres', location: database.url }, { poolSize: 3 })
        : createDb({ kind: 'sqlite', location: database.url.slice('file:'.length) });
  });
  afterAll(async () => {
    await other?.destroy();
    await database?.close();
  });

  const T0 = Date.parse('2026-12-01T10:00:00.000Z');
  const at = (ms: number) => new Date(T0 + ms);
  const MIN = 60_000;
  let seq = 0;
  const jobName = () => `test job ${++seq}`;

  /** A job whose rounds are counted; `gate` holds a round open until it is resolved. */
  const countingJob = (db: Db, name: string, opts: { intervalMs?: number; ttlMs?: number } = {}) => {
    const rounds: Date[] = [];
    let gate: Promise<void> | undefined;
    const job = createIntervalJob({
      name,
      intervalMs: opts.intervalMs ?? MIN,
      lease: { db, ttlMs: opts.ttlMs ?? 5 * MIN },
      run: async (now: Date, round: JobRound) => {
        rounds.push(now);
        if (gate) await gate;
        await round.extend();
        return rounds.length;
      },
    });
    return {
      job,
      rounds,
      hold() {
        let open: () => void = () => undefined;
        gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        return () => {
          gate = undefined;
          open();
        };
      },
    };
  };
  const leaseRow = (name: string) =>
    database.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('two instances ticking at once: one runs the round', async () => {
    const name = jobName();
    const jobs = [countingJob(database.db, name), countingJob(other, name), countingJob(database.db, name)];
    const results = await Promise.all(jobs.map(({ job }) => job.tickOnce(at(0))));
    expect(results.filter((r) => r !== null)).toEqual([1]);
    expect(jobs.map((j) => j.rounds.length).reduce((x, y) => x + y)).toBe(1);
    expect(await leaseRow(name)).toMatchObject({ runs: 1, lease_until: null, last_error: null });
    // The next round is the fleet's, one interval on: nobody runs before it, one runs at it.
    expect(await Promise.all(jobs.map(({ job }) => job.tickOnce(at(30_000))))).toEqual([null, null, null]);
    const next = await Promise.all(jobs.map(({ job }) => job.tickOnce(at(MIN))));
    expect(next.filter((r) => r !== null)).toHaveLength(1);
    expect((await leaseRow(name)).runs).toBe(2);
  });

  it('many claims of one due lease at once: exactly one wins', async () => {
    const name = jobName();
    const leases = Array.from({ length: 12 }, (_, i) => jobLease(i % 2 ? other : database.db, name, 5 * MIN));
    await leases[0]!.claim(at(-1)); // makes the row, claimed and finished below, so all 12 race on an existing row
    await leases[0]!.finish(at(0), at(0), null);
    const won = await Promise.all(leases.map((l) => l.claim(at(1))));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('an hourly job ticked every minute by two instances runs once an hour', async () => {
    const name = jobName();
    const a = countingJob(database.db, name, { intervalMs: 60 * MIN });
    const b = countingJob(other, name, { intervalMs: 60 * MIN });
    for (let minute = 0; minute <= 125; minute++) {
      // The two instances tick at different moments of each minute.
      await a.job.tickOnce(at(minute * MIN));
      await b.job.tickOnce(at(minute * MIN + 20_000));
    }
    expect(a.rounds.length + b.rounds.length).toBe(3); // minutes 0, 60 and 120
    expect((await leaseRow(name)).runs).toBe(3);
  });

  it('the holder that stops frees the lease: the other instance takes the round at its next tick', async () => {
    const name = jobName();
    const a = countingJob(database.db, name);
    const b = countingJob(other, name);
    const open = a.hold();
    const running = a.job.tickOnce(at(0));
    await vi.waitFor(() => expect(a.rounds).toHaveLength(1));
    expect(await b.job.tickOnce(at(1000))).toBeNull(); // held by A
    const stopped = a.job.stop();
    open();
    await expect(running).rejects.toBeInstanceOf(RoundStopped); // stopped at its next extend, unfinished
    await stopped;
    expect((await leaseRow(name)).lease_until).toBeNull();
    expect(await b.job.tickOnce(at(2000))).toBe(1);
  });

  it('stop() during a tick’s claim: no round runs after stop, and the lease is free when stop resolves', async () => {
    const name = jobName();
    let rounds = 0;
    // A round that never calls extend (as receipt retention and account cleanup): nothing would stop it.
    const job = createIntervalJob({
      name,
      intervalMs: MIN,
      lease: { db: database.db, ttlMs: 5 * MIN },
      run: async () => ++rounds,
    });
    const tick = job.tickOnce(at(0)); // its claim is on its way to the database
    await job.stop();
    const lease = await leaseRow(name);
    expect(await tick).toBeNull();
    expect(rounds).toBe(0);
    expect(lease.lease_until).toBeNull(); // free at once: another instance takes the round at its next tick
    const b = countingJob(other, name);
    expect(await b.job.tickOnce(at(1000))).toBe(1);
  });

  it('a holder that dies keeps the lease until its TTL, then the other instance takes over', async () => {
    const name = jobName();
    const dead = jobLease(database.db, name, 5 * MIN);
    expect(await dead.claim(at(0))).toBe(true); // and never finishes
    const b = countingJob(other, name, { ttlMs: 5 * MIN });
    expect(await b.job.tickOnce(at(MIN))).toBeNull();
    expect(await b.job.tickOnce(at(5 * MIN - 1))).toBeNull();
    expect(await b.job.tickOnce(at(5 * MIN + 1))).toBe(1);
    // The dead holder, back, finds its lease gone: it cannot extend it, and its late finish changes nothing.
    expect(await dead.extend(at(6 * MIN))).toBe(false);
    expect(await dead.finish(at(6 * MIN), at(100 * MIN), null)).toBe(false);
    expect(await leaseRow(name)).toMatchObject({ runs: 2, next_run_at: at(5 * MIN + 1 + MIN - 1000).toISOString() });
  });

  it('a round whose lease was taken over stops at its next extend', async () => {
    const name = jobName();
    let extended = 0;
    const job = createIntervalJob({
      name,
      intervalMs: MIN,
      lease: { db: database.db, ttlMs: 40 },
      run: async (_now: Date, round: JobRound) => {
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 15));
          await round.extend();
          extended++;
        }
      },
    });
    const running = job.tickOnce(new Date());
    await vi.waitFor(() => expect(extended).toBeGreaterThan(2));
    // Another instance takes the lease (as it would once the TTL passed without an extend).
    await other.updateTable('job_leases').set({ holder: 'elsewhere' }).where('name', '=', name).execute();
    await expect(running).rejects.toMatchObject({ why: 'lease lost' });
    await job.stop();
  });

  it('a failed round is noted on its lease and the next round is due as usual', async () => {
    const name = jobName();
    const job = createIntervalJob({
      name,
      intervalMs: MIN,
      lease: { db: database.db, ttlMs: MIN },
      run: async () => {
        throw new Error('smtp down');
      },
    });
    await expect(job.tickOnce(at(0))).rejects.toThrow('smtp down');
    expect(await leaseRow(name)).toMatchObject({ lease_until: null, last_error: 'smtp down', runs: 1 });
    await expect(job.tickOnce(at(MIN))).rejects.toThrow('smtp down');
    expect((await leaseRow(name)).runs).toBe(2);
  });
});
