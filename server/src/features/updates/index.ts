import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PushSender } from '../../lib/push-sender.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { FilesService } from '../files/index.ts';
import { UpdatesRepository } from './updates.repository.ts';
import { updatesRoutes } from './updates.routes.ts';
import { UpdatesService } from './updates.service.ts';

export type { UpdatesService } from './updates.service.ts';

/**
 * The diary: the operator's updates (sanitized), each read mark per user. A published update shows
 * its dot in open tabs at once (`announce`, the live channel) and reaches closed ones by push.
 */
export function createUpdates(deps: {
  db: Kysely<Database>;
  push: PushSender;
  files: FilesService;
  announce: (event: { type: 'update.published'; id: string; createdAt: number }) => unknown;
  now: () => number;
}): { updates: UpdatesService; plugin: FeaturePlugin } {
  const updates = new UpdatesService(new UpdatesRepository(deps.db), deps.now, deps.push, deps.files, deps.announce);
  return { updates, plugin: (app) => updatesRoutes(app, { updates }) };
}
