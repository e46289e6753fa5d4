import type { ChatConversation } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

const conversationsKey = chatKeys.conversations;

/** Every conversation, latest first. */
export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: async () => (await api(operatorRoutes.chats)).conversations,
  });
}

/** How many conversations wait for Gomeum: those with a user message the operator has not read. */
export function useUnreadTotal(): number | null {
  const conversations = useConversations();
  return conversations.data?.filter((c) => c.unreadCount > 0).length ?? null;
}

/**
 * Reads the conversation list again (its counts: a message arrived or was read), for the
 * dashboard while the inbox is not on screen (the inbox keeps its own list fresh).
 */
export function useRefreshConversations() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
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
    mutationFn: ({ content, clientId }: { content: string; clientId: string }) =>
      api(operatorRoutes.sendGomeumMessage, { params: { userId }, body: { content, clientId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}

/** Marks a conversation read up to a message id; the list's unread count follows at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, upTo }: { userId: string; upTo: number }) =>
      api(operatorRoutes.markChatRead, { params: { userId }, body: { upTo } }),
    onSuccess: ({ unreadCount }, { userId }) =>
      queryClient.setQueryData<ChatConversation[]>(conversationsKey, (list) =>
        list?.map((c) => (c.userId === userId ? { ...c, unreadCount } : c)),
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
