import { sql } from 'kysely';
import { nativeHandle } from '../../../../src/server/db/connection';
import { buildTestApp, dialects, type TestApp } from '../../helper';

/**
 * SQLite plans a statement again on every run when its LIMIT is a bound parameter (it reads the value while
 * planning), which made the kept statements of every paged read worthless: on SQLite the LIMIT is written into the
 * SQL as digits (db/inline-limit.ts). PostgreSQL keeps it a parameter.
 */
describe.each(dialects)('LIMIT on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = (limit: number | bigint) =>
    t.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(limit as number);

  it('is written into the SQL on SQLite, as digits, and is a parameter on PostgreSQL', () => {
    const compiled = ids(3).compile();
    if (dialect === 'sqlite') {
      expect(compiled.sql).toMatch(/ limit 3$/);
      expect(compiled.parameters).toEqual([1]);
    } else {
      expect(compiled.sql).toMatch(/ limit \$2$/);
      expect(compiled.parameters).toEqual([1, 3]);
    }
  });

  it('stays a parameter when it is not a small whole number (never text in the SQL)', () => {
    for (const odd of [50_000, 2.5, -1, Number.NaN, 10n]) {
      const compiled = ids(odd).compile();
      expect(compiled.sql, String(odd)).toMatch(dialect === 'sqlite' ? / limit \?$/ : / limit \$2$/);
      expect(compiled.parameters, String(odd)).toEqual([1, odd]);
    }
    // A LIMIT that is an expression is left as it is.
    const expr = t.db.selectFrom('products').select('id').limit(sql<number>`${2} + ${1}`).compile();
    expect(expr.sql).toMatch(dialect === 'sqlite' ? / limit \? \+ \?$/ : / limit \$1 \+ \$2$/);
  });

  it('answers the rows it names, inside transactions and subqueries too', async () => {
    const all = (await ids(1000).execute()).map((r) => r.id);
    expect(all.length).toBeGreaterThan(4);
    expect((await ids(2).execute()).map((r) => r.id)).toEqual(all.slice(0, 2));
    expect((await ids(0).execute()).length).toBe(0);
    await t.db.transaction().execute(async (trx) => {
      expect(
        (await trx.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(4).execute()).map(
          (r) => r.id,
        ),
      ).toEqual(all.slice(0, 4));
    });
    const inner = await t.db
      .selectFrom((eb) =>
        eb.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(3).as('x'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(inner.n)).toBe(3);
    if (dialect === 'sqlite') expect(nativeHandle(t.db)?.kind).toBe('sqlite');
  });
});
