import type { LiveHub } from '../../lib/live/index.ts';
import type { ChatService } from './chat.service.ts';

/** The chat's live handler: resume (history after an id). Presence's are the companion's. */
export function registerChatLive(hub: LiveHub, chat: ChatService): void {
  hub.on('chat.sync', async (connection, event) => {
    const { messages, more } = await chat.sync(connection.user, event.after);
    connection.send({ type: 'chat.history', after: event.after, messages, more });
  });
}
