import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Form-encoded body for POST. */
  body?: string;
  /** The answer's encoding asked for (default identity: no compression). */
  acceptEncoding?: string;
}

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** The server process's CPU time per request in µs (user + system), when its pid was given (Linux). */
  cpuPerRequestUs: number | null;
}

/**
 * A small closed-loop load generator (autocannon is not a dependency): `connections` workers each send the
 * next request as soon as the previous answer is read, for `seconds`, over keep-alive sockets. Latencies in ms.
 */
export interface Sample {
  latencies: number[];
  errors: number;
  seconds: number;
  /** CPU seconds the server process used while measured, or null when unknown. */
  serverCpuSeconds: number | null;
}

let ticksPerSecond: number | undefined;
/** A process's CPU time so far (user + system) in seconds, from /proc (Linux); null elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

export async function runLoad(
  base: { host: string; port: number },
  target: LoadTarget,
  options: { connections: number; seconds: number; serverPid?: number },
): Promise<Sample> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const body = target.body ? Buffer.from(target.body) : undefined;
  const headers: Record<string, string | number> = {
    accept: 'application/json',
    'accept-encoding': target.acceptEncoding ?? 'identity',
  };
  if (body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = body.length;
  }
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        { host: base.host, port: base.port, method: target.method, path: target.path, headers, agent },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode !== 200) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });

  // A short warm-up (JIT, SQLite page cache), not counted.
  const warmUntil = performance.now() + 500;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < warmUntil) await once();
    }),
  );
  latencies.length = 0;
  errors = 0;

  const cpuBefore = processCpuSeconds(options.serverPid);
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = processCpuSeconds(options.serverPid);
  agent.destroy();
  const serverCpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { latencies, errors, seconds, serverCpuSeconds };
}

/** Merges samples of one target (several rounds) into its figures. */
export function summarize(name: string, samples: Sample[]): LoadResult {
  const sorted = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const errors = samples.reduce((n, s) => n + s.errors, 0);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const cpu = samples.every((s) => s.serverCpuSeconds !== null)
    ? samples.reduce((n, s) => n + (s.serverCpuSeconds ?? 0), 0)
    : null;
  return {
    name,
    requests: sorted.length,
    errors,
    seconds,
    rps: sorted.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    cpuPerRequestUs: cpu === null || sorted.length === 0 ? null : (cpu / sorted.length) * 1e6,
  };
}
