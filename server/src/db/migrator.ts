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
import type { Database } from './schema.ts';
import type { Engine } from './database.ts';

/** What a migration may need to know beyond the connection: which engine it writes for. */
export interface MigrationContext {
  engine: Engine;
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
};

/** The migrations' names, in the order they run. */
export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS).sort();
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}

  getMigrations(): Promise<Record<string, Migration>> {
    const context = { engine: this.engine };
    return Promise.resolve(
      Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, m]) => [
          name,
          {
            up: (db: Kysely<unknown>) => m.up(db, context),
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
