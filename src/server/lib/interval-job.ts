type Log = { error(obj: object, msg: string): void };

export interface IntervalJob<R> {
  /** One round now (never two at once in this instance: a call during a round answers that round). */
  runOnce(now?: Date): Promise<R>;
  /** Runs a round now and then every `intervalMs` (the timer does not keep the process alive). */
  start(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** A background job run every `intervalMs` in this instance; a failed round is logged and the next one tries again. */
export function createIntervalJob<R>({
  name,
  run,
  intervalMs,
  log,
}: {
  name: string;
  run: (now: Date) => Promise<R>;
  intervalMs: number;
  log?: Log;
}): IntervalJob<R> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<R> | undefined;

  const runOnce = (now?: Date) => {
    if (!running) {
      running = run(now ?? new Date()).finally(() => {
        running = undefined;
      });
    }
    return running;
  };
  const tick = () => {
    runOnce().catch((err: unknown) => log?.error({ err }, `${name}: round failed`));
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
