import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { UsersService } from '../auth/index.ts';
import { SavedRepliesRepository } from './saved-replies.repository.ts';
import { SavedRepliesService } from './saved-replies.service.ts';

/** The operator's saved replies (see SavedRepliesService); every route is the operator's. */
export function createSavedReplies(deps: {
  db: Kysely<Database>;
  users: Pick<UsersService, 'summaries'>;
  now: () => number;
}): { savedReplies: SavedRepliesService; plugin: FeaturePlugin } {
  const savedReplies = new SavedRepliesService({ ...deps, repo: new SavedRepliesRepository(deps.db) });
  const plugin: FeaturePlugin = async (app) => {
    addRoute(app, ROUTES.savedReplies, async () => ({ items: await savedReplies.list() }));
    addRoute(app, ROUTES.addSavedReply, async (request) => savedReplies.add(request.body));
    addRoute(app, ROUTES.updateSavedReply, async (request) => savedReplies.update(request.params.id, request.body));
    addRoute(app, ROUTES.deleteSavedReply, async (request) => savedReplies.remove(request.params.id));
    addRoute(app, ROUTES.useSavedReply, async (request) =>
      savedReplies.use(request.params.userId, request.params.id, request.body.reading),
    );
  };
  return { savedReplies, plugin };
}
