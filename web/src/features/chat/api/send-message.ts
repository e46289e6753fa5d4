import type { ChatMessage, ErrorCode } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useEffect, useState } from 'react';
import { ApiError, api, isTransient } from '../../../lib/api-client.ts';
import type { ConversationAction } from '../model/conversation.ts';

/**
 * Sends a chat message; the reply is the stored message (the server's confirmation). Sending the
 * same `clientId` again returns the message stored the first time, never a second copy.
 */
export async function sendMessage(content: string, clientId: string): Promise<ChatMessage> {
  return (await api(routes.sendChatMessage, { body: { content, clientId } })).message;
}

/** Waits before each automatic retry of a send that failed for a passing reason. */
const RETRY_DELAYS_MS = [1_000, 3_000, 7_000];

/**
 * Sends the user's messages with their client ids: a send that fails for a passing reason (the
 * network, a server briefly away) is tried again by itself a few times, then waits for the user's
 * Retry (or the live connection coming back). Every outcome goes to the conversation's reducer.
 */
export class ChatSender {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly dispatch: (action: ConversationAction) => void) {}

  /** Sends a new message. */
  send(clientId: string, content: string): void {
    this.dispatch({ type: 'pending', clientId, content });
    this.attempt(clientId, content, 0);
  }

  /** Sends a failed message again, under the same client id. */
  retry(clientId: string, content: string): void {
    if (this.timers.has(clientId)) return;
    this.dispatch({ type: 'retrying', clientId });
    this.attempt(clientId, content, 0);
  }

  /** Stops the automatic retries (the conversation is gone). */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private attempt(clientId: string, content: string, tries: number): void {
    this.timers.delete(clientId);
    sendMessage(content, clientId).then(
      (message) => this.dispatch({ type: 'settled', clientId, message }),
      (error: unknown) => {
        const delay = RETRY_DELAYS_MS[tries];
        if (isTransient(error) && delay !== undefined) {
          this.timers.set(
            clientId,
            setTimeout(() => this.attempt(clientId, content, tries + 1), delay),
          );
          return;
        }
        const code: ErrorCode = error instanceof ApiError ? error.code : 'errors.server';
        this.dispatch({ type: 'failed', clientId, error: code });
      },
    );
  }
}

/** One ChatSender for the conversation's lifetime. */
export function useChatSender(dispatch: (action: ConversationAction) => void): ChatSender {
  const [sender] = useState(() => new ChatSender(dispatch));
  useEffect(() => () => sender.dispose(), [sender]);
  return sender;
}
