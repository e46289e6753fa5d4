import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { appTest, type NewApp } from '../test/app-test.ts';
import { guest, listen } from '../test/chat.ts';
import { LiveTestClient } from '../test/live-client.ts';
import { PrivateRedis } from '../test/private-redis.ts';

let redis: PrivateRedis;
const limits = { rateLimit: { auth: 2, guest: 1000 } };
/** The first deployment's first instance, on a Redis of the file's own. */
const it = appTest(async (after) => {
  redis = await PrivateRedis.forApp(after);
  return { ...limits, redisUrl: redis.url, redisPrefix: 'one:' };
});

describe('REDIS_PREFIX', () => {
  it("is 'gomeum:' unless set, and refuses what a Redis key pattern would read as more", () => {
    expect(loadConfig({}).redisPrefix).toBe('gomeum:');
    expect(loadConfig({ REDIS_PREFIX: 'staging:gomeum:' }).redisPrefix).toBe('staging:gomeum:');
    for (const bad of ['has space', 'star*', 'x'.repeat(65)]) {
      expect(() => loadConfig({ REDIS_PREFIX: bad }), bad).toThrow(/REDIS_PREFIX/);
    }
  });
});

/**
 * Two deployments on one Redis (REDIS_PREFIX): each counts its own limits and hears its own live
 * events, while the instances of one deployment share both.
 */
describe('deployments sharing one Redis under prefixes of their own', () => {
  let oneAgain: BuiltApp;
  const sockets: LiveTestClient[] = [];

  it.beforeAll(async ({ t: one }) => {
    oneAgain = await buildApp({ ...one.config });
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(async () => {
    await oneAgain.app.close();
  });

  /** The other deployment, on the same Redis under a prefix of its own. */
  const otherDeployment = (newApp: NewApp) => newApp({ ...limits, redisUrl: redis.url, redisPrefix: 'two:' });

  const failedLogin = async (app: { app: BuiltApp['app'] }) =>
    (
      await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'not-the-password' },
      })
    ).statusCode;

  it('count rate limits per deployment: shared by its instances, apart from the other', async ({ t: one, newApp }) => {
    const two = await otherDeployment(newApp);
    expect([await failedLogin(one), await failedLogin(oneAgain)]).toEqual([401, 401]);
    // The deployment's two instances counted together: its limit of 2 is spent on both.
    expect([await failedLogin(one), await failedLogin(oneAgain)]).toEqual([429, 429]);
    // The other deployment, on the same Redis, has counted nothing.
    expect(await failedLogin(two)).toBe(401);

    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => !key.startsWith('one:') && !key.startsWith('two:'))).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('deliver live events to their own instances only', async ({ t: one, newApp }) => {
    const two = await otherDeployment(newApp);
    const [urlAgain, urlTwo] = [await listen({ app: oneAgain.app }), await listen(two)];
    const onAgain = await LiveTestClient.connect(urlAgain, await guest(one));
    const onTwo = await LiveTestClient.connect(urlTwo, await guest(two));
    sockets.push(onAgain, onTwo);

    // Events no socket gets on connecting (that presence says online false, away false).
    const fromOne = { type: 'presence.changed', online: true, away: true } as const;
    const markerOfTwo = { type: 'presence.changed', online: false, away: true } as const;
    const is = (wanted: object) => (event: object) => JSON.stringify(event) === JSON.stringify(wanted);

    one.services.live.publishToAll(fromOne);
    // The other instance of the deployment hears it, through Redis…
    await onAgain.waitFor(is(fromOne));
    // …and only then does the other deployment publish a marker: had it subscribed to the first
    // one's channel, the first event would have reached it before its own marker.
    two.services.live.publishToAll(markerOfTwo);
    await onTwo.waitFor(is(markerOfTwo));
    expect(onTwo.events.filter(is(fromOne))).toEqual([]);
  });
});
