import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.ts';

/** A stored file's row: owner, type, size, visibility. */
export type FileRow = Selectable<FilesTable>;

/** All SQL of the `files` table (the bytes themselves live in lib/storage). */
export class FilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<FilesTable>): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('files').where('key', '=', key).execute();
  }

  find(key: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
  }
}
