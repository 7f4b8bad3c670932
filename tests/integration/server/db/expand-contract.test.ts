import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, Migrator } from 'kysely';
import { migrationProvider, migrations } from '../../../../src/server/db/migrate';
import type { ShopMigration } from '../../../../src/server/db/migration-safety';
import {
  declaredSchema,
  declaredSchemaAt,
  governedMigrations,
  RULE_ADOPTED_AFTER,
  releaseBefore,
  snapshot,
  violations,
} from '../../../support/expand-contract';
import { dialects, freshDatabase, type TestDatabase } from '../../helper';

/**
 * Every migration after the rule was adopted only expands the schema (docs/decisions/043): it drops or renames
 * nothing the release before it reads, makes no column required that the release before leaves out, and builds no
 * index in its transaction on a table that exists.
 */

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const governed = governedMigrations();
const schemaDir = join(root, 'src/server/db');
const workingTreeSchema = () =>
  declaredSchema(
    readdirSync(schemaDir)
      .filter((f) => /^schema[\w-]*\.ts$/.test(f))
      .map((f) => readFileSync(join(schemaDir, f), 'utf8')),
  );

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the database whatever its schema
type AnyDb = Kysely<any>;

/** What one migration written against today's schema would break, applied on a database migrated to the latest. */
async function check(t: TestDatabase, up: (db: AnyDb) => Promise<void>, extra: Partial<ShopMigration> = {}) {
  await new Migrator({ db: t.db, provider: migrationProvider() }).migrateToLatest();
  const before = await snapshot(t.db);
  await up(t.db as AnyDb);
  return violations('probe', { up, ...extra }, before, await snapshot(t.db), workingTreeSchema());
}

describe.each(dialects)('migrations expand, then contract, on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase(dialect);
  });
  afterEach(async () => {
    await t?.close();
  });

  it('each migration after the rule only adds what the release before it ignores', async () => {
    const migrator = new Migrator({ db: t.db, provider: migrationProvider() });
    const { error } = await migrator.migrateTo(RULE_ADOPTED_AFTER);
    expect(error).toBeUndefined();
    const found: string[] = [];
    let before = await snapshot(t.db);
    for (const name of governed) {
      const step = await migrator.migrateTo(name);
      expect(step.error, name).toBeUndefined();
      const after = await snapshot(t.db);
      const release = releaseBefore(root, `src/server/db/migrations/${name}.ts`);
      found.push(...violations(name, migrations[name]!, before, after, declaredSchemaAt(root, release)));
      before = after;
    }
    expect(found).toEqual([]);
  });

  it('fires on a dropped column the release reads', async () => {
    const found = await check(t, (db) => db.schema.alterTable('orders').dropColumn('payment_attention').execute());
    expect(found).toEqual(['probe drops or renames orders.payment_attention, which the release before reads']);
  });

  it('fires on a renamed column and a renamed table', async () => {
    // A rename is a drop for the release before, and a new column it leaves out when it inserts.
    expect(
      await check(t, (db) => db.schema.alterTable('coupons').renameColumn('code', 'coupon_code').execute()),
    ).toEqual([
      'probe drops or renames coupons.code, which the release before reads',
      'probe makes coupons.coupon_code required without a default: the release before inserts rows without it',
    ]);
    expect(await check(t, (db) => db.schema.alterTable('faqs').renameTo('questions').execute())).toEqual([
      'probe drops or renames table faqs, which the release before reads',
    ]);
  });

  it('fires on an index built in the transaction, not on one listed to be built concurrently', async () => {
    const build = (db: AnyDb) => db.schema.createIndex('orders_probe_idx').on('orders').column('total_cents').execute();
    expect(await check(t, build)).toEqual([
      'probe builds index orders_probe_idx on orders in its transaction: list it in concurrentIndexes',
    ]);
    await t.db.schema.dropIndex('orders_probe_idx').execute();
    const listed = { concurrentIndexes: [{ name: 'orders_probe_idx', table: 'orders', columns: ['total_cents'] }] };
    expect(await check(t, build, listed)).toEqual([]);
  });

  it('lets a new table, a nullable column and a column with a default through', async () => {
    const found = await check(t, async (db) => {
      await db.schema
        .createTable('probe_things')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
      await db.schema.createIndex('probe_things_idx').on('probe_things').column('id').execute();
      await db.schema.alterTable('orders').addColumn('probe_note', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('probe_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    });
    expect(found).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('fires on a column made required without a default', async () => {
    const found = await check(t, (db) =>
      db.schema
        .alterTable('orders')
        .alterColumn('payment_attention', (c) => c.setNotNull())
        .execute(),
    );
    expect(found).toEqual([
      'probe makes orders.payment_attention required without a default: the release before inserts rows without it',
    ]);
  });
});
