import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Stand-ins for a prepared query's arguments while it is built: unique strings, found again among
 * the compiled query's parameters.
 */
const standIn = (index: number) => `\u0000prepared-argument-${index}\u0000`;

/** At most this many compiled forms per prepared query (one per value of its written arguments). */
const MAX_FORMS = 64;

interface Form<Row> {
  compiled: CompiledQuery<Row>;
  // For each parameter: the index of the argument it takes, or -1 for a constant of the query.
  slots: number[];
}

/**
 * A query built and compiled once, then run with each call's values: for the hottest queries
 * (the session of every request, a chat message, a page of logs), where Kysely's building and
 * compiling on every call cost the main thread more than the database's work.
 *
 * `build` is called once, with the database of the first call (or its transaction: the SQL is the
 * same) and stand-ins for the arguments; each argument must reach the SQL as
 * one parameter (`where(column, '=', value)`, `values({...})`), never shape it (an
 * `in` list, an optional filter, an `undefined` column). The exception is `written`: the indexes
 * of arguments the SQL holds as text, a LIMIT's value on SQLite (see `LimitLiteralPlugin`). Those
 * are built with their real values, once per value (up to 64; past that, each call is built).
 * With `check` (the test suites: `NODE_ENV=test`) every call also builds the query with its real
 * values and fails when the SQL or the parameters differ, so a query that is unfit for this shows
 * at its first test.
 *
 * The compiled SQL is one dialect's: keep each prepared query with the repository of one database
 * (a field of it), never shared by the SQLite and PostgreSQL of one process.
 */
export function prepared<Args extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  { check = process.env.NODE_ENV === 'test', written = [] }: { check?: boolean; written?: readonly number[] } = {},
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const forms = new Map<string, Form<Row>>();

  const compile = (db: Kysely<Database>, args: Args): Form<Row> => {
    const standIns = args.map((arg, index) => (written.includes(index) ? arg : standIn(index))) as unknown as Args;
    const compiled = build(db, ...standIns).compile();
    const slots = compiled.parameters.map((value) =>
      typeof value === 'string' ? (standIns as readonly unknown[]).indexOf(value) : -1,
    );
    const lost = args.findIndex((_, index) => !written.includes(index) && !slots.includes(index));
    if (lost >= 0) throw new Error(`prepared query does not take argument ${lost} as a parameter: ${compiled.sql}`);
    return { compiled, slots };
  };

  return async (db: Kysely<Database>, ...args: Args) => {
    const key = written.length === 0 ? '' : JSON.stringify(written.map((index) => args[index]));
    let form = forms.get(key);
    if (!form) {
      form = compile(db, args);
      if (forms.size < MAX_FORMS) forms.set(key, form);
    }
    const { compiled, slots } = form;
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
