import type SQLite from 'better-sqlite3';
import { type Compilable, sql } from 'kysely';
import { type Db, nativeHandle } from '../db/connection';
import { tracedSqlite } from '../telemetry/hooks';

// Hot reads compiled once per shape (docs/decisions/007, "Cache off"): Kysely builds the query, as it does for
// every other read (one source of truth for the SQL), but only the first time a shape is asked for; afterwards
// the same SQL runs with the call's parameters as a prepared statement (SQLite: better-sqlite3 on the app's own
// connection, rows as arrays; PostgreSQL: a named statement, rows as arrays). Building and compiling a Kysely
// query cost about as much as SQLite's reading of a whole page.

const SLOT = '\u0000slot:';

/**
 * Stands in for `values[index]` while a shape is built: the builder is given these in the values' places, and
 * each compiled parameter that is a slot is taken from the call's values from then on.
 */
export type Slot = <T>(index: number) => T;
const slot: Slot = <T>(index: number) => `${SLOT}${index}` as T;
/**
 * SQLite's slots are written `+?`: the same value (unary plus changes neither the value nor the comparison's
 * affinity, and an index range still applies), but one the planner cannot read. SQLite built with STAT4, as
 * better-sqlite3 is, reads a value bound against an indexed column while it plans, once the database has been
 * analyzed, and then plans the kept statement again each time the value is bound, i.e. on every run: that was
 * 40 % of the list's SQLite time (perf: `sqlite3Reprepare`). The list's plan is the index range by design and needs
 * no look at the values. (SQLite's query planner stability guarantee would do the same for the whole connection,
 * but better-sqlite3 has no way to set it.) For the same reason a shape writes its constants into its SQL (the list:
 * `sql.lit`), and the connection's plugin its LIMIT (db/inline-limit.ts).
 */
const sqliteSlot: Slot = <T>(index: number) => sql`+${slot(index)}` as unknown as T;

/** One shape's statement: its SQL and, for each parameter, the value's index in the call's values, or a constant. */
interface Shape {
  sql: string;
  /** `number`: index into the call's values; `{ value }`: a constant of the query (e.g. `is_active = 1`). */
  params: Array<number | { value: unknown }>;
  name: string;
  /** SQLite: the statement, in raw (array) mode. */
  statement?: SQLite.Statement;
  /** PostgreSQL: whether the answer's columns were checked against `columns` yet. */
  checked: boolean;
}

export interface PreparedRead<Row> {
  /** Names the shape: equal keys must build the same SQL (e.g. the language, the order, which filters). */
  key: string;
  /** Builds the query with `slot(i)` for each value that changes between calls of the shape. */
  build: (slot: Slot) => Compilable;
  /** This call's values, in slot order. */
  values: readonly unknown[];
  /** The query's columns in order: checked once per shape, so the array rows map as `row` expects. */
  columns: readonly string[];
  row: (values: unknown[]) => Row;
  /**
   * A read of one column: its value to the row (SQLite's statement then plucks it, with no array per row). Given, it
   * is used instead of `row`.
   */
  pluck?: (value: unknown) => Row;
}

const shapes = new WeakMap<Db, Map<string, Shape>>();

function shapeOf(db: Db, read: PreparedRead<unknown>, kind: 'sqlite' | 'postgres'): Shape {
  let byKey = shapes.get(db);
  if (!byKey) {
    byKey = new Map();
    shapes.set(db, byKey);
  }
  let shape = byKey.get(read.key);
  if (!shape) {
    const compiled = read.build(kind === 'sqlite' ? sqliteSlot : slot).compile();
    const params = compiled.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(SLOT) ? Number(p.slice(SLOT.length)) : { value: p },
    );
    // PostgreSQL statement names are at most 63 bytes and must name one SQL text on a connection: the key's
    // own name plus the shape's number in this process.
    shape = { sql: compiled.sql, params, name: `leafcup_${byKey.size}_${read.key}`.slice(0, 63), checked: false };
    byKey.set(read.key, shape);
  }
  return shape;
}

function sameColumns(names: string[], columns: readonly string[], key: string): void {
  if (names.length !== columns.length || names.some((n, i) => n !== columns[i])) {
    throw new Error(`prepared read ${key}: columns ${names.join(',')} are not ${columns.join(',')}`);
  }
}

/**
 * Runs a read through its shape's prepared statement; null when `db` has no handle of its own (a transaction, a
 * `Db` not made by createDb): then the caller runs the Kysely query as usual.
 */
export async function readPrepared<Row>(db: Db, read: PreparedRead<Row>): Promise<Row[] | null> {
  const native = nativeHandle(db);
  if (!native) return null;
  const shape = shapeOf(db, read, native.kind);
  const values = shape.params.map((p) => (typeof p === 'number' ? read.values[p] : p.value));
  if (native.kind === 'sqlite') {
    if (!shape.statement) {
      // Prepared on the handle itself (not through the Kysely statement cache, whose statements return objects).
      const prepared = native.sqlite.prepare(shape.sql);
      const statement = read.pluck ? prepared.pluck(true) : prepared.raw(true);
      sameColumns(
        statement.columns().map((c) => c.name),
        read.columns,
        read.key,
      );
      shape.statement = statement;
    }
    const statement = shape.statement;
    // Inside Kysely's lock on the one connection: never in the middle of another caller's transaction.
    const rows = await db
      .getExecutor()
      .provideConnection(() => tracedSqlite(shape.sql, async () => statement.all(values)));
    return read.pluck ? rows.map(read.pluck) : (rows as unknown[][]).map(read.row);
  }
  const result = await native.pool.query({ name: shape.name, text: shape.sql, values, rowMode: 'array' });
  if (!shape.checked) {
    sameColumns(
      result.fields.map((f) => f.name),
      read.columns,
      read.key,
    );
    shape.checked = true;
  }
  const { pluck } = read;
  return pluck ? result.rows.map((r: unknown[]) => pluck(r[0])) : result.rows.map(read.row);
}

/** The keys of the shapes `db` has compiled so far (for tests: which reads ran prepared). */
export function preparedShapes(db: Db): string[] {
  return [...(shapes.get(db)?.keys() ?? [])];
}

/** The SQL a shape runs as, once compiled (for tests: what the database is asked to plan). */
export function preparedSql(db: Db, key: string): string | undefined {
  return shapes.get(db)?.get(key)?.sql;
}
