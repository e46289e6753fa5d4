import { AppError } from '../../lib/errors.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { ChatDrafts } from './chat.draft.ts';
import type { ChatService } from './chat.service.ts';

/**
 * The chat's live handlers: resume (history after an id, with where the operator has read), the
 * user's "seen", and replies drafted for the operator. Presence's and typing's are the companion's.
 */
export function registerChatLive(hub: LiveHub, chat: ChatService, drafts: ChatDrafts): void {
  hub.on('chat.sync', async (connection, event) => {
    const operator = connection.user.role === 'operator';
    try {
      const [{ messages, more, older }, operatorReadId] = await Promise.all([
        chat.sync(connection.user, event.after),
        operator ? Promise.resolve(undefined) : chat.operatorReadId(connection.user.id),
      ]);
      connection.send({
        type: 'chat.history',
        after: event.after,
        messages,
        more,
        ...(event.after === null ? { older } : {}),
        ...(operatorReadId === undefined ? {} : { operatorReadId }),
      });
    } catch (error) {
      // The person's history budget is spent: told when to ask again.
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      const retryAfterMs = (error.options.retryAfterS ?? 1) * 1000;
      connection.send({ type: 'error', code: 'errors.rate_limited', refused: 'chat.sync', retryAfterMs });
    }
  });
  hub.on('chat.seen', async (connection, event) => {
    if (connection.user.role === 'operator') return;
    await chat.seen(connection.user.id, event.upTo);
  });
  hub.on('chat.draft', async (connection, event) => {
    if (connection.user.role !== 'operator') {
      connection.send({ type: 'error', code: 'errors.forbidden' });
      return;
    }
    await drafts.draft(connection, event.userId, event.draftId, event.proofId);
  });
  hub.on('chat.draft_cancel', (connection, event) => drafts.cancel(connection, event.draftId));
  hub.onDisconnect((connection) => drafts.dropConnection(connection));
}
