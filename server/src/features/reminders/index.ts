import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PushSender } from '../../lib/push-sender.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { RemindersRepository } from './reminders.repository.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { RemindersService } from './reminders.service.ts';

export type { RemindersService } from './reminders.service.ts';

/** Task reminders: set per planet, sent by push when due (`runDue`, a periodic job of the app's). */
export function createReminders(deps: { db: Kysely<Database>; push: PushSender; now: () => number }): {
  reminders: RemindersService;
  plugin: FeaturePlugin;
} {
  const reminders = new RemindersService(new RemindersRepository(deps.db), deps.push, deps.now);
  return { reminders, plugin: (app) => remindersRoutes(app, { reminders }) };
}
