// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { chatPageQuerySchema, chatPageSchema } from '../account.ts';
import type { RouteDef } from '../route.ts';

export const chatMessages = {
  method: 'GET',
  path: '/api/chat/messages',
  auth: 'user',
  kind: 'json',
  query: chatPageQuerySchema,
  response: chatPageSchema,
} as const satisfies RouteDef;
