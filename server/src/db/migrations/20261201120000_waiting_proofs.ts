import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * `waiting_proofs`: the proofs (`task_logs`) no one has reacted to yet, by the time each was sent,
 * so the operator's queue and proofs list read a page by an index instead of passing every proof
 * that has a reaction. Kept by triggers: a proof stored enters it, a reaction stored takes its
 * proof out (a reaction deleted puts it back while the proof exists), a proof deleted leaves it
 * by its foreign key. Existing proofs without a reaction are listed here once.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('waiting_proofs')
    .addColumn('log_id', 'text', (c) => c.primaryKey().references('task_logs.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waiting_proofs_created')
    .on('waiting_proofs')
    .columns(['created_at', 'log_id'])
    .execute();
  await sql`
    insert into waiting_proofs (log_id, created_at)
    select l.id, l.created_at from task_logs l
    where not exists (select 1 from proof_reactions r where r.log_id = l.id)`.execute(db);

  const triggers: [name: string, body: string, event: string][] = [
    [
      'waiting_proofs_proof_insert',
      `insert into waiting_proofs (log_id, created_at) values (new.id, new.created_at)`,
      'after insert on task_logs',
    ],
    [
      'waiting_proofs_reaction_insert',
      `delete from waiting_proofs where log_id = new.log_id`,
      'after insert on proof_reactions',
    ],
    [
      'waiting_proofs_reaction_delete',
      `insert into waiting_proofs (log_id, created_at)
        select l.id, l.created_at from task_logs l where l.id = old.log_id
        on conflict (log_id) do nothing`,
      'after delete on proof_reactions',
    ],
  ];
  for (const [name, body, event] of triggers) {
    if (engine === 'postgres') {
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`)
        .execute(db);
      await sql.raw(`create trigger ${name} ${event} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} ${event} begin ${body}; end`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const triggers = [
    ['waiting_proofs_proof_insert', 'task_logs'],
    ['waiting_proofs_reaction_insert', 'proof_reactions'],
    ['waiting_proofs_reaction_delete', 'proof_reactions'],
  ];
  for (const [name, table] of triggers) {
    if (engine === 'postgres') {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('waiting_proofs').execute();
}
