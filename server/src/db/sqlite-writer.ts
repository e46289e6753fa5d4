import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** One write of a batch: its SQL and parameters, as Kysely compiled it. */
export interface BatchWrite {
  sql: string;
  parameters: readonly unknown[];
}

/** What one write of a committed batch did: rows (a statement with RETURNING) or its changes. */
export type WriteOutcome =
  { ok: true; rows?: unknown[]; changes?: number; lastInsertRowid?: number | bigint } | { ok: false; error: Error };

/** Commits batches of single writes somewhere other than the calling thread. */
export interface BatchWriter {
  /**
   * Runs the writes in one transaction, each in a savepoint of its own, and resolves once the
   * transaction is committed (on disk, with `synchronous=FULL`): one outcome per write. Rejects,
   * with nothing of the batch kept, when the transaction could not be committed.
   */
  commit(batch: readonly BatchWrite[]): Promise<WriteOutcome[]>;
  close(): Promise<void>;
}

// The worker's code: a connection of its own to the same file, the same settings as the app's,
// prepared statements reused; one batch at a time, each answered once committed.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
const cache = new Map();
const prepare = (text) => {
  let statement = cache.get(text);
  if (!statement) {
    if (cache.size >= 500) cache.clear();
    statement = db.prepare(text);
    cache.set(text, statement);
  }
  return statement;
};
const errorOf = (error) => ({ message: String(error && error.message), code: error && error.code });
parentPort.on('message', ({ id, batch, close }) => {
  if (close) {
    db.close();
    parentPort.postMessage({ id, closed: true });
    return;
  }
  const outcomes = [];
  try {
    prepare('begin').run();
    for (const write of batch) {
      prepare('savepoint group_write').run();
      try {
        const statement = prepare(write.sql);
        if (statement.reader) outcomes.push({ ok: true, rows: statement.all(write.parameters) });
        else {
          const { changes, lastInsertRowid } = statement.run(write.parameters);
          outcomes.push({ ok: true, changes, lastInsertRowid });
        }
        prepare('release group_write').run();
      } catch (error) {
        prepare('rollback to group_write').run();
        prepare('release group_write').run();
        outcomes.push({ ok: false, error: errorOf(error) });
      }
    }
    prepare('commit').run();
  } catch (error) {
    try {
      if (db.inTransaction) prepare('rollback').run();
    } catch {}
    parentPort.postMessage({ id, failed: errorOf(error) });
    return;
  }
  parentPort.postMessage({ id, outcomes });
});
`;

interface WireError {
  message: string;
  code?: string;
}

type Reply =
  | {
      id: number;
      outcomes: (
        { ok: true; rows?: unknown[]; changes?: number; lastInsertRowid?: number } | { ok: false; error: WireError }
      )[];
    }
  | { id: number; failed: WireError }
  | { id: number; closed: true };

/** The error as better-sqlite3 would have thrown it on this thread (callers read its `code`). */
function rebuild(error: WireError): Error {
  return error.code ? new SQLite.SqliteError(error.message, error.code) : new Error(error.message);
}

/**
 * A dedicated writer thread for a SQLite file: batches are committed there, so the fsync of each
 * commit (`synchronous=FULL`: milliseconds, and hundreds on a busy disk) no longer stops the event
 * loop. The main thread keeps its own connection for reads and explicit transactions (WAL lets
 * readers run beside the writer); the caller makes sure the two never write at the same time.
 */
export function startSqliteWriter(file: string): BatchWriter {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, module } });
  const waiting = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  let next = 0;
  let dead: Error | null = null;
  const failAll = (error: Error) => {
    dead = error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    entry?.resolve(reply);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the SQLite writer thread exited (${code})`)));
  // Idle, the thread does not keep the process alive.
  worker.unref();

  const ask = (message: { batch?: readonly BatchWrite[]; close?: true }): Promise<Reply> => {
    if (dead) return Promise.reject(dead);
    const id = (next += 1);
    return new Promise<Reply>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...message });
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  };

  return {
    async commit(batch) {
      const reply = await ask({ batch: batch.map(({ sql, parameters }) => ({ sql, parameters })) });
      if ('failed' in reply) throw rebuild(reply.failed);
      if (!('outcomes' in reply)) throw new Error('the SQLite writer answered out of turn');
      return reply.outcomes.map((outcome) => (outcome.ok ? outcome : { ok: false, error: rebuild(outcome.error) }));
    },
    async close() {
      if (!dead) await ask({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
