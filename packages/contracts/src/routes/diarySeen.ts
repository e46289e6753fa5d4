// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { diarySeenBodySchema, diaryStateSchema } from '../updates.ts';
import type { RouteDef } from '../route.ts';

export const diarySeen = {
  method: 'POST',
  path: '/api/updates/seen',
  auth: 'user',
  kind: 'json',
  body: diarySeenBodySchema,
  response: diaryStateSchema,
} as const satisfies RouteDef;
