import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { PresenceService } from './presence.service.ts';

/** Presence over HTTP: whether Gomeum answers now, and the operator's away switch. */
export async function presenceRoutes(app: App, options: { presence: PresenceService }): Promise<void> {
  const { presence } = options;
  addRoute(app, ROUTES.presence, async () => presence.status());
  addRoute(app, ROUTES.setPresence, async (request) => presence.setAway(request.body.away));
}
