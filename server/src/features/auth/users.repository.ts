import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

/** A user row as stored. */
export type UserRow = Selectable<UsersTable>;

/** All SQL about users. */
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
}
