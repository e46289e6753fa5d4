import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { registerChatLive } from './chat.live.ts';
import { PresenceService } from './chat.presence.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService, type ChatServiceDeps } from './chat.service.ts';

export { AiClient, MeasuredAiClient } from './chat.ai.ts';
export type { ChatService } from './chat.service.ts';
export type { PresenceService } from './chat.presence.ts';

/**
 * Whether the human Gomeum is online (their switch and open dashboards, on every instance): the
 * chat and the proof reactions both ask it, so it is made before either.
 */
export function createPresence(deps: {
  db: Kysely<Database>;
  live: LiveHub;
  now: () => number;
  onError: (error: unknown) => void;
}): PresenceService {
  return new PresenceService(new ChatRepository(deps.db), deps.live, deps.now, deps.onError);
}

/** What the chat feature is built from: the database, the live channel, and what its service needs. */
export interface ChatDeps extends Omit<ChatServiceDeps, 'repo' | 'hub'> {
  db: Kysely<Database>;
  live: LiveHub;
  /** Messages per user per minute. */
  messagesPerMinute: number;
}

/**
 * Chat with Gomeum: messages, the welcome and update announcements, AI answers while the operator
 * is away, presence; its live handlers are registered on the hub here.
 */
export function createChat(deps: ChatDeps): { chat: ChatService; plugin: FeaturePlugin } {
  const { db, live, messagesPerMinute, ...serviceDeps } = deps;
  const chat = new ChatService({ ...serviceDeps, repo: new ChatRepository(db), hub: live });
  registerChatLive(live, chat, deps.presence);
  const { presence } = deps;
  return { chat, plugin: (app) => chatRoutes(app, { chat, presence, messagesPerMinute }) };
}
