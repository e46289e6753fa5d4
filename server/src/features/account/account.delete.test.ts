import { afterAll, describe, expect } from 'vitest';
import { LIVE_CLOSE } from '@gomeum/contracts';
import { buildApp, type BuiltApp } from '../../app.ts';
import { TEST_OPERATOR, guestClient, userClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { PrivateRedis } from '../../test/private-redis.ts';
import { TestClient } from '../../test/test-app.ts';
import { fillUserData, storedFiles, whereValueAppears } from '../../test/user-data.ts';

/** The same browser (its cookies) talking to another instance. */
function sameBrowserOn(built: BuiltApp, client: TestClient): TestClient {
  const other = new TestClient(built);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

const fileKey = (url: string) => url.replace('/api/files/', '');

// Two instances on one database and one Redis: a deletion on one closes sockets on the other.
let redis: PrivateRedis;
const it = appTest(async (after) => {
  redis = await PrivateRedis.start();
  after(() => redis.down());
  return { operator: TEST_OPERATOR, redisUrl: redis.url };
});

describe('deleting an account', () => {
  let second: BuiltApp;
  let urlB: string;
  const sockets: LiveTestClient[] = [];

  it.beforeAll(async ({ t }) => {
    second = await buildApp({ ...t.config, redisUrl: redis.url });
    urlB = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await second.app.close();
  });

  const connect = async (url: string, client: TestClient) => {
    const socket = await LiveTestClient.connect(url, client);
    sockets.push(socket);
    return socket;
  };

  it('removes every row and file of the user, ends their sessions and sockets on every instance, and frees the email', async ({
    t,
    url: urlA,
    operator,
  }) => {
    const victim = await userClient(t, 'leaving@example.com');
    const other = await userClient(t, 'staying@example.com');
    const victimData = await fillUserData(t, victim.client, 'victim', { client: operator, userId: victim.id });
    const otherData = await fillUserData(t, other.client, 'other', { client: operator, userId: other.id });
    // A second browser of the victim, and open tabs on both instances.
    const laptop = new TestClient(t);
    expect(
      (await laptop.post('/api/auth/login', { email: 'leaving@example.com', password: 'user-password-1' })).status,
    ).toBe(200);
    const tabOnA = await connect(urlA, victim.client);
    const tabOnB = await connect(urlB, sameBrowserOn(second, laptop));
    const otherTab = await connect(urlB, sameBrowserOn(second, other.client));
    // The chat's first sync stores the welcome (and the user's chat flags).
    await tabOnA.sync(null);
    await otherTab.sync(null);

    const otherBefore = await whereValueAppears(t.database, other.id);
    const victimBefore = await whereValueAppears(t.database, victim.id);
    // The fill reached every table that holds a user's rows.
    expect([...victimBefore.keys()].sort()).toEqual(
      [
        'chat_conversations.user_id',
        'chat_messages.user_id',
        'chat_reads.user_id',
        'files.owner_id',
        'moon_answers.user_id',
        'page_visits.user_id',
        'proof_reactions.user_id',
        'push_subscriptions.user_id',
        'sessions.user_id',
        'task_logs.user_id',
        'task_reminders.user_id',
        'user_meta.user_id',
        'user_tasks.user_id',
        'users.id',
      ].sort(),
    );
    const victimFiles = (
      await t.database.db.selectFrom('files').select('key').where('owner_id', '=', victim.id).execute()
    ).map((file) => file.key);
    expect(victimFiles).toContain(fileKey(victimData.proofUrl));
    expect(storedFiles(t)).toContain(fileKey(victimData.proofUrl));

    // Wrong or missing password: refused as a failed sign-in is (401, register.error_failed), nothing goes.
    for (const body of [{ confirm: 'delete' }, { confirm: 'delete', password: 'not-the-password' }]) {
      const refused = await victim.client.post('/api/me/delete', body);
      expect(refused.status).toBe(401);
    }
    expect((await victim.client.post('/api/me/delete', { password: 'user-password-1' })).status).toBe(400);
    expect(await whereValueAppears(t.database, victim.id)).toEqual(victimBefore);

    const deleted = await victim.client.post('/api/me/delete', { confirm: 'delete', password: 'user-password-1' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ ok: true, files: victimFiles.length });
    expect((deleted.body as { rows: number }).rows).toBeGreaterThanOrEqual(
      [...victimBefore.values()].reduce((sum, n) => sum + n, 0),
    );

    // Both tabs, on both instances, are closed as unauthorized at once; the other user's stays open.
    expect(await tabOnA.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(await tabOnB.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(otherTab.socket.readyState).toBe(otherTab.socket.OPEN);

    // No table holds the user's id (or email), whatever tables there are; no file of theirs is stored.
    expect(await whereValueAppears(t.database, victim.id)).toEqual(new Map());
    expect(await whereValueAppears(t.database, 'leaving@example.com')).toEqual(new Map());
    const left = storedFiles(t);
    for (const key of victimFiles) {
      expect(left).not.toContain(key);
      expect(left).not.toContain(`${key}.type`);
    }
    // Neither browser is signed in any more.
    expect((await victim.client.get('/api/me')).body).toBeNull();
    expect((await laptop.get('/api/me')).body).toBeNull();

    // The other user's data is untouched.
    expect(await whereValueAppears(t.database, other.id)).toEqual(otherBefore);
    const otherImage = await other.client.get(otherData.proofUrl);
    expect(otherImage.status).toBe(200);
    expect(storedFiles(t)).toContain(fileKey(otherData.proofUrl));

    // The email can register again: a new, empty account.
    const again = await new TestClient(t).post('/api/auth/register', {
      email: 'leaving@example.com',
      password: 'user-password-2',
    });
    expect(again.status).toBe(200);
    expect((again.body as { user: { id: string } }).user.id).not.toBe(victim.id);
  });

  it('lets a guest delete theirs with the confirmation only, and forgets the guest in that browser', async ({ t }) => {
    const guest = await guestClient(t);
    await fillUserData(t, guest.client, 'guest');
    expect(guest.client.cookies.has('gomeum_guest')).toBe(true);
    const tab = await connect(urlB, sameBrowserOn(second, guest.client));
    expect((await guest.client.post('/api/me/delete', {})).status).toBe(400);

    const deleted = await guest.client.post('/api/me/delete', { confirm: 'delete' });
    expect(deleted.status).toBe(200);
    expect(await tab.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(await whereValueAppears(t.database, guest.id)).toEqual(new Map());
    expect(guest.client.cookies.has('gomeum_session')).toBe(false);
    expect(guest.client.cookies.has('gomeum_guest')).toBe(false);
    // Entering as a guest again in that browser makes a new guest.
    const again = await guest.client.post('/api/auth/guest');
    expect((again.body as { user: { id: string } }).user.id).not.toBe(guest.id);
  });

  it('lets the operator delete a user from the dashboard, naming the user twice; never an operator', async ({
    t,
    url: urlA,
    operator,
  }) => {
    const user = await userClient(t, 'removed-by-gomeum@example.com');
    const userData = await fillUserData(t, user.client, 'removed', { client: operator, userId: user.id });
    const tab = await connect(urlA, user.client);
    const operatorId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', TEST_OPERATOR.email)
        .executeTakeFirstOrThrow()
    ).id;

    // A user cannot; a mismatched confirmation deletes no one; an operator is not deleted.
    expect(
      (await user.client.request('DELETE', `/api/operator/users/${user.id}`, { confirmUserId: user.id })).status,
    ).toBe(403);
    expect(
      (await operator.request('DELETE', `/api/operator/users/${user.id}`, { confirmUserId: 'someone-else' })).status,
    ).toBe(400);
    expect(
      (await operator.request('DELETE', `/api/operator/users/${operatorId}`, { confirmUserId: operatorId })).status,
    ).toBe(403);
    expect(
      (await operator.post('/api/me/delete', { confirm: 'delete', password: TEST_OPERATOR.password })).status,
    ).toBe(403);
    expect((await operator.request('DELETE', '/api/operator/users/nobody', { confirmUserId: 'nobody' })).status).toBe(
      404,
    );
    expect((await whereValueAppears(t.database, user.id)).size).toBeGreaterThan(0);

    const deleted = await operator.request('DELETE', `/api/operator/users/${user.id}`, { confirmUserId: user.id });
    expect(deleted.status).toBe(200);
    expect(await tab.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(await whereValueAppears(t.database, user.id)).toEqual(new Map());
    expect(storedFiles(t)).not.toContain(fileKey(userData.proofUrl));
    expect((await user.client.get('/api/me')).body).toBeNull();
    // The operator is still signed in and still the operator.
    expect((await operator.get('/api/me')).body).toMatchObject({ role: 'operator' });
  });
});
