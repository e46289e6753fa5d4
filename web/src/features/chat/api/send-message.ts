import { API, sendChatReplySchema, type ChatMessage } from '@gomeum/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sends a chat message; the reply is the stored message (the server's confirmation). */
export async function sendMessage(content: string): Promise<ChatMessage> {
  return (await apiRequest('POST', API.chatMessages, sendChatReplySchema, { content })).message;
}

/** Mutation hook for sending a chat message. */
export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
