import type { Language } from '@gomeum/contracts';
import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { ReactionsService } from './reactions.service.ts';

/** Keeps the operator's own words as the translation back of what went out in the user's language (the app's translator). */
export interface OwnWordsKeeper {
  remember(source: string, to: Language, text: string): Promise<void>;
}

/** The operator's queue of proofs waiting for Gomeum, and replying to one. */
export async function reactionsRoutes(
  app: App,
  options: { reactions: ReactionsService; translator?: OwnWordsKeeper },
): Promise<void> {
  const { reactions } = options;

  addRoute(app, ROUTES.waitingProofs, async () => ({ items: await reactions.waiting() }));
  addRoute(app, ROUTES.waitingProof, async (request) => reactions.waitingOne(request.params.logId));

  addRoute(app, ROUTES.replyToProof, perPerson(120), async (request) => {
    const { content, original } = request.body;
    // Kept before the reaction goes out, so the operator's dashboard reads their own words for it.
    if (original) await options.translator?.remember(content, original.language, original.text);
    return { reaction: await reactions.reply(request.params.logId, content) };
  });
}
