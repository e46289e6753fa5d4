// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { guestMergeBodySchema, guestMergedSchema } from '../account.ts';
import type { RouteDef } from '../route.ts';

/** The answer to the offer made at login: bring the guest's work over, or not. */
export const guestMerge = {
  method: 'POST',
  path: '/api/me/guest-merge',
  auth: 'user',
  kind: 'json',
  body: guestMergeBodySchema,
  response: guestMergedSchema,
} as const satisfies RouteDef;
