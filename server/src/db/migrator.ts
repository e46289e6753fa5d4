import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import * as initial from './migrations/20261122000000_initial.ts';
import * as inboxReadsAndDelivery from './migrations/20261123000000_inbox_reads_and_delivery.ts';
import * as chatClientIds from './migrations/20261124000000_chat_client_ids.ts';
import * as jobRuns from './migrations/20261124010000_job_runs.ts';
import * as taskGoals from './migrations/20261125100000_task_goals.ts';
import * as planetReads from './migrations/20261125110000_planet_reads.ts';
import * as proofReactions from './migrations/20261126200000_proof_reactions.ts';
import * as taskReminders from './migrations/20261126300000_task_reminders.ts';
import * as guestMerge from './migrations/20261126100000_guest_merge.ts';
import * as logsVersion from './migrations/20261128100000_logs_version.ts';
import * as operatorAlerts from './migrations/20261129100000_operator_alerts.ts';
import * as reactionNotices from './migrations/20261130100000_reaction_notices.ts';
import * as chatUserReads from './migrations/20261130200000_chat_user_reads.ts';
import * as chatConversations from './migrations/20261201100000_chat_conversations.ts';
import * as operatorCounts from './migrations/20261201110000_operator_counts.ts';
import * as waitingProofs from './migrations/20261201120000_waiting_proofs.ts';
import * as visitDays from './migrations/20261201130000_visit_days.ts';
import * as translations from './migrations/20261205100000_translations.ts';
import * as chatMessageSeq from './migrations/20261205200000_chat_message_seq.ts';
import * as keptRowsRecounted from './migrations/20261206100000_kept_rows_recounted.ts';
import * as savedReplies from './migrations/20261206300000_saved_replies.ts';
import * as usersOperators from './migrations/20261206400000_users_operators.ts';
import * as contentLanguages from './migrations/20261207100000_content_languages.ts';
import * as translationClaims from './migrations/20261207200000_translation_claims.ts';
import type { Database } from './schema.ts';
import type { Engine } from './database.ts';

/** What a migration may need to know beyond the connection. */
export interface MigrationContext {
  /** Which engine it writes for. */
  engine: Engine;
  /** The migrations that ran before it in the same run (on PostgreSQL, the same transaction). */
  ran: ReadonlySet<string>;
}

interface EngineMigration {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/**
 * Every migration, by timestamped name. Listed here rather than read from disk so the same list
 * works under tsx, in tests and in a bundle. Never edit a landed migration: add a new one.
 */
const MIGRATIONS: Record<string, EngineMigration> = {
  '20261122000000_initial': initial,
  '20261123000000_inbox_reads_and_delivery': inboxReadsAndDelivery,
  '20261124000000_chat_client_ids': chatClientIds,
  '20261124010000_job_runs': jobRuns,
  '20261125100000_task_goals': taskGoals,
  '20261125110000_planet_reads': planetReads,
  '20261126200000_proof_reactions': proofReactions,
  '20261126300000_task_reminders': taskReminders,
  '20261126100000_guest_merge': guestMerge,
  '20261128100000_logs_version': logsVersion,
  '20261129100000_operator_alerts': operatorAlerts,
  '20261130100000_reaction_notices': reactionNotices,
  '20261130200000_chat_user_reads': chatUserReads,
  '20261201100000_chat_conversations': chatConversations,
  '20261201110000_operator_counts': operatorCounts,
  '20261201120000_waiting_proofs': waitingProofs,
  '20261201130000_visit_days': visitDays,
  '20261205100000_translations': translations,
  '20261205200000_chat_message_seq': chatMessageSeq,
  '20261206100000_kept_rows_recounted': keptRowsRecounted,
  '20261206300000_saved_replies': savedReplies,
  '20261206400000_users_operators': usersOperators,
  '20261207100000_content_languages': contentLanguages,
  '20261207200000_translation_claims': translationClaims,
};

/** The migrations' names, in the order they run. */
export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS).sort();
}

// The tables such a run alters (20261201110000, 20261201130000, 20261205200000).
const ALTERED = ['users', 'chat_messages'];

/**
 * Every migration, told its context. On PostgreSQL a run that makes the operator's kept rows
 * (`KEPT_ROWS`: each counts existing rows, then adds the triggers that keep them) first locks what
 * they count against writes, and the tables the run alters against reads too, in one go: their
 * counts then miss no write of another instance, and no migration of the run waits for a lock
 * while holding one a writer waits for (taken one by one, they deadlocked).
 */
class StaticProvider implements MigrationProvider {
  private readonly ran = new Set<string>();
  private locked = false;

  constructor(private readonly engine: Engine) {}

  getMigrations(): Promise<Record<string, Migration>> {
    const context = { engine: this.engine, ran: this.ran };
    const up = async (name: string, m: EngineMigration, db: Kysely<unknown>) => {
      if (this.engine === 'postgres' && !this.locked && keptRowsRecounted.KEPT_ROWS.includes(name)) {
        await keptRowsRecounted.lockKeptRowSources(db, ALTERED);
        this.locked = true;
      }
      await m.up(db, context);
      this.ran.add(name);
    };
    return Promise.resolve(
      Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, m]) => [
          name,
          {
            up: (db: Kysely<unknown>) => up(name, m, db),
            down: m.down && ((db: Kysely<unknown>) => m.down?.(db, context) ?? Promise.resolve()),
          },
        ]),
      ),
    );
  }
}

/**
 * A migrator over every migration. Inside a named PostgreSQL schema, Kysely's own tables are looked
 * for there only (it otherwise takes another schema's lock table for its own).
 */
export function createMigrator(db: Kysely<Database>, engine: Engine, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: new StaticProvider(engine),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>, engine: Engine, schema?: string): Promise<void> {
  const { error, results } = await createMigrator(db, engine, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
}
