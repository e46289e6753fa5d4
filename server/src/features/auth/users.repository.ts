import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

/** A user row as stored. */
export type UserRow = Selectable<UsersTable>;

/** All SQL about users: their rows, and the once-per-user marks of `user_meta` other features claim. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findGuestByTokenHash(tokenHash: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('guest_token_hash', '=', tokenHash)
      .where('is_guest', '=', 1)
      .executeTakeFirst();
  }

  /** What a guest has made that is worth keeping, counted: tasks, proofs, messages they wrote, moon answers. */
  async guestWork(id: string): Promise<{ tasks: number; proofs: number; messages: number; answers: number }> {
    const count = async (query: Promise<{ n: string | number | bigint } | undefined>) => Number((await query)?.n ?? 0);
    const [tasks, proofs, messages, answers] = await Promise.all([
      count(
        this.db
          .selectFrom('user_tasks')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('task_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', id)
          .where('sender', '=', 'user')
          .executeTakeFirst(),
      ),
      count(
        this.db
          .selectFrom('moon_answers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirst(),
      ),
    ]);
    return { tasks, proofs, messages, answers };
  }

  async insert(row: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  /** Turns a guest into a registered user in place, keeping its id and so all its data. */
  async upgradeGuest(id: string, email: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email, password_hash: passwordHash, is_guest: 0, guest_token_hash: null })
      .where('id', '=', id)
      .where('is_guest', '=', 1)
      .execute();
  }

  async recordLogin(id: string, at: number, ip: string | null): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: at, last_ip: ip }).where('id', '=', id).execute();
  }

  async setRoleAndPassword(id: string, role: UserRow['role'], passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ role, password_hash: passwordHash }).where('id', '=', id).execute();
  }

  /** The user's IANA time zone, or null when none was given yet. */
  async getTimeZone(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('time_zone').where('id', '=', id).executeTakeFirst();
    return row?.time_zone ?? null;
  }

  async setTimeZone(id: string, timeZone: string): Promise<void> {
    await this.db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).execute();
  }

  async setLocale(id: string, locale: string): Promise<void> {
    await this.db.updateTable('users').set({ locale }).where('id', '=', id).execute();
  }

  /** Removes the last sign-in address of users who have not signed in since `before`; how many. */
  async forgetAddresses(before: number): Promise<number> {
    const result = await this.db
      .updateTable('users')
      .set({ last_ip: null })
      .where('last_ip', 'is not', null)
      .where((eb) => eb.or([eb('last_login_at', '<', before), eb('last_login_at', 'is', null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Who these users are, in short (users that do not exist are left out). */
  listSummaries(ids: string[]): Promise<Pick<UserRow, 'id' | 'email' | 'guest_id' | 'is_guest' | 'locale'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'guest_id', 'is_guest', 'locale'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Ids of every operator account. */
  async operatorIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('users').select('id').where('role', '=', 'operator').execute();
    return rows.map((row) => row.id);
  }

  /** The user's welcome flag and last-seen announcement, if they have a meta row yet. */
  chatMarks(
    userId: string,
  ): Promise<{ welcome_shown: number; last_seen_update: number; last_seen_reaction: number } | undefined> {
    return this.db
      .selectFrom('user_meta')
      .select(['welcome_shown', 'last_seen_update', 'last_seen_reaction'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Makes sure the user has a meta row. */
  async ensureMeta(userId: string): Promise<void> {
    await this.db
      .insertInto('user_meta')
      .values({ user_id: userId, welcome_shown: 0, last_seen_update: 0, last_seen_diary: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /**
   * Flips the user's welcome flag and, only when this call flipped it, runs `write` in the same
   * transaction (so concurrent callers write once); null when the flag was already set.
   */
  async claimWelcome<T>(userId: string, write: (trx: Kysely<Database>) => Promise<T>): Promise<T | null> {
    await this.ensureMeta(userId);
    return this.db.transaction().execute(async (trx) => {
      const flipped = await trx
        .updateTable('user_meta')
        .set({ welcome_shown: 1 })
        .where('user_id', '=', userId)
        .where('welcome_shown', '=', 0)
        .executeTakeFirst();
      if (Number(flipped.numUpdatedRows) !== 1) return null;
      return write(trx);
    });
  }

  /**
   * Moves the user's last-seen announcement forward to `publishedAt` and, only when this call
   * moved it, runs `write` in the same transaction; null when they had seen it or a newer one.
   */
  async claimAnnouncement<T>(
    userId: string,
    publishedAt: number,
    write: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T | null> {
    return this.moveMark(userId, 'last_seen_update', '<', publishedAt, publishedAt, write);
  }

  /**
   * Moves the user's reaction mark from exactly `from` to `to` and, only when this call moved it,
   * runs `write` in the same transaction; null when another call moved it first.
   */
  async claimReactions<T>(
    userId: string,
    from: number,
    to: number,
    write: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T | null> {
    return this.moveMark(userId, 'last_seen_reaction', '=', from, to, write);
  }

  /**
   * Sets one of the user's marks to `to` where it compares to `than` as `op` says and, only when
   * this call moved it, runs `write` in the same transaction; null when it did not move.
   */
  private async moveMark<T>(
    userId: string,
    mark: 'last_seen_update' | 'last_seen_reaction',
    op: '<' | '=',
    than: number,
    to: number,
    write: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T | null> {
    await this.ensureMeta(userId);
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('user_meta')
        .set({ [mark]: to })
        .where('user_id', '=', userId)
        .where(mark, op, than)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      return write(trx);
    });
  }
}
