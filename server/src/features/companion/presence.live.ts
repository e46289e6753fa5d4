import type { LiveConnection, LiveHub } from '../../lib/live/index.ts';
import type { PresenceService } from './presence.service.ts';

const DASHBOARD = 'dashboard';

/** Presence's live handlers: the operator's open dashboards, and presence told on connect and resync. */
export function registerPresenceLive(hub: LiveHub, presence: PresenceService): void {
  hub.on('presence.dashboard', async (connection) => {
    if (connection.user.role !== 'operator') {
      connection.send({ type: 'error', code: 'errors.forbidden' });
      return;
    }
    if (connection.tags.has(DASHBOARD)) return;
    connection.tags.add(DASHBOARD);
    await presence.setDashboards(hub.taggedConnections(DASHBOARD).length);
    // Opening a dashboard is an action of the operator's.
    await presence.activity();
  });
  hub.on('presence.activity', async (connection) => {
    if (connection.user.role !== 'operator') {
      connection.send({ type: 'error', code: 'errors.forbidden' });
      return;
    }
    await presence.activity();
  });

  // A new connection, or one told to resync after the bus was down, hears whether Gomeum answers.
  const sendPresence = async (connection: LiveConnection) => {
    const status = await presence.status();
    connection.send({ type: 'presence.changed', online: status.online, away: status.away });
  };
  hub.onConnect(sendPresence);
  hub.onResync(sendPresence);

  hub.onDisconnect(async (connection) => {
    if (connection.tags.has(DASHBOARD)) await presence.setDashboards(hub.taggedConnections(DASHBOARD).length);
  });
}
