import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { registerChatLive } from './chat.live.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService, type ChatServiceDeps } from './chat.service.ts';

export type { ChatService } from './chat.service.ts';

/** What the chat feature is built from: the database, the live channel, and what its service needs. */
export interface ChatDeps extends Omit<ChatServiceDeps, 'repo' | 'hub'> {
  db: Kysely<Database>;
  live: LiveHub;
  /** Messages per user per minute. */
  messagesPerMinute: number;
}

/**
 * Chat with Gomeum: messages, the welcome and update announcements, and the AI's answers (the
 * companion's voice) while the operator is away; its live handler is registered on the hub here.
 */
export function createChat(deps: ChatDeps): { chat: ChatService; plugin: FeaturePlugin } {
  const { db, live, messagesPerMinute, ...serviceDeps } = deps;
  const chat = new ChatService({ ...serviceDeps, repo: new ChatRepository(db), hub: live });
  registerChatLive(live, chat);
  return { chat, plugin: (app) => chatRoutes(app, { chat, messagesPerMinute }) };
}
