// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { accountDeletedSchema, deleteAccountBodySchema } from '../account.ts';
import type { RouteDef } from '../route.ts';

/** Deletes the signed-in user's account and every row and file of theirs. */
export const deleteAccount = {
  method: 'POST',
  path: '/api/me/delete',
  auth: 'user',
  kind: 'json',
  body: deleteAccountBodySchema,
  response: accountDeletedSchema,
} as const satisfies RouteDef;
