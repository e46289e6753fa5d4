import type { Kysely } from 'kysely';
import type { WaitingProof } from '@gomeum/contracts';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { GomeumVoice } from '../companion/index.ts';
import { ChatDrafts, type ChatDraftsDeps } from './chat.draft.ts';
import { registerChatLive } from './chat.live.ts';
import { operatorQueue } from './chat.queue.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService, type ChatServiceDeps } from './chat.service.ts';

export type { ChatService } from './chat.service.ts';
export type { ChatDrafts } from './chat.draft.ts';
export { userKnowledge, type KnowledgeSources } from './chat.knowledge.ts';

/** What the chat feature is built from: the database, the live channel, and what its service needs. */
export interface ChatDeps extends Omit<ChatServiceDeps, 'repo' | 'hub' | 'voice'> {
  db: Kysely<Database>;
  live: LiveHub;
  /** Gomeum's AI voice: answers while the operator is away, and drafts replies for them. */
  voice: Pick<GomeumVoice, 'speak' | 'configured'>;
  /** Messages per user per minute. */
  messagesPerMinute: number;
  /** Replies drafted per operator per minute (20 when absent). */
  draftsPerMinute?: number | undefined;
  /** What Gomeum knows of a user, for drafted replies (see `userKnowledge`). */
  knowledge?: ChatDraftsDeps['knowledge'];
  /** Proofs waiting for a reaction (the tasks feature's), for the operator's one queue. */
  waitingProofs?: () => Promise<WaitingProof[]>;
}

/**
 * Chat with Gomeum: messages, the welcome and update announcements, the AI's answers (the
 * companion's voice) while the operator is away, both read marks ("Seen"), replies drafted for the
 * operator, and the operator's one queue; its live handlers are registered on the hub here.
 */
export function createChat(deps: ChatDeps): { chat: ChatService; drafts: ChatDrafts; plugin: FeaturePlugin } {
  const { db, live, messagesPerMinute, draftsPerMinute, knowledge, waitingProofs, ...serviceDeps } = deps;
  const repo = new ChatRepository(db);
  const chat = new ChatService({ ...serviceDeps, repo, hub: live });
  const drafts = new ChatDrafts({
    repo,
    users: deps.users,
    voice: deps.voice,
    knowledge,
    perMinute: draftsPerMinute ?? 20,
    onError: deps.onError,
  });
  registerChatLive(live, chat, drafts);
  const queue = () => operatorQueue(chat, repo, waitingProofs ?? (() => Promise.resolve([])));
  return { chat, drafts, plugin: (app) => chatRoutes(app, { chat, queue, messagesPerMinute }) };
}
