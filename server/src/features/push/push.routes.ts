import {
  API,
  errorBodySchema,
  okSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '@gomeum/contracts';
import { requireUser, userOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { PushService } from './push.service.ts';

/** Web Push: the public key for everyone, and each signed-in user's (guests too) subscriptions. */
export async function pushRoutes(app: App, options: { push: PushService }): Promise<void> {
  const { push } = options;

  app.get(API.pushKey, { schema: { response: { 200: pushKeySchema } } }, async () => ({ publicKey: push.publicKey }));

  app.post(
    API.pushSubscriptions,
    {
      onRequest: userOnly,
      schema: {
        body: pushSubscriptionBodySchema,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      await push.subscribe(user.id, user.locale, request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    API.pushSubscriptions,
    {
      onRequest: userOnly,
      schema: {
        body: pushUnsubscribeBodySchema,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await push.unsubscribe(requireUser(request).id, request.body.endpoint);
      return { ok: true as const };
    },
  );
}
