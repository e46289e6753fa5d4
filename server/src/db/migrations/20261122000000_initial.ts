import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/** The whole data model of DESIGN.md, written once for SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  // Integer milliseconds overflow a 32-bit column on PostgreSQL, so timestamps are bigint there.
  const ms = 'bigint';
  const autoId = (col: ColumnDefinitionBuilder) =>
    engine === 'postgres' ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guest_id', 'text', (c) => c.unique())
    .addColumn('guest_token_hash', 'text', (c) => c.unique())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_login_at', ms)
    .addColumn('last_ip', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_seen_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('task_definitions')
    .addColumn('planet', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reward', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gomeum_tasks')
    .addColumn('planet', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reward', 'text', (c) => c.notNull())
    .addColumn('proof', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_key', 'text')
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('planet', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reward', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proof', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_key', 'text')
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('user_tasks_user_planet', ['user_id', 'planet'])
    .execute();

  await db.schema
    .createTable('task_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('planet', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('task_logs_user_planet')
    .on('task_logs')
    .columns(['user_id', 'planet', 'created_at'])
    .execute();

  await db.schema
    .createTable('gomeum_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('planet', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gomeum_logs_planet').on('gomeum_logs').columns(['planet', 'created_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', engine === 'postgres' ? 'bigint' : 'integer', autoId)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('message'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('meta', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_user').on('chat_messages').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('user_meta')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('welcome_shown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_update', ms, (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_diary', ms, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('presence')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('moon_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('gomeum_answer', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('moon_answers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('moon_questions.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('moon_answers_pk', ['user_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('updates_created').on('updates').column('created_at').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull().defaultTo('Gomeum'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_created').on('notifications').column('created_at').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('page_visits')
    .addColumn('id', engine === 'postgres' ? 'bigint' : 'integer', autoId)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_visits_user_at').on('page_visits').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('page_visits_at').on('page_visits').column('at').execute();

  await db.schema
    .createTable('files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
