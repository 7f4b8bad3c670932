import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_COVERAGE } from '../../../../src/server/data-export/coverage';

/**
 * A copy of a customer's data covers the schema (docs/decisions/051): every table with a column that points at a
 * customer (or at their order, subscription or card) is either read into the copy or left out with a reason, in
 * src/server/data-export/coverage.ts. A new table of that kind fails here until it is classified.
 */

const DB_DIR = join(__dirname, '../../../../src/server/db');
/** Columns that point at a customer, directly or through one of their own rows. */
const REFERENCES = [
  'user_id',
  'upline_id',
  'agent_id',
  'referrer_id',
  'downline_id',
  'member_id',
  'converted_user_id',
  'actor_user_id',
  'order_id',
  'subscription_id',
  'saved_card_id',
];

/** Each table's name (from `Database` in schema.ts) with the columns of its interface in the schema-*.ts files. */
function tablesWithColumns(): Map<string, string[]> {
  const sources = readdirSync(DB_DIR)
    .filter((f) => /^schema.*\.ts$/.test(f))
    .map((f) => readFileSync(join(DB_DIR, f), 'utf8'));
  const columnsOf = new Map<string, string[]>();
  for (const source of sources) {
    for (const m of source.matchAll(/export interface (\w+Table) \{([\s\S]*?)\n\}/g)) {
      const columns = [...m[2]!.matchAll(/^ {2}(\w+): /gm)].map((c) => c[1]!);
      columnsOf.set(m[1]!, columns);
    }
  }
  const database = /export interface Database \{([\s\S]*?)\n\}/.exec(readFileSync(join(DB_DIR, 'schema.ts'), 'utf8'))!;
  const tables = new Map<string, string[]>();
  for (const m of database[1]!.matchAll(/^ {2}(\w+): (\w+Table);/gm)) tables.set(m[1]!, columnsOf.get(m[2]!) ?? []);
  return tables;
}

describe('a copy of a customer’s data covers the schema', () => {
  const tables = tablesWithColumns();

  it('reads the schema (a parser that finds nothing would pass anything)', () => {
    expect(tables.size).toBeGreaterThan(40);
    expect(tables.get('orders')).toContain('user_id');
    expect(tables.get('commissions')).toEqual(expect.arrayContaining(['agent_id', 'downline_id', 'order_id']));
  });

  it('classifies every table that references a customer: in the copy, or left out with a reason', () => {
    const referencing = [...tables].filter(([, cols]) => cols.some((c) => REFERENCES.includes(c))).map(([t]) => t);
    expect(referencing.length).toBeGreaterThan(25);
    const unclassified = referencing.filter((t) => !(t in EXPORT_COVERAGE));
    expect(unclassified).toEqual([]);
    // Nothing listed that is not a table (a renamed one would linger).
    expect(Object.keys(EXPORT_COVERAGE).filter((t) => !tables.has(t))).toEqual([]);
    for (const [table, entry] of Object.entries(EXPORT_COVERAGE)) {
      const why = 'in' in entry! ? entry.in : entry!.out;
      expect(why.length, table).toBeGreaterThan(4);
    }
  });

  it('reads every table it lists as in the copy (src/server/data-export/*-repository.ts)', () => {
    const dir = join(__dirname, '../../../../src/server/data-export');
    const reader = readdirSync(dir)
      .filter((f) => f.endsWith('-repository.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const read = new Set([...reader.matchAll(/selectFrom\('(\w+)/g)].map((m) => m[1]!));
    const listedIn = Object.entries(EXPORT_COVERAGE)
      .filter(([, entry]) => 'in' in entry!)
      .map(([t]) => t);
    expect(listedIn.filter((t) => !read.has(t))).toEqual([]);
  });
});
