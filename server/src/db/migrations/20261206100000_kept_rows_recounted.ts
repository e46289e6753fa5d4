import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * The kept rows of the operator's views (migrations 20261201100000 to 20261201130000) counted
 * again, on PostgreSQL, with every table they count locked against writes. Those migrations count
 * existing rows, then create the triggers that keep the counts: a write another instance (still
 * running the previous build during a deployment) committed after a count had read its table, and
 * before the trigger existed, was counted by neither. Here the tables are locked first (writers
 * wait, readers do not), so the count sees every write committed and every later write goes
 * through the triggers. Conversations and counts that differ are set right (a conversation changed
 * gets a new `version`); a day's active users only ever go up (a user deleted stays counted on the
 * days they visited).
 *
 * A run that makes the kept rows now locks the same tables before the first of them
 * (`KEPT_ROWS`, see db/migrator.ts): when all four ran in this run, there is nothing to count
 * again. On SQLite neither: one process writes, and its migrations run before it serves.
 */
export async function up(db: Kysely<unknown>, { engine, ran }: MigrationContext): Promise<void> {
  if (engine !== 'postgres' || KEPT_ROWS.every((name) => ran.has(name))) return;
  await lockKeptRowSources(db, []);
  await recountConversations(db);
  await recountWaitingProofs(db);
  await recountVisits(db);
  await recountOperatorCounts(db);
}

/** The migrations that count existing rows into kept rows, then add the triggers that keep them. */
export const KEPT_ROWS = [
  '20261201100000_chat_conversations',
  '20261201110000_operator_counts',
  '20261201120000_waiting_proofs',
  '20261201130000_visit_days',
];

// What the kept rows count, in the order their triggers write: a source table first, its kept row
// after it (`chat_conversations`), `users` last (a foreign key, a trigger). A guest's merge and an
// account's deletion write `chat_conversations` first: against them the wait below gives way.
const SOURCES = ['chat_messages', 'chat_reads', 'task_logs', 'proof_reactions', 'page_visits', 'chat_conversations'];
// A lock waited for longer than this gives back every lock taken so far and is asked for again, so
// a writer that holds one table while waiting for another locked here waits no longer than this,
// and never as long as PostgreSQL's deadlock check (deadlock_timeout, 1 s by default), which would
// fail the writer's own request.
const LOCK_WAIT = '200ms';
const LOCK_TRIES = 50;
const GAVE_WAY = new Set(['55P03', '40P01']); // lock_not_available (the wait above), deadlock_detected

/**
 * Locks what the kept rows count against every write (PostgreSQL, in the migrations' transaction,
 * held until it commits), and the tables in `altered` against reads too: those a migration of the
 * run alters, so their lock is taken once, at its strongest, never raised later while others wait
 * behind the weaker one (a deadlock). All or none: a lock not granted within `LOCK_WAIT` releases
 * the others, and after a pause of up to as long again all are asked for again.
 */
export async function lockKeptRowSources(db: Kysely<unknown>, altered: readonly string[]): Promise<void> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = current_schema()`.execute(db);
  const tables = [...SOURCES, 'users'].filter((table) => rows.some((row) => row.name === table));
  const { rows: setting } = await sql<{ wait: string }>`select current_setting('lock_timeout') as wait`.execute(db);
  await sql`select set_config('lock_timeout', ${LOCK_WAIT}, true)`.execute(db);
  for (let attempt = 1; ; attempt += 1) {
    await sql`savepoint kept_rows_lock`.execute(db);
    try {
      for (const table of tables) {
        const mode = altered.includes(table) ? 'access exclusive' : 'share row exclusive';
        await sql.raw(`lock table ${table} in ${mode} mode`).execute(db);
      }
      await sql`release savepoint kept_rows_lock`.execute(db);
      break;
    } catch (error) {
      await sql`rollback to savepoint kept_rows_lock`.execute(db);
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !GAVE_WAY.has(code) || attempt >= LOCK_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
    }
  }
  await sql`select set_config('lock_timeout', ${setting[0]?.wait ?? '0'}, true)`.execute(db);
}

/**
 * Every conversation as 20261201100000's triggers keep it, from the messages and read marks, in
 * one pass; rows that differ are written (a new version), rows of no conversation deleted.
 */
async function recountConversations(db: Kysely<unknown>): Promise<void> {
  await sql`
    create temporary table conversations_counted on commit drop as
    select m.user_id,
      max(m.id) filter (where m.kind <> 'unavailable') as last_id,
      (count(*) filter (where m.kind <> 'unavailable'))::integer as message_count,
      (count(*) filter (where m.sender = 'user' and m.id > coalesce(r.read_id, 0)))::integer as unread_count,
      coalesce(a.answered_id, 0) as answered_id,
      min(m.created_at) filter (where m.sender = 'user' and m.id > coalesce(a.answered_id, 0)) as waiting_since,
      max(m.id) filter (where m.sender = 'user' and m.id > coalesce(a.answered_id, 0)) as waiting_id
    from chat_messages m
    left join chat_reads r on r.user_id = m.user_id
    left join (
      select user_id, max(id) as answered_id from chat_messages
      where sender <> 'user' and kind = 'message' group by user_id
    ) a on a.user_id = m.user_id
    group by m.user_id, a.answered_id
    having count(*) filter (where m.kind <> 'unavailable') > 0`.execute(db);
  await sql`
    delete from chat_conversations c
    where not exists (select 1 from conversations_counted k where k.user_id = c.user_id)`.execute(db);
  await sql`
    insert into chat_conversations (user_id, last_id, message_count, unread_count, answered_id, waiting_since, waiting_id)
    select k.user_id, k.last_id, k.message_count, k.unread_count, k.answered_id, k.waiting_since, k.waiting_id
    from conversations_counted k left join chat_conversations c on c.user_id = k.user_id
    where c.user_id is null
      or (c.last_id, c.message_count, c.unread_count, c.answered_id, c.waiting_since, c.waiting_id)
        is distinct from (k.last_id, k.message_count, k.unread_count, k.answered_id, k.waiting_since, k.waiting_id)
    on conflict (user_id) do update set
      last_id = excluded.last_id, message_count = excluded.message_count, unread_count = excluded.unread_count,
      answered_id = excluded.answered_id, waiting_since = excluded.waiting_since, waiting_id = excluded.waiting_id,
      version = chat_conversations.version + 1`.execute(db);
}

/** The proofs without a reaction, and only they (20261201120000). */
async function recountWaitingProofs(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from waiting_proofs w where exists (select 1 from proof_reactions r where r.log_id = w.log_id)`.execute(db);
  await sql`
    insert into waiting_proofs (log_id, created_at)
    select l.id, l.created_at from task_logs l
    where not exists (select 1 from proof_reactions r where r.log_id = l.id)
    on conflict (log_id) do nothing`.execute(db);
}

/**
 * The visits per day, page and country from the visits there are (20261201130000). A user's last
 * day of a visit moves forward first: its trigger counts them among that day's active users, as a
 * visit would have; then a day's active users are raised to those with a visit that day, if fewer.
 */
async function recountVisits(db: Kysely<unknown>): Promise<void> {
  const day = (at: string) => `(${at} / 86400000)`;
  await sql
    .raw(
      `update users u set last_visit_day = v.day
      from (select user_id, max(${day('at')}) as day from page_visits group by user_id) v
      where v.user_id = u.id and (u.last_visit_day is null or u.last_visit_day < v.day)`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into visit_days (day, visits, active_users)
      select ${day('at')}, count(*), count(distinct user_id) from page_visits group by ${day('at')}
      on conflict (day) do update set visits = excluded.visits,
        active_users = greatest(visit_days.active_users, excluded.active_users)`,
    )
    .execute(db);
  await sql
    .raw(
      `update visit_days d set visits = 0 where not exists (select 1 from page_visits v where ${day('v.at')} = d.day)`,
    )
    .execute(db);
  await sql`delete from visit_pages`.execute(db);
  await sql
    .raw(
      `insert into visit_pages (day, page, visits)
      select ${day('at')}, split_part(page, '?', 1), count(*) from page_visits group by 1, 2`,
    )
    .execute(db);
  await sql`delete from visit_countries`.execute(db);
  await sql
    .raw(
      `insert into visit_countries (day, country, visits)
      select ${day('at')}, country, count(*) from page_visits where country is not null group by 1, 2`,
    )
    .execute(db);
}

/** The overview's counts (20261201110000), after the conversations above. */
async function recountOperatorCounts(db: Kysely<unknown>): Promise<void> {
  await sql`delete from operator_counts where name in ('users', 'guests', 'unread_conversations')`.execute(db);
  await sql`
    insert into operator_counts (name, slot, value)
    select 'users', substr(id, 1, 1), count(*) from users group by substr(id, 1, 1)
    union all
    select 'guests', substr(id, 1, 1), count(*) from users where is_guest = 1 group by substr(id, 1, 1)
    union all
    select 'unread_conversations', substr(user_id, 1, 1), count(*) from chat_conversations
      where unread_count > 0 group by substr(user_id, 1, 1)`.execute(db);
}

/** Nothing to undo: the counts stay right. */
export async function down(): Promise<void> {}
