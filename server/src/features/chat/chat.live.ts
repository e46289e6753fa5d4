import type { LiveConnection, LiveHub } from '../../lib/live/index.ts';
import type { PresenceService } from './chat.presence.ts';
import type { ChatService } from './chat.service.ts';

const DASHBOARD = 'dashboard';

/** The chat's live handlers: resume (history after an id), the dashboard's presence, presence on connect. */
export function registerChatLive(hub: LiveHub, chat: ChatService, presence: PresenceService): void {
  hub.on('chat.sync', async (connection, event) => {
    const { messages, more } = await chat.sync(connection.user, event.after);
    connection.send({ type: 'chat.history', after: event.after, messages, more });
  });

  hub.on('presence.dashboard', async (connection) => {
    if (connection.user.role !== 'operator') {
      connection.send({ type: 'error', code: 'errors.forbidden' });
      return;
    }
    if (connection.tags.has(DASHBOARD)) return;
    connection.tags.add(DASHBOARD);
    await presence.setDashboards(hub.taggedConnections(DASHBOARD).length);
  });

  // A new connection, or one told to resync after the bus was down, hears whether Gomeum answers.
  const sendPresence = async (connection: LiveConnection) => {
    const status = await presence.status();
    connection.send({ type: 'presence.changed', online: status.online });
  };
  hub.onConnect(sendPresence);
  hub.onResync(sendPresence);

  hub.onDisconnect(async (connection) => {
    if (connection.tags.has(DASHBOARD)) await presence.setDashboards(hub.taggedConnections(DASHBOARD).length);
  });
}
