import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Stand-ins for a prepared query's arguments while it is built: unique strings, found again among
 * the compiled query's parameters.
 */
const standIn = (index: number) => `\u0000prepared-argument-${index}\u0000`;

/**
 * A query built and compiled once, then run with each call's values: for the hottest queries
 * (the session of every request, a chat message, a page of logs), where Kysely's building and
 * compiling on every call cost the main thread more than the database's work.
 *
 * `build` is called once, with the database of the first call (or its transaction: the SQL is the
 * same) and stand-ins for the arguments; each argument must reach the SQL as
 * one parameter (`where(column, '=', value)`, `values({...})`, `limit(n)`), never shape it (an
 * `in` list, an optional filter, an `undefined` column). With `check` (the test suites:
 * `NODE_ENV=test`) every call also builds the query with its real values and fails when the SQL or
 * the parameters differ, so a query that is unfit for this shows at its first test.
 *
 * The compiled SQL is one dialect's: keep each prepared query with the repository of one database
 * (a field of it), never shared by the SQLite and PostgreSQL of one process.
 */
export function prepared<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  { check = process.env.NODE_ENV === 'test' }: { check?: boolean } = {},
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  // For each parameter: the index of the argument it takes, or -1 for a constant of the query.
  let slots: number[] = [];
  return async (db: Kysely<Database>, ...args: Args) => {
    if (!compiled) {
      const standIns = args.map((_, index) => standIn(index)) as unknown as Args;
      compiled = build(db, ...standIns).compile();
      slots = compiled.parameters.map((value) => (typeof value === 'string' ? standIns.indexOf(value) : -1));
      const lost = standIns.findIndex((_, index) => !slots.includes(index));
      if (lost >= 0) throw new Error(`prepared query does not take argument ${lost} as a parameter: ${compiled.sql}`);
    }
    const parameters = compiled.parameters.map((value, index) => {
      const slot = slots[index] ?? -1;
      return slot < 0 ? value : args[slot];
    });
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    if (check) {
      const fresh = build(db, ...args).compile();
      if (fresh.sql !== query.sql || !isDeepStrictEqual(fresh.parameters, query.parameters)) {
        throw new Error(`prepared query differs from its build: ${fresh.sql} ≠ ${query.sql}`);
      }
    }
    return (await db.executeQuery(query)).rows;
  };
}
