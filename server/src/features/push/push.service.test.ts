import crypto from 'node:crypto';
import {
  errorBodySchema,
  pushKeySchema,
  pushMessageSchema,
  sentNotificationListSchema,
  sentNotificationSchema,
  type PushMessage,
} from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { guestClient, operatorClient, userClient, TEST_OPERATOR } from '../../test/accounts.ts';
import {
  decrypt,
  newBrowserKeys,
  appTestWithPush,
  subscribeDevice,
  type TestPushService,
} from '../../test/push-endpoint.ts';
import { TestClient } from '../../test/test-app.ts';
import { PushRepository } from './push.repository.ts';
import { isAllowedPushEndpoint, isAllowedPushHost } from './push.service.ts';
import { loadVapidKeys } from './vapid.ts';

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** Checks the VAPID `Authorization: vapid t=<JWT>, k=<public key>` header; returns the JWT claims. */
function verifyVapid(header: string | string[] | undefined, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(header));
  expect(match, String(header)).not.toBeNull();
  const [, jwt = '', k = ''] = match ?? [];
  expect(k).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

let pushService: TestPushService;
const it = appTestWithPush(
  { operator: TEST_OPERATOR, vapidSubject: 'mailto:gomeum@example.com' },
  (service) => (pushService = service),
);

describe('push delivery', () => {
  const subscribe = (client: TestClient, name: string, locale?: string) =>
    subscribeDevice(pushService, client, name, locale);

  function messagesTo(path: string, keys: ReturnType<typeof newBrowserKeys>): PushMessage[] {
    return pushService.received
      .filter((r) => r.path === path)
      .map((r) => pushMessageSchema.parse(JSON.parse(decrypt(r.body, keys))));
  }

  it('serves the VAPID public key, generated once and kept for the next start', async ({ t }) => {
    const response = await new TestClient(t).get('/api/push/key');
    const { publicKey } = pushKeySchema.parse(response.body);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(t.services.push.publicKey).toBe(publicKey);
    const stored = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'vapid_keys')
      .executeTakeFirst();
    expect(JSON.parse(stored?.value ?? '{}')).toMatchObject({ publicKey });
    // What the next start reads: the stored pair, not a new one.
    const repository = new PushRepository(t.database.db);
    expect((await loadVapidKeys(repository, undefined, 'mailto:a@example.com')).publicKey).toBe(publicKey);
    // Keys from the environment win.
    const configured = { publicKey: 'env-public', privateKey: 'env-private' };
    expect(await loadVapidKeys(repository, configured, 'https://gomeum.example')).toEqual({
      ...configured,
      subject: 'https://gomeum.example',
    });
  });

  it('delivers a broadcast encrypted for each subscription and signed with VAPID', async ({ t }) => {
    const { client } = await guestClient(t);
    const sub = await subscribe(client, 'guest-1');
    const operator = await operatorClient(t);
    const sent = await operator.post('/api/operator/notifications', {
      title: 'Meteor night',
      message: 'Look up at nine',
    });
    expect(sent.status).toBe(200);
    await t.services.push.drain();

    const delivered = pushService.received.filter((r) => r.path === sub.path);
    expect(delivered).toHaveLength(1);
    const request = delivered[0]!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(request.headers.authorization, t.services.push.publicKey);
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.sub).toBe('mailto:gomeum@example.com');
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    const [message] = messagesTo(sub.path, sub.keys);
    expect(message).toMatchObject({ kind: 'broadcast', title: 'Meteor night', body: 'Look up at nine' });
    const url = new URL(message!.url, 'https://app.example');
    expect(url.pathname).toBe('/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ popup: 'true', title: 'Meteor night' });
    expect(message!.notification?.id).toBe((sent.body as { id: string }).id);
  });

  it("pushes a new update in each subscription's language, opening /update/{id}", async ({ t }) => {
    const { client: ko } = await userClient(t, 'push-ko@example.com');
    const { client: zh } = await guestClient(t);
    const koSub = await subscribe(ko, 'ko-1', 'ko');
    const zhSub = await subscribe(zh, 'zh-1', 'zh');
    const operator = await operatorClient(t);
    const created = await operator.post('/api/operator/updates', {
      title: { en: 'New moon', ko: '새로운 달' },
      content: { en: '<p>Twelve <b>new</b> questions</p>', ko: '<p>새 질문 <b>열두</b> 개</p>' },
    });
    const id = (created.body as { id: string }).id;
    await t.services.push.drain();
    expect(messagesTo(koSub.path, koSub.keys)).toEqual([
      { kind: 'update', title: '새로운 달', body: '새 질문 열두 개', url: `/update/${id}`, tag: `update-${id}` },
    ]);
    // No Chinese text: English.
    expect(messagesTo(zhSub.path, zhSub.keys)).toEqual([
      { kind: 'update', title: 'New moon', body: 'Twelve new questions', url: `/update/${id}`, tag: `update-${id}` },
    ]);
  });

  it('sends to one user only with sendToUser (chat replies)', async ({ t }) => {
    const { client, id } = await guestClient(t);
    const mine = await subscribe(client, 'user-only');
    const { client: other } = await guestClient(t);
    const theirs = await subscribe(other, 'not-me');
    t.services.push.sendToUser(id, () => ({
      kind: 'chat',
      title: 'Gomeum',
      body: 'Meow',
      url: '/galaxy',
      tag: 'chat',
    }));
    await t.services.push.drain();
    expect(messagesTo(mine.path, mine.keys)).toHaveLength(1);
    expect(messagesTo(theirs.path, theirs.keys)).toHaveLength(0);
  });

  it("pushes Gomeum's reaction to a proof to that user only, in their language, opening the task", async ({ t }) => {
    const { client } = await userClient(t, 'push-reaction@example.com');
    const mine = await subscribe(client, 'reaction-ko', 'ko');
    const { client: other } = await guestClient(t);
    const theirs = await subscribe(other, 'reaction-other');
    await client.request('PUT', '/api/planets/food/task', { description: 'Soup', reward: 'Cake' });
    const proof = await client.postForm('/api/planets/food/logs', {
      date: '2026-11-24',
      title: 'Soup',
      content: 'Made it',
    });
    const logId = (proof.body as { log: { id: string } }).log.id;
    const operator = await operatorClient(t);
    expect((await operator.post(`/api/operator/proofs/${logId}/reaction`, { content: 'Purr, soup!' })).status).toBe(
      200,
    );
    await t.services.push.drain();
    expect(messagesTo(mine.path, mine.keys)).toEqual([
      {
        kind: 'reaction',
        title: 'Gomeum이 인증에 답했어요',
        body: 'Purr, soup!',
        url: '/task/food',
        tag: `reaction-${logId}`,
      },
    ]);
    expect(messagesTo(theirs.path, theirs.keys)).toEqual([]);
  });

  it.for([410, 404])(
    'deletes a subscription the push service answers %i for, keeps others on 500',
    async (status, { t }) => {
      const { client } = await guestClient(t);
      const gone = await subscribe(client, `gone-${status}`);
      const flaky = await subscribe(client, `flaky-${status}`);
      pushService.statusFor.set(gone.path, status);
      pushService.statusFor.set(flaky.path, 500);
      t.services.push.sendToAll(() => ({ kind: 'broadcast', title: 't', body: 'b', url: '/', tag: 'x' }));
      await t.services.push.drain();
      const endpoints = (await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute()).map(
        (r) => r.endpoint,
      );
      expect(endpoints).not.toContain(gone.endpoint);
      expect(endpoints).toContain(flaky.endpoint);
    },
  );

  it("records a broadcast's deliveries and failures, shown to the operator only", async ({ t }) => {
    const { client } = await guestClient(t);
    await subscribe(client, 'tally-accepted');
    const refused = await subscribe(client, 'tally-refused');
    pushService.statusFor.set(refused.path, 500);
    const endpoints = await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute();
    const failing = endpoints.filter((r) => (pushService.statusFor.get(new URL(r.endpoint).pathname) ?? 201) >= 400);
    expect(failing.length).toBeGreaterThanOrEqual(1);
    expect(endpoints.length - failing.length).toBeGreaterThanOrEqual(1);

    const counted = async () =>
      Object.fromEntries((await t.metrics.pushDeliveries.get()).values.map((v) => [String(v.labels.outcome), v.value]));
    const before = await counted();
    const operator = await operatorClient(t);
    const response = await operator.post('/api/operator/notifications', { title: 'Tally', message: 'Count us' });
    const sent = sentNotificationSchema.parse(response.body);
    // The request answers before delivery is over.
    expect(sent.push).toEqual({ state: 'sending' });
    await t.services.push.drain();

    const history = await operator.get('/api/operator/notifications');
    const listed = sentNotificationListSchema.parse(history.body).notifications.find((n) => n.id === sent.id);
    expect(listed?.push).toEqual({
      state: 'done',
      delivered: endpoints.length - failing.length,
      failed: failing.length,
    });
    // The same outcomes, in the metrics.
    const after = await counted();
    expect((after.delivered ?? 0) - (before.delivered ?? 0)).toBe(endpoints.length - failing.length);
    expect((after.failed ?? 0) - (before.failed ?? 0)).toBe(failing.length);
    expect((await client.get('/api/operator/notifications')).status).toBe(403);
    expect((await new TestClient(t).get('/api/operator/notifications')).status).toBe(401);
  });

  it('moves an endpoint to whoever subscribes it last, and lets only its owner remove it', async ({ t }) => {
    const { client: first } = await guestClient(t);
    const { client: second, id: secondId } = await guestClient(t);
    const sub = await subscribe(first, 'shared-browser');
    const again = await second.post('/api/push/subscriptions', {
      endpoint: sub.endpoint,
      keys: { p256dh: sub.keys.p256dh, auth: sub.keys.authB64 },
    });
    expect(again.status).toBe(200);
    const row = await t.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', sub.endpoint)
      .executeTakeFirst();
    expect(row?.user_id).toBe(secondId);
    await first.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
    const repository = new PushRepository(t.database.db);
    expect(await repository.findByEndpoint(sub.endpoint)).toBeDefined();
    await second.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
    expect(await repository.findByEndpoint(sub.endpoint)).toBeUndefined();
  });

  it("refuses another user's endpoint posted with other keys: the owner keeps it and its notifications", async ({
    t,
  }) => {
    const { client: owner, id: ownerId } = await userClient(t, 'push-owner@example.com');
    const { client: thief, id: thiefId } = await userClient(t, 'push-thief@example.com');
    const sub = await subscribe(owner, 'owner-device');
    const thiefKeys = newBrowserKeys();
    const taken = await thief.post('/api/push/subscriptions', {
      endpoint: sub.endpoint,
      keys: { p256dh: thiefKeys.p256dh, auth: thiefKeys.authB64 },
    });
    expect(taken.status).toBe(400);
    expect(errorBodySchema.parse(taken.body).error.code).toBe('push.error_endpoint');
    // Half the keys prove nothing either.
    const half = await thief.post('/api/push/subscriptions', {
      endpoint: sub.endpoint,
      keys: { p256dh: sub.keys.p256dh, auth: thiefKeys.authB64 },
    });
    expect(half.status).toBe(400);
    const row = await new PushRepository(t.database.db).findByEndpoint(sub.endpoint);
    expect(row).toMatchObject({ user_id: ownerId, p256dh: sub.keys.p256dh, auth: sub.keys.authB64 });
    expect(await new PushRepository(t.database.db).listForUser(thiefId)).toEqual([]);
    // The owner's device still gets the owner's notifications, readable with its own keys.
    t.services.push.sendToUser(ownerId, () => ({
      kind: 'broadcast',
      title: 'Still yours',
      body: 'b',
      url: '/',
      tag: 'still-yours',
    }));
    await t.services.push.drain();
    expect(messagesTo(sub.path, sub.keys).map((m) => m.title)).toEqual(['Still yours']);
  });

  it('refuses an endpoint on a port other than 443 unless that host and port are allowed by name', async ({ t }) => {
    const { client } = await guestClient(t);
    const keys = { p256dh: 'x', auth: 'y' };
    for (const endpoint of ['https://fcm.googleapis.com:8443/send/x', 'https://127.0.0.1:444/push/x']) {
      const response = await client.post('/api/push/subscriptions', { endpoint, keys });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('push.error_endpoint');
    }
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/send/x', ['fcm.googleapis.com'])).toBe(true);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:443/send/x', ['fcm.googleapis.com'])).toBe(true);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/send/x', ['fcm.googleapis.com'])).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/send/x', ['*'])).toBe(false);
    expect(isAllowedPushEndpoint('https://push.example:8443/x', ['push.example:8443'])).toBe(true);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/send/x', ['*'])).toBe(false);
  });

  it('refuses endpoints that are not https or not a known push service, and anonymous callers', async ({ t }) => {
    const { client } = await guestClient(t);
    const keys = { p256dh: 'x', auth: 'y' };
    for (const endpoint of ['http://127.0.0.1/push', 'https://internal.example/push', 'not a url']) {
      const response = await client.post('/api/push/subscriptions', { endpoint, keys });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('push.error_endpoint');
    }
    const anonymous = await new TestClient(t).post('/api/push/subscriptions', {
      endpoint: `${pushService.origin}/x`,
      keys,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('isAllowedPushHost', () => {
  it('matches exact hosts and subdomain patterns only', () => {
    const hosts = ['fcm.googleapis.com', '*.push.services.mozilla.com'];
    expect(isAllowedPushHost('fcm.googleapis.com', hosts)).toBe(true);
    expect(isAllowedPushHost('updates.push.services.mozilla.com', hosts)).toBe(true);
    expect(isAllowedPushHost('push.services.mozilla.com.evil.example', hosts)).toBe(false);
    expect(isAllowedPushHost('evilpush.services.mozilla.com', hosts)).toBe(false);
    expect(isAllowedPushHost('anything.example', ['*'])).toBe(true);
  });
});
