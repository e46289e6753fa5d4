import type { OperatorQueueItem, WaitingProof } from '@gomeum/contracts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';

const PREVIEW = 120;

/**
 * Everything waiting for Gomeum in one list, oldest first: conversations whose last message is
 * the user's (waiting since the user's first message after Gomeum's last answer) and proofs
 * without a reaction (waiting since they were sent).
 */
export async function operatorQueue(
  chat: Pick<ChatService, 'conversations'>,
  repo: Pick<ChatRepository, 'waitingSince'>,
  waitingProofs: () => Promise<WaitingProof[]>,
): Promise<OperatorQueueItem[]> {
  const [conversations, proofs] = await Promise.all([chat.conversations(), waitingProofs()]);
  const waiting = conversations.filter(
    (conversation) => conversation.lastMessage.sender === 'user' && conversation.lastMessage.kind === 'message',
  );
  const since = await repo.waitingSince(waiting.map((conversation) => conversation.userId));
  const items: OperatorQueueItem[] = [
    ...waiting.map((conversation) => ({
      kind: 'chat' as const,
      userId: conversation.userId,
      name: conversation.email ?? conversation.guestId ?? conversation.userId,
      since: since.get(conversation.userId) ?? conversation.lastMessage.createdAt,
      preview: conversation.lastMessage.content.slice(0, PREVIEW),
    })),
    ...proofs.map((proof) => ({
      kind: 'proof' as const,
      logId: proof.id,
      userId: proof.user.id,
      name: proof.user.email ?? proof.user.guestId ?? proof.user.id,
      planet: proof.planet,
      since: proof.createdAt,
      preview: (proof.title || proof.content).slice(0, PREVIEW),
    })),
  ];
  return items.sort((a, b) => a.since - b.since);
}
