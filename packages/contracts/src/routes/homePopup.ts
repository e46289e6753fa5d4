// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { homePopupAnswerSchema, homePopupQuerySchema } from '../home.ts';
import type { RouteDef } from '../route.ts';

/** The home page's popup, checked: shown only when its link carries the server's signature. */
export const homePopup = {
  method: 'GET',
  path: '/api/home/popup',
  auth: 'public',
  kind: 'json',
  query: homePopupQuerySchema,
  response: homePopupAnswerSchema,
} as const satisfies RouteDef;
