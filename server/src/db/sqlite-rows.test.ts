import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database.ts';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { noteWrite, readRows } from './sqlite-rows.ts';

let sqlite: SQLite.Database;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec(`
    create table a (id integer primary key, name text, note text);
    create table b (a_id integer, name text);
    insert into a values (1, 'one', null), (2, 'two', 'x');
    insert into b values (2, 'b-two');
  `);
});
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

describe('readRows', () => {
  it('gives the same rows as better-sqlite3’s all(), nulls, numbers, a repeated name and no rows alike', () => {
    for (const [text, parameters] of [
      ['select * from a order by id', []],
      ['select a.*, b.name from a left join b on b.a_id = a.id order by a.id', []],
      ['select id, name, id * 2 as twice from a where id = ?', [2]],
      ['select * from a where id = ?', [99]],
    ] as const) {
      const expected = sqlite.prepare(text).all(...parameters);
      expect(readRows(sqlite.prepare(text), parameters)).toEqual(expected);
    }
    // The same column name twice: the later one wins, as with all().
    expect(readRows(sqlite.prepare('select a.*, b.name from a join b on b.a_id = a.id'), [])).toEqual([
      { id: 2, name: 'b-two', note: 'x' },
    ]);
  });

  it('follows a kept statement’s columns through a schema change', () => {
    const cache = withStatementCache(sqlite);
    const text = 'select * from a where id = ?';
    expect(readRows(cache.prepare(text), [1])).toEqual([{ id: 1, name: 'one', note: null }]);

    // A column added (by another process, say): the rows grow, and the names are asked again.
    sqlite.exec(`alter table a add column extra text default 'e'`);
    expect(readRows(cache.prepare(text), [1])).toEqual([{ id: 1, name: 'one', note: null, extra: 'e' }]);

    // A column renamed through this driver (as a migration is run): the same count, other names.
    const rename = 'alter table a rename column note to remark';
    noteWrite(rename);
    sqlite.exec(rename);
    expect(readRows(cache.prepare(text), [2])).toEqual([{ id: 2, name: 'two', remark: 'x', extra: 'e' }]);
  });

  it('leaves a kept statement fit for streaming rows as objects, through the driver', async () => {
    const db = new Kysely<{ a: { id: number } }>({
      dialect: new GroupCommitSqliteDialect(withStatementCache(sqlite)),
    });
    const query = db.selectFrom('a').select('id').orderBy('id');
    expect(await query.execute()).toEqual([{ id: 1 }, { id: 2 }]);
    const streamed = [];
    for await (const row of query.stream()) streamed.push(row);
    expect(streamed).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await query.execute()).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
