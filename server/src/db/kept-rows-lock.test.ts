import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { createMigrator } from './migrator.ts';
import { lockKeptRowSources } from './migrations/20261206100000_kept_rows_recounted.ts';
import type { Kysely } from 'kysely';

/**
 * The recount's locks against writers that each hold one of the tables it locks while they wait
 * for another (PostgreSQL). A deadlock between them would fail one side after deadlock_timeout;
 * the writer is another instance's request and must never be that side: the recount gives way.
 */

const LAST_BEFORE_RECOUNT = '20261205200000_chat_message_seq';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!TEST_DATABASE_URL)('the recount locks beside writers holding a table (PostgreSQL)', () => {
  let handle: DatabaseHandle | undefined;
  let schema: string | undefined;
  const clients: pg.Client[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end();
    await handle?.close();
  });

  async function start() {
    handle = await openTestDatabase();
    schema = handle.schema;
    expect((await createMigrator(handle.db, 'postgres', schema).migrateTo(LAST_BEFORE_RECOUNT)).error).toBeUndefined();
    return handle.db as unknown as Kysely<unknown>;
  }

  /** Another instance's transaction, on a connection of its own. */
  async function writer() {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    clients.push(client);
    await client.connect();
    await client.query(`set search_path to ${schema}`);
    await client.query('begin');
    return client;
  }

  /** The locks as the recount takes them, in a transaction committed once all are held. */
  function lockAll(db: Kysely<unknown>) {
    return db.transaction().execute((trx) => lockKeptRowSources(trx, []));
  }

  it('a trigger’s order (its table, then the kept row): the writer goes on, the locks follow', async () => {
    const db = await start();
    const slow = await writer(); // holds chat_messages a while: the locks wait for it
    await slow.query('lock table chat_messages in row exclusive mode');
    const reads = await writer(); // a read mark written, its trigger's write to the kept row next
    await reads.query('lock table chat_reads in row exclusive mode');

    const locked = lockAll(db);
    await pause(150);
    const written = reads.query('update chat_conversations set version = version where false');
    await pause(150);
    await slow.query('commit');
    await written; // a deadlock would fail it: it waited first, PostgreSQL's check ends it first
    await reads.query('commit');
    await locked;
  });

  it('a merge’s order (the kept row, then a source table): the locks give way, the writer goes on', async () => {
    const db = await start();
    const merge = await writer();
    await merge.query('delete from chat_conversations where false');

    const locked = lockAll(db);
    await pause(150);
    const started = Date.now();
    await merge.query('update chat_messages set client_id = null where false');
    await merge.query('commit');
    // The locks wait 200 ms before they give way, and began to wait 150 ms earlier: the writer's
    // wait is some 50 ms, far below PostgreSQL's deadlock check (1 s), which would end it.
    expect(Date.now() - started).toBeLessThan(700);
    await locked;
  });
});
