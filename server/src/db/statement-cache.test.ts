import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database.ts';

let sqlite: SQLite.Database;
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

function counting(size?: number) {
  sqlite = new SQLite(':memory:');
  const prepared: string[] = [];
  const original = sqlite.prepare.bind(sqlite);
  const prepare: typeof sqlite.prepare = (text: string) => {
    prepared.push(text);
    return original(text);
  };
  sqlite.prepare = prepare;
  return { cache: withStatementCache(sqlite, size), prepared };
}

describe('the SQLite statement cache', () => {
  it('prepares a query once and reuses it, with each call’s own values', async () => {
    const { cache, prepared } = counting();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: cache }) });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (let i = 1; i <= 5; i += 1)
      await db
        .insertInto('t')
        .values({ id: i, name: `n${i}` })
        .execute();
    const names = [];
    for (let i = 1; i <= 5; i += 1) {
      names.push((await db.selectFrom('t').select('name').where('id', '=', i).executeTakeFirstOrThrow()).name);
    }
    expect(names).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
    await db.destroy();
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const { cache } = counting();
    sqlite.exec('create table t (id integer); insert into t values (1), (2), (3)');
    const first = cache.prepare('select id from t');
    const rows = first.iterate();
    rows.next();
    const second = cache.prepare('select id from t');
    expect(second).not.toBe(first);
    expect(second.all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    rows.return?.();
    expect(cache.prepare('select id from t')).toBe(first);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { cache, prepared } = counting(2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1');
    cache.prepare('select 3'); // evicts "select 2"
    cache.prepare('select 1');
    cache.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });
});
