import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Driver, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { startSqliteWriter, type BatchWriter } from './sqlite-writer.ts';

interface Tables {
  items: { id: Generated<number>; name: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

/** The dialect as the app has it, telling `onHanded` each query's SQL as its connection is handed it. */
class WatchedDialect extends GroupCommitSqliteDialect {
  constructor(
    handle: ConstructorParameters<typeof GroupCommitSqliteDialect>[0],
    writer: BatchWriter | undefined,
    private readonly onHanded: (sql: string) => void,
  ) {
    super(handle, writer);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      const connection = await acquire();
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = (query) => {
        this.onHanded(query.sql);
        return execute(query);
      };
      return connection;
    };
    return driver;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A file database (WAL, synchronous=FULL, as the app opens it) whose commits are counted; with
 * `threaded`, batches are committed by a writer thread (as the app does), else on this thread.
 */
async function openDatabase(threaded: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-group-commit-'));
  const file = path.join(dir, 'db.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  const statements: string[] = [];
  const handle = {
    prepare: (text: string) => {
      statements.push(text);
      return sqlite.prepare(text);
    },
    close: () => sqlite.close(),
  };
  let batches = 0;
  let writer: BatchWriter | undefined;
  if (threaded) {
    const thread = startSqliteWriter(file);
    writer = {
      commit: (batch) => {
        batches += 1;
        return thread.commit(batch);
      },
      close: () => thread.close(),
    };
  }
  // Every query handed to the driver, as it is handed over (before it runs or waits its turn).
  const handed: string[] = [];
  const db = new Kysely<Tables>({ dialect: new WatchedDialect(handle, writer, (query) => handed.push(query)) });
  await sql`create table items (id integer primary key, name text not null unique)`.execute(db);
  await sql`create table parents (id integer primary key)`.execute(db);
  await sql`create table children (id integer primary key, parent_id integer not null
    references parents (id) deferrable initially deferred)`.execute(db);
  cleanups.push(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const commits = () => (threaded ? batches : statements.filter((text) => text === 'commit').length);
  return { db, sqlite, commits, handed };
}

describe.each([
  ['on the event loop', false],
  ['in a writer thread', true],
])('group commit on SQLite, %s', (_, threaded) => {
  const open = () => openDatabase(threaded);

  it('commits writes that arrive together in one transaction, answering each with its own result', async () => {
    const { db, commits } = await open();
    const before = commits();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db
          .insertInto('items')
          .values({ name: `item ${i}` })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(commits() - before).toBe(1);
    expect(results.map((r) => r.name)).toEqual(Array.from({ length: 200 }, (_, i) => `item ${i}`));
    expect(new Set(results.map((r) => r.id)).size).toBe(200);
    const { count } = await db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(200);
  });

  it('fails only the write that breaks a constraint; the others in its batch are stored', async () => {
    const { db } = await open();
    await db.insertInto('items').values({ name: 'taken' }).execute();
    const outcomes = await Promise.allSettled([
      db.insertInto('items').values({ name: 'first' }).execute(),
      db.insertInto('items').values({ name: 'taken' }).execute(),
      db.updateTable('items').set({ name: 'renamed' }).where('name', '=', 'first').execute(),
      db.insertInto('items').values({ name: 'last' }).execute(),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    const names = (await db.selectFrom('items').select('name').orderBy('id').execute()).map((r) => r.name);
    expect(names).toEqual(['taken', 'renamed', 'last']);
  });

  it('fails every write of a batch whose commit fails, storing none of them', async () => {
    const { db } = await open();
    await db.insertInto('parents').values({ id: 1 }).execute();
    // A deferred foreign key is checked at commit: the orphan makes the whole commit fail.
    const outcomes = await Promise.allSettled([
      db.insertInto('children').values({ id: 1, parent_id: 1 }).execute(),
      db.insertInto('children').values({ id: 2, parent_id: 99 }).execute(),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await db.selectFrom('children').selectAll().execute()).toEqual([]);
    // And the connection is usable afterwards.
    await db.insertInto('children').values({ id: 3, parent_id: 1 }).execute();
    expect(await db.selectFrom('children').select('id').execute()).toEqual([{ id: 3 }]);
  });

  it('keeps an open transaction to itself: others wait, see nothing uncommitted, and are not rolled back with it', async () => {
    const database = await open();
    const { db } = database;
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'in transaction' }).execute();
        inside();
        await paused;
        throw new Error('changed my mind');
      })
      .catch((error: unknown) => error);
    await started;
    const { handed } = database;
    const answered: string[] = [];
    const read = db
      .selectFrom('items')
      .select('name')
      .execute()
      .finally(() => answered.push('read'));
    const write = db
      .insertInto('items')
      .values({ name: 'outside' })
      .execute()
      .finally(() => answered.push('write'));
    // Both are in the driver's hands (a read let through would have run at once, inside the
    // transaction), and neither has been answered while the transaction is open.
    try {
      await vi.waitFor(() =>
        expect(handed.slice(-2)).toEqual([
          expect.stringMatching(/^select "name" from "items"/),
          expect.stringMatching(/^insert into "items"/),
        ]),
      );
      expect(answered).toEqual([]);
    } finally {
      release();
    }
    expect(String(await transaction)).toMatch(/changed my mind/);
    expect((await read).map((r) => r.name)).not.toContain('in transaction');
    await write;
    expect((await db.selectFrom('items').select('name').execute()).map((r) => r.name)).toEqual(['outside']);
  });

  it('stores every write before the database closes', async () => {
    const { db, sqlite } = await open();
    const writes = Array.from({ length: 20 }, (_, i) =>
      db
        .insertInto('items')
        .values({ name: `w${i}` })
        .execute(),
    );
    await Promise.all(writes);
    expect(sqlite.prepare('select count(*) as n from items').get()).toEqual({ n: 20 });
  });

  it('gives a transaction waiting for its turn the next one, however many writes keep arriving', async () => {
    const { db } = await open();
    let done = false;
    let written = 0;
    // Eight writers, each writing again as soon as its write is stored: a batch is always waiting.
    const stream = Promise.all(
      Array.from({ length: 8 }, async (_, writer) => {
        while (!done && written < 2_000) {
          written += 1;
          await db
            .insertInto('items')
            .values({ name: `stream ${writer} ${written}` })
            .execute();
        }
      }),
    );
    await db.insertInto('items').values({ name: 'first' }).execute();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'in transaction' }).execute();
    });
    done = true;
    await stream;
    expect(written).toBeLessThan(2_000);
    const names = (await db.selectFrom('items').select('name').execute()).map((r) => r.name);
    expect(names).toContain('in transaction');
  });
});
