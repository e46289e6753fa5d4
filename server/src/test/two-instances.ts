import type { FakeAi } from '../../../scripts/fake-ai.mjs';
import type { AfterApp } from './app-test.ts';
import { CHAT_OPERATOR } from './chat.ts';
import { PrivateRedis } from './private-redis.ts';

/**
 * Instance A of a two-instance chat test: the operator, `fake` as its AI (answers never cut short
 * by the AI's timeout on a busy machine, only by what the test does), a Redis of its own for the
 * live bus, and chat limits the tests stay within. Instance B is built from its config.
 */
export async function instanceWithAi(fake: FakeAi, apiKey: string, after: AfterApp) {
  const ai = await fake.appConfig(apiKey, after);
  ai.ai.timeoutMs = 60_000;
  return {
    operator: CHAT_OPERATOR,
    ...ai,
    redisUrl: (await PrivateRedis.forApp(after)).url,
    chatRateLimit: { messages: 100, aiReplies: 10, aiDrafts: 2 },
  };
}
