import { type ChildProcess, spawn } from 'node:child_process';
import { type Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from '../setup/postgres';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  /** e.g. http://127.0.0.1:8123 (no trailing slash). */
  url: string;
  port: number;
  /** The whole environment the server was started with. */
  env: Record<string, string>;
  process: ChildProcess;
  /** Everything the server printed so far (its JSON log lines, stdout and stderr). */
  output(): string;
  /** Settles with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Whether the process has not exited yet. */
  running(): boolean;
  /**
   * Sends `signal` (default SIGTERM) unless a signal was already sent (by this or by `process.kill`): a second
   * SIGTERM makes close-with-grace exit 1 at once, so a test that signalled first and then calls `stop()` in
   * `finally` must not send another. Waits for the exit, SIGKILL after `killAfterMs` (15 s); resolves to the code.
   */
  stop(opts?: { signal?: NodeJS.Signals; killAfterMs?: number }): Promise<number | null>;
  /** SIGKILL now (a crash: nothing is finished), and waits for the exit. */
  kill(): Promise<void>;
}

export interface StartServerOptions {
  /** The server's environment over the defaults below (DATABASE_URL, UPLOAD_DIR, …). */
  env: Record<string, string>;
  /** Port to listen on (default: a free one). */
  port?: number;
  /** How long to wait for the ready path (default 30 s). */
  timeoutMs?: number;
  /** The path polled until it answers 2xx (default /readyz). */
  readyPath?: string;
  /** The tree to run the server from (default this one): another release's, for upgrade tests. */
  cwd?: string;
}

/**
 * Starts the real server in its own process (`node --import tsx src/server/main.ts`, as `npm start` does) on
 * 127.0.0.1 and waits until `readyPath` answers. Defaults: NODE_ENV=production, LOG_LEVEL=info; the caller
 * gives DATABASE_URL and UPLOAD_DIR. Used by the e2e harness and by the integration tests that need a process
 * (several instances, shutdown).
 */
export async function startServerProcess(opts: StartServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    TMPDIR: process.env.TMPDIR ?? tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...opts.env,
    PORT: String(port),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: opts.cwd ?? root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );

  const stop: ServerProcess['stop'] = async ({ signal = 'SIGTERM', killAfterMs = 15_000 } = {}) => {
    if (running && !child.killed) child.kill(signal);
    const timer = setTimeout(() => {
      if (running) child.kill('SIGKILL');
    }, killAfterMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const kill = async () => {
    if (running) child.kill('SIGKILL');
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const readyPath = opts.readyPath ?? '/readyz';
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (!running) throw new Error(`the server exited during start-up:\n${tail(output)}`);
    try {
      const res = await fetch(`${url}${readyPath}`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`the server did not answer ${readyPath} within ${timeoutMs} ms:\n${tail(output)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, env, process: child, output: () => output, exited, running: () => running, stop, kill };
}

/** The last 30 lines of a process's output, for an error message. */
export const tail = (text: string) => text.trim().split('\n').slice(-30).join('\n');

/** The server's JSON log lines (others skipped), e.g. to count a message across instances. */
export function logLines(output: string): Array<Record<string, unknown> & { msg?: string }> {
  const lines: Array<Record<string, unknown> & { msg?: string }> = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a line cut by the pipe or not ours
    }
  }
  return lines;
}

/** An answer read over a raw socket: status, body text and the Connection header. */
export interface RawAnswer {
  status: number;
  body: string;
  connection?: string;
}

/**
 * A form POST over node:http, on `agent` when given (keep-alive tests) or a socket of its own. With `hold`, the
 * headers and the first half of the body go out now and the rest on `finish()`: the server has started the request
 * (it is in flight) but cannot answer it until then. Without `hold` it is sent whole at once.
 */
export function rawPost(opts: {
  port: number;
  path: string;
  body: string;
  agent?: Agent | false;
  headers?: Record<string, string>;
  hold?: boolean;
}): { finish(): void; response: Promise<RawAnswer> } {
  const { body } = opts;
  const half = opts.hold ? Math.floor(body.length / 2) : body.length;
  let finish = () => {};
  const response = new Promise<RawAnswer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: opts.port,
        path: opts.path,
        method: 'POST',
        agent: opts.agent ?? false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!opts.hold) {
      req.end(body);
      return;
    }
    req.flushHeaders();
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { finish: () => finish(), response };
}
