import type { ServerEvent } from '@gomeum/contracts';
import { afterAll, describe, expect, vi } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { CHAT_OPERATOR as OPERATOR, guest, listen, operator, send } from '../../test/chat.ts';
import { LiveSockets } from '../../test/live-client.ts';
import { ConversationsRepository } from './conversations.repository.ts';

const it = appTest({ operator: OPERATOR });

/**
 * A conversation's row is read for the live change only where a dashboard may hear it: with no
 * operator's socket open, a message or a read mark costs no read of it; with one, one read each.
 * (Across instances: chat.instances.test.)
 */
describe("the live change of a conversation, read only for an operator's socket", () => {
  let base: string;
  const sockets = new LiveSockets(() => base);
  const reads = vi.spyOn(ConversationsRepository.prototype, 'find');

  it.beforeAll(async ({ t }) => {
    base = await listen(t);
  });
  it.afterEach(async ({ t }) => {
    await sockets.closeAll();
    await t.services.chat.idle();
  });
  afterAll(async () => {
    reads.mockRestore();
  });

  it('reads nothing with no operator connected, and once per change while one is', async ({ t }) => {
    const mia = await guest(t);
    const gomeum = await operator(t);
    reads.mockClear();

    // No operator's socket: messages (and the AI's notices) and a read mark read no row.
    const first = await send(mia, 'Is anyone there?');
    await send(mia, 'Hello?');
    await t.services.chat.idle();
    expect((await gomeum.post(`/api/operator/chats/${first.userId}/read`, { upTo: first.id })).status).toBe(200);
    expect(reads).not.toHaveBeenCalled();

    // A dashboard opens: each change is read once and told to it.
    const dashboard = await sockets.connect(gomeum);
    const third = await send(mia, 'There you are!');
    const change = await dashboard.waitFor(
      (event: ServerEvent) => event.type === 'chat.conversation' && event.conversation?.lastMessage.id === third.id,
    );
    expect(change).toMatchObject({ userId: third.userId, conversation: { unreadCount: 2 } });
    await dashboard.waitFor((event) => event.type === 'operator.queue' && event.key === `chat:${third.userId}`);
    await t.services.chat.idle();
    // The message, and the AI's notice after it (no AI here): two changes, two reads.
    expect(reads).toHaveBeenCalledTimes(2);

    // It closes: nothing is read any more.
    await sockets.closeAll();
    await expect.poll(() => t.services.live.operatorConnections().length).toBe(0);
    reads.mockClear();
    await send(mia, 'Gone again.');
    await t.services.chat.idle();
    expect(reads).not.toHaveBeenCalled();
  });
});
