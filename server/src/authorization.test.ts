import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR, guestClient, operatorClient, userClient } from './test/accounts.ts';
import { makeImage } from './test/images.ts';
import { createTestApp, TestClient, type TestApp } from './test/test-app.ts';

/**
 * Who may call each route: `public` (anyone), `user` (anyone signed in, guests and the operator
 * included), `operator`, `owner` (a private file: its owner and the operator; to everyone else
 * it does not exist), or `scraper` (the metrics token or an allowed address only: no account,
 * not even the operator's, counts). Every route the app registers must be here: a route added without saying
 * who may call it fails this test.
 */
type Access = 'public' | 'user' | 'operator' | 'owner' | 'scraper';

const ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'scraper',
  'GET /version.json': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/guest': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/me': 'public',
  'PUT /api/me/locale': 'user',
  'POST /api/visits': 'user',
  'GET /api/files/:folder/:name': 'owner',
  'GET /api/planets/:planetId/task': 'user',
  'PUT /api/planets/:planetId/task': 'user',
  'GET /api/planets/:planetId/logs': 'user',
  'POST /api/planets/:planetId/logs': 'user',
  'GET /api/planets/:planetId/progress': 'user',
  'POST /api/planets/:planetId/celebration': 'user',
  'PUT /api/me/time-zone': 'user',
  'GET /api/planets/:planetId/reminder': 'user',
  'PUT /api/planets/:planetId/reminder': 'user',
  'GET /api/galaxy': 'user',
  'POST /api/planets/:planetId/seen': 'user',
  'DELETE /api/planets/:planetId/logs/:logId': 'user',
  'GET /api/gomeum-logs/:planetId': 'user',
  'GET /api/moon/questions': 'user',
  'POST /api/moon/questions/:id/answer': 'user',
  'GET /api/updates': 'public',
  'GET /api/updates/diary-state': 'user',
  'POST /api/updates/seen': 'user',
  'GET /api/updates/:id': 'public',
  'GET /api/notifications': 'user',
  'GET /api/push/key': 'public',
  'POST /api/push/subscriptions': 'user',
  'DELETE /api/push/subscriptions': 'user',
  'GET /api/live': 'user',
  'GET /api/chat/messages': 'user',
  'POST /api/chat/messages': 'user',
  'PUT /api/operator/users/:userId/tasks/:planetId': 'operator',
  'GET /api/operator/users/:userId/tasks/:planetId': 'operator',
  'GET /api/operator/gomeum-tasks/:planetId': 'operator',
  'PUT /api/operator/gomeum-tasks/:planetId': 'operator',
  'POST /api/operator/gomeum-logs/:planetId': 'operator',
  'PUT /api/operator/gomeum-logs/:planetId/:logId': 'operator',
  'DELETE /api/operator/gomeum-logs/:planetId/:logId': 'operator',
  'GET /api/operator/users': 'operator',
  'GET /api/operator/users/:userId/visits': 'operator',
  'GET /api/operator/overview': 'operator',
  'PUT /api/operator/moon/questions/:id/gomeum-answer': 'operator',
  'GET /api/operator/moon/users/:userId/answers': 'operator',
  'GET /api/operator/moon/questions/:id/answers': 'operator',
  'POST /api/operator/moon/questions': 'operator',
  'POST /api/operator/updates': 'operator',
  'PUT /api/operator/updates/:id': 'operator',
  'DELETE /api/operator/updates/:id': 'operator',
  'PUT /api/operator/updates/:id/image': 'operator',
  'DELETE /api/operator/updates/:id/image': 'operator',
  'GET /api/operator/notifications': 'operator',
  'POST /api/operator/notifications': 'operator',
  'GET /api/operator/chats': 'operator',
  'GET /api/operator/chats/:userId/messages': 'operator',
  'POST /api/operator/chats/:userId/messages': 'operator',
  'POST /api/operator/chats/:userId/read': 'operator',
  'GET /api/operator/presence': 'operator',
  'PUT /api/operator/presence': 'operator',
  'GET /api/operator/proofs/waiting': 'operator',
  'POST /api/operator/proofs/:logId/reaction': 'operator',
  'GET /api/me/export': 'user',
  'POST /api/me/delete': 'user',
  'POST /api/me/guest-merge': 'user',
  'POST /api/me/keep-progress-ask': 'user',
  'GET /api/operator/users/:userId/export': 'operator',
  'DELETE /api/operator/users/:userId': 'operator',
};

// Sign-in routes change who the caller is: they are called on a fresh client each time.
const SIGN_IN = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/guest',
  'POST /api/auth/logout',
]);

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

describe('authorization: every route × every kind of caller', () => {
  let t: TestApp;
  const callers = new Map<Identity, TestClient>();
  let userId = '';
  let privateFile = '';

  beforeAll(async () => {
    t = await createTestApp({ operator: TEST_OPERATOR, metrics: { token: 'authorization-matrix-metrics' } });
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
  afterAll(async () => {
    await t.close();
  });

  const registered = () =>
    t.routes.filter((route) => route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);

  it('knows who may call every registered route', () => {
    const missing = registered().filter((route) => !(route in ACCESS));
    expect(missing, 'routes without an entry in ACCESS').toEqual([]);
    const gone = Object.keys(ACCESS).filter((route) => !registered().includes(route));
    expect(gone, 'entries for routes that no longer exist').toEqual([]);
  });

  it('answers each caller as its access says, and never with a 5xx', async () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const route of registered()) {
      const access = ACCESS[route];
      if (!access) continue;
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
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
    console.log(
      `authorization matrix: ${registered().length} routes × ${IDENTITIES.length} callers, ${checked} requests`,
    );
    expect(wrong).toEqual([]);
  });
});
