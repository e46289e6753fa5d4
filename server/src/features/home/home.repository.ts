import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The `settings` row holding the key that signs popup links. */
const KEY_SETTING = 'popup_signing_key';

/** All SQL about the popup links' signing key (one row of `settings`, beside the VAPID keys). */
export class HomeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored key, or undefined before the first start. */
  async signingKey(): Promise<string | undefined> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirst();
    return row?.value;
  }

  /** Stores a key unless one exists; several instances starting at once agree on the first. */
  async storeSigningKeyIfMissing(value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key: KEY_SETTING, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
