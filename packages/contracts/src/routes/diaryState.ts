// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { diaryStateSchema } from '../updates.ts';
import type { RouteDef } from '../route.ts';

export const diaryState = {
  method: 'GET',
  path: '/api/updates/diary-state',
  auth: 'user',
  kind: 'json',
  response: diaryStateSchema,
} as const satisfies RouteDef;
