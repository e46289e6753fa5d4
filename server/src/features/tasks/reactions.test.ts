import {
  taskLogListSchema,
  WAITING_PROOFS_LIMIT,
  waitingProofListSchema,
  waitingProofSchema,
  type ServerEvent,
} from '@gomeum/contracts';
import { afterEach, describe, expect } from 'vitest';
import { TEST_OPERATOR, guestClient, operatorClient, userClient } from '../../test/accounts.ts';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { type TestApp, type TestClient } from '../../test/test-app.ts';

const KEY = 'sk-test-reactions-never-leak';

/** Confirms a task on `planet` (goal 3) and sends one proof; returns the proof's id. */
async function sendProof(client: TestClient, planet: string, title: string, content: string, image = false) {
  await client.request('PUT', `/api/planets/${planet}/task`, { description: 'Cook a soup', reward: 'Cake', goal: 3 });
  const response = await client.postForm(
    `/api/planets/${planet}/logs`,
    { date: '2026-11-24', title, content },
    image ? [{ field: 'image', name: 'proof.png', type: 'image/png', bytes: await makeImage('png') }] : [],
  );
  expect(response.status, response.text).toBe(200);
  return (response.body as { log: { id: string } }).log.id;
}

const reactionsIn = async (t: TestApp) =>
  t.database.db.selectFrom('proof_reactions').selectAll().orderBy('created_at').execute();

async function logs(client: TestClient, planet: string) {
  const response = await client.get(`/api/planets/${planet}/logs`);
  expect(response.status).toBe(200);
  return taskLogListSchema.parse(response.body).items;
}

async function waiting(operator: TestClient) {
  const response = await operator.get('/api/operator/proofs/waiting');
  expect(response.status).toBe(200);
  return waitingProofListSchema.parse(response.body).items;
}

const it = appTest({ operator: TEST_OPERATOR });
const fake = new FakeAi();
const withAi = appTest(async (after) => ({ operator: TEST_OPERATOR, ...(await fake.appConfig(KEY, after)) }));

describe('proofs waiting for Gomeum, and the operator replying (no AI key)', () => {
  const sockets: LiveTestClient[] = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });

  it('lists proofs newest first with images; a reply shows under the proof, arrives live, and leaves the queue', async ({
    t,
    url: base,
    operator,
  }) => {
    const mia = await userClient(t, 'mia@example.com');
    const ben = await guestClient(t);
    const first = await sendProof(mia.client, 'food', 'Soup one', 'Carrot soup', true);
    t.clock.advance(10);
    const second = await sendProof(ben.client, 'music', 'Scales', 'Played C major');
    await t.services.reactions.idle();
    // No AI key: no reaction was written, both wait for the operator.
    expect(await reactionsIn(t)).toEqual([]);

    const queue = await waiting(operator);
    expect(queue.map((p) => p.id)).toEqual([second, first]);
    const mine = queue[1];
    expect(mine).toMatchObject({
      planet: 'food',
      title: 'Soup one',
      content: 'Carrot soup',
      user: { id: mia.id, email: 'mia@example.com', isGuest: false },
      task: { description: 'Cook a soup', reward: 'Cake', goal: 3, count: 1 },
    });
    expect(queue[0]?.user).toMatchObject({ id: ben.id, isGuest: true, email: null });
    // The operator sees the private proof image.
    expect(mine?.imageUrl).toMatch(/^\/api\/files\//);
    expect((await operator.get(mine?.imageUrl ?? '')).status).toBe(200);

    const miaTab = await LiveTestClient.connect(base, mia.client);
    const benTab = await LiveTestClient.connect(base, ben.client);
    const dashboard = await LiveTestClient.connect(base, operator);
    sockets.push(miaTab, benTab, dashboard);

    const reply = await operator.post(`/api/operator/proofs/${first}/reaction`, { content: '  Purr, that soup!  ' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      reaction: { logId: first, planet: 'food', sender: 'gomeum', content: 'Purr, that soup!' },
    });
    const isReaction = (event: ServerEvent) => event.type === 'proof.reaction' && event.reaction.logId === first;
    const live = await miaTab.waitFor(isReaction);
    expect(live).toMatchObject({ reaction: { sender: 'gomeum', content: 'Purr, that soup!' } });
    await dashboard.waitFor(isReaction);
    // Another user's tab hears nothing of it. The reaction went out to every tab meant to have it
    // (Mia's and the dashboard's heard it); a ping Ben's tab sends after that is answered after
    // anything that went out to it before, so once the pong is in, Ben's tab has heard all it will.
    benTab.send({ type: 'ping' });
    await benTab.waitFor((event) => event.type === 'pong');
    expect(benTab.events.map((event) => event.type)).not.toContain('proof.reaction');

    const [entry] = await logs(mia.client, 'food');
    // The log shows the very reaction the reply stored (read with the proof, in one query).
    expect(entry?.reaction).toEqual((reply.body as { reaction: unknown }).reaction);
    expect((await logs(ben.client, 'music'))[0]?.reaction).toBeNull();
    expect((await waiting(operator)).map((p) => p.id)).toEqual([second]);

    // One reaction per proof: a second reply is refused and changes nothing.
    const again = await operator.post(`/api/operator/proofs/${first}/reaction`, { content: 'Another one' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'reaction.error_exists' } });
    expect((await reactionsIn(t)).map((r) => r.content)).toEqual(['Purr, that soup!']);

    // Unknown proofs, blank and overlong replies.
    expect((await operator.post('/api/operator/proofs/no-such-proof/reaction', { content: 'Hi' })).status).toBe(404);
    for (const body of [{}, { content: '   ' }, { content: 'x'.repeat(2001) }, { content: 7 }]) {
      expect((await operator.post(`/api/operator/proofs/${second}/reaction`, body)).status).toBe(400);
    }
    // Only the operator.
    expect((await mia.client.post(`/api/operator/proofs/${second}/reaction`, { content: 'Me!' })).status).toBe(403);
    expect((await mia.client.get('/api/operator/proofs/waiting')).status).toBe(403);
  });

  it('keeps the operator’s own words of a reaction sent translated, as its translation back', async ({
    t,
    operator,
  }) => {
    const jun = await guestClient(t);
    const proof = await sendProof(jun.client, 'food', '된장국', '처음으로 된장국을 끓였어요');
    const reply = await operator.post(`/api/operator/proofs/${proof}/reaction`, {
      content: '된장국 정말 맛있어 보여요!',
      original: { text: 'That soup looks delicious!', language: 'en' },
    });
    expect(reply.status).toBe(200);
    expect((await logs(jun.client, 'food'))[0]?.reaction?.content).toBe('된장국 정말 맛있어 보여요!');
    // No AI here: the operator reads their own words for the reaction the user got.
    const reading = await operator.post('/api/operator/translate', { text: '된장국 정말 맛있어 보여요!', to: 'en' });
    expect(reading.body).toEqual({ text: 'That soup looks delicious!', to: 'en', status: 'translated' });
    // An original of the wrong shape is refused, and nothing is stored.
    const other = await sendProof(jun.client, 'music', '음계', '다장조');
    const bad = { content: '좋아요', original: { text: 'Nice', language: 'fr' } };
    expect((await operator.post(`/api/operator/proofs/${other}/reaction`, bad)).status).toBe(400);
    expect((await logs(jun.client, 'music'))[0]?.reaction).toBeNull();
  });

  it('reads one waiting proof by id, however far down the queue, until it is reacted to', async ({ t, operator }) => {
    const ana = await userClient(t, 'ana-far-down@example.com');
    const first = await sendProof(ana.client, 'food', 'Soup', 'The first one');
    // A hundred newer proofs: the first is no longer in the list the queue reads.
    const newer = Array.from({ length: WAITING_PROOFS_LIMIT }, (_, index) => ({
      id: `newer-${index}`,
      user_id: ana.id,
      planet: 'food',
      date: '2026-11-25',
      title: `Newer ${index}`,
      content: 'Later',
      image_key: null,
      created_at: t.clock.now + 1 + index,
    }));
    await t.database.db.insertInto('task_logs').values(newer).execute();
    expect((await waiting(operator)).map((proof) => proof.id)).not.toContain(first);
    const response = await operator.get(`/api/operator/proofs/waiting/${first}`);
    expect(response.status).toBe(200);
    expect(waitingProofSchema.parse(response.body)).toMatchObject({
      id: first,
      title: 'Soup',
      content: 'The first one',
    });
    expect((await ana.client.get(`/api/operator/proofs/waiting/${first}`)).status).toBe(403);
    expect((await operator.post(`/api/operator/proofs/${first}/reaction`, { content: 'Lovely' })).status).toBe(200);
    expect((await operator.get(`/api/operator/proofs/waiting/${first}`)).status).toBe(404);
    expect((await operator.get('/api/operator/proofs/waiting/no-such-proof')).status).toBe(404);
  });

  it('deleting a proof deletes its reaction', async ({ t, operator }) => {
    const zoe = await userClient(t, 'zoe@example.com');
    const proof = await sendProof(zoe.client, 'game', 'Level 1', 'Cleared it');
    expect((await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: 'Well played' })).status).toBe(
      200,
    );
    expect((await zoe.client.request('DELETE', `/api/planets/game/logs/${proof}`)).status).toBe(200);
    expect(await t.database.db.selectFrom('proof_reactions').selectAll().where('log_id', '=', proof).execute()).toEqual(
      [],
    );
    expect((await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: 'Late' })).status).toBe(404);
  });

  it('keeps exactly one reaction when many replies race on one proof', async ({ t, operator }) => {
    const kim = await userClient(t, 'kim@example.com');
    const proof = await sendProof(kim.client, 'movie', 'Film', 'Watched a classic');
    const second = await operatorClient(t);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? operator : second).post(`/api/operator/proofs/${proof}/reaction`, { content: `Reply ${i}` }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const stored = await t.database.db.selectFrom('proof_reactions').selectAll().where('log_id', '=', proof).execute();
    expect(stored).toHaveLength(1);
    const winner = replies.find((r) => r.status === 200)?.body as { reaction: { content: string } };
    expect(stored[0]?.content).toBe(winner.reaction.content);
  });
});

describe('AI reactions against a local OpenAI-compatible server', () => {
  const sockets: LiveTestClient[] = [];
  withAi.afterEach(async ({ t }) => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await t.services.reactions.idle();
    await t.services.chat.idle();
    fake.reset();
  });

  withAi(
    'reacts in Gomeum’s voice and the user’s language, knowing the task, goal, progress and proof',
    async ({ t, url: base, operator }) => {
      const mia = await guestClient(t);
      expect((await mia.client.request('PUT', '/api/me/locale', { locale: 'ko' })).status).toBe(200);
      const tab = await LiveTestClient.connect(base, mia.client);
      sockets.push(tab);
      fake.mode = { kind: 'stream', chunks: ['멋져요', ', 수프', '가 맛있어 보여요!'] };
      const proof = await sendProof(mia.client, 'food', 'Pumpkin soup', 'I made pumpkin soup for my family');

      const live = await tab.waitFor((event) => event.type === 'proof.reaction' && event.reaction.logId === proof);
      expect(live).toMatchObject({
        reaction: { sender: 'gomeum_ai', planet: 'food', content: '멋져요, 수프가 맛있어 보여요!' },
      });
      const request = fake.requests[0];
      expect(request?.authorization).toBe(`Bearer ${KEY}`);
      expect(request?.body).toMatchObject({ model: 'gpt-4', temperature: 0.7, stream: true });
      const [system, user] = request?.body.messages ?? [];
      expect(system?.role).toBe('system');
      expect(system?.content).toMatch(/해요체/);
      expect(user?.role).toBe('user');
      expect(user?.content).toContain('Cook a soup');
      expect(user?.content).toContain('Cake');
      expect(user?.content).toContain('인증 3개 중 1개');
      expect(user?.content).toContain('Pumpkin soup');
      expect(user?.content).toContain('I made pumpkin soup for my family');

      expect((await logs(mia.client, 'food'))[0]?.reaction).toMatchObject({ sender: 'gomeum_ai' });
      // Reacted to: not in the operator's queue, and the operator cannot add a second reaction.
      expect((await waiting(operator)).map((p) => p.id)).not.toContain(proof);
      expect((await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: 'Me too' })).status).toBe(409);
    },
  );

  withAi.for([
    ['an HTTP error', { kind: 'error', status: 500 }],
    ['a timeout', { kind: 'hang' }],
  ] as const)('writes no reaction on %s: the proof waits for the operator', async ([, mode], { t, operator }) => {
    fake.mode = mode;
    const ben = await guestClient(t);
    const proof = await sendProof(ben.client, 'music', 'Scales', 'Practised for an hour');
    await t.services.reactions.idle();
    expect(fake.requests).toHaveLength(1);
    expect(await t.database.db.selectFrom('proof_reactions').selectAll().where('log_id', '=', proof).execute()).toEqual(
      [],
    );
    expect((await waiting(operator)).map((p) => p.id)).toContain(proof);
    expect((await logs(ben.client, 'music'))[0]?.reaction).toBeNull();
  });

  withAi(
    'lets the operator’s reply win over an AI reaction still being written',
    async ({ t, url: base, operator }) => {
      // The AI writes its first words, then holds the rest until the operator has replied.
      let replied: () => void = () => undefined;
      const holdUntil = new Promise<void>((resolve) => (replied = resolve));
      fake.mode = { kind: 'stream', chunks: ['Slow', ' AI', ' words'], holdUntil };
      const kim = await guestClient(t);
      const tab = await LiveTestClient.connect(base, kim.client);
      sockets.push(tab);
      const proof = await sendProof(kim.client, 'manga', 'Chapter', 'Drew a page');
      // The AI has started writing.
      await fake.received(1);
      expect(fake.requests).toHaveLength(1);
      const reply = await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: 'Lovely lines!' });
      expect(reply.status).toBe(200);
      replied();
      await t.services.reactions.idle();
      const stored = await t.database.db
        .selectFrom('proof_reactions')
        .selectAll()
        .where('log_id', '=', proof)
        .execute();
      expect(stored.map((r) => [r.sender, r.content])).toEqual([['gomeum', 'Lovely lines!']]);
      // The user heard one reaction only.
      expect(tab.events.filter((event) => event.type === 'proof.reaction')).toHaveLength(1);
    },
  );

  withAi('keeps one reaction when the AI and the operator finish together, whoever wins', async ({ t, operator }) => {
    fake.mode = { kind: 'stream', chunks: ['Quick'], delayMs: 1 };
    const lee = await guestClient(t);
    const proofs: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const proof = await sendProof(lee.client, 'travel', `Trip ${i}`, `Walked ${i} km`);
      proofs.push(proof);
      await operator.post(`/api/operator/proofs/${proof}/reaction`, { content: `Nice walk ${i}` });
    }
    await t.services.reactions.idle();
    for (const proof of proofs) {
      const rows = await t.database.db.selectFrom('proof_reactions').selectAll().where('log_id', '=', proof).execute();
      expect(rows).toHaveLength(1);
    }
  });

  withAi('does not react while the operator is online', async ({ t, url: base, operator }) => {
    const dashboard = await LiveTestClient.connect(base, operator);
    sockets.push(dashboard);
    dashboard.send({ type: 'presence.dashboard' });
    await dashboard.waitFor((event) => event.type === 'presence.changed' && event.online);
    const sam = await guestClient(t);
    const proof = await sendProof(sam.client, 'drama', 'Episode', 'Watched episode one');
    await dashboard.waitFor((event) => event.type === 'proof.queue_changed');
    await t.services.reactions.idle();
    expect(fake.requests).toHaveLength(0);
    expect((await waiting(operator)).map((p) => p.id)).toContain(proof);
    await dashboard.close();
    // Wait until the operator counts as away again, for the tests after this one.
    const watcher = await LiveTestClient.connect(base, sam.client);
    sockets.push(watcher);
    await watcher.waitFor((event) => event.type === 'presence.changed' && !event.online);
  });

  withAi('counts AI reactions against the user’s AI budget, shared with the chat', async ({ t, operator }) => {
    const ava = await guestClient(t);
    // Three AI uses a minute: one chat answer, two reactions; the third proof waits for the operator.
    expect((await ava.client.post('/api/chat/messages', { content: 'Hi!' })).status).toBe(200);
    await t.services.chat.idle();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await sendProof(ava.client, 'game', `Run ${i}`, `Beat level ${i}`));
      await t.services.reactions.idle();
    }
    const rows = await t.database.db.selectFrom('proof_reactions').selectAll().where('user_id', '=', ava.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.sender === 'gomeum_ai')).toBe(true);
    expect((await waiting(operator)).map((p) => p.id)).toContain(ids[2]);
  });
});

describe('AI reactions without an AI key', () => {
  it('writes none and calls nothing: the proof waits for the operator', async ({ newApp }) => {
    const idle = new FakeAi();
    const baseUrl = await idle.start();
    const t = await newApp({
      operator: TEST_OPERATOR,
      ai: { baseUrl, apiKey: undefined, model: 'gpt-4', timeoutMs: 400 },
    });
    try {
      const operator = await operatorClient(t);
      const mia = await guestClient(t);
      const proof = await sendProof(mia.client, 'food', 'Bread', 'Baked bread');
      await t.services.reactions.idle();
      expect(idle.requests).toEqual([]);
      expect(await reactionsIn(t)).toEqual([]);
      expect((await waiting(operator)).map((p) => p.id)).toEqual([proof]);
    } finally {
      await idle.stop();
    }
  });
});
