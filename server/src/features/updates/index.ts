import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PushSender } from '../../lib/push-sender.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { FilesService } from '../files/index.ts';
import type { PopupLinks } from '../home/index.ts';
import { UpdatesRepository } from './updates.repository.ts';
import { updatesRoutes } from './updates.routes.ts';
import { UpdatesService, type UpdateEvent } from './updates.service.ts';

export type { UpdatesService } from './updates.service.ts';

/**
 * The diary: the operator's updates (sanitized), each read mark per user. A published update shows
 * its dot in open tabs at once (`announce`, the live channel), as does a change to one (its image
 * attached, its text edited, its deletion), and reaches closed ones by push.
 */
export function createUpdates(deps: {
  db: Kysely<Database>;
  push: PushSender;
  files: FilesService;
  announce: (event: UpdateEvent) => unknown;
  now: () => number;
  popupLinks: Pick<PopupLinks, 'path'>;
}): { updates: UpdatesService; plugin: FeaturePlugin } {
  const repository = new UpdatesRepository(deps.db);
  const { now, push, files, announce, popupLinks } = deps;
  const updates = new UpdatesService(repository, now, push, files, announce, popupLinks);
  return { updates, plugin: (app) => updatesRoutes(app, { updates }) };
}
