import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  UpdateQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { BatchWriter } from './sqlite-writer.ts';
import { noteWrite, readRows } from './sqlite-rows.ts';

/** The part of a better-sqlite3 database the driver uses (a statement cache fits). */
export interface SqliteHandle {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/** How many single writes at most share one commit. */
export const GROUP_COMMIT_MAX = 512;

interface PendingWrite {
  query: CompiledQuery;
  resolve(result: QueryResult<unknown>): void;
  reject(error: unknown): void;
}

/**
 * Group commit for SQLite. With `synchronous=FULL`, every commit waits for the disk (an fsync),
 * and on the one JavaScript thread each waits in turn: one durable write at a time. This driver
 * gathers the single writes (an insert, update or delete outside a transaction) that arrive
 * while the event loop turns, and commits them together: one transaction, one fsync, each write
 * inside its own savepoint so that one failing (a constraint) fails only its own caller. Every
 * caller is answered only once its write is durable, exactly as before; a commit that fails fails
 * every write of that batch, none of which were answered.
 *
 * Reads run at once. Explicit transactions (`db.transaction()`) run alone, as before: while one
 * is open, other queries wait for it (SQLite has one connection, and a query run inside someone
 * else's transaction would become part of it), and a batch is never committed inside one.
 */
export class GroupCommitSqliteDialect implements Dialect {
  /**
   * With a `writer` (a dedicated thread on the same file, see `startSqliteWriter`), batches are
   * committed there and the event loop goes on while the disk syncs; reads keep running here.
   */
  constructor(
    private readonly database: SqliteHandle,
    private readonly writer?: BatchWriter,
  ) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new GroupCommitDriver(this.database, this.writer);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/** A lock with a FIFO queue of waiters. */
class Lock {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  get isHeld(): boolean {
    return this.held;
  }

  async acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }

  /** Waits for everyone ahead in the queue to finish, without keeping the lock. */
  async waitTurn(): Promise<void> {
    await this.acquire();
    this.release();
  }
}

function isSingleWrite(query: CompiledQuery): boolean {
  const node = query.query;
  return InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node);
}

function run(database: SqliteHandle, query: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: readRows(statement, query.parameters) };
  noteWrite(query.sql);
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class GroupCommitDriver implements Driver {
  /** Held by an open explicit transaction, and by a batch while it commits. */
  private readonly lock = new Lock();
  private pending: PendingWrite[] = [];
  private flushScheduled = false;
  // The lock is held by a batch the writer thread is committing: this connection is free to read.
  private writerBusy = false;
  private readonly transactionConnection: DatabaseConnection;
  private readonly plainConnection: DatabaseConnection;

  constructor(
    private readonly database: SqliteHandle,
    private readonly writer?: BatchWriter,
  ) {
    // Inside a transaction: straight to SQLite (the transaction holds the lock).
    this.transactionConnection = {
      executeQuery: <R>(query: CompiledQuery) => Promise.resolve(run(this.database, query) as QueryResult<R>),
      streamQuery: <R>(query: CompiledQuery) => this.stream<R>(query),
    };
    // Outside one: reads wait for no open transaction; single writes join the next batch.
    this.plainConnection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (isSingleWrite(query)) return (await this.enqueue(query)) as QueryResult<R>;
        // A read runs at once when no transaction holds the connection (a batch in the writer
        // thread does not: WAL readers run beside the writer); else in its turn (FIFO), holding
        // the connection only while it runs (synchronously).
        if (!this.lock.isHeld || this.writerBusy) return run(this.database, query) as QueryResult<R>;
        await this.lock.acquire();
        try {
          return run(this.database, query) as QueryResult<R>;
        } finally {
          this.lock.release();
        }
      },
      streamQuery: <R>(query: CompiledQuery) => this.stream<R>(query),
    };
  }

  async init(): Promise<void> {}

  /**
   * Kysely asks for a connection for every query and for every transaction. A single query gets
   * the shared plain connection; a transaction's connection is handed out by `beginTransaction`,
   * so every connection starts plain and becomes the transaction's when one begins on it.
   */
  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new TransactionalConnection(this));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const own = ownConnection(connection);
    await this.lock.acquire();
    own.inTransaction = true;
    try {
      run(this.database, CompiledQuery.raw('begin'));
    } catch (error) {
      own.inTransaction = false;
      this.lock.release();
      throw error;
    }
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, 'commit');
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, 'rollback');
  }

  private async endTransaction(connection: DatabaseConnection, command: 'commit' | 'rollback'): Promise<void> {
    const own = ownConnection(connection);
    try {
      run(this.database, CompiledQuery.raw(command));
    } catch (error) {
      if (command === 'commit') {
        // A commit that failed leaves the transaction open: end it, so the next one can begin.
        try {
          run(this.database, CompiledQuery.raw('rollback'));
        } catch {
          // Already rolled back by SQLite.
        }
      }
      throw error;
    } finally {
      own.inTransaction = false;
      this.lock.release();
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    do {
      await this.lock.waitTurn();
      if (this.pending.length > 0) await this.flush();
    } while (this.pending.length > 0 || this.lock.isHeld);
    await this.writer?.close();
    this.database.close();
  }

  /** The connection's behaviour for a query, by whether a transaction is open on it. */
  execute<R>(connection: TransactionalConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    return (connection.inTransaction ? this.transactionConnection : this.plainConnection).executeQuery<R>(query);
  }

  streamFor<R>(connection: TransactionalConnection, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return (connection.inTransaction ? this.transactionConnection : this.plainConnection).streamQuery<R>(query);
  }

  private async *stream<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Only a select can be streamed on SQLite');
    if (this.lock.isHeld && !this.writerBusy) await this.lock.waitTurn();
    // Rows as objects (a kept statement may have been left reading arrays, see readRows).
    const statement = this.database.prepare(query.sql).raw(false);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
  }

  private enqueue(query: CompiledQuery): Promise<QueryResult<unknown>> {
    return new Promise((resolve, reject) => {
      this.pending.push({ query, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // After the event loop's I/O phase: the requests that arrived meanwhile add their writes.
        setImmediate(() => {
          this.flushScheduled = false;
          void this.flush();
        });
      }
    });
  }

  private async flush(): Promise<void> {
    await this.lock.acquire();
    if (this.writer) {
      await this.flushToWriter(this.writer);
      return;
    }
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, GROUP_COMMIT_MAX);
        this.commitBatch(batch);
      }
    } finally {
      this.lock.release();
    }
  }

  /**
   * One batch to the writer thread, holding the lock (no transaction of this connection writes
   * meanwhile) but not the event loop. Writes arriving meanwhile wait for the next batch, after any
   * transaction already waiting for the lock: a steady stream of writes cannot starve one.
   */
  private async flushToWriter(writer: BatchWriter): Promise<void> {
    const batch = this.pending.splice(0, GROUP_COMMIT_MAX);
    this.writerBusy = true;
    try {
      if (batch.length === 0) return;
      let outcomes;
      try {
        outcomes = await writer.commit(batch.map((write) => write.query));
      } catch (error) {
        for (const write of batch) write.reject(error);
        return;
      }
      batch.forEach((write, index) => {
        const outcome = outcomes[index];
        if (!outcome) write.reject(new Error('the SQLite writer lost a write'));
        else if (!outcome.ok) write.reject(outcome.error);
        else if (outcome.rows) write.resolve({ rows: outcome.rows });
        else {
          write.resolve({
            numAffectedRows: BigInt(outcome.changes ?? 0),
            insertId: BigInt(outcome.lastInsertRowid ?? 0),
            rows: [],
          });
        }
      });
    } finally {
      this.writerBusy = false;
      this.lock.release();
    }
    if (this.pending.length > 0) void this.flush();
  }

  /** One transaction for the batch, each write in a savepoint; synchronous from begin to commit. */
  private commitBatch(batch: PendingWrite[]): void {
    const outcomes: ({ ok: true; result: QueryResult<unknown> } | { ok: false; error: unknown })[] = [];
    try {
      run(this.database, BEGIN);
      for (const write of batch) {
        run(this.database, SAVEPOINT);
        try {
          outcomes.push({ ok: true, result: run(this.database, write.query) });
          run(this.database, RELEASE);
        } catch (error) {
          run(this.database, ROLLBACK_TO);
          run(this.database, RELEASE);
          outcomes.push({ ok: false, error });
        }
      }
      run(this.database, COMMIT);
    } catch (error) {
      try {
        run(this.database, ROLLBACK);
      } catch {
        // Nothing open any more.
      }
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) write.resolve(outcome.result);
      else write.reject(outcome?.error);
    });
  }
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint group_write');
const RELEASE = CompiledQuery.raw('release group_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to group_write');

function ownConnection(connection: DatabaseConnection): TransactionalConnection {
  if (!(connection instanceof TransactionalConnection)) throw new Error('Not a connection of this driver');
  return connection;
}

/** What Kysely holds: a connection that knows whether a transaction is open on it. */
class TransactionalConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.streamFor<R>(this, query);
  }
}
