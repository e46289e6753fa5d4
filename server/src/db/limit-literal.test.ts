import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { appTest } from '../test/app-test.ts';
import { TEST_DATABASE_URL } from '../test/test-app.ts';
import { LimitLiteralPlugin } from './limit-literal.ts';

interface Db {
  t: { id: number };
}

const it = appTest();

describe('LimitLiteralPlugin', () => {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new LimitLiteralPlugin()] });
  beforeAll(() => sqlite.exec('create table t (id integer primary key); insert into t values (1), (2), (3), (4)'));
  afterAll(() => db.destroy());

  it('writes a whole-number LIMIT into the SQL, every other value still bound', async () => {
    const query = db.selectFrom('t').select('id').where('id', '>', 1).orderBy('id').limit(2).offset(1);
    const compiled = query.compile();
    expect(compiled.sql).toBe('select "id" from "t" where "id" > ? order by "id" limit 2 offset ?');
    expect(compiled.parameters).toEqual([1, 1]);
    expect(await query.execute()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('leaves a LIMIT that is not a whole number bound (an expression, a string)', () => {
    expect(
      db
        .selectFrom('t')
        .select('id')
        .limit(sql<number>`1 + 1`)
        .compile().sql,
    ).toBe('select "id" from "t" limit 1 + 1');
    const text = db
      .selectFrom('t')
      .select('id')
      .limit('2' as unknown as number)
      .compile();
    expect(text.sql).toBe('select "id" from "t" limit ?');
    expect(text.parameters).toEqual(['2']);
  });

  it('holds in subqueries and in a transaction', async () => {
    const inner = db.selectFrom('t').select('id').orderBy('id', 'desc').limit(1);
    const compiled = db.selectFrom('t').select('id').where('id', 'in', inner).limit(3).compile();
    expect(compiled.sql).toBe(
      'select "id" from "t" where "id" in (select "id" from "t" order by "id" desc limit 1) limit 3',
    );
    const rows = await db
      .transaction()
      .execute((trx) => trx.selectFrom('t').select('id').orderBy('id').limit(1).execute());
    expect(rows).toEqual([{ id: 1 }]);
  });
});

describe('the app’s database', () => {
  it('has LIMITs written in on SQLite and bound on PostgreSQL', ({ t }) => {
    const { sql: text } = t.database.db.selectFrom('updates').select('id').limit(5).compile();
    expect(text).toBe(TEST_DATABASE_URL ? 'select "id" from "updates" limit $1' : 'select "id" from "updates" limit 5');
  });
});
