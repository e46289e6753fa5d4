import { API, chatPageSchema, type ChatPage } from '@gomeum/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many older messages one scroll back reads. */
export const OLDER_PAGE = 100;

/** The page of the user's messages just before `before` (an id), and whether older ones remain. */
export function fetchOlderMessages(before: number): Promise<ChatPage> {
  return apiRequest('GET', `${API.chatMessages}?before=${before}&limit=${OLDER_PAGE}`, chatPageSchema);
}
