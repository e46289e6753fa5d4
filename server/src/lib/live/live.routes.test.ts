import { LIVE_CLOSE } from '@gomeum/contracts';
import type { IncomingMessage } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, vi } from 'vitest';
import WebSocket from 'ws';
import { userClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { closedWithin, LiveSockets, LiveTestClient } from '../../test/live-client.ts';
import { TestClient } from '../../test/test-app.ts';

const DAY = 86_400_000;

const it = appTest({ operator: TEST_OPERATOR, liveSessionCheckMs: 10 * 60_000 });

describe('live sockets follow their session', () => {
  let base: string;
  const sockets = new LiveSockets(() => base);
  const open = (client: TestClient) => sockets.connect(client);
  /**
   * Shows that the server still serves `socket`: a ping answered by a pong. Whatever the server did
   * to the socket before it read the ping (a close, an event) reaches the client before the pong.
   */
  const stillOpen = async (socket: LiveTestClient) => {
    const before = socket.events.length;
    socket.send({ type: 'ping' });
    await socket.waitFor((event) => event.type === 'pong' && socket.events.indexOf(event) >= before);
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
  };

  it.beforeAll(async ({ t }) => {
    // The periodic check is far off here, so a socket that closes was closed by the sign-out itself.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await sockets.closeAll();
  });

  it('closes the sockets of a session that signs out, and only those', async ({ t }) => {
    const { client: laptop } = await userClient(t, 'two-devices@example.com');
    const phone = new TestClient(t);
    expect(
      (await phone.post('/api/auth/login', { email: 'two-devices@example.com', password: 'user-password-1' })).status,
    ).toBe(200);
    const laptopTabs = [await open(laptop), await open(laptop)];
    const phoneTab = await open(phone);

    expect((await laptop.post('/api/auth/logout')).status).toBe(200);
    for (const tab of laptopTabs) {
      expect(await closedWithin(tab, 2000)).toBe(LIVE_CLOSE.unauthorized);
      expect(tab.events.at(-1)).toEqual({ type: 'session.ended' });
    }
    // The same user's other session keeps its socket, and it still works.
    await stillOpen(phoneTab);
    expect(phoneTab.events.filter((event) => event.type === 'session.ended')).toEqual([]);
    // The signed-out browser cannot open a new one.
    await expect(LiveTestClient.connect(base, laptop)).rejects.toThrow(/401/);
  });

  it('holds at most 10 sockets per session and 30 per user; a closed one frees its place', async ({ t }) => {
    const { client: laptop, id: userId } = await userClient(t, 'tab-hoarder@example.com');
    const tabs = [];
    for (let i = 0; i < 10; i += 1) tabs.push(await open(laptop));
    await expect(LiveTestClient.connect(base, laptop)).rejects.toThrow(/429/);
    await tabs[0]?.close();
    // The server frees the place once it has seen the socket close (on its side of the connection).
    const { id: sessionId } = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    await vi.waitFor(() => expect(t.services.live.openFor(sessionId, userId)).toEqual({ session: 9, user: 9 }), {
      timeout: 10_000,
    });
    tabs.push(await open(laptop));
    // Other sessions of the same user count towards the user's 30.
    for (let device = 0; device < 2; device += 1) {
      const other = new TestClient(t);
      expect(
        (await other.post('/api/auth/login', { email: 'tab-hoarder@example.com', password: 'user-password-1' })).status,
      ).toBe(200);
      for (let i = 0; i < 10; i += 1) tabs.push(await open(other));
    }
    const fourth = new TestClient(t);
    expect(
      (await fourth.post('/api/auth/login', { email: 'tab-hoarder@example.com', password: 'user-password-1' })).status,
    ).toBe(200);
    await expect(LiveTestClient.connect(base, fourth)).rejects.toThrow(/429/);
  });

  it('closes the old session’s sockets when the same browser signs in again', async ({ t }) => {
    const { client } = await userClient(t, 'rotating@example.com');
    const before = await open(client);
    expect(
      (await client.post('/api/auth/login', { email: 'rotating@example.com', password: 'user-password-1' })).status,
    ).toBe(200);
    expect(await closedWithin(before, 2000)).toBe(LIVE_CLOSE.unauthorized);
    const after = await open(client);
    expect(after.events[0]?.type).toBe('ready');
  });

  it('keeps nothing of the upgrade request once a socket is open (memory per socket)', async ({ t }) => {
    // The upgrade's request, held weakly: an open socket must not keep it (nor its response,
    // headers and logger) alive.
    const upgrades: WeakRef<IncomingMessage>[] = [];
    const watch = (request: IncomingMessage) => upgrades.push(new WeakRef(request));
    t.app.server.on('upgrade', watch);
    const { client } = await userClient(t, 'light-socket@example.com');
    const tabs = [await open(client), await open(client)];
    t.app.server.off('upgrade', watch);
    expect(upgrades).toHaveLength(2);
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // A few turns of the event loop (what is pending on them may hold the request a moment), each
    // followed by a full collection.
    for (let i = 0; i < 5 && upgrades.some((ref) => ref.deref()); i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(upgrades.map((ref) => ref.deref() === undefined)).toEqual([true, true]);
    // The sockets still work, errors and all.
    for (const tab of tabs) {
      tab.send({ type: 'ping' });
      await tab.waitFor((event) => event.type === 'pong');
    }
  });

  it('tells live sessions from ended ones among any number of ids', async ({ t }) => {
    const { id } = await userClient(t, 'many-tabs@example.com');
    const own = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    expect(own).toHaveLength(1);
    const unknown = Array.from({ length: 1234 }, (_, i) => `ended-${i}`);
    const live = await t.services.auth.liveSessions([...unknown.slice(0, 700), own[0]!.id, ...unknown.slice(700)]);
    expect([...live]).toEqual([own[0]!.id]);
  });

  it('closes sockets whose session expired while they were open', async ({ newApp }) => {
    const checked = await newApp({ operator: TEST_OPERATOR, liveSessionCheckMs: 50 });
    const url = await checked.app.listen({ port: 0, host: '127.0.0.1' });
    const { client } = await userClient(checked, 'sleepy@example.com');
    // The periodic checks that saw this socket's session: once a second one has started, the
    // first one's answer was acted on (each check acts on its answer before the next one starts).
    const auth = checked.services.auth;
    const liveSessions = auth.liveSessions.bind(auth);
    let checksSeen = 0;
    let sessionChecked: () => void = () => undefined;
    const twoChecks = new Promise<void>((resolve) => (sessionChecked = resolve));
    vi.spyOn(auth, 'liveSessions').mockImplementation((ids) => {
      if (ids.length > 0 && ++checksSeen === 2) sessionChecked();
      return liveSessions(ids);
    });
    const tab = await LiveTestClient.connect(url, client);
    sockets.keep(tab);
    // A signed-in session keeps its socket through the checks.
    const closedEarly = tab.closed.then((code) => {
      throw new Error(`closed (${code}) by a check while signed in`);
    });
    closedEarly.catch(() => undefined);
    await Promise.race([twoChecks, closedEarly]);
    await stillOpen(tab);
    checked.clock.advance(31 * DAY);
    expect(await closedWithin(tab, 10_000)).toBe(LIVE_CLOSE.unauthorized);
    expect(tab.events.at(-1)).toEqual({ type: 'session.ended' });
  });
});
