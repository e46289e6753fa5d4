import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import {
  DEFAULT_IMAGE_WORK,
  WorkQueue,
  type Lane,
  type WorkOutcome,
  type WorkQueueLimits,
} from '../../lib/work-queue.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { FilesRepository } from './files.repository.ts';
import { filesRoutes } from './files.routes.ts';
import { FilesService } from './files.service.ts';

export { fileUrl, type FileRecord, type FilesService, type Viewer } from './files.service.ts';

/** What the files feature is built from: the database (its `files` table) and the byte store. */
export interface FilesDeps {
  db: Kysely<Database>;
  storage: Storage;
  now: () => number;
  /** Limits of the image queue (IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX, IMAGE_SMALL_PIXELS); DEFAULT_IMAGE_WORK when absent. */
  imageWork?: Partial<WorkQueueLimits> | undefined;
  /** Hears how each image's turn ended, and how long it took (metrics). */
  observeImageWork?: (lane: Lane, outcome: WorkOutcome, seconds: number) => void;
}

/** The files feature: uploaded images (stored, recorded, handed out to who may see them) and their route. */
export function createFiles(deps: FilesDeps): { files: FilesService; plugin: FeaturePlugin } {
  const imageWork = new WorkQueue({ ...DEFAULT_IMAGE_WORK, ...deps.imageWork }, deps.observeImageWork);
  const files = new FilesService(new FilesRepository(deps.db), deps.storage, deps.now, imageWork);
  return { files, plugin: (app) => filesRoutes(app, { files }) };
}
