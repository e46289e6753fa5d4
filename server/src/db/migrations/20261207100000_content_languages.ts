import type { Kysely } from 'kysely';

/**
 * Broadcasts and Gomeum's log entries in several languages: `notifications.languages` (JSON, each
 * language's title and message) and `gomeum_logs.contents` (JSON, each language's text). Null for
 * an entry written in one language only, whose `title`/`message`/`content` every reader gets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('languages', 'text').execute();
  await db.schema.alterTable('gomeum_logs').addColumn('contents', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gomeum_logs').dropColumn('contents').execute();
  await db.schema.alterTable('notifications').dropColumn('languages').execute();
}
