import type SQLite from 'better-sqlite3';

/** The names of a statement's columns, asked once per statement (a schema change clears them all). */
let columnNames = new WeakMap<SQLite.Statement, readonly string[]>();

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * Call with every statement that is not a read: one that changes the schema (a migration's
 * `create`, `alter`, `drop`) may change what a kept statement's columns are, so their names are
 * asked again.
 */
export function noteWrite(sql: string): void {
  if (SCHEMA_CHANGE.test(sql)) columnNames = new WeakMap();
}

function namesOf(statement: SQLite.Statement): readonly string[] {
  let names = columnNames.get(statement);
  if (!names) {
    names = statement.columns().map((column) => column.name);
    columnNames.set(statement, names);
  }
  return names;
}

/**
 * The rows a reading statement returns, as objects keyed by column name, the same as
 * better-sqlite3's `all()` (a later column of the same name wins). They are read as arrays and
 * made into objects here: `all()` makes every column's name into a V8 string again for every row,
 * which was most of a page of proofs' cost in the database (bench/read.mjs: a third less with this).
 */
export function readRows(statement: SQLite.Statement, parameters: readonly unknown[]): Record<string, unknown>[] {
  const values = statement.raw(true).all(parameters) as unknown[][];
  let names = namesOf(statement);
  // Columns added under a kept statement (another process's migration, a `select *`): ask again.
  const first = values[0];
  if (first && first.length !== names.length) {
    columnNames.delete(statement);
    names = namesOf(statement);
  }
  const rows = new Array<Record<string, unknown>>(values.length);
  // Plain loops: this runs for every row the app reads.
  for (let r = 0; r < values.length; r += 1) {
    const value = values[r] as unknown[];
    const row: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c += 1) row[names[c] as string] = value[c];
    rows[r] = row;
  }
  return rows;
}
