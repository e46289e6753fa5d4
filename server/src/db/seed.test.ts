import { LANGUAGES, PLANET_IDS } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { parseLocalized } from '../lib/json.ts';
import { appTest } from '../test/app-test.ts';
import { seedContent } from './seed.ts';

const it = appTest({}, 'test');

describe('starting content', () => {
  it('seeds every planet, Gomeum task and at least 12 moon questions, in all three languages', async ({ t }) => {
    const defs = await t.database.db.selectFrom('task_definitions').selectAll().execute();
    expect(defs.map((d) => d.planet).sort()).toEqual([...PLANET_IDS].sort());
    const tasks = await t.database.db.selectFrom('gomeum_tasks').selectAll().execute();
    expect(tasks.map((d) => d.planet).sort()).toEqual([...PLANET_IDS].sort());
    const questions = await t.database.db.selectFrom('moon_questions').selectAll().orderBy('number').execute();
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(questions.map((q) => q.number)).toEqual(questions.map((_, i) => i + 1));

    const texts = [
      ...defs.flatMap((d) => [d.name, d.description, d.reward]),
      ...tasks.flatMap((d) => [d.description, d.reward]),
      ...questions.flatMap((q) => [q.question, q.gomeum_answer]),
    ];
    for (const text of texts) {
      const localized = parseLocalized(text);
      for (const language of LANGUAGES) expect(localized[language]?.trim(), text).toBeTruthy();
    }
  });

  it('is idempotent and never overwrites what the operator changed', async ({ t }) => {
    await t.database.db
      .updateTable('gomeum_tasks')
      .set({ proof: 'edited by Gomeum' })
      .where('planet', '=', 'music')
      .execute();
    await seedContent(t.database.db, t.clock.now);
    await seedContent(t.database.db, t.clock.now);
    const count = await t.database.db
      .selectFrom('moon_questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const questions = await t.database.db.selectFrom('moon_questions').selectAll().execute();
    expect(count.n).toBe(questions.length);
    const music = await t.database.db
      .selectFrom('gomeum_tasks')
      .selectAll()
      .where('planet', '=', 'music')
      .executeTakeFirstOrThrow();
    expect(music.proof).toBe('edited by Gomeum');
    expect(await t.database.db.selectFrom('task_definitions').selectAll().execute()).toHaveLength(7);
  });
});
