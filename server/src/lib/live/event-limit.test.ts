import { LIVE_CLOSE, type ServerEvent } from '@gomeum/contracts';
import { afterEach, describe, expect } from 'vitest';
import { guestClient, operatorClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { closedWithin, LiveSockets } from '../../test/live-client.ts';
import type { TestClient } from '../../test/test-app.ts';
import { EventLimit } from './event-limit.ts';

const it = appTest({ operator: TEST_OPERATOR });

describe('a socket’s event budget (an injected clock, no waiting)', () => {
  it('refuses metered events past the budget, cuts off past the frame count, and starts again each 10 s', () => {
    let clock = 0;
    const limit = new EventLimit({ events: 3, frames: 5 }, () => clock);
    const metered = () => limit.frame() && limit.event();
    expect([metered(), metered(), metered(), metered()]).toEqual([true, true, true, false]);
    // Unmetered frames still count towards the frame count.
    expect([limit.frame(), limit.frame()]).toEqual([true, false]);
    clock += 9_999;
    expect(limit.frame()).toBe(false);
    clock += 1;
    expect([metered(), metered(), metered(), metered()]).toEqual([true, true, true, false]);
  });
});

const isRateLimited = (event: ServerEvent) => event.type === 'error' && event.code === 'errors.rate_limited';

describe('the live socket’s event budget over real sockets (60 events, 240 frames per 10 s)', () => {
  let base: string;
  const sockets = new LiveSockets(() => base);
  const open = (client: TestClient) => sockets.connect(client);

  it.beforeAll(async ({ t }) => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await sockets.closeAll();
  });

  it('never refuses typing: a long message typed, or the operator typing in conversation after conversation, keeps the chat', async ({
    t,
  }) => {
    const mia = await guestClient(t);
    const leo = await guestClient(t);
    const miaTab = await open(mia.client);
    const leoTab = await open(leo.client);
    const dashboard = await open(await operatorClient(t));

    // More typing in 10 s than the whole budget of events (a client throttling less than ours would).
    for (let i = 0; i < 100; i += 1) miaTab.send({ type: 'chat.typing', typing: true });
    // Her chat still answers, and the operator saw her typing.
    expect((await miaTab.sync(null)).map((message) => message.kind)).toEqual(['welcome']);
    await dashboard.waitFor((event) => event.type === 'chat.typing' && event.userId === mia.id);

    // The operator starts and stops typing in 60 conversations (120 events), Leo's the last.
    const conversations = [...Array.from({ length: 59 }, (_, i) => `someone-${i}`), leo.id];
    for (const userId of conversations) {
      dashboard.send({ type: 'chat.typing', typing: true, userId });
      dashboard.send({ type: 'chat.typing', typing: false, userId });
    }
    await leoTab.waitFor((event) => event.type === 'chat.typing' && event.who === 'gomeum' && !event.typing);
    // The dashboard's own events are still answered: a conversation's draft, a sync.
    dashboard.send({ type: 'chat.draft', userId: mia.id, draftId: 'after-typing' });
    await dashboard.waitFor((event) => event.type === 'chat.draft_done' && event.draftId === 'after-typing');
    await dashboard.sync(null);
    for (const socket of [miaTab, dashboard]) {
      expect(socket.events.filter(isRateLimited)).toEqual([]);
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    }
  });

  it('refuses events past the budget while the socket stays, and cuts off a socket that floods', async ({ t }) => {
    const { client } = await guestClient(t);
    const tab = await open(client);
    for (let i = 0; i < 61; i += 1) tab.send({ type: 'ping' });
    await tab.waitFor(isRateLimited);
    expect(tab.events.filter((event) => event.type === 'pong')).toHaveLength(60);
    expect(tab.socket.readyState).toBe(tab.socket.OPEN);

    // One frame past 240 (180 more) and the socket is closed: a script, not a person.
    for (let i = 0; i < 180; i += 1) tab.send({ type: 'ping' });
    expect(await closedWithin(tab, 5_000)).toBe(LIVE_CLOSE.tooMany);

    // Typing, unmetered as it is, floods no better.
    const typist = await open(client);
    for (let i = 0; i < 241; i += 1) typist.send({ type: 'chat.typing', typing: true });
    expect(await closedWithin(typist, 5_000)).toBe(LIVE_CLOSE.tooMany);
    expect(typist.events.filter(isRateLimited)).toHaveLength(1);
  });
});
