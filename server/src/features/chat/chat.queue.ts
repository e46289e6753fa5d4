import type { OperatorQueueItem, WaitingProof } from '@gomeum/contracts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';

const PREVIEW = 120;

/**
 * Everything waiting for Gomeum in one list, oldest first: conversations with a user's message
 * after Gomeum's last answer (waiting since the first of them) and proofs without a reaction
 * (waiting since they were sent).
 */
export async function operatorQueue(
  chat: Pick<ChatService, 'conversations'>,
  repo: Pick<ChatRepository, 'waitingSince' | 'findByIds'>,
  waitingProofs: () => Promise<WaitingProof[]>,
): Promise<OperatorQueueItem[]> {
  const [conversations, proofs] = await Promise.all([chat.conversations(), waitingProofs()]);
  const waiting = await repo.waitingSince(conversations.map((conversation) => conversation.userId));
  const latest = new Map(
    (await repo.findByIds([...waiting.values()].map((entry) => entry.lastId))).map((row) => [row.id, row.content]),
  );
  const items: OperatorQueueItem[] = [
    ...conversations.flatMap((conversation) => {
      const entry = waiting.get(conversation.userId);
      if (!entry) return [];
      return [
        {
          kind: 'chat' as const,
          userId: conversation.userId,
          name: conversation.email ?? conversation.guestId ?? conversation.userId,
          since: entry.since,
          preview: (latest.get(entry.lastId) ?? '').slice(0, PREVIEW),
        },
      ];
    }),
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
