import path from 'node:path';
import pg from 'pg';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cloneTemplateDatabase } from './test-app';

// db/schema.ts is written by hand beside each migration: this compares it with the database the
// migrations make, so a column added, renamed, dropped or made nullable on one side only fails here
// (a query typed against a column that is not there fails only when it runs).

/** Tables the migrations make that no query reads through Kysely's types, and why. */
const UNTYPED_TABLES = new Set([
  // The migrator's own.
  'kysely_migration',
  'kysely_migration_lock',
  // The offline download's stored copies, changes and cursors: read and written only in SQL
  // (modules/offline), for the xid8 snapshots and compressed copies the query builder does not type.
  'offline_permit_snapshots',
  'offline_permit_changes',
  'offline_copy_values',
  'offline_prune_marks',
  'offline_download_cursors',
]);

interface TypedColumn {
  /** Whether it may hold null; `unknown` and `any` (a JSON column's value) may be either. */
  nullable: boolean | 'either';
}

/** Database's tables and columns as db/schema.ts declares them, read with the TypeScript checker. */
function declaredTables(): Map<string, Map<string, TypedColumn>> {
  const file = path.join(import.meta.dirname, '../src/db/schema.ts');
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  )!;
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, TypedColumn>();
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    for (const column of tableType.getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, database);
      // ColumnType<Select, Insert, Update> (and Generated<T>): what a select reads is `__select__`.
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, database);
      const parts = type.isUnion() ? type.types : [type];
      const open = (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) !== 0;
      columns.set(column.name, {
        nullable: open ? 'either' : parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0),
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** The public schema's tables and columns in a freshly migrated database. */
async function migratedTables(): Promise<Map<string, Map<string, TypedColumn>>> {
  const client = new pg.Client({ connectionString: await cloneTemplateDatabase() });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `select c.table_name, c.column_name, c.is_nullable
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    const tables = new Map<string, Map<string, TypedColumn>>();
    for (const row of rows) {
      if (UNTYPED_TABLES.has(row.table_name)) continue;
      const columns = tables.get(row.table_name) ?? new Map<string, TypedColumn>();
      columns.set(row.column_name, { nullable: row.is_nullable === 'YES' });
      tables.set(row.table_name, columns);
    }
    return tables;
  } finally {
    await client.end();
  }
}

describe('db/schema.ts', () => {
  it('declares every table and column the migrations make, with the same nullability, and nothing else', async () => {
    const [declared, migrated] = [declaredTables(), await migratedTables()];
    const problems: string[] = [];
    for (const [table, columns] of migrated) {
      const typed = declared.get(table);
      if (!typed) {
        problems.push(`table ${table} is not in Database`);
        continue;
      }
      for (const [column, { nullable }] of columns) {
        const declaredColumn = typed.get(column);
        if (!declaredColumn) problems.push(`${table}.${column} is not declared`);
        else if (declaredColumn.nullable !== 'either' && declaredColumn.nullable !== nullable) {
          problems.push(`${table}.${column} is ${nullable ? 'nullable' : 'not null'} in the database`);
        }
      }
      for (const column of typed.keys())
        if (!columns.has(column)) problems.push(`${table}.${column} is not in the database`);
    }
    for (const table of declared.keys())
      if (!migrated.has(table)) problems.push(`table ${table} is not in the database`);
    expect(problems).toEqual([]);
    // The comparison read something on both sides.
    expect(declared.size).toBeGreaterThan(50);
  }, 60_000);
});
