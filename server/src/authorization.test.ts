import type { Access } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { ROUTES, type TableRoute } from './lib/route-table.ts';
import { TEST_OPERATOR, guestClient, operatorClient, userClient } from './test/accounts.ts';
import { appTest } from './test/app-test.ts';
import { makeImage } from './test/images.ts';
import { TestClient, type TestApp } from './test/test-app.ts';

/**
 * Who may call each route is declared once, in the route table (`auth`, see lib/route-table.ts):
 * `public` (anyone), `user` (anyone signed in, guests and the operator included), `operator`,
 * `owner` (a private file: its owner and the operator; to everyone else it does not exist), or
 * `scraper` (the metrics token or an allowed address only: no account, not even the operator's,
 * counts). This test asks the running server, for every entry and every kind of caller, whether
 * it enforces what the entry declares, and that it registers no route the table does not have.
 */
const TABLE: TableRoute[] = Object.values(ROUTES);
const key = (method: string, path: string) => `${method} ${path}`;
const ACCESS = new Map<string, Access>(TABLE.map((route) => [key(route.method, route.path), route.auth]));

// The web app's files and pages exist only with a web build, which the test app has not.
const needsWebBuild = (route: TableRoute) => route.kind === 'page';

// Sign-in routes change who the caller is: they are called on a fresh client each time.
const SIGN_IN = new Set([ROUTES.register, ROUTES.login, ROUTES.guest, ROUTES.logout].map((r) => key(r.method, r.path)));

type Identity = 'anonymous' | 'signed out' | 'guest' | 'user' | 'other user' | 'operator';
const IDENTITIES: Identity[] = ['anonymous', 'signed out', 'guest', 'user', 'other user', 'operator'];

/** What a caller may get: `allowed` (anything but 401/403, never 5xx) or one exact refusal. */
function expected(access: Access, who: Identity): 'allowed' | 401 | 403 | 404 {
  const signedIn = who !== 'anonymous' && who !== 'signed out';
  switch (access) {
    case 'public':
      return 'allowed';
    case 'user':
      return signedIn ? 'allowed' : 401;
    case 'operator':
      return !signedIn ? 401 : who === 'operator' ? 'allowed' : 403;
    case 'owner':
      return who === 'user' || who === 'operator' ? 'allowed' : 404;
    case 'scraper':
      return 403;
  }
}

const it = appTest({ operator: TEST_OPERATOR, metrics: { token: 'authorization-matrix-metrics' } });

describe('authorization: every route × every kind of caller', () => {
  const callers = new Map<Identity, TestClient>();
  let userId = '';
  let privateFile = '';

  it.beforeAll(async ({ t }) => {
    const user = await userClient(t, 'owner@example.com');
    userId = user.id;
    callers.set('anonymous', new TestClient(t));
    const signedOut = (await userClient(t, 'left@example.com')).client;
    expect((await signedOut.post('/api/auth/logout')).status).toBe(200);
    // The browser still sends its old cookie: it must be worth nothing.
    signedOut.cookies.set('gomeum_session', 'a-session-that-ended');
    callers.set('signed out', signedOut);
    callers.set('guest', (await guestClient(t)).client);
    callers.set('user', user.client);
    callers.set('other user', (await userClient(t, 'other@example.com')).client);
    callers.set('operator', await operatorClient(t));

    // The user's private proof image: the resource another user must not reach.
    await user.client.request('PUT', '/api/planets/music/task', { description: 'Scales', reward: 'Tea' });
    const proof = await user.client.postForm(
      '/api/planets/music/logs',
      { date: '2026-11-23', title: 'One', content: 'Done' },
      [{ field: 'image', name: 'proof.png', type: 'image/png', bytes: await makeImage('png') }],
    );
    privateFile = (proof.body as { log: { imageUrl: string } }).log.imageUrl;
  });

  const registered = (t: TestApp) =>
    t.routes.filter((route) => route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);

  it('registers every route of the table, and no route that is not in it', ({ t }) => {
    const missing = registered(t).filter((route) => !ACCESS.has(route));
    expect(missing, 'registered routes that are not in the route table').toEqual([]);
    const unregistered = TABLE.filter((route) => !needsWebBuild(route))
      .map((route) => key(route.method, route.path))
      .filter((route) => !registered(t).includes(route));
    expect(unregistered, 'table entries the server does not register').toEqual([]);
  });

  it('answers each caller as its access says, and never with a 5xx', async ({ t }) => {
    let checked = 0;
    const wrong: string[] = [];
    const entries = TABLE.filter((entry) => !needsWebBuild(entry));
    for (const { method, path: pattern, auth: access } of entries) {
      const route = key(method, pattern);
      const url =
        access === 'owner'
          ? privateFile
          : pattern
              .replace(':userId', userId)
              .replace(':planetId', 'music')
              .replace(/:[A-Za-z]+/g, 'x');
      for (const who of IDENTITIES) {
        if (SIGN_IN.has(route) && who !== 'anonymous') continue;
        const caller = SIGN_IN.has(route) ? new TestClient(t) : (callers.get(who) as TestClient);
        const { status } = await caller.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        const want = expected(access, who);
        const ok = want === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === want;
        if (!ok) wrong.push(`${route} as ${who}: ${status}, expected ${want}`);
        checked += 1;
      }
    }
    console.log(`authorization matrix: ${entries.length} routes × ${IDENTITIES.length} callers, ${checked} requests`);
    expect(wrong).toEqual([]);
  });

  // What one caller held that another could take, beyond the matrix's own route checks.
  it("lets no one take another user's push endpoint (item 4)", async ({ t }) => {
    const owner = callers.get('user') as TestClient;
    const endpoint = 'https://fcm.googleapis.com/fcm/send/authorization-matrix-device';
    const keys = { p256dh: 'owner-p256dh', auth: 'owner-auth' };
    expect((await owner.post('/api/push/subscriptions', { endpoint, keys })).status).toBe(200);
    for (const who of ['guest', 'other user', 'operator'] as const) {
      const taken = await (callers.get(who) as TestClient).post('/api/push/subscriptions', {
        endpoint,
        keys: { p256dh: `${who}-p256dh`, auth: `${who}-auth` },
      });
      expect(taken.status, who).toBe(400);
    }
    const row = await t.database.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    expect(row?.user_id).toBe(userId);
  });

  it('lets no copy of a guest cookie become the account the guest registers (item 1)', async ({ t }) => {
    const { client: guest, id: guestId } = await guestClient(t);
    const copy = new TestClient(t);
    copy.cookies.set('gomeum_guest', guest.cookies.get('gomeum_guest') ?? '');
    expect(((await copy.post('/api/auth/guest')).body as { user: { id: string } }).user.id).toBe(guestId);
    expect(
      (await guest.post('/api/auth/register', { email: 'was-a-guest@example.com', password: 'purr-purr-1' })).status,
    ).toBe(200);
    expect((await copy.get('/api/me')).body).toBeNull();
    expect((await copy.get('/api/me/export')).status).toBe(401);
    expect(((await copy.post('/api/auth/guest')).body as { user: { id: string } }).user.id).not.toBe(guestId);
  });
});
