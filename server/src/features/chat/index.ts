import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { GomeumVoice } from '../companion/index.ts';
import type { Translator } from '../translation/index.ts';
import { ChatDrafts, type ChatDraftsDeps } from './chat.draft.ts';
import { registerChatLive } from './chat.live.ts';
import { ChatInbox, type ChatInboxDeps } from './chat.inbox.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService, type ChatServiceDeps } from './chat.service.ts';

export type { ChatService } from './chat.service.ts';
export type { ChatDrafts } from './chat.draft.ts';
export type { ChatInbox, ProofCursor } from './chat.inbox.ts';
export { userKnowledge, type KnowledgeSources } from './chat.knowledge.ts';

/** What the chat feature is built from: the database, the live channel, and what its service needs. */
export interface ChatDeps extends Omit<ChatServiceDeps, 'repo' | 'hub' | 'voice'> {
  db: Kysely<Database>;
  live: LiveHub;
  /** Gomeum's AI voice: answers while the operator is away, and drafts replies for them. */
  voice: Pick<GomeumVoice, 'speak' | 'configured'>;
  /** Messages per user per minute. */
  messagesPerMinute: number;
  /** Replies drafted per operator per minute. */
  draftsPerMinute: number;
  /** What Gomeum knows of a user, for drafted replies (see `userKnowledge`). */
  knowledge?: ChatDraftsDeps['knowledge'];
  /** A reaction to a proof, drafted for the operator (the tasks feature's). */
  proofPrompt?: ChatDraftsDeps['proofPrompt'];
  /** Keeps the operator's own words as the translation of a reply sent in the user's language. */
  translator?: Pick<Translator, 'remember'>;
  /** Proofs waiting for a reaction, a page at a time, and how the queue lists one (the tasks feature's). */
  proofs?: Pick<ChatInboxDeps, 'waitingProofs' | 'proofItem'>;
}

/**
 * Chat with Gomeum: messages, the welcome and update announcements, the AI's answers (the
 * companion's voice) while the operator is away, both read marks ("Seen"), replies drafted for the
 * operator, and the operator's one queue; its live handlers are registered on the hub here.
 */
export function createChat(deps: ChatDeps): {
  chat: ChatService;
  drafts: ChatDrafts;
  inbox: ChatInbox;
  plugin: FeaturePlugin;
} {
  const { db, live, messagesPerMinute, draftsPerMinute, knowledge, proofs, translator, proofPrompt, ...serviceDeps } =
    deps;
  const repo = new ChatRepository(db);
  const inbox = new ChatInbox({
    db,
    hub: live,
    waitingProofs: proofs?.waitingProofs ?? (() => Promise.resolve({ proofs: [], more: false })),
    proofItem: proofs?.proofItem ?? (() => ({ kind: 'chat', userId: '', name: '', since: 0, preview: '' })),
    onError: deps.onError,
  });
  const chat = new ChatService({ ...serviceDeps, repo, hub: live, inbox });
  const drafts = new ChatDrafts({
    repo,
    users: deps.users,
    voice: deps.voice,
    knowledge,
    proofPrompt,
    perMinute: draftsPerMinute,
    onError: deps.onError,
  });
  registerChatLive(live, chat, drafts);
  return { chat, drafts, inbox, plugin: (app) => chatRoutes(app, { chat, inbox, messagesPerMinute, translator }) };
}
