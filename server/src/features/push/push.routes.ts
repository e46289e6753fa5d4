import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { PushService } from './push.service.ts';

/** Web Push: the public key for everyone, and each signed-in user's (guests too) subscriptions. */
export async function pushRoutes(app: App, options: { push: PushService }): Promise<void> {
  const { push } = options;

  addRoute(app, ROUTES.pushKey, async () => ({ publicKey: push.publicKey }));

  addRoute(app, ROUTES.pushSubscribe, perPerson(30), async (request) => {
    await push.subscribe(request.user.id, request.user.locale, request.body);
    return { ok: true as const };
  });

  addRoute(app, ROUTES.pushUnsubscribe, perPerson(30), async (request) => {
    await push.unsubscribe(request.user.id, request.body.endpoint);
    return { ok: true as const };
  });
}
