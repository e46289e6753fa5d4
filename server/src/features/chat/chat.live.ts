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
    const [{ messages, more }, operatorReadId] = await Promise.all([
      chat.sync(connection.user, event.after),
      operator ? Promise.resolve(undefined) : chat.operatorReadId(connection.user.id),
    ]);
    connection.send({
      type: 'chat.history',
      after: event.after,
      messages,
      more,
      ...(operatorReadId === undefined ? {} : { operatorReadId }),
    });
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
    await drafts.draft(connection, event.userId, event.draftId);
  });
  hub.on('chat.draft_cancel', (connection, event) => drafts.cancel(connection, event.draftId));
  hub.onDisconnect((connection) => drafts.dropConnection(connection));
}
