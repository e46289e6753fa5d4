import {
  OPERATOR_ALERT_QUIET_MS,
  operatorAlertsStateSchema,
  pushMessageSchema,
  sendChatReplySchema,
  type PushMessage,
  type ServerEvent,
} from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { guestClient, operatorClient, userClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { LiveSockets, LiveTestClient } from '../../test/live-client.ts';
import {
  decrypt,
  appTestWithPush,
  pushServiceForApp,
  subscribeDevice,
  type Device,
  type Received,
  type TestPushService,
} from '../../test/push-endpoint.ts';
import { TestClient } from '../../test/test-app.ts';
import type { AlertOutcome } from './index.ts';
import { firstWords } from './operator-alerts.service.ts';

/** Subscribes one device of `client` to push at the test's push service. */
const device = (pushService: TestPushService, client: TestClient, name: string, locale: string) =>
  subscribeDevice(pushService, client, name, locale);

/** What a device received, decrypted as the browser would. */
function read(received: Received, at: Device): PushMessage {
  return pushMessageSchema.parse(JSON.parse(decrypt(received.body, at.keys)));
}

/** Every push a device received so far, decrypted. */
function pushesTo(pushService: TestPushService, at: Device): PushMessage[] {
  return pushService.received.filter((r) => r.path === at.path).map((r) => read(r, at));
}

/** The first push (received or coming) to a device about this user's conversation or proofs. */
async function alertAbout(pushService: TestPushService, at: Device, topic: 'chat' | 'proof', userId: string) {
  const received = await pushService.arrival(
    (r) => r.path === at.path && read(r, at).tag === `operator-${topic}-${userId}`,
  );
  return read(received, at);
}

async function send(client: TestClient, content: string) {
  const response = await client.post('/api/chat/messages', { content });
  expect(response.status, response.text).toBe(200);
  return sendChatReplySchema.parse(response.body).message;
}

async function sendProof(client: TestClient, title: string, content: string): Promise<string> {
  await client.request('PUT', '/api/planets/food/task', { description: 'Cook a soup', reward: 'Cake', goal: 5 });
  const response = await client.postForm('/api/planets/food/logs', { date: '2026-11-24', title, content });
  expect(response.status, response.text).toBe(200);
  return (response.body as { log: { id: string } }).log.id;
}

/** How many alerts an app has decided so: the marker that a message was looked at. */
async function decided(built: BuiltApp, outcome: AlertOutcome): Promise<number> {
  const metric = await built.metrics.operatorAlerts.get();
  return metric.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

/** Waits until every alert under way was decided and every push it made was delivered. */
async function settled(built: BuiltApp): Promise<void> {
  await built.services.chat.idle();
  await built.services.alerts.idle();
  await built.services.push.drain();
}

const presenceIs = (online: boolean) => (event: ServerEvent) =>
  event.type === 'presence.changed' && event.online === online;

let pushService: TestPushService;
const it = appTestWithPush({ operator: TEST_OPERATOR }, (service) => (pushService = service));

describe('first words of an alert', () => {
  it('keeps short texts, flattens lines, cuts long ones at a space or mid-word in scripts without spaces', () => {
    expect(firstWords('  Hello\n\nGomeum  ')).toBe('Hello Gomeum');
    const long = firstWords('word '.repeat(60));
    expect(long.endsWith('word…')).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(100);
    const chinese = firstWords('今天我跑了五公里'.repeat(30));
    expect(Array.from(chinese)).toHaveLength(100);
    expect(chinese.endsWith('…')).toBe(true);
    // Never half a character made of two code units.
    expect(firstWords('🐈'.repeat(150)).startsWith('🐈'.repeat(99))).toBe(true);
  });
});

describe('the operator’s alerts', () => {
  let base: string;
  let operator: TestClient;
  let en: Device;
  let zh: Device;
  let ko: Device;
  let off: Device;
  const sockets = new LiveSockets(() => base);
  const open = (client: TestClient) => sockets.connect(client);

  it.beforeAll(async ({ t }) => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await operatorClient(t);
    en = await device(pushService, operator, 'operator-en', 'en');
    zh = await device(pushService, operator, 'operator-zh', 'zh');
    ko = await device(pushService, operator, 'operator-ko', 'ko');
    off = await device(pushService, operator, 'operator-off', 'en');
  });
  it.afterEach(async ({ t }) => {
    await sockets.closeAll();
    await settled(t);
  });

  it('each device of the operator has its switch, read and set by its endpoint; only the operator’s own', async ({
    t,
  }) => {
    const state = async (client: TestClient, endpoint: string) => {
      const response = await client.post('/api/operator/alerts/state', { endpoint });
      return { status: response.status, body: response.body };
    };
    expect(await state(operator, en.endpoint)).toEqual({ status: 200, body: { subscribed: true, enabled: true } });
    const turned = await operator.request('PUT', '/api/operator/alerts', { endpoint: off.endpoint, enabled: false });
    expect(turned.status).toBe(200);
    expect(operatorAlertsStateSchema.parse(turned.body)).toEqual({ subscribed: true, enabled: false });
    expect(await state(operator, off.endpoint)).toEqual({ status: 200, body: { subscribed: true, enabled: false } });

    // A device the server does not hold for the operator (a user's, or none): not subscribed, nothing to turn.
    const mia = await userClient(t, 'switch-user@example.com');
    const hers = await device(pushService, mia.client, 'switch-user', 'en');
    expect(await state(operator, hers.endpoint)).toEqual({ status: 200, body: { subscribed: false, enabled: false } });
    const refused = await operator.request('PUT', '/api/operator/alerts', { endpoint: hers.endpoint, enabled: false });
    expect(refused.status).toBe(404);
    expect((await state(operator, `${pushService.origin}/push/nobody`)).body).toEqual({
      subscribed: false,
      enabled: false,
    });
    // The routes are the operator's.
    expect((await state(mia.client, hers.endpoint)).status).toBe(403);
    expect((await state(new TestClient(t), hers.endpoint)).status).toBe(401);
  });

  it('a user’s message reaches each device of the operator in its language, naming them, opening the conversation', async ({
    t,
  }) => {
    const mia = await userClient(t, 'mia@example.com');
    const hers = await device(pushService, mia.client, 'mia', 'en');
    const text = `I finished my first run today!\nIt felt ${'really '.repeat(30)}good.`;
    await send(mia.client, text);

    const url = `/gomeum-dashboard?section=chat&user=${mia.id}`;
    const tag = `operator-chat-${mia.id}`;
    const inEnglish = await alertAbout(pushService, en, 'chat', mia.id);
    expect(inEnglish).toEqual({
      kind: 'operator',
      title: 'mia@example.com wrote to Gomeum',
      body: firstWords(text),
      url,
      tag,
    });
    expect(inEnglish.body.startsWith('I finished my first run today! It felt really')).toBe(true);
    expect(inEnglish.body.endsWith('…')).toBe(true);
    expect(await alertAbout(pushService, zh, 'chat', mia.id)).toMatchObject({
      title: 'mia@example.com 给 Gomeum 发了消息',
      url,
    });
    expect(await alertAbout(pushService, ko, 'chat', mia.id)).toMatchObject({
      title: 'mia@example.com님이 Gomeum에게 메시지를 보냈어요',
      url,
    });

    // Once everything it set off is done: the device switched off and the user's own got nothing.
    await settled(t);
    expect(pushesTo(pushService, off)).toEqual([]);
    expect(pushesTo(pushService, hers)).toEqual([]);
  });

  it('a guest is named by their guest id; a proof opens itself in the queue', async ({ t }) => {
    const guest = await guestClient(t);
    const me = (await guest.client.get('/api/me')).body as { guestId: string };
    const logId = await sendProof(guest.client, 'Carrot soup', 'Made it with ginger');
    expect(await alertAbout(pushService, en, 'proof', guest.id)).toEqual({
      kind: 'operator',
      title: `${me.guestId} sent a proof`,
      body: 'Carrot soup: Made it with ginger',
      url: `/gomeum-dashboard?section=proofs&proof=${logId}`,
      tag: `operator-proof-${guest.id}`,
    });
    expect((await alertAbout(pushService, ko, 'proof', guest.id)).title).toBe(`${me.guestId}님이 인증을 보냈어요`);
  });

  it('none while a dashboard is open (away or not); the next message once it closed alerts', async ({ t }) => {
    const ben = await guestClient(t);
    const dashboard = await open(operator);
    dashboard.send({ type: 'presence.dashboard' });
    await dashboard.waitFor(presenceIs(true));
    const from = pushService.received.length;

    const skipped = await decided(t, 'dashboard_open');
    await send(ben.client, 'Are you there?');
    await settled(t);
    expect(await decided(t, 'dashboard_open')).toBe(skipped + 1);
    // Away, with the dashboard still open: the operator is at the desk, still none.
    expect((await operator.request('PUT', '/api/operator/presence', { away: true })).status).toBe(200);
    await send(ben.client, 'Still there?');
    await settled(t);
    expect(await decided(t, 'dashboard_open')).toBe(skipped + 2);
    expect((await operator.request('PUT', '/api/operator/presence', { away: false })).status).toBe(200);

    // The dashboard closes (a user's socket hears it), and the next message alerts: it is the only one.
    const watcher = await open(ben.client);
    await watcher.waitFor(presenceIs(true));
    await dashboard.close();
    await watcher.waitFor(presenceIs(false));
    await send(ben.client, 'Hello?');
    expect((await alertAbout(pushService, en, 'chat', ben.id)).body).toBe('Hello?');
    await settled(t);
    const since = pushService.received.slice(from).filter((r) => r.path === en.path);
    expect(since.map((r) => read(r, en).body)).toEqual(['Hello?']);
  });

  it('ten messages in a minute: one push; the next after the quiet period, or at once after the operator answers', async ({
    t,
  }) => {
    const zoe = await guestClient(t);
    const about = () => pushesTo(pushService, en).filter((m) => m.tag === `operator-chat-${zoe.id}`);
    const start = t.clock.now;
    // Five at once (instances and requests racing for the claim), then five more within the minute.
    await Promise.all(Array.from({ length: 5 }, (_, i) => send(zoe.client, `Burst ${i}`)));
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(10_000);
      await send(zoe.client, `Later ${i}`);
    }
    await settled(t);
    expect(t.clock.now - start).toBeLessThan(60_000);
    expect(about()).toHaveLength(1);
    expect(about()[0]?.body).toMatch(/^Burst \d$/);

    // Still unanswered just before five minutes: quiet; at five minutes: the next.
    t.clock.advance(start + OPERATOR_ALERT_QUIET_MS - 1 - t.clock.now);
    await send(zoe.client, 'Anyone?');
    await settled(t);
    expect(about()).toHaveLength(1);
    t.clock.advance(1);
    await send(zoe.client, 'Hello again');
    await settled(t);
    expect(about().map((m) => m.body)).toEqual([expect.stringMatching(/^Burst/), 'Hello again']);

    // The operator answers: the very next message alerts, within the quiet period.
    const answer = await operator.post(`/api/operator/chats/${zoe.id}/messages`, { content: 'Here I am' });
    expect(answer.status).toBe(200);
    await settled(t);
    await send(zoe.client, 'Thank you!');
    await settled(t);
    expect(about().map((m) => m.body)).toEqual([expect.stringMatching(/^Burst/), 'Hello again', 'Thank you!']);
  });

  it('proofs too: one per quiet period, and the operator’s reaction ends it', async ({ t }) => {
    const kai = await userClient(t, 'kai@example.com');
    const about = () => pushesTo(pushService, en).filter((m) => m.tag === `operator-proof-${kai.id}`);
    const first = await sendProof(kai.client, 'Soup one', 'Carrot');
    await sendProof(kai.client, 'Soup two', 'Pumpkin');
    await settled(t);
    expect(about().map((m) => m.body)).toEqual(['Soup one: Carrot']);
    expect(await decided(t, 'quiet')).toBeGreaterThan(0);

    const reply = await operator.post(`/api/operator/proofs/${first}/reaction`, { content: 'Purr!' });
    expect(reply.status).toBe(200);
    await settled(t);
    await sendProof(kai.client, 'Soup three', 'Leek');
    await settled(t);
    expect(about().map((m) => m.body)).toEqual(['Soup one: Carrot', 'Soup three: Leek']);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('two instances sharing the database and Redis', () => {
  it('a dashboard open on one keeps the other quiet; once closed, one push for a conversation spread over both', async ({
    newApp,
  }) => {
    let pushService!: TestPushService;
    const a = await newApp(async (after) => {
      const push = await pushServiceForApp(after);
      pushService = push.service;
      return { operator: TEST_OPERATOR, redisUrl: REDIS_URL, ...push.settings };
    });
    const b = await buildApp({ ...a.config, redisUrl: REDIS_URL });
    const sockets: LiveTestClient[] = [];
    try {
      const [urlA, urlB] = [
        await a.app.listen({ port: 0, host: '127.0.0.1' }),
        await b.app.listen({ port: 0, host: '127.0.0.1' }),
      ];
      const operatorOnA = await operatorClient(a);
      const phone = await device(pushService, operatorOnA, 'operator-phone', 'en');
      // One browser of a user, talking to B (and, below, to A too).
      const mia = await guestClient(a);
      const miaOnB = new TestClient(b);
      for (const [name, value] of mia.client.cookies) miaOnB.cookies.set(name, value);
      const watcherOnB = await LiveTestClient.connect(urlB, miaOnB);
      sockets.push(watcherOnB);
      await watcherOnB.waitFor(presenceIs(false));

      // The dashboard opens on A; B hears it over the bus before its user's socket does.
      const dashboard = await LiveTestClient.connect(urlA, operatorOnA);
      sockets.push(dashboard);
      dashboard.send({ type: 'presence.dashboard' });
      await watcherOnB.waitFor(presenceIs(true));
      const skipped = await decided(b, 'dashboard_open');
      await send(miaOnB, 'Through B, with the dashboard open on A');
      await settled(b);
      expect(await decided(b, 'dashboard_open')).toBe(skipped + 1);

      // The dashboard closes on A; B hears it; ten messages over both instances: one push.
      const closed = watcherOnB.events.length;
      await dashboard.close();
      await watcherOnB.waitFor((event) => presenceIs(false)(event) && watcherOnB.events.indexOf(event) >= closed);
      await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 === 0 ? miaOnB : mia.client, `Message ${i}`)));
      const alert = await alertAbout(pushService, phone, 'chat', mia.id);
      expect(alert.body).toMatch(/^Message \d$/);
      await Promise.all([settled(a), settled(b)]);
      expect(pushesTo(pushService, phone).map((m) => m.body)).toEqual([alert.body]);
      expect((await decided(a, 'quiet')) + (await decided(b, 'quiet'))).toBe(9);
      expect((await decided(a, 'sent')) + (await decided(b, 'sent'))).toBe(1);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
      await b.app.close();
    }
  });
});
