import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../setup/postgres';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * Imports the server's entry (src/server/main.ts) in a process of its own, as `npm start` does, and reports which
 * OpenTelemetry modules are loaded once the server's modules are (they are CommonJS packages: the require cache lists
 * them however they were imported) and whether a global tracer provider was registered. The API package itself
 * (`@opentelemetry/api`) does not count: prom-client requires it for its exemplars, and without an SDK every call on it
 * is a no-op.
 */
const PROBE = `
import { createRequire } from 'node:module';
await import('./src/server/main.ts');
const loaded = Object.keys(createRequire(process.cwd() + '/').cache)
  .filter((path) => /node_modules\\/(@opentelemetry|@fastify\\/otel|import-in-the-middle|require-in-the-middle)\\//.test(path))
  .filter((path) => !path.includes('node_modules/@opentelemetry/api/'));
const api = globalThis[Symbol.for('opentelemetry.js.api.1')];
console.log('PROBE ' + JSON.stringify({ loaded: loaded.length, tracer: Boolean(api?.trace) }));
process.exit(0);
`;

async function probe(env: Record<string, string>): Promise<{ loaded: number; tracer: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-tracing-off-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
        UPLOAD_DIR: join(dir, 'uploads'),
        CLIENT_DIST: join(dir, 'no-client'),
        SEED: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const line = output.split('\n').find((l) => l.startsWith('PROBE '));
    if (!line) throw new Error(`the probe printed no result:\n${output}`);
    return JSON.parse(line.slice('PROBE '.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('tracing off (docs/decisions/046)', { timeout: 60_000 }, () => {
  it('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry SDK or instrumentation is loaded, no tracer registered', async () => {
    expect(await probe({})).toEqual({ loaded: 0, tracer: false });
  });

  it('with it, the same probe sees them (so the check above can see what it looks for)', async () => {
    // Nothing listens there: the server never gets to export within the probe's life.
    const on = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(on.tracer).toBe(true);
    expect(on.loaded).toBeGreaterThan(10);
  });
});
