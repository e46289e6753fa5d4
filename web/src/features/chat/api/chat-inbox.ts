import type { ChatConversation, Language } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import {
  applyConversation,
  withMessage,
  withoutUser,
  type ConversationPages,
  type MessagePages,
} from './inbox-changes.ts';
import { chatKeys } from './keys.ts';

const conversationsKey = chatKeys.conversations;

/**
 * Applies a live change to what the cache holds under `key`. A read of it under way may have been
 * answered before the change was stored, and its answer would replace the change: that read is
 * cancelled and the data read again instead, now that the change is stored.
 */
function applyLive<T>(queryClient: QueryClient, key: QueryKey, update: (data: T | undefined) => T | undefined) {
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.invalidateQueries({ queryKey: key }));
  } else {
    queryClient.setQueryData<T>(key, update);
  }
}

/**
 * Keeps the conversation list and the conversations read so far up to date from the live channel:
 * each change applied to what the cache holds (a conversation's new row, a message added to its
 * conversation, a user gone), and everything read again only when the connection (re)opens.
 * Idempotent: every component reading the list runs it, so it works wherever the list is shown.
 */
function useConversationChanges() {
  const queryClient = useQueryClient();
  useLiveEvent('chat.conversation', (change) => {
    applyLive<ConversationPages>(queryClient, conversationsKey, (data) => applyConversation(data, change));
  });
  useLiveEvent('chat.message', ({ message }) => {
    applyLive<MessagePages>(queryClient, chatKeys.conversation(message.userId), (data) => withMessage(data, message));
  });
  // The user read Gomeum's replies: the conversation's "Read" follows at once.
  useLiveEvent('chat.user_read', ({ userId, readId }) => {
    applyLive<ConversationPages>(queryClient, conversationsKey, (data) =>
      updateConversations(data, (c) =>
        c.userId === userId ? { ...c, userReadId: Math.max(c.userReadId ?? 0, readId) } : c,
      ),
    );
  });
  useLiveEvent('operator.user_removed', ({ userId }) => {
    applyLive<ConversationPages>(queryClient, conversationsKey, (data) => withoutUser(data, userId));
  });
  // On every (re)connect, and when told to resync after the server's bus was down: messages may
  // have arrived while this dashboard could not hear them.
  useLiveOpen(() => {
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  });
}

/**
 * The conversations, latest first, a page at a time (`fetchNextPage` while `hasNextPage`), kept
 * up to date live (see `useConversationChanges`).
 */
export function useConversations() {
  useConversationChanges();
  return useInfiniteQuery({
    queryKey: conversationsKey,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      api(operatorRoutes.chats, { query: pageParam === undefined ? {} : { before: pageParam } }),
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => ({
      items: data.pages.flatMap((page) => page.conversations),
      unreadTotal: data.pages[0]?.unreadTotal ?? 0,
    }),
  });
}

/** How many conversations wait for Gomeum: those with a user message the operator has not read. */
export function useUnreadTotal(): number | null {
  const conversations = useConversations();
  return conversations.data?.unreadTotal ?? null;
}

/** The conversation list with `update` applied to each conversation it holds. */
export function updateConversations(
  data: ConversationPages | undefined,
  update: (conversation: ChatConversation) => ChatConversation,
): ConversationPages | undefined {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.map(update) })),
    }
  );
}

/** How many older messages one scroll back reads. */
const OLDER_PAGE = 200;

/**
 * One user's conversation with Gomeum, oldest first: the newest page, then older pages as the
 * operator scrolls back (`fetchNextPage` while `hasNextPage`), so every message is within reach.
 */
export function useConversation(userId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversation(userId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      api(operatorRoutes.chatMessagesOf, {
        params: { userId },
        query: pageParam === null ? {} : { before: pageParam, limit: OLDER_PAGE },
      }),
    // Each further page is older than the oldest message so far.
    getNextPageParam: (last) => (last.more ? (last.messages[0]?.id ?? null) : null),
    select: (data) => data.pages.toReversed().flatMap((page) => page.messages),
  });
}

/**
 * Gomeum (the operator) writes to a user. The caller keeps one `clientId` per reply until it is
 * stored, so sending it again after an error never stores it twice.
 */
export function useSendAsGomeum(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; clientId: string; original?: { text: string; language: Language } }) =>
      api(operatorRoutes.sendGomeumMessage, { params: { userId }, body }),
    // The reply joins the conversation at once (its live echo, and the list's change, follow).
    onSuccess: ({ message }) =>
      queryClient.setQueryData<MessagePages>(chatKeys.conversation(userId), (data) => withMessage(data, message)),
  });
}

/** Marks a conversation read up to a message id; the list's unread count follows at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, upTo }: { userId: string; upTo: number }) =>
      api(operatorRoutes.markChatRead, { params: { userId }, body: { upTo } }),
    onSuccess: ({ unreadCount }, { userId }) =>
      queryClient.setQueryData<ConversationPages>(conversationsKey, (data) =>
        updateConversations(data, (c) => (c.userId === userId ? { ...c, unreadCount } : c)),
      ),
  });
}

/** Whether the operator counts as online (answering) or has switched to away. */
export function usePresence() {
  return useQuery({
    queryKey: chatKeys.presence,
    queryFn: () => api(operatorRoutes.presence),
  });
}

/** The away switch. */
export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (away: boolean) => api(operatorRoutes.setPresence, { body: { away } }),
    onSuccess: (presence) => queryClient.setQueryData(chatKeys.presence, presence),
  });
}
