import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { ReactionsService } from './reactions.service.ts';

/** The operator's queue of proofs waiting for Gomeum, and replying to one. */
export async function reactionsRoutes(app: App, options: { reactions: ReactionsService }): Promise<void> {
  const { reactions } = options;

  addRoute(app, ROUTES.waitingProofs, async () => ({ items: await reactions.waiting() }));
  addRoute(app, ROUTES.waitingProof, async (request) => reactions.waitingOne(request.params.logId));

  addRoute(app, ROUTES.replyToProof, perPerson(120), async (request) => ({
    reaction: await reactions.reply(request.params.logId, request.body.content),
  }));
}
