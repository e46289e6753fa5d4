import type { Kysely } from 'kysely';
import { GOMEUM_TASKS } from '../content/gomeum-tasks.ts';
import { MOON_QUESTIONS } from '../content/moon-questions.ts';
import { TASK_DEFINITIONS } from '../content/task-definitions.ts';
import { newId } from '../lib/ids.ts';
import { stringifyLocalized } from '../lib/json.ts';
import type { Database } from './schema.ts';

/**
 * Inserts the starting content that is missing. Idempotent: running it again, or on a database the
 * operator has since edited, changes nothing that exists.
 */
export async function seedContent(db: Kysely<Database>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const def of TASK_DEFINITIONS) {
      await trx
        .insertInto('task_definitions')
        .values({
          planet: def.planet,
          name: stringifyLocalized(def.name),
          description: stringifyLocalized(def.description),
          reward: stringifyLocalized(def.reward),
          updated_at: now,
        })
        .onConflict((oc) => oc.column('planet').doNothing())
        .execute();
    }
    for (const task of GOMEUM_TASKS) {
      await trx
        .insertInto('gomeum_tasks')
        .values({
          planet: task.planet,
          description: stringifyLocalized(task.description),
          reward: stringifyLocalized(task.reward),
          proof: task.proof,
          image_key: null,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('planet').doNothing())
        .execute();
    }
    for (const question of MOON_QUESTIONS) {
      await trx
        .insertInto('moon_questions')
        .values({
          id: newId(),
          number: question.number,
          question: stringifyLocalized(question.question),
          gomeum_answer: stringifyLocalized(question.gomeumAnswer),
          updated_at: now,
        })
        .onConflict((oc) => oc.column('number').doNothing())
        .execute();
    }
  });
}
