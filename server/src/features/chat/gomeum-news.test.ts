import {
  galaxyStandingSchema,
  pushMessageSchema,
  type ChatMessage,
  type PlanetStanding,
  type ServerEvent,
} from '@gomeum/contracts';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { guestClient, operatorClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { LiveSockets, LiveTestClient } from '../../test/live-client.ts';
import { PrivateRedis } from '../../test/private-redis.ts';
import { decrypt, appTestWithPush, subscribeDevice, type TestPushService } from '../../test/push-endpoint.ts';
import { TestClient } from '../../test/test-app.ts';

/**
 * Who hears what of Gomeum's news: a new log is announced in the chats of the planet's users only
 * (every open tab still reads the planet's log again, for new, corrected and deleted entries); a
 * reaction to a proof goes into its user's chat, marks its planet on their galaxy and is pushed to
 * their devices, and to no one else.
 */

async function confirmTask(client: TestClient, planet: string) {
  const response = await client.request('PUT', `/api/planets/${planet}/task`, { description: 'Try', reward: 'Cake' });
  expect(response.status, response.text).toBe(200);
}

async function sendProof(client: TestClient, planet: string, title: string): Promise<string> {
  const response = await client.postForm(`/api/planets/${planet}/logs`, { date: '2026-11-24', title, content: 'Done' });
  expect(response.status, response.text).toBe(200);
  return (response.body as { log: { id: string } }).log.id;
}

async function writeLog(operator: TestClient, planet: string, content: string): Promise<string> {
  const response = await operator.postForm(`/api/operator/gomeum-logs/${planet}`, { content });
  expect(response.status, response.text).toBe(200);
  return (response.body as { id: string }).id;
}

async function galaxy(client: TestClient): Promise<Record<string, PlanetStanding>> {
  const response = await client.get('/api/galaxy');
  expect(response.status).toBe(200);
  return Object.fromEntries(galaxyStandingSchema.parse(response.body).planets.map((p) => [p.planet, p]));
}

const ofKind = (messages: ChatMessage[], kind: ChatMessage['kind']) => messages.filter((m) => m.kind === kind);
const isLogEvent = (type: 'gomeum_log.published' | 'gomeum_log.changed', planet: string) => (event: ServerEvent) =>
  event.type === type && event.planet === planet;
const isReactionTo = (logId: string) => (event: ServerEvent) =>
  event.type === 'proof.reaction' && event.reaction.logId === logId;

let pushService: TestPushService;
const it = appTestWithPush({ operator: TEST_OPERATOR }, (service) => (pushService = service));

describe('who hears of Gomeum’s logs and reactions', () => {
  let base: string;
  let operator: TestClient;
  const sockets = new LiveSockets(() => base);
  const open = async (client: TestClient) => {
    const socket = await sockets.connect(client);
    await socket.sync(null);
    return socket;
  };

  it.beforeAll(async ({ t }) => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await operatorClient(t);
  });
  afterEach(async () => {
    await sockets.closeAll();
  });

  it('announces a planet’s new log to its users only; every tab hears new, corrected and deleted logs', async ({
    t,
  }) => {
    const ava = await guestClient(t);
    const ben = await guestClient(t);
    const cleo = await guestClient(t);
    await confirmTask(ava.client, 'music');
    await confirmTask(ben.client, 'food');
    const [avaTab, benTab, cleoTab] = await Promise.all([open(ava.client), open(ben.client), open(cleo.client)]);

    t.clock.advance(1000);
    const logId = await writeLog(operator, 'music', 'Hummed a new tune tonight.');
    // Every tab hears it (its pages read the log again; its chat resyncs) ...
    for (const tab of [avaTab, benTab, cleoTab]) await tab.waitFor(isLogEvent('gomeum_log.published', 'music'));
    // ... and the resync posts the announcement to the planet's user alone.
    const [avaChat, benChat, cleoChat] = await Promise.all([avaTab, benTab, cleoTab].map((tab) => tab.sync(null)));
    expect(ofKind(avaChat ?? [], 'announcement')).toEqual([
      expect.objectContaining({ planet: 'music', sender: 'gomeum', userId: ava.id }),
    ]);
    expect(ofKind(benChat ?? [], 'announcement')).toEqual([]);
    expect(ofKind(cleoChat ?? [], 'announcement')).toEqual([]);
    // Once: syncing again posts nothing more.
    expect(ofKind(await avaTab.sync(null), 'announcement')).toHaveLength(1);
    // Others still see it on the planet: its log, and Gomeum's dot on their galaxy.
    expect((await cleo.client.get('/api/gomeum-logs/music')).body).toMatchObject({ items: [{ id: logId }] });
    expect((await galaxy(cleo.client)).music?.gomeumNew).toBe(true);

    // A log on a planet of ben's reaches ben, though a newer one elsewhere came after it.
    t.clock.advance(1000);
    await writeLog(operator, 'food', 'Baked bread.');
    t.clock.advance(1000);
    await writeLog(operator, 'drama', 'Watched a play.');
    expect(ofKind(await benTab.sync(null), 'announcement')).toEqual([expect.objectContaining({ planet: 'food' })]);
    expect(ofKind(await cleoTab.sync(null), 'announcement')).toEqual([]);

    // A correction and a deletion reach every tab too, and announce nothing.
    const edited = await operator.request('PUT', `/api/operator/gomeum-logs/music/${logId}`, {
      content: 'Hummed two.',
    });
    expect(edited.status, edited.text).toBe(200);
    for (const tab of [avaTab, cleoTab]) await tab.waitFor(isLogEvent('gomeum_log.changed', 'music'));
    const changes = () => cleoTab.events.filter(isLogEvent('gomeum_log.changed', 'music')).length;
    expect(changes()).toBe(1);
    expect((await operator.request('DELETE', `/api/operator/gomeum-logs/music/${logId}`)).status).toBe(200);
    await cleoTab.waitFor((event) => isLogEvent('gomeum_log.changed', 'music')(event) && changes() === 2);
    expect(ofKind(await avaTab.sync(null), 'announcement')).toHaveLength(1);
  });

  it('posts a reaction into its user’s chat once, marks its planet on their galaxy, and pushes it to their devices', async ({
    t,
  }) => {
    const ava = await guestClient(t);
    const ben = await guestClient(t);
    await confirmTask(ava.client, 'food');
    await confirmTask(ben.client, 'food');
    const device = await subscribeDevice(pushService, ava.client, 'ava-ko', 'ko');
    const [avaTab, benTab] = await Promise.all([open(ava.client), open(ben.client)]);
    const proof = await sendProof(ava.client, 'food', 'Pumpkin soup');
    expect((await galaxy(ava.client)).food?.reactionNew).toBe(false);

    t.clock.advance(1000);
    const reply = await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: 'What a warm idea!' });
    expect(reply.status, reply.text).toBe(200);
    await avaTab.waitFor(isReactionTo(proof));

    // In ava's chat (after the resync her tab makes on the event), once, whoever syncs.
    const posted = ofKind(await avaTab.sync(null), 'reaction');
    expect(posted).toEqual([
      expect.objectContaining({ sender: 'gomeum', planet: 'food', content: 'What a warm idea!', userId: ava.id }),
    ]);
    expect(avaTab.events.some((e) => e.type === 'chat.message' && e.message.kind === 'reaction')).toBe(true);
    const again = await Promise.all([avaTab.sync(null), open(ava.client).then((tab) => tab.sync(null))]);
    for (const messages of again) expect(ofKind(messages, 'reaction')).toHaveLength(1);

    // Her galaxy marks the planet until she looks at its task screen.
    expect((await galaxy(ava.client)).food?.reactionNew).toBe(true);
    t.clock.advance(1000);
    expect((await ava.client.post('/api/planets/food/seen')).status).toBe(200);
    expect((await galaxy(ava.client)).food?.reactionNew).toBe(false);

    // Pushed to her device, in its language, opening the task.
    const received = await pushService.arrival((r) => r.path === device.path);
    expect(pushMessageSchema.parse(JSON.parse(decrypt(received.body, device.keys)))).toMatchObject({
      kind: 'reaction',
      title: 'Gomeum이 인증에 답했어요',
      body: 'What a warm idea!',
      url: '/task/food',
    });

    // Ben, on the same planet, hears nothing of it: his own sync is the marker that anything sent
    // to him before it has arrived.
    const benChat = await benTab.sync(null);
    expect(benTab.events.some(isReactionTo(proof))).toBe(false);
    expect(ofKind(benChat, 'reaction')).toEqual([]);
    expect((await galaxy(ben.client)).food?.reactionNew).toBe(false);
  });

  it('posts the reactions stored while the user was away at their next sync, oldest first', async ({ t }) => {
    const ava = await guestClient(t);
    await confirmTask(ava.client, 'food');
    await confirmTask(ava.client, 'game');
    await open(ava.client);
    const first = await sendProof(ava.client, 'food', 'Soup');
    const second = await sendProof(ava.client, 'game', 'Level 3');
    await sockets.closeAll();
    t.clock.advance(1000);
    expect((await operator.post(`/api/operator/proofs/${first}/reaction`, { content: 'Yum!' })).status).toBe(200);
    t.clock.advance(1000);
    expect((await operator.post(`/api/operator/proofs/${second}/reaction`, { content: 'Go on!' })).status).toBe(200);
    // Back the next day: many tabs opening at once post each reaction once.
    const tabs = await Promise.all([1, 2, 3].map(() => sockets.connect(ava.client)));
    await Promise.all(tabs.map((tab) => tab.sync(null)));
    const stored = await Promise.all(tabs.map((tab) => tab.sync(null)));
    for (const messages of stored) {
      expect(ofKind(messages, 'reaction').map((m) => [m.planet, m.content])).toEqual([
        ['food', 'Yum!'],
        ['game', 'Go on!'],
      ]);
    }
  });
});

const onRedis = appTest(async (after) => ({
  operator: TEST_OPERATOR,
  redisUrl: (await PrivateRedis.forApp(after)).url,
}));

describe('two instances sharing the database and Redis', () => {
  let b: BuiltApp;
  let urlB: string;
  const sockets: LiveTestClient[] = [];

  onRedis.beforeAll(async ({ t: a }) => {
    b = await buildApp({ ...a.config });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await b.app.close();
  });

  /** The same browser (its cookies) talking to instance B. */
  const onB = (client: TestClient) => {
    const other = new TestClient(b);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };

  onRedis(
    'a log and a reaction written on one instance reach the tabs on the other, announced to the right users',
    async ({ t: a }) => {
      const operator = await operatorClient(a);
      const ava = await guestClient(a);
      const cleo = await guestClient(a);
      await confirmTask(ava.client, 'travel');
      const avaTab = await LiveTestClient.connect(urlB, onB(ava.client));
      const cleoTab = await LiveTestClient.connect(urlB, onB(cleo.client));
      sockets.push(avaTab, cleoTab);
      await Promise.all([avaTab.sync(null), cleoTab.sync(null)]);

      a.clock.advance(1000);
      await writeLog(operator, 'travel', 'Took a night train.');
      for (const tab of [avaTab, cleoTab]) await tab.waitFor(isLogEvent('gomeum_log.published', 'travel'));
      expect(ofKind(await avaTab.sync(null), 'announcement')).toEqual([expect.objectContaining({ planet: 'travel' })]);
      expect(ofKind(await cleoTab.sync(null), 'announcement')).toEqual([]);

      const proof = await sendProof(ava.client, 'travel', 'Packed');
      a.clock.advance(1000);
      expect((await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: 'Bon voyage!' })).status).toBe(
        200,
      );
      await avaTab.waitFor(isReactionTo(proof));
      expect(ofKind(await avaTab.sync(null), 'reaction')).toEqual([
        expect.objectContaining({ content: 'Bon voyage!' }),
      ]);
      const cleoChat = await cleoTab.sync(null);
      expect(cleoTab.events.some(isReactionTo(proof))).toBe(false);
      expect(ofKind(cleoChat, 'reaction')).toEqual([]);
    },
  );
});
