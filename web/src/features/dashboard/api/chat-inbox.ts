import {
  API,
  chatConversationsSchema,
  chatPageSchema,
  chatReadReplySchema,
  type ChatConversation,
  presenceSchema,
  sendChatReplySchema,
} from '@gomeum/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const messagesPath = (userId: string) => API.operatorChatMessages.replace(':userId', encodeURIComponent(userId));
const readPath = (userId: string) => API.operatorChatRead.replace(':userId', encodeURIComponent(userId));
const conversationsKey = ['operator', 'chats'] as const;

/** Every conversation, latest first. */
export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: async () => (await apiRequest('GET', API.operatorChats, chatConversationsSchema)).conversations,
  });
}

/** How many conversations wait for Gomeum: those with a user message the operator has not read. */
export function useUnreadTotal(): number | null {
  const conversations = useConversations();
  return conversations.data?.filter((c) => c.unreadCount > 0).length ?? null;
}

/** How many older messages one scroll back reads. */
const OLDER_PAGE = 200;

/**
 * One user's conversation with Gomeum, oldest first: the newest page, then older pages as the
 * operator scrolls back (`fetchNextPage` while `hasNextPage`), so every message is within reach.
 */
export function useConversation(userId: string) {
  return useInfiniteQuery({
    queryKey: ['operator', 'chats', userId],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiRequest(
        'GET',
        pageParam === null ? messagesPath(userId) : `${messagesPath(userId)}?before=${pageParam}&limit=${OLDER_PAGE}`,
        chatPageSchema,
      ),
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
      apiRequest('POST', messagesPath(userId), sendChatReplySchema, { content, clientId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'chats'] }),
  });
}

/** Marks a conversation read up to a message id; the list's unread count follows at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, upTo }: { userId: string; upTo: number }) =>
      apiRequest('POST', readPath(userId), chatReadReplySchema, { upTo }),
    onSuccess: ({ unreadCount }, { userId }) =>
      queryClient.setQueryData<ChatConversation[]>(conversationsKey, (list) =>
        list?.map((c) => (c.userId === userId ? { ...c, unreadCount } : c)),
      ),
  });
}

/** Whether the operator counts as online (answering) or has switched to away. */
export function usePresence() {
  return useQuery({
    queryKey: ['operator', 'presence'],
    queryFn: () => apiRequest('GET', API.operatorPresence, presenceSchema),
  });
}

/** The away switch. */
export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (away: boolean) => apiRequest('PUT', API.operatorPresence, presenceSchema, { away }),
    onSuccess: (presence) => queryClient.setQueryData(['operator', 'presence'], presence),
  });
}
