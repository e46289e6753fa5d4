import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { WorkQueue, type WorkQueueLimits } from '../../lib/work-queue.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { FilesRepository } from './files.repository.ts';
import { filesRoutes } from './files.routes.ts';
import { DEFAULT_IMAGE_WORK, FilesService } from './files.service.ts';

export { fileUrl, type FileRecord, type FilesService, type Viewer } from './files.service.ts';

/** What the files feature is built from: the database (its `files` table) and the byte store. */
export interface FilesDeps {
  db: Kysely<Database>;
  storage: Storage;
  now: () => number;
  /** Limits of the image queue (IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX); DEFAULT_IMAGE_WORK when absent. */
  imageWork?: Partial<WorkQueueLimits> | undefined;
}

/** The files feature: uploaded images (stored, recorded, handed out to who may see them) and their route. */
export function createFiles(deps: FilesDeps): { files: FilesService; plugin: FeaturePlugin } {
  const imageWork = new WorkQueue({ ...DEFAULT_IMAGE_WORK, ...deps.imageWork });
  const files = new FilesService(new FilesRepository(deps.db), deps.storage, deps.now, imageWork);
  return { files, plugin: (app) => filesRoutes(app, { files }) };
}
