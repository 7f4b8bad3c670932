import { Agent, request } from 'node:http';

export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Form-encoded body for POST. */
  body?: string;
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
}

/**
 * A small closed-loop load generator (autocannon is not a dependency): `connections` workers each send the
 * next request as soon as the previous answer is read, for `seconds`, over keep-alive sockets. Latencies in ms.
 */
export interface Sample {
  latencies: number[];
  errors: number;
  seconds: number;
}

export async function runLoad(
  base: { host: string; port: number },
  target: LoadTarget,
  options: { connections: number; seconds: number },
): Promise<Sample> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const body = target.body ? Buffer.from(target.body) : undefined;
  const headers: Record<string, string | number> = { accept: 'application/json', 'accept-encoding': 'identity' };
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

  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, errors, seconds };
}

/** Merges samples of one target (several rounds) into its figures. */
export function summarize(name: string, samples: Sample[]): LoadResult {
  const sorted = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const errors = samples.reduce((n, s) => n + s.errors, 0);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    name,
    requests: sorted.length,
    errors,
    seconds,
    rps: sorted.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
  };
}
