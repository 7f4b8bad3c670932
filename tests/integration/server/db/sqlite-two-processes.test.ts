import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { createDb, type Db } from '../../../../src/server/db/connection';

/**
 * Two processes writing one SQLite file (the server and the operator's command line): a transaction of the shop that
 * reads, then writes after the other process wrote, waits for it instead of failing (src/server/db/connection.ts,
 * transactions begin IMMEDIATE). Deferred, it failed at once with SQLITE_BUSY_SNAPSHOT: a 500.
 */
describe('SQLite written by two processes at once', () => {
  let dir: string;
  let db: Db;
  let other: ChildProcess;
  let lines: AsyncIterator<string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'leafcup-two-writers-'));
    const file = join(dir, 'shop.sqlite');
    db = createDb({ kind: 'sqlite', location: file });
    await sql`create table counter (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counter (id, n) values (1, 0)`.execute(db);
    // The other process: better-sqlite3 as the command line opens it; adds 10 to the counter on each line it reads.
    const script = `
      const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
      db.pragma('journal_mode = WAL'); db.pragma('busy_timeout = 5000');
      require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
        db.prepare('update counter set n = n + 10 where id = 1').run();
        console.log('wrote');
      });
      console.log('ready');`;
    other = spawn(process.execPath, ['-e', script], { cwd: join(__dirname, '../../../..') });
    lines = createInterface({ input: other.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');
  });
  afterAll(async () => {
    other?.kill();
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that read before the other process wrote still writes, after it, and nothing is lost', async () => {
    const wrote = lines.next();
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      // The other process writes now; it waits for this transaction, which holds the write lock from its start.
      other.stdin!.write('go\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`update counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
    });
    expect((await wrote).value).toBe('wrote');
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(db);
    expect(rows[0]!.n).toBe(11);
  });
});
