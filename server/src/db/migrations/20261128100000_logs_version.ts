import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * `users.logs_version`: a value that changes whenever any of the user's proofs or Gomeum's
 * reactions to them is written, moved or deleted. The database itself changes it (triggers on
 * `task_logs` and `proof_reactions`), so no write path can forget to; every signed-in request
 * reads it with its session, and a page of the user's log made earlier is sent again as long as
 * the value is the same (features/tasks: the kept pages).
 *
 * Each change draws a new random value below 2^53 rather than counting up: a database restored
 * from an older backup, or a user removed and written again, can never come back to a value a
 * running server has kept a page under.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('logs_version', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (engine === 'postgres') {
    await sql`
      create function users_logs_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update users set logs_version = floor(random() * 9007199254740991)::bigint where id = old.user_id;
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id is distinct from old.user_id) then
          update users set logs_version = floor(random() * 9007199254740991)::bigint where id = new.user_id;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of ['task_logs', 'proof_reactions']) {
      await sql`create trigger ${sql.raw(`${table}_logs_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function users_logs_changed()`.execute(db);
    }
    return;
  }
  const next = sql.raw('(random() & 9007199254740991)');
  for (const table of ['task_logs', 'proof_reactions']) {
    const name = (event: string) => sql.raw(`${table}_logs_version_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin
      update users set logs_version = ${next} where id = new.user_id; end`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)} begin
      update users set logs_version = ${next} where id in (old.user_id, new.user_id); end`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin
      update users set logs_version = ${next} where id = old.user_id; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  for (const table of ['task_logs', 'proof_reactions']) {
    if (engine === 'postgres') {
      await sql`drop trigger ${sql.raw(`${table}_logs_version`)} on ${sql.table(table)}`.execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.raw(`${table}_logs_version_${event}`)}`.execute(db);
      }
    }
  }
  if (engine === 'postgres') await sql`drop function users_logs_changed()`.execute(db);
  await db.schema.alterTable('users').dropColumn('logs_version').execute();
}
