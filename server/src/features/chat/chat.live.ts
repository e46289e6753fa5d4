import type { LiveHub } from '../../lib/live/index.ts';
import type { PresenceService } from './chat.presence.ts';
import type { ChatService } from './chat.service.ts';

const DASHBOARD = 'dashboard';

/** The chat's live handlers: resume (history after an id), the dashboard's presence, presence on connect. */
export function registerChatLive(hub: LiveHub, chat: ChatService, presence: PresenceService): void {
  hub.on('chat.sync', async (connection, event) => {
    const messages = await chat.sync(connection.user, event.after);
    connection.send({ type: 'chat.history', messages });
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

  hub.onConnect(async (connection) => {
    const status = await presence.status();
    connection.send({ type: 'presence.changed', online: status.online });
  });

  hub.onDisconnect(async (connection) => {
    if (connection.tags.has(DASHBOARD)) await presence.setDashboards(hub.taggedConnections(DASHBOARD).length);
  });
}
