// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { keepAskSchema } from '../account.ts';
import type { RouteDef } from '../route.ts';

/** Claims the one-time "keep your progress?" ask; `ask` is true only the first time, after a proof. */
export const keepProgressAsk = {
  method: 'POST',
  path: '/api/me/keep-progress-ask',
  auth: 'user',
  kind: 'json',
  response: keepAskSchema,
} as const satisfies RouteDef;
