// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { sendChatBodySchema, sendChatReplySchema } from '../chat.ts';
import type { RouteDef } from '../route.ts';

export const sendChatMessage = {
  method: 'POST',
  path: '/api/chat/messages',
  auth: 'user',
  kind: 'json',
  body: sendChatBodySchema,
  response: sendChatReplySchema,
} as const satisfies RouteDef;
