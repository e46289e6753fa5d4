import { addressKey, perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { Translator } from '../translation/index.ts';
import type { ChatInbox } from './chat.inbox.ts';
import type { ChatService } from './chat.service.ts';

/** Options of the chat routes. */
export interface ChatRoutesOptions {
  chat: ChatService;
  /** The conversations and everything waiting for Gomeum, a page at a time. */
  inbox: ChatInbox;
  /** Messages per person per minute. */
  messagesPerMinute: number;
  /** Keeps the operator's own words of a reply translated for the user (its translation back). */
  translator?: Pick<Translator, 'remember'> | undefined;
}

/** Chat over HTTP: a user's own history and sending; the operator's conversations and replies. */
export async function chatRoutes(app: App, options: ChatRoutesOptions): Promise<void> {
  const { chat } = options;
  addRoute(app, ROUTES.chatMessages, async (request) => chat.history(request.user, request.query));

  addRoute(app, ROUTES.sendChatMessage, perPerson(options.messagesPerMinute), async (request) => ({
    message: await chat.sendFromUser(
      request.user,
      request.body.content,
      request.body.clientId,
      request.user.isGuest ? addressKey(request.ip) : undefined,
    ),
  }));

  addRoute(app, ROUTES.chats, async (request) => options.inbox.page(request.query));

  addRoute(app, ROUTES.chatMessagesOf, async (request) =>
    chat.historyForOperator(request.user, request.params.userId, request.query),
  );

  addRoute(app, ROUTES.sendGomeumMessage, perPerson(options.messagesPerMinute * 4), async (request) => {
    const { content, clientId, original } = request.body;
    // Kept before the message goes out, so the operator's dashboard finds their words at once.
    if (original) await options.translator?.remember(content, original.language, original.text);
    return { message: await chat.sendFromGomeum(request.params.userId, content, clientId) };
  });

  addRoute(app, ROUTES.operatorQueue, async (request) => options.inbox.queue(request.query));

  addRoute(app, ROUTES.markChatRead, async (request) => chat.markRead(request.params.userId, request.body.upTo));
}
