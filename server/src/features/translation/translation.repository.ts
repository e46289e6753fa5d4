import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The key a text's translations are kept under: the SHA-256 of its words, in hex. */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text.trim(), 'utf8').digest('hex');
}

/** Translations kept, by the text's hash and the target language (SQL only here). */
export class TranslationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(hash: string, target: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('translations')
      .select('text')
      .where('source_hash', '=', hash)
      .where('target', '=', target)
      .executeTakeFirst();
    return row?.text;
  }

  /** Keeps a translation; one already kept for the same text and language stays as it is. */
  async save(hash: string, target: string, text: string, now: number): Promise<void> {
    await this.db
      .insertInto('translations')
      .values({ source_hash: hash, target, text, created_at: now })
      .onConflict((c) => c.columns(['source_hash', 'target']).doNothing())
      .execute();
  }

  /**
   * Claims the translating of a text into a language for this instance: true when its row went in
   * (or took the place of one claimed before `staleBefore`), false while another instance has it.
   */
  async claim(hash: string, target: string, now: number, staleBefore: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('translation_claims')
      .values({ source_hash: hash, target, claimed_at: now })
      .onConflict((c) => c.columns(['source_hash', 'target']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const taken = await this.db
      .updateTable('translation_claims')
      .set({ claimed_at: now })
      .where('source_hash', '=', hash)
      .where('target', '=', target)
      .where('claimed_at', '<', staleBefore)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  /** The claim ends: the translation is kept, or failed (another may try again). */
  async release(hash: string, target: string): Promise<void> {
    await this.db
      .deleteFrom('translation_claims')
      .where('source_hash', '=', hash)
      .where('target', '=', target)
      .execute();
  }

  /** Every kept translation of these texts (by hash), in every language. */
  async ofHashes(hashes: readonly string[]): Promise<{ source_hash: string; target: string; text: string }[]> {
    if (hashes.length === 0) return [];
    const rows: { source_hash: string; target: string; text: string }[] = [];
    // In slices: a statement takes a bounded number of parameters.
    for (let start = 0; start < hashes.length; start += 500) {
      const slice = hashes.slice(start, start + 500);
      rows.push(
        ...(await this.db
          .selectFrom('translations')
          .select(['source_hash', 'target', 'text'])
          .where('source_hash', 'in', slice)
          .execute()),
      );
    }
    return rows;
  }

  /** Forgets the translations of these texts (their writer's data was deleted). */
  async deleteHashes(hashes: readonly string[]): Promise<void> {
    for (let start = 0; start < hashes.length; start += 500) {
      await this.db
        .deleteFrom('translations')
        .where('source_hash', 'in', hashes.slice(start, start + 500))
        .execute();
    }
  }
}
