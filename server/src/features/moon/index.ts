import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { MoonRepository } from './moon.repository.ts';
import { moonRoutes } from './moon.routes.ts';
import { MoonService } from './moon.service.ts';

export type { MoonService } from './moon.service.ts';

/** The moon's questions, one answer per user and question, the operator's answers per language. */
export function createMoon(deps: { db: Kysely<Database>; now: () => number }): {
  moon: MoonService;
  plugin: FeaturePlugin;
} {
  const moon = new MoonService(new MoonRepository(deps.db), deps.now);
  return { moon, plugin: (app) => moonRoutes(app, { moon }) };
}
