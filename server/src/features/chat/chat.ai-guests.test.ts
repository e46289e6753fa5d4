import { chatHistorySchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { userClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { CHAT_OPERATOR as OPERATOR, guest, send } from '../../test/chat.ts';
import type { TestClient } from '../../test/test-app.ts';

const fake = new FakeAi();
// Each person may have 5 AI answers a minute; the guests of one address 2, together.
const it = appTest(async (after) => ({
  operator: OPERATOR,
  ...(await fake.appConfig('sk-test-guest-farm', after)),
  chatRateLimit: { messages: 100, aiReplies: 5, aiGuestsPerAddress: 2 },
}));

/** The kinds of Gomeum's AI messages in a person's conversation: `message` answered, `unavailable` not. */
async function aiKinds(client: TestClient): Promise<string[]> {
  const history = chatHistorySchema.parse((await client.get('/api/chat/messages')).body);
  return history.messages.filter((message) => message.sender === 'gomeum_ai').map((message) => message.kind);
}

// Every client here comes from one address (127.0.0.1), as a guest farm behind one address does.
describe('AI answers for guests behind one address', () => {
  it.afterEach(async ({ t }) => {
    await t.services.chat.idle();
    fake.reset();
  });

  it('share one budget among that address’s guests, never with a signed-in neighbour', async ({ t }) => {
    const guests = [await guest(t), await guest(t), await guest(t)];
    for (const one of guests) {
      await send(one, 'Hello Gomeum');
      await t.services.chat.idle();
    }
    expect(fake.requests).toHaveLength(2);
    expect(await aiKinds(guests[0] as TestClient)).toEqual(['message']);
    expect(await aiKinds(guests[1] as TestClient)).toEqual(['message']);
    // The third guest's message is kept for the operator, with the notice instead of an answer.
    expect(await aiKinds(guests[2] as TestClient)).toEqual(['unavailable']);

    // A signed-in person on the same Wi-Fi is not one of the guests: their budget is their own.
    const { client: member } = await userClient(t, 'neighbour@example.com');
    await send(member, 'Hello from next door');
    await t.services.chat.idle();
    expect(fake.requests).toHaveLength(3);
    expect(await aiKinds(member)).toEqual(['message']);
  });
});
