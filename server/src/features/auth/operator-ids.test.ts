import { CompiledQuery } from 'kysely';
import { describe, expect } from 'vitest';
import { TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { UsersRepository } from './users.repository.ts';

const it = appTest({ operator: TEST_OPERATOR });

/**
 * The operator's ids are read for every user message that may alert them: by an index of the
 * operators alone (`users_operators`), never by passing every user. Checked on the query plan of
 * each engine (PostgreSQL told to avoid a table scan where it can: on a few rows it would prefer one).
 */
describe("the operators' ids", () => {
  it('are read by an index of the operators, and are theirs alone', async ({ t }) => {
    const operators = await new UsersRepository(t.database.db).operatorIds();
    expect(operators).toHaveLength(1);
    const { db, engine } = t.database;
    const query = db.selectFrom('users').select('id').where('role', '=', 'operator').compile();
    const plan = await db.transaction().execute(async (trx) => {
      if (engine === 'postgres') await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const explain = engine === 'postgres' ? 'explain' : 'explain query plan';
      const rows = await trx.executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
      return JSON.stringify(rows.rows);
    });
    expect(plan).toContain('users_operators');
  });
});
