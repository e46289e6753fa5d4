// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { localeBodySchema, meSchema } from '../auth.ts';
import type { RouteDef } from '../route.ts';

export const setLocale = {
  method: 'PUT',
  path: '/api/me/locale',
  auth: 'user',
  kind: 'json',
  body: localeBodySchema,
  response: meSchema,
} as const satisfies RouteDef;
