import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { PushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';
import { DEFAULT_PUSH_HOSTS, PushService, type PushOptions } from './push.service.ts';
import { loadVapidKeys } from './vapid.ts';

export type { AlertDevices, PushService } from './push.service.ts';

/** What the push feature is built from: its VAPID keys' source and how it delivers. */
export interface PushDeps extends Omit<PushOptions, 'allowedHosts'> {
  db: Kysely<Database>;
  /** Keys from the environment; absent: generated once and kept in `settings`. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string | undefined;
  /** Endpoint hosts a subscription may name; absent: the known browsers' push services. */
  allowedHosts: readonly string[] | undefined;
  /** Guests becoming accounts: the devices a guest subscribed do not follow it. */
  guests?: { onGuestRegistered(listener: (userId: string) => Promise<void>): void };
}

/**
 * Web Push: subscriptions per user and background delivery. Reads (or makes, once) its VAPID keys,
 * so it is awaited at start.
 */
export async function createPush(deps: PushDeps): Promise<{ push: PushService; plugin: FeaturePlugin }> {
  const { db, vapid: configured, vapidSubject, allowedHosts, guests, ...options } = deps;
  const repository = new PushRepository(db);
  const vapid = await loadVapidKeys(repository, configured, vapidSubject ?? 'mailto:webpush@gomeum.invalid');
  const push = new PushService(repository, vapid, { ...options, allowedHosts: allowedHosts ?? DEFAULT_PUSH_HOSTS });
  guests?.onGuestRegistered(async (userId) => {
    await push.forgetDevices(userId);
  });
  return { push, plugin: (app) => pushRoutes(app, { push }) };
}
