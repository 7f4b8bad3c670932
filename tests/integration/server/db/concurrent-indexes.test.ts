import { sql } from 'kysely';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { buildConcurrentIndexes, type ConcurrentIndex } from '../../../../src/server/db/migration-safety';
import { dialects, freshDatabase, type TestDatabase } from '../../helper';

/** Indexes a migration lists to be built after its transaction (docs/decisions/043). */
const probe: ConcurrentIndex = { name: 'orders_probe_total_idx', table: 'orders', columns: ['user_id', 'total_cents'] };

describe.each(dialects)('indexes built concurrently, on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase(dialect);
    await migrateToLatest(t.db);
  });
  afterEach(async () => {
    await t?.close();
  });

  const indexNames = async () =>
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'`.execute(t.db))
          .rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(t.db)
        ).rows;

  it('builds a missing index once; the next start finds it and does nothing', async () => {
    await buildConcurrentIndexes(t.db, [probe]);
    expect((await indexNames()).map((r) => r.name)).toContain(probe.name);
    expect(await buildConcurrentIndexes(t.db, [probe])).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('drops and builds again an index a failed build left invalid', async () => {
    await buildConcurrentIndexes(t.db, [probe]);
    await sql`update pg_index set indisvalid = false where indexrelid = ${probe.name}::regclass`.execute(t.db);
    expect(await buildConcurrentIndexes(t.db, [probe])).toEqual([probe.name]);
    const valid = await sql<{ valid: boolean }>`
      select indisvalid as valid from pg_index where indexrelid = ${probe.name}::regclass`.execute(t.db);
    expect(valid.rows[0]?.valid).toBe(true);
  });

  it('refuses a name that is not a plain identifier', async () => {
    await expect(buildConcurrentIndexes(t.db, [{ ...probe, name: 'x; drop table orders' }])).rejects.toThrow(
      /not a plain identifier/,
    );
  });
});
