import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * Tracing on in a bench (BENCH_TRACES=1, docs/decisions/046): an OTLP/HTTP endpoint on 127.0.0.1 that reads what
 * the server exports and counts it, as a collector beside the server would take it, without keeping the spans
 * (a bench exports hundreds of thousands). Started in the bench's own process, so its cost is not the server's.
 */
export interface OtlpSink {
  /** The node flags and environment that start a bench server with tracing on, exporting here. */
  nodeArgs: string[];
  env: Record<string, string>;
  /** Export requests and bytes received so far. */
  received(): { requests: number; bytes: number };
  close(): Promise<void>;
}

export async function startOtlpSink(root: string): Promise<OtlpSink> {
  let requests = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // The bench servers build the app themselves (not through main.ts): tracing starts as a preload instead.
    nodeArgs: ['--import', join(root, 'src/server/telemetry/start.ts')],
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'leaf-and-cup-bench' },
    received: () => ({ requests, bytes }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sink when BENCH_TRACES=1, else null (tracing off, as shipped). */
export const otlpSinkIfAsked = (root: string): Promise<OtlpSink | null> =>
  process.env.BENCH_TRACES === '1' ? startOtlpSink(root) : Promise.resolve(null);
