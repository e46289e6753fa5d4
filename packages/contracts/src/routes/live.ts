// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import type { RouteDef } from '../route.ts';

/** One WebSocket per tab, authenticated by the session cookie; events are `live.ts`'s. */
export const live = { method: 'GET', path: '/api/live', auth: 'user', kind: 'websocket' } as const satisfies RouteDef;
