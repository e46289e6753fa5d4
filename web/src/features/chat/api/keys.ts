import { operatorKey } from '../../../lib/operator-keys.ts';

/** The chat's operator views' query keys: the inbox, the queue, the presence switch. */
export const chatKeys = {
  /** The conversation list; one user's conversation sits under it. */
  conversations: operatorKey('chats'),
  conversation: (userId: string) => operatorKey('chats', userId),
  presence: operatorKey('presence'),
  /** Everything waiting for Gomeum (conversations and proofs), in one queue. */
  queue: operatorKey('queue'),
};
