import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { prepared } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared queries', () => {
  it('runs the query compiled once with each call’s values, its constants kept', async () => {
    const db = t.database.db;
    const insert = prepared((db, id: string, title: string) =>
      db
        .insertInto('updates')
        .values({ id, title, content: 'Same for all', image_key: null, created_at: 5, updated_at: 5 })
        .returning(['id', 'title', 'content', 'created_at']),
    );
    const byId = prepared((db, id: string, limit: number) =>
      db.selectFrom('updates').select(['id', 'title']).where('id', '=', id).limit(limit),
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
  });

  it('refuses a query one of whose arguments is not a parameter of it', async () => {
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

  it('checked (as under the tests), fails a call whose own build would differ from the prepared one', async () => {
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
