import type { OperatorQueueItem } from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { ChatService } from './chat.service.ts';

/** Options of the chat routes. */
export interface ChatRoutesOptions {
  chat: ChatService;
  /** Everything waiting for Gomeum, oldest first. */
  queue: () => Promise<OperatorQueueItem[]>;
  /** Messages per user (or, signed out, per address) per minute. */
  messagesPerMinute: number;
}

/** Chat over HTTP: a user's own history and sending; the operator's conversations and replies. */
export async function chatRoutes(app: App, options: ChatRoutesOptions): Promise<void> {
  const { chat } = options;
  // Limits count per user, so many users behind one address do not share one budget.
  const perUser = (max: number) => ({
    config: {
      rateLimit: {
        max,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      },
    },
  });

  addRoute(app, ROUTES.chatMessages, async (request) => chat.history(request.user.id, request.query));

  addRoute(app, ROUTES.sendChatMessage, perUser(options.messagesPerMinute), async (request) => ({
    message: await chat.sendFromUser(request.user, request.body.content, request.body.clientId),
  }));

  addRoute(app, ROUTES.chats, async () => ({ conversations: await chat.conversations() }));

  addRoute(app, ROUTES.chatMessagesOf, async (request) =>
    chat.historyForOperator(request.params.userId, request.query),
  );

  addRoute(app, ROUTES.sendGomeumMessage, perUser(options.messagesPerMinute * 4), async (request) => ({
    message: await chat.sendFromGomeum(request.params.userId, request.body.content, request.body.clientId),
  }));

  addRoute(app, ROUTES.operatorQueue, async () => ({ items: await options.queue() }));

  addRoute(app, ROUTES.markChatRead, async (request) => chat.markRead(request.params.userId, request.body.upTo));
}
