import { API, healthSchema } from '@gomeum/contracts';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { App } from '../../lib/zod-provider.ts';

/** `GET /healthz`: 200 when the server and its database answer, for load balancers and monitors. */
export async function healthRoutes(app: App, options: { db: Kysely<Database> }): Promise<void> {
  app.get(API.health, { schema: { response: { 200: healthSchema } } }, async (_request, reply) => {
    await pingDatabase(options.db);
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, db: 'ok' as const };
  });
}
