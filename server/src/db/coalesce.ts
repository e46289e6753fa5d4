import { PostgresAdapter, type Kysely } from 'kysely';

/** How many calls at most one query answers. */
export const COALESCE_MAX = 256;

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/** What a coalesced call needs: the query for many inputs, and for one (see `coalesced`). */
export interface CoalescedQueries<In, Out> {
  /** Answers every input, in order, with one query. */
  many(inputs: readonly In[]): Promise<Out[]>;
  /**
   * Answers one input alone: a lone call, and each call of a batch whose query failed, so that an
   * input the database refuses (a constraint) fails only its own caller. `many` must then be all
   * or nothing (one statement is).
   */
  one(input: In): Promise<Out>;
}

/**
 * Calls made while the event loop turns are answered by one query (a `where id = any($1)` read,
 * a multi-row insert): on PostgreSQL every query is a round trip to another process, and under
 * load those round trips, not the database's work, fill the server's one thread (a durable chat
 * message was three of them; see docs/BENCHMARKS.md). A call waits for nothing but the end of the
 * current turn, and joins only a query not yet sent: a read still sees every write that was
 * answered before it was asked.
 */
export function coalesced<In, Out>(
  queries: CoalescedQueries<In, Out>,
  max = COALESCE_MAX,
): (input: In) => Promise<Out> {
  let waiting: Waiting<In, Out>[] = [];

  const settleAlone = (entry: Waiting<In, Out>) => queries.one(entry.input).then(entry.resolve, entry.reject);

  const flush = () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    const [first] = batch;
    if (batch.length === 1 && first) {
      void settleAlone(first);
      return;
    }
    queries.many(batch.map((entry) => entry.input)).then(
      (outputs) => {
        if (outputs.length !== batch.length) {
          const error = new Error(`coalesced query answered ${outputs.length} of ${batch.length}`);
          for (const entry of batch) entry.reject(error);
          return;
        }
        batch.forEach((entry, index) => entry.resolve(outputs[index] as Out));
      },
      // Nothing of a failed statement was written: each input again, alone.
      () => {
        for (const entry of batch) void settleAlone(entry);
      },
    );
  };

  return (input: In) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (waiting.length === 1) setImmediate(flush);
      else if (waiting.length >= max) flush();
    });
}

/** Whether this database is PostgreSQL (where coalescing pays: SQLite answers in-process). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
