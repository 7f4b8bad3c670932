import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { parseAst } from 'rolldown/parseAst';
import type { Db } from '../../src/server/db/connection';
import { isPostgres } from '../../src/server/db/dialect';
import { migrations } from '../../src/server/db/migrate';
import type { ShopMigration } from '../../src/server/db/migration-safety';

/**
 * The checks of docs/decisions/043-upgrades-expand-then-contract.md, for one migration: what it removes, makes
 * required or indexes in place, compared with what the release before it declares it reads.
 *
 * "What a release reads" is its Kysely schema (src/server/db/schema*.ts): every query the server writes through
 * Kysely is typed by it, so a table or column missing there is one the release cannot name. Raw SQL outside it
 * (the search and card triggers) is the migration author's to check.
 */

/** The last migration before the rule was adopted: the earlier ones predate it and stay as shipped. */
export const RULE_ADOPTED_AFTER = '2026-12-07T12-00-card-payments';

/** The migrations the rule governs, in the order they apply. */
export const governedMigrations = (): string[] =>
  Object.keys(migrations)
    .sort()
    .filter((name) => name > RULE_ADOPTED_AFTER);

export interface ColumnShape {
  nullable: boolean;
  hasDefault: boolean;
  autoIncrement: boolean;
}

/** A database's tables with their columns, and its indexes (with those of its unique keys) with their table. */
export interface SchemaSnapshot {
  tables: Map<string, Map<string, ColumnShape>>;
  indexes: Map<string, string>;
}

/** Tables and columns the release declares in its Kysely schema. */
export type DeclaredSchema = Map<string, Set<string>>;

export async function snapshot(db: Db): Promise<SchemaSnapshot> {
  const tables = new Map<string, Map<string, ColumnShape>>();
  for (const t of await db.introspection.getTables()) {
    const columns = new Map<string, ColumnShape>();
    for (const c of t.columns) {
      columns.set(c.name, {
        nullable: c.isNullable,
        hasDefault: c.hasDefaultValue,
        autoIncrement: c.isAutoIncrementing,
      });
    }
    tables.set(t.name, columns);
  }
  const rows = isPostgres(db as never)
    ? await sql<{ name: string; table: string }>`
        select indexname as name, tablename as "table" from pg_indexes where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string; table: string }>`
        select name, tbl_name as "table" from sqlite_master where type = 'index'`.execute(db);
  const indexes = new Map(rows.rows.map((r) => [r.name, r.table]));
  return { tables, indexes };
}

/**
 * Why `migration` (taking the schema from `before` to `after`) would break the release before it, which declares
 * `declared`; empty when it only expands.
 */
export function violations(
  name: string,
  migration: ShopMigration,
  before: SchemaSnapshot,
  after: SchemaSnapshot,
  declared: DeclaredSchema,
): string[] {
  const found: string[] = [];
  for (const [table, columns] of before.tables) {
    const now = after.tables.get(table);
    if (!now) {
      if (declared.has(table)) found.push(`${name} drops or renames table ${table}, which the release before reads`);
      continue;
    }
    for (const column of columns.keys()) {
      if (!now.has(column) && declared.get(table)?.has(column)) {
        found.push(`${name} drops or renames ${table}.${column}, which the release before reads`);
      }
    }
    for (const [column, shape] of now) {
      const was = columns.get(column);
      if (shape.nullable || shape.hasDefault || shape.autoIncrement || (was && !was.nullable)) continue;
      found.push(
        `${name} makes ${table}.${column} required without a default: the release before inserts rows without it`,
      );
    }
  }
  const concurrent = new Set((migration.concurrentIndexes ?? []).map((i) => i.name));
  for (const [index, table] of after.indexes) {
    if (before.indexes.has(index) || !before.tables.has(table) || concurrent.has(index)) continue;
    found.push(`${name} builds index ${index} on ${table} in its transaction: list it in concurrentIndexes`);
  }
  return found;
}

const git = (args: string[], cwd: string): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/**
 * The release before a migration: the parent of the commit that added its file, or HEAD while the file is not
 * committed yet. Throws when the clone has no history to tell (a shallow clone).
 */
export function releaseBefore(root: string, migrationFile: string): string {
  if (git(['rev-parse', '--is-shallow-repository'], root).trim() === 'true') {
    throw new Error('the expand-then-contract check needs the full git history: clone without --depth');
  }
  const added = git(['log', '--diff-filter=A', '--format=%H', '-1', '--', migrationFile], root).trim();
  return added ? `${added}^` : 'HEAD';
}

/** The Kysely schema (`interface Database { table: TableInterface }`) of the release at `rev`. */
export function declaredSchemaAt(root: string, rev: string): DeclaredSchema {
  const files = git(['ls-tree', '--name-only', rev, 'src/server/db/'], root)
    .split('\n')
    .filter((f) => /\/schema[\w-]*\.ts$/.test(f));
  return declaredSchema(files.map((f) => git(['show', `${rev}:${f}`], root)));
}

/** Reads `interface Database` and the table interfaces it names from schema sources (parsed by Vite's parser). */
export function declaredSchema(sources: string[]): DeclaredSchema {
  // The few shapes of oxc's TypeScript AST read here.
  type Node = { type: string; [key: string]: unknown };
  const interfaces = new Map<string, Node[]>();
  for (const text of sources) {
    for (const statement of parseAst(text, { lang: 'ts' }).body as unknown as Node[]) {
      const node = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as Node | null;
      if (node?.type !== 'TSInterfaceDeclaration') continue;
      interfaces.set((node.id as { name: string }).name, (node.body as { body: Node[] }).body);
    }
  }
  const keyOf = (member: Node): string | null => {
    const key = member.key as { type: string; name?: string; value?: string } | undefined;
    if (member.type !== 'TSPropertySignature' || !key) return null;
    return key.type === 'Identifier' ? (key.name ?? null) : typeof key.value === 'string' ? key.value : null;
  };
  const database = interfaces.get('Database');
  if (!database) throw new Error('no `interface Database` in the schema sources');
  const out: DeclaredSchema = new Map();
  for (const member of database) {
    const table = keyOf(member);
    if (!table) continue;
    const type = (member.typeAnnotation as { typeAnnotation?: Node } | null)?.typeAnnotation;
    const ref = type?.type === 'TSTypeReference' ? ((type.typeName as { name?: string }).name ?? '') : '';
    const shape = interfaces.get(ref);
    if (!shape) throw new Error(`table ${table}: its interface ${ref || '(not a plain name)'} is not in the sources`);
    out.set(table, new Set(shape.map(keyOf).filter((c): c is string => c !== null)));
  }
  return out;
}
