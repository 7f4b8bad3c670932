import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connection';
import { pingDatabase } from '../db/health';

/** How long /readyz waits for the database before it answers 503. */
const READY_DB_TIMEOUT_MS = 2000;

/** Something the instance reports on /readyz without failing readiness (e.g. the change listener's state). */
export type ReadyDetail = () => string;

export interface Lifecycle {
  /** True from the first shutdown signal on: /readyz answers 503 and every answer closes its connection. */
  readonly draining: boolean;
  /**
   * Starts draining (once; later calls answer the first one's promise): readiness fails at once, every response
   * from now on carries `Connection: close`, and the tasks given to `onDrain` (stopping the background jobs) run.
   * The server keeps serving; closing it is the caller's next step (main.ts: after SHUTDOWN_DRAIN_MS).
   */
  drain(): Promise<void>;
  /** A task to run when draining starts (awaited by `drain()`); its failure is logged, never thrown. */
  onDrain(task: () => Promise<void>): void;
  /** A named value shown in /readyz's body (e.g. `files: 'db'`), read on each request. */
  addDetail(name: string, read: ReadyDetail): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Health for a load balancer or an orchestrator (docs/decisions/025):
 * - `GET /livez`: 200 while the process runs; touches nothing (a database outage must not restart every instance);
 * - `GET /readyz`: 200 when the database answers within 2 s and the instance is not shutting down, else 503;
 * - `GET /health`: the same as /readyz (kept for existing checks), with the body `{"status":"ok"}` when ready.
 * While draining, every answer says `Connection: close`, so keep-alive clients (browsers, undici, a proxy's
 * upstream pool) let go of the socket after their answer and the server can close without waiting for them.
 */
export default fp(async function health(app: FastifyInstance, opts: { db: Db }) {
  let draining: Promise<void> | undefined;
  const tasks: Array<() => Promise<void>> = [];
  const details = new Map<string, ReadyDetail>();

  const lifecycle: Lifecycle = {
    get draining() {
      return draining !== undefined;
    },
    drain() {
      draining ??= Promise.all(
        tasks.map((task) =>
          task().catch((err: unknown) => app.log.error({ err }, 'shutdown: a task run on draining failed')),
        ),
      ).then(() => undefined);
      return draining;
    },
    onDrain(task) {
      tasks.push(task);
    },
    addDetail(name, read) {
      details.set(name, read);
    },
  };
  app.decorate('lifecycle', lifecycle);
  // Where this instance keeps files (db, s3, disk): every instance behind one balancer should say the same.
  if (app.hasDecorator('files')) lifecycle.addDetail('files', () => app.files.kind);

  // onSend runs for requests already in flight when draining started, too: those are the ones that matter.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  const databaseAnswers = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
    });
    try {
      return await Promise.race([pingDatabase(opts.db).then(() => true), timeout]);
    } catch (err) {
      app.log.error({ err }, 'readiness: database unreachable');
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const noStore = { 'cache-control': 'no-store' };
  // A balancer asks every second or so: its checks are not logged (a failing one logs its error).
  const route = { schema: { hide: true }, logLevel: 'warn' } as const;

  app.get('/livez', route, async (_req, reply) => {
    reply.headers(noStore);
    return { status: 'ok' };
  });

  app.get('/readyz', route, async (_req, reply) => {
    const database = await databaseAnswers();
    const shuttingDown = lifecycle.draining;
    const status = shuttingDown ? 'shutting down' : database ? 'ok' : 'database unreachable';
    const extra = Object.fromEntries([...details].map(([name, read]) => [name, read()]));
    return reply
      .code(status === 'ok' ? 200 : 503)
      .headers(noStore)
      .send({ status, database: database ? 'ok' : 'unreachable', shutting_down: shuttingDown, ...extra });
  });

  app.get('/health', route, async (_req, reply) => {
    reply.headers(noStore);
    if (lifecycle.draining) return reply.code(503).send({ status: 'shutting down' });
    if (!(await databaseAnswers())) return reply.code(503).send({ status: 'database unreachable' });
    return { status: 'ok' };
  });
});
