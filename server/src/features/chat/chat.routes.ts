import {
  API,
  chatConversationsSchema,
  chatPageQuerySchema,
  chatPageSchema,
  chatReadBodySchema,
  chatReadReplySchema,
  chatUserParamsSchema,
  errorBodySchema,
  presenceBodySchema,
  presenceSchema,
  sendChatBodySchema,
  sendChatReplySchema,
} from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import { requireOperator, requireUser, userOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { PresenceService } from './chat.presence.ts';
import type { ChatService } from './chat.service.ts';

/** Options of the chat routes. */
export interface ChatRoutesOptions {
  chat: ChatService;
  presence: PresenceService;
  /** Messages per user (or, signed out, per address) per minute. */
  messagesPerMinute: number;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Chat over HTTP: a user's own history and sending; the operator's conversations, replies and presence. */
export async function chatRoutes(app: App, options: ChatRoutesOptions): Promise<void> {
  const { chat, presence } = options;
  // Limits count per user, so many users behind one address do not share one budget.
  const perUser = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    },
  });

  app.get(
    API.chatMessages,
    { schema: { querystring: chatPageQuerySchema, response: { 200: chatPageSchema, ...errors } } },
    async (request) => chat.history(requireUser(request).id, request.query),
  );

  app.post(
    API.chatMessages,
    {
      onRequest: userOnly,
      schema: { body: sendChatBodySchema, response: { 200: sendChatReplySchema, ...errors } },
      config: perUser(options.messagesPerMinute),
    },
    async (request) => {
      const user = requireUser(request);
      return { message: await chat.sendFromUser(user, request.body.content, request.body.clientId) };
    },
  );

  app.get(API.operatorChats, { schema: { response: { 200: chatConversationsSchema, ...errors } } }, async (request) => {
    requireOperator(request);
    return { conversations: await chat.conversations() };
  });

  app.get(
    API.operatorChatMessages,
    {
      schema: {
        params: chatUserParamsSchema,
        querystring: chatPageQuerySchema,
        response: { 200: chatPageSchema, ...errors },
      },
    },
    async (request) => {
      requireOperator(request);
      return chat.historyForOperator(request.params.userId, request.query);
    },
  );

  app.post(
    API.operatorChatMessages,
    {
      schema: {
        params: chatUserParamsSchema,
        body: sendChatBodySchema,
        response: { 200: sendChatReplySchema, ...errors },
      },
      config: perUser(options.messagesPerMinute * 4),
    },
    async (request) => {
      requireOperator(request);
      return {
        message: await chat.sendFromGomeum(request.params.userId, request.body.content, request.body.clientId),
      };
    },
  );

  app.post(
    API.operatorChatRead,
    {
      schema: {
        params: chatUserParamsSchema,
        body: chatReadBodySchema,
        response: { 200: chatReadReplySchema, ...errors },
      },
    },
    async (request) => {
      requireOperator(request);
      return chat.markRead(request.params.userId, request.body.upTo);
    },
  );

  app.get(API.operatorPresence, { schema: { response: { 200: presenceSchema, ...errors } } }, async (request) => {
    requireOperator(request);
    return presence.status();
  });

  app.put(
    API.operatorPresence,
    { schema: { body: presenceBodySchema, response: { 200: presenceSchema, ...errors } } },
    async (request) => {
      requireOperator(request);
      return presence.setAway(request.body.away);
    },
  );
}
