import type { Call, Envelope, Group, Kind } from './soak-mix';

/**
 * The soak bench's load (soak.ts): an open loop at a fixed rate (requests start on a schedule, whether the earlier
 * ones have answered or not, as shoppers arrive), each request of a kind drawn by weight, through the proxy.
 */

export interface KindFigures {
  name: string;
  group: Group;
  /** Requests started in the measured part (after the warm-up). */
  latencies: number[];
  /** Every wrong answer of the whole run (warm-up included): how many, and the first few. */
  failed: number;
  firstFailures: string[];
  /** Right answers over the whole run (warm-up included). */
  succeeded: number;
}

export interface LoadFigures {
  kinds: KindFigures[];
  /** Requests started, and those not started because `maxInFlight` were already waiting (the shop fell behind). */
  sent: number;
  skipped: number;
  measuredSeconds: number;
}

/** Sends one call to `base` and checks its answer; resolves to what is wrong (null: nothing) and the time taken. */
export async function send(base: string, call: Call): Promise<{ ms: number; wrong: string | null }> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: call.method === 'GET' ? 'text/html' : 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  try {
    const res = await fetch(`${base}${call.path}`, { method: call.method, headers, body });
    const text = await res.text();
    const ms = performance.now() - started;
    const type = res.headers.get('content-type') ?? '';
    let json: Envelope | null = null;
    if (type.includes('json')) {
      try {
        json = JSON.parse(text) as Envelope;
      } catch {
        return { ms, wrong: `${call.path}: a JSON answer that does not parse` };
      }
    }
    const wrong = call.check({ status: res.status, type, text, json });
    return { ms, wrong: wrong === null ? null : `${call.method} ${call.path}: ${wrong}` };
  } catch (err) {
    return { ms: performance.now() - started, wrong: `${call.method} ${call.path}: ${(err as Error).message}` };
  }
}

/**
 * Runs the mix at `rate` requests/s for `warmupSeconds` then `seconds`; `onMeasured` is called (and awaited by
 * nothing) as the measured part begins. Waits for every request still in flight at the end.
 */
export async function runMix(opts: {
  base: string;
  kinds: Kind[];
  random: () => number;
  rate: number;
  warmupSeconds: number;
  seconds: number;
  maxInFlight: number;
  onMeasured: () => void;
}): Promise<LoadFigures> {
  const total = opts.kinds.reduce((n, k) => n + k.weight, 0);
  const figures = opts.kinds.map(
    (k): KindFigures => ({ name: k.name, group: k.group, latencies: [], failed: 0, firstFailures: [], succeeded: 0 }),
  );
  const draw = (): number => {
    let r = opts.random() * total;
    for (const [i, k] of opts.kinds.entries()) {
      r -= k.weight;
      if (r < 0) return i;
    }
    return opts.kinds.length - 1;
  };
  const started = performance.now();
  const measuredFrom = started + opts.warmupSeconds * 1000;
  const end = measuredFrom + opts.seconds * 1000;
  let measured = false;
  let sent = 0;
  let skipped = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const fire = (i: number) => {
    const kind = opts.kinds[i] as Kind;
    const into = figures[i] as KindFigures;
    const counted = performance.now() >= measuredFrom;
    inFlight++;
    const p = send(opts.base, kind.make()).then(({ ms, wrong }) => {
      inFlight--;
      if (counted) into.latencies.push(ms);
      if (!wrong) into.succeeded++;
      else {
        into.failed++;
        if (into.firstFailures.length < 5) into.firstFailures.push(wrong);
      }
    });
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  while (true) {
    const now = performance.now();
    if (now >= end) break;
    if (!measured && now >= measuredFrom) {
      measured = true;
      sent = 0;
      skipped = 0;
      opts.onMeasured();
    }
    const due = Math.floor(((now - (measured ? measuredFrom : started)) / 1000) * opts.rate);
    while (sent + skipped < due) {
      if (inFlight >= opts.maxInFlight) skipped++;
      else {
        sent++;
        fire(draw());
      }
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  return { kinds: figures, sent, skipped, measuredSeconds: (end - measuredFrom) / 1000 };
}

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
