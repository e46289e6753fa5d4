import { afterAll, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from './app.ts';
import type { RegisteredRoute } from './built-app.ts';
import { ROUTES, type TableRoute } from './lib/route-table.ts';
import { guestClient, userClient } from './test/accounts.ts';
import { appTest } from './test/app-test.ts';
import { PrivateRedis } from './test/private-redis.ts';
import { TestClient } from './test/test-app.ts';

/**
 * One guest spent the budgets of everyone behind its address (proofs, task
 * confirmations, moon answers… were counted per address), so another person on the same Wi-Fi,
 * school network or carrier NAT got 429. A limit counts the person once there is one; only the
 * routes that make or find a person count the address. Both checked on every limited route the
 * server registers, so a route added later is covered by itself.
 */
const SIGN_IN = [ROUTES.register, ROUTES.login, ROUTES.guest];
const key = (route: { method: string; url?: string; path?: string }) => `${route.method} ${route.url ?? route.path}`;
const TABLE = new Map<string, TableRoute>(Object.values(ROUTES).map((route) => [key(route), route]));

/** A URL for the route whose parameters fail validation: the request is counted, then refused, nothing written. */
const invalidUrl = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '~');

/** The signed-in routes with a limit: each is spent by one person and must stay open to another. */
function personRoutes(routes: RegisteredRoute[]) {
  return routes.flatMap((route) => {
    const entry = TABLE.get(key(route));
    return route.limit && entry?.auth === 'user' ? [{ ...route, limit: route.limit, entry }] : [];
  });
}

const it = appTest({ rateLimit: { auth: 5, guest: 1000 }, exportRateLimit: 2 });

describe('rate limits: per person once signed in, per address only before', () => {
  it('counts only sign-in, registration and guest entry per address, and limits every write a signed-in person makes', ({
    t,
  }) => {
    const perAddress = t.routes.filter((route) => route.limit?.per === 'address').map(key);
    expect(perAddress.sort()).toEqual(SIGN_IN.map(key).sort());
    const unlimitedWrites = t.routes
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD' && !route.limit)
      .filter((route) => TABLE.get(key(route))?.auth === 'user')
      .map(key);
    expect(unlimitedWrites, 'signed-in writes without a limit').toEqual([]);
    // The budgets the finding saw one guest spend for everyone behind its address.
    const found = [
      ROUTES.submitProof,
      ROUTES.confirmTask,
      ROUTES.celebration,
      ROUTES.planetSeen,
      ROUTES.setTimeZone,
      ROUTES.answerMoonQuestion,
      ROUTES.pushSubscribe,
      ROUTES.reportVisit,
      ROUTES.diarySeen,
    ].map(key);
    const perPerson = personRoutes(t.routes).map(key);
    expect(found.filter((route) => !perPerson.includes(route))).toEqual([]);
  });

  it("never refuses a person because another on the same address spent the route's budget", async ({ t }) => {
    // Two people behind one address (inject's 127.0.0.1): a guest and an account.
    const spender = (await guestClient(t)).client;
    const neighbour = (await userClient(t, 'neighbour@example.com')).client;
    const wrong: string[] = [];
    for (const route of personRoutes(t.routes)) {
      const url = invalidUrl(route.url);
      const send = (client: TestClient) =>
        client.request(
          route.method as 'POST',
          url,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
      for (let i = 0; i < route.limit.max; i += 1) {
        const { status } = await send(spender);
        if (status === 429) wrong.push(`${key(route)}: refused after ${i} of ${route.limit.max}`);
      }
      const spent = await send(spender);
      if (spent.status !== 429) wrong.push(`${key(route)}: ${spent.status} past the limit`);
      const other = await send(neighbour);
      if (other.status === 429) wrong.push(`${key(route)}: the neighbour was refused`);
    }
    expect(wrong).toEqual([]);
  });

  it('follows the person to another address, and keeps counting addresses before sign-in', async ({ t }) => {
    const { client: atHome } = await guestClient(t);
    const cookie = [...atHome.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const elsewhere = new TestClient(t, { remoteAddress: '198.51.100.20', headers: { cookie } });
    for (let i = 0; i < 10; i += 1) await atHome.request('PUT', '/api/me/time-zone', {});
    expect((await elsewhere.request('PUT', '/api/me/time-zone', {})).status).toBe(429);

    // Five failed sign-ins spend the address's budget, whoever tries next from it.
    const wrongPassword = { email: 'neighbour@example.com', password: 'not-the-password' };
    const from = (remoteAddress: string) => new TestClient(t, { remoteAddress });
    for (let i = 0; i < 5; i += 1)
      expect((await from('203.0.113.9').post('/api/auth/login', wrongPassword)).status).toBe(401);
    expect((await from('203.0.113.9').post('/api/auth/login', wrongPassword)).status).toBe(429);
    expect((await from('203.0.113.10').post('/api/auth/login', wrongPassword)).status).toBe(401);
  });
});

const onRedis = appTest(async (after) => ({ redisUrl: (await PrivateRedis.forApp(after)).url }));

describe('per-person limits across instances (Redis)', () => {
  let two: BuiltApp;

  onRedis.beforeAll(async ({ t: one }) => {
    two = await buildApp({ ...one.config });
  });
  afterAll(async () => {
    await two.app.close();
  });

  onRedis("are one budget per person on every instance, and never another person's", async ({ t: one }) => {
    const { client: spender } = await guestClient(one);
    const { client: neighbour } = await userClient(one, 'other-instance@example.com');
    const onTwo = (client: TestClient) => new TestClient(two, { headers: { cookie: cookieOf(client) } });
    // The time zone's limit is 10 a minute: five here and five on the other instance spend it.
    for (let i = 0; i < 5; i += 1) await spender.request('PUT', '/api/me/time-zone', {});
    for (let i = 0; i < 5; i += 1) await onTwo(spender).request('PUT', '/api/me/time-zone', {});
    expect((await spender.request('PUT', '/api/me/time-zone', {})).status).toBe(429);
    expect((await onTwo(spender).request('PUT', '/api/me/time-zone', {})).status).toBe(429);
    expect((await onTwo(neighbour).request('PUT', '/api/me/time-zone', {})).status).toBe(400);
  });
});

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
