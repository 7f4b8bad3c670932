import { createDb } from '../../../src/server/db/connection';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedIfEmpty } from '../../../src/server/seed/index';
import { freshDatabase, onPostgres, type TestDatabase } from '../helper';

/**
 * Several instances starting together on an empty PostgreSQL database (SEED=auto) seed it once: the count and the
 * seed run under a transaction-level advisory lock (docs/decisions/024). Before it, both counted no categories and the
 * second failed on a unique slug, so its instance exited.
 */
describe.runIf(onPostgres)('seedIfEmpty on postgres, two instances at once', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds once: one instance seeds, the other finds the shop seeded', async () => {
    const instances = [0, 1, 2].map(() => createDb({ kind: 'postgres', location: database.url }, { poolSize: 2 }));
    try {
      const seeded = await Promise.all(instances.map((db) => seedIfEmpty(db)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
    const slugs = await database.db.selectFrom('categories').select('slug').execute();
    expect(new Set(slugs.map((c) => c.slug)).size).toBe(slugs.length);
    expect(slugs.length).toBeGreaterThan(0);
    // The delivery states once each: Metro Manila and 82 provinces, China's 34 divisions (docs/decisions/041).
    const states = await database.db.selectFrom('states').select('code').execute();
    expect(states).toHaveLength(83 + 34);
    expect(new Set(states.map((s) => s.code)).size).toBe(states.length);
  });
});
