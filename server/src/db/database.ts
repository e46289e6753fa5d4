import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type KyselyConfig } from 'kysely';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { LimitLiteralPlugin } from './limit-literal.ts';
import { startSqliteWriter } from './sqlite-writer.ts';
import type { Database } from './schema.ts';

/** The two engines one set of queries and migrations runs on. */
export type Engine = 'sqlite' | 'postgres';

/** A connected database and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** The PostgreSQL schema everything lives in, when one was named. */
  schema?: string | undefined;
  close(): Promise<void>;
}

/** Where to connect: PostgreSQL by URL (optionally inside one schema), else a SQLite file. */
export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  databaseSchema?: string | undefined;
  dataDir: string;
  sqliteFile?: string | undefined;
  /**
   * Hears errors of idle PostgreSQL connections (the server restarted, the network dropped). The
   * pool drops such a connection and makes a new one when next needed; without a listener, Node
   * would end the process on the pool's 'error' event.
   */
  onPoolError?: ((error: Error) => void) | undefined;
  /** Hears every query's duration and whether it failed (metrics). */
  onQuery?: ((durationMs: number, failed: boolean) => void) | undefined;
  /**
   * SQLite: commit batches of single writes on a thread of their own (default), so the disk's
   * fsync does not stop the event loop; `false` commits them on the main thread.
   */
  sqliteWriterThread?: boolean | undefined;
}

/** Kysely's query log, handed to `onQuery` when one is given. */
function queryLog(options: DatabaseOptions): KyselyConfig['log'] {
  const { onQuery } = options;
  return onQuery && ((event) => onQuery(event.queryDurationMillis, event.level === 'error'));
}

// How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool)
// before it fails with 503: a database that is down answers a refusal at once; one that hangs
// must not hold every request for long.
const PG_CONNECT_TIMEOUT_MS = 5_000;

// The PostgreSQL driver, loaded only when PostgreSQL is used (SQLite starts without it).
let pgModule: Promise<typeof import('pg').default> | undefined;
function loadPg(): Promise<typeof import('pg').default> {
  pgModule ??= import('pg').then(({ default: pg }) => {
    // Timestamps are bigint on PostgreSQL; milliseconds fit a double exactly: read them as numbers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    return pg;
  });
  return pgModule;
}

/** Opens the database the options describe. PostgreSQL bigints come back as numbers (ms fit). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schema = options.databaseSchema;
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // Names this app's connections in pg_stat_activity (per schema, so tests can find their own).
      application_name: schema ? `gomeum:${schema}` : 'gomeum',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // Idle connections report to the pool; a connection in use (inside a transaction, between two
    // of its queries) reports to itself, so every connection gets a listener of its own too.
    const onError = options.onPoolError ?? (() => undefined);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    if (schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) });
    return { db, engine: 'postgres', schema, close: () => db.destroy() };
  }

  const file = options.sqliteFile ?? path.join(options.dataDir, 'gomeum.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    // Single writes share commits (one fsync for many, each still durable before it is answered).
    // A file database has its commits made by a writer thread; an in-memory one cannot be shared.
    dialect: new GroupCommitSqliteDialect(
      withStatementCache(sqlite),
      file !== ':memory:' && options.sqliteWriterThread !== false ? startSqliteWriter(file) : undefined,
    ),
    log: queryLog(options),
    plugins: [new LimitLiteralPlugin()],
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** How many prepared statements a SQLite connection keeps for reuse (least recently used go). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew on every call; preparing is a good part of a simple
 * query's cost on SQLite. This keeps the prepared statements by their SQL text (the same query
 * built again gives the same text, its values are parameters) and hands them out again. A
 * statement still being iterated by a stream is busy: that caller gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (text: string): SQLite.Statement => {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        // Most recently used last: the Map's first key is the one to evict.
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/** A trivial round trip, for the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
