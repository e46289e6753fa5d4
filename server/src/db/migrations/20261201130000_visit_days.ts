import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrator.ts';

/**
 * The overview's visit figures per UTC day (day = ms / 86 400 000), kept by the database instead
 * of counted over every visit: `visit_days` (visits, and users with a visit that day),
 * `visit_pages` (visits per path, its query left out) and `visit_countries` (visits per country,
 * unknown ones left out). A visit stored adds to them in its own statement (a trigger), a visit
 * deleted (with its user) takes its visit back. A user counts once a day: `users.last_visit_day`
 * moves forward on their first visit of a day, and that adds them to the day's active users (a
 * user deleted stays counted on the days they visited). Existing visits are counted here once.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('visit_days')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('visits', 'bigint', (c) => c.notNull())
    .addColumn('active_users', 'bigint', (c) => c.notNull())
    .execute();
  for (const [table, column] of [
    ['visit_pages', 'page'],
    ['visit_countries', 'country'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn(column, 'text', (c) => c.notNull())
      .addColumn('visits', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_key`, ['day', column])
      .execute();
  }
  await db.schema.alterTable('users').addColumn('last_visit_day', 'integer').execute();

  // A visit's path without its query: each engine's own string functions.
  const path = (page: string) =>
    engine === 'postgres'
      ? `split_part(${page}, '?', 1)`
      : `case when instr(${page}, '?') > 0 then substr(${page}, 1, instr(${page}, '?') - 1) else ${page} end`;
  const day = (at: string) => `(${at} / 86400000)`;

  await sql
    .raw(
      `insert into visit_days (day, visits, active_users)
      select ${day('at')}, count(*), count(distinct user_id) from page_visits group by ${day('at')}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into visit_pages (day, page, visits)
      select ${day('at')}, ${path('page')}, count(*) from page_visits group by ${day('at')}, ${path('page')}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into visit_countries (day, country, visits)
      select ${day('at')}, country, count(*) from page_visits where country is not null group by ${day('at')}, country`,
    )
    .execute(db);
  await sql
    .raw(
      `update users set last_visit_day = (select ${day('max(v.at)')} from page_visits v where v.user_id = users.id)
      where exists (select 1 from page_visits v where v.user_id = users.id)`,
    )
    .execute(db);

  const counted = (sign: '+' | '-', row: 'new' | 'old') => `
    insert into visit_days (day, visits, active_users) values (${day(`${row}.at`)}, ${sign}1, 0)
      on conflict (day) do update set visits = visit_days.visits + excluded.visits;
    insert into visit_pages (day, page, visits) values (${day(`${row}.at`)}, ${path(`${row}.page`)}, ${sign}1)
      on conflict (day, page) do update set visits = visit_pages.visits + excluded.visits;
    insert into visit_countries (day, country, visits)
      select ${day(`${row}.at`)}, ${row}.country, ${sign}1 where ${row}.country is not null
      on conflict (day, country) do update set visits = visit_countries.visits + excluded.visits`;
  const triggers: [name: string, body: string, event: string][] = [
    [
      'visit_days_insert',
      `${counted('+', 'new')};
      update users set last_visit_day = ${day('new.at')}
        where id = new.user_id and (last_visit_day is null or last_visit_day < ${day('new.at')})`,
      'after insert on page_visits',
    ],
    ['visit_days_delete', counted('-', 'old'), 'after delete on page_visits'],
    [
      'visit_days_active',
      `insert into visit_days (day, visits, active_users) values (new.last_visit_day, 0, 1)
        on conflict (day) do update set active_users = visit_days.active_users + 1`,
      engine === 'postgres'
        ? 'after update of last_visit_day on users for each row when (new.last_visit_day is not null and new.last_visit_day is distinct from old.last_visit_day)'
        : 'after update of last_visit_day on users when new.last_visit_day is not null and new.last_visit_day is not old.last_visit_day',
    ],
  ];
  for (const [name, body, event] of triggers) {
    if (engine === 'postgres') {
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`)
        .execute(db);
      const rowEvent = event.includes('for each row') ? event : `${event} for each row`;
      await sql.raw(`create trigger ${name} ${rowEvent} execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} ${event} begin ${body}; end`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const triggers = [
    ['visit_days_insert', 'page_visits'],
    ['visit_days_delete', 'page_visits'],
    ['visit_days_active', 'users'],
  ];
  for (const [name, table] of triggers) {
    if (engine === 'postgres') {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.alterTable('users').dropColumn('last_visit_day').execute();
  for (const table of ['visit_countries', 'visit_pages', 'visit_days']) await db.schema.dropTable(table).execute();
}
