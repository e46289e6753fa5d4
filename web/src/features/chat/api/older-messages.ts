import type { ChatPage } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { api } from '../../../lib/api-client.ts';

/** How many older messages one scroll back reads. */
export const OLDER_PAGE = 100;

/** The page of the user's messages just before `before` (an id), and whether older ones remain. */
export function fetchOlderMessages(before: number): Promise<ChatPage> {
  return api(routes.chatMessages, { query: { before, limit: OLDER_PAGE } });
}
