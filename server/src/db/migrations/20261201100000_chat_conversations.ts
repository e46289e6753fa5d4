import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * `chat_conversations`: one row per user who has a conversation with Gomeum (a message that is not
 * the notice that the AI could not answer), kept by the database's own triggers in the statement
 * that writes a message or moves a read mark, so the operator's inbox and queue read a page by an
 * index instead of grouping every message:
 * - `last_id`, `message_count`: the newest message and how many (notices left out), as the inbox
 *   shows them; the inbox is ordered by `last_id`.
 * - `unread_count`: the user's messages above the operator's read mark (`chat_reads.read_id`).
 * - `version`: counts the row's changes, so a reader told of two changes keeps the later one.
 * - `answered_id`: Gomeum's newest answer (a message, by the operator or the AI); the conversation
 *   waits for Gomeum while the user wrote after it: `waiting_since` is the first of those messages'
 *   time, `waiting_id` the newest of them (the queue's preview). Null: it does not wait.
 *
 * A message stored updates the row from what it says (counts added, newest ids kept by `max`, the
 * waiting read again from the user's own messages after an answer); a message deleted or moved to
 * another user (a guest's work merged) takes itself out the same way. Every statement is a few
 * index lookups in the user's own messages, whatever the table holds. Existing conversations are
 * counted here once.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('chat_conversations')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_id', id, (c) => c.notNull())
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull())
    .addColumn('answered_id', id, (c) => c.notNull())
    .addColumn('waiting_since', 'bigint')
    .addColumn('waiting_id', id)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The inbox, most recent first; the queue, longest waiting first (ties as the inbox orders them).
  await db.schema.createIndex('chat_conversations_recent').on('chat_conversations').column('last_id').execute();
  await db.schema
    .createIndex('chat_conversations_waiting')
    .on('chat_conversations')
    .columns(['waiting_since', 'last_id desc'])
    .where(sql.ref('waiting_since'), 'is not', null)
    .execute();

  await backfill(db);
  if (engine === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

// The statements the triggers run, the same text on both engines (`new`/`old` are the row's).

/** A message stored (not a notice): its conversation's row follows it. */
const MESSAGE_STORED = `
  insert into chat_conversations (user_id, last_id, message_count, unread_count, answered_id, waiting_since, waiting_id)
  values (
    new.user_id, new.id, 1,
    case when new.sender = 'user'
      and new.id > coalesce((select r.read_id from chat_reads r where r.user_id = new.user_id), 0) then 1 else 0 end,
    case when new.sender <> 'user' and new.kind = 'message' then new.id else 0 end,
    case when new.sender = 'user' then new.created_at end,
    case when new.sender = 'user' then new.id end)
  on conflict (user_id) do update set
    version = chat_conversations.version + 1,
    last_id = case when new.id > chat_conversations.last_id then new.id else chat_conversations.last_id end,
    message_count = chat_conversations.message_count + 1,
    unread_count = chat_conversations.unread_count + excluded.unread_count,
    answered_id = case when excluded.answered_id > chat_conversations.answered_id
      then excluded.answered_id else chat_conversations.answered_id end,
    waiting_since = case
      when new.sender = 'user' and new.id > chat_conversations.answered_id then
        case when chat_conversations.waiting_since is null or new.created_at < chat_conversations.waiting_since
          then new.created_at else chat_conversations.waiting_since end
      when excluded.answered_id > chat_conversations.answered_id then
        (select min(m.created_at) from chat_messages m
          where m.user_id = new.user_id and m.sender = 'user' and m.id > new.id)
      else chat_conversations.waiting_since end,
    waiting_id = case
      when new.sender = 'user' and new.id > chat_conversations.answered_id then
        case when chat_conversations.waiting_id is null or new.id > chat_conversations.waiting_id
          then new.id else chat_conversations.waiting_id end
      when excluded.answered_id > chat_conversations.answered_id then
        (select max(m.id) from chat_messages m
          where m.user_id = new.user_id and m.sender = 'user' and m.id > new.id)
      else chat_conversations.waiting_id end`;

/** Gomeum's newest answer in `user`'s conversation (0: none), as SQL: the user's newest messages first. */
const answered = (user: string) => `coalesce((select a.id from chat_messages a
  where a.user_id = ${user} and a.sender <> 'user' and a.kind = 'message' order by a.id desc limit 1), 0)`;

/** The user's messages above the operator's read mark, as SQL. */
const unread = (user: string) => `(select count(*) from chat_messages u
  where u.user_id = ${user} and u.sender = 'user'
    and u.id > coalesce((select r.read_id from chat_reads r where r.user_id = ${user}), 0))`;

/**
 * The message `old` left its user's conversation (deleted, or moved to another user): counts go
 * down by it, the newest ids are looked up again only when it was one of them, and the waiting is
 * read again from the user's messages after Gomeum's newest answer. Gone with the last message.
 */
const MESSAGE_REMOVED = `
  update chat_conversations set
    version = version + 1,
    message_count = message_count - case when old.kind <> 'unavailable' then 1 else 0 end,
    unread_count = unread_count - case when old.sender = 'user'
      and old.id > coalesce((select r.read_id from chat_reads r where r.user_id = old.user_id), 0) then 1 else 0 end,
    last_id = case when old.id = last_id then coalesce((select m.id from chat_messages m
      where m.user_id = old.user_id and m.kind <> 'unavailable' order by m.id desc limit 1), 0) else last_id end,
    answered_id = case when old.id = answered_id then ${answered('old.user_id')} else answered_id end,
    waiting_since = (select min(m.created_at) from chat_messages m
      where m.user_id = old.user_id and m.sender = 'user' and m.id > ${answered('old.user_id')}),
    waiting_id = (select max(m.id) from chat_messages m
      where m.user_id = old.user_id and m.sender = 'user' and m.id > ${answered('old.user_id')})
  where user_id = old.user_id;
  delete from chat_conversations where user_id = old.user_id and message_count <= 0`;

/** The operator's read mark of `user` moved (or went): their unread count follows. */
const readMarkMoved = (user: string) =>
  `update chat_conversations set version = version + 1, unread_count = ${unread(user)} where user_id = ${user}`;

/** Every existing conversation, counted once (grouped, then the waiting part by the user's messages). */
async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into chat_conversations (user_id, last_id, message_count, unread_count, answered_id, waiting_since, waiting_id)
    select m.user_id,
      max(case when m.kind <> 'unavailable' then m.id end),
      count(case when m.kind <> 'unavailable' then 1 end),
      count(case when m.sender = 'user' and m.id > coalesce(r.read_id, 0) then 1 end),
      coalesce(max(case when m.sender <> 'user' and m.kind = 'message' then m.id end), 0),
      null, null
    from chat_messages m left join chat_reads r on r.user_id = m.user_id
    group by m.user_id
    having count(case when m.kind <> 'unavailable' then 1 end) > 0`.execute(db);
  await sql`
    update chat_conversations set
      waiting_since = (select min(m.created_at) from chat_messages m
        where m.user_id = chat_conversations.user_id and m.sender = 'user' and m.id > chat_conversations.answered_id),
      waiting_id = (select max(m.id) from chat_messages m
        where m.user_id = chat_conversations.user_id and m.sender = 'user' and m.id > chat_conversations.answered_id)`.execute(
    db,
  );
}

/** SQLite: a trigger per event, each the statements above. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const triggers = [
    `create trigger chat_conversations_message_insert after insert on chat_messages
      when new.kind <> 'unavailable' begin ${MESSAGE_STORED}; end`,
    `create trigger chat_conversations_message_delete after delete on chat_messages
      begin ${MESSAGE_REMOVED}; end`,
    `create trigger chat_conversations_message_move after update of user_id on chat_messages
      when old.user_id <> new.user_id begin ${MESSAGE_REMOVED}; end`,
    `create trigger chat_conversations_message_moved_in after update of user_id on chat_messages
      when old.user_id <> new.user_id and new.kind <> 'unavailable' begin ${MESSAGE_STORED}; end`,
    `create trigger chat_conversations_read_insert after insert on chat_reads
      begin ${readMarkMoved('new.user_id')}; end`,
    `create trigger chat_conversations_read_update after update of read_id, user_id on chat_reads
      begin ${readMarkMoved('new.user_id')}; ${readMarkMoved('old.user_id')}; end`,
    `create trigger chat_conversations_read_delete after delete on chat_reads
      begin ${readMarkMoved('old.user_id')}; end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

/** PostgreSQL: a function per event running the same statements, and its trigger. */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const functions: [name: string, body: string, trigger: string][] = [
    [
      'chat_conversations_message_insert',
      MESSAGE_STORED,
      `after insert on chat_messages for each row when (new.kind <> 'unavailable')`,
    ],
    ['chat_conversations_message_delete', MESSAGE_REMOVED, 'after delete on chat_messages for each row'],
    [
      'chat_conversations_message_move',
      `${MESSAGE_REMOVED}; if new.kind <> 'unavailable' then ${MESSAGE_STORED}; end if`,
      'after update of user_id on chat_messages for each row when (old.user_id <> new.user_id)',
    ],
    ['chat_conversations_read_insert', readMarkMoved('new.user_id'), 'after insert on chat_reads for each row'],
    [
      'chat_conversations_read_update',
      `${readMarkMoved('new.user_id')}; ${readMarkMoved('old.user_id')}`,
      'after update of read_id, user_id on chat_reads for each row',
    ],
    ['chat_conversations_read_delete', readMarkMoved('old.user_id'), 'after delete on chat_reads for each row'],
  ];
  for (const [name, body, trigger] of functions) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`)
      .execute(db);
    await sql.raw(`create trigger ${name} ${trigger} execute function ${name}()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const names = [
    ['chat_conversations_message_insert', 'chat_messages'],
    ['chat_conversations_message_delete', 'chat_messages'],
    ['chat_conversations_message_move', 'chat_messages'],
    ['chat_conversations_message_moved_in', 'chat_messages'],
    ['chat_conversations_read_insert', 'chat_reads'],
    ['chat_conversations_read_update', 'chat_reads'],
    ['chat_conversations_read_delete', 'chat_reads'],
  ] as const;
  for (const [name, table] of names) {
    if (engine === 'sqlite') await sql.raw(`drop trigger if exists ${name}`).execute(db);
    else if (name !== 'chat_conversations_message_moved_in') {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    }
  }
  await db.schema.dropTable('chat_conversations').execute();
}
