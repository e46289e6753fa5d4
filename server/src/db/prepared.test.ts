import { describe, expect } from 'vitest';
import { appTest } from '../test/app-test.ts';
import { TEST_DATABASE_URL } from '../test/test-app.ts';
import { prepared } from './prepared.ts';

const onSqlite = !TEST_DATABASE_URL;
const it = appTest();

describe('prepared queries', () => {
  it('runs the query compiled once with each call’s values, its constants kept', async ({ t }) => {
    const db = t.database.db;
    const insert = prepared((db, id: string, title: string) =>
      db
        .insertInto('updates')
        .values({ id, title, content: 'Same for all', image_key: null, created_at: 5, updated_at: 5 })
        .returning(['id', 'title', 'content', 'created_at']),
    );
    const byId = prepared(
      (db, id: string, limit: number) =>
        db.selectFrom('updates').select(['id', 'title']).where('id', '=', id).limit(limit),
      { written: [1] },
    );
    expect(await insert(db, 'u-1', 'First')).toEqual([
      { id: 'u-1', title: 'First', content: 'Same for all', created_at: 5 },
    ]);
    expect(await insert(db, 'u-2', 'Second')).toEqual([
      { id: 'u-2', title: 'Second', content: 'Same for all', created_at: 5 },
    ]);
    expect(await byId(db, 'u-2', 1)).toEqual([{ id: 'u-2', title: 'Second' }]);
    expect(await byId(db, 'u-1', 1)).toEqual([{ id: 'u-1', title: 'First' }]);
    expect(await byId(db, 'nobody', 1)).toEqual([]);
    expect(await byId(db, 'u-1', 0)).toEqual([]);
  });

  it('builds a query once per value of a written argument (a LIMIT), the others bound', async ({ t }) => {
    const db = t.database.db;
    for (const [id, title] of [
      ['w-1', 'One'],
      ['w-2', 'Two'],
      ['w-3', 'Three'],
    ] as const) {
      await db
        .insertInto('updates')
        .values({ id, title, content: 'x', image_key: null, created_at: 7, updated_at: 7 })
        .execute();
    }
    let builds = 0;
    const newest = prepared(
      (db, content: string, limit: number) => {
        builds += 1;
        return db.selectFrom('updates').select('id').where('content', '=', content).orderBy('id', 'desc').limit(limit);
      },
      { written: [1], check: false },
    );
    expect(await newest(db, 'x', 2)).toEqual([{ id: 'w-3' }, { id: 'w-2' }]);
    expect(await newest(db, 'x', 1)).toEqual([{ id: 'w-3' }]);
    expect(await newest(db, 'x', 2)).toEqual([{ id: 'w-3' }, { id: 'w-2' }]);
    expect(await newest(db, 'none', 2)).toEqual([]);
    expect(builds).toBe(2);
  });

  it.runIf(onSqlite)('checked, fails a SQLite query whose LIMIT argument is not declared written', async ({ t }) => {
    const db = t.database.db;
    const undeclared = prepared((db, limit: number) => db.selectFrom('updates').select('id').limit(limit), {
      check: true,
    });
    await expect(undeclared(db, 5)).rejects.toThrow(/differs from its build: .*limit 5/);
  });

  it('refuses a query one of whose arguments is not a parameter of it', async ({ t }) => {
    const db = t.database.db;
    const newestFirst = prepared(
      (db, newest: boolean) =>
        db
          .selectFrom('updates')
          .select('id')
          .orderBy('created_at', newest ? 'desc' : 'asc'),
      { check: false },
    );
    await expect(newestFirst(db, true)).rejects.toThrow(/does not take argument 0/);
  });

  it('checked (as under the tests), fails a call whose own build would differ from the prepared one', async ({ t }) => {
    const db = t.database.db;
    // An argument that decides whether a filter exists: the stand-in always adds it, null does not.
    const since = prepared(
      (db, id: string, after: number | null) =>
        db
          .selectFrom('updates')
          .select('id')
          .where('id', '=', id)
          .$if(after !== null, (q) => q.where('created_at', '>', after ?? 0)),
      { check: true },
    );
    await expect(since(db, 'u-1', 3)).resolves.toEqual([{ id: 'u-1' }]);
    await expect(since(db, 'u-1', null)).rejects.toThrow(/differs from its build/);
  });
});
