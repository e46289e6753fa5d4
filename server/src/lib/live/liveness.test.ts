import { LIVE_CLOSE, type ServerEvent } from '@gomeum/contracts';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, vi } from 'vitest';
import WebSocket from 'ws';
import { guestClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import type { TestApp } from '../../test/test-app.ts';
import { closedWithin, LiveTestClient } from '../../test/live-client.ts';
import { UnreadSocket } from '../../test/unread-socket.ts';

const KIB = 1024;
const MIB = 1024 * KIB;
// What the server may keep unsent per socket here.
const CEILING = 256 * KIB;

const it = appTest({ liveMaxBufferedBytes: CEILING, liveHeartbeatMs: 1_000 });

describe('a live socket whose client stops reading', () => {
  /** The server's end of the next connection upgraded (the TCP socket the live socket writes to). */
  const nextUpgrade = (t: TestApp) =>
    new Promise<Socket>((resolve) =>
      t.app.server.once('upgrade', (request: IncomingMessage) => resolve(request.socket)),
    );

  /** Publishes 64 MiB to the user, 64 KiB an event, as fast as the server takes them. */
  async function flood(t: TestApp, userId: string): Promise<void> {
    const event: ServerEvent = { type: 'chat.ai_delta', userId, streamId: 1, delta: 'x'.repeat(64 * KIB) };
    for (let published = 0; published < 64 * MIB; published += 64 * KIB) {
      await t.services.live.publishToUser(userId, event);
    }
  }

  it('is closed past its ceiling, then cut: what it left unread is freed, not kept (fails without the ceiling)', async ({
    t,
    url: base,
  }) => {
    const { client, id } = await guestClient(t);
    const upgraded = nextUpgrade(t);
    const unread = await UnreadSocket.open(base, client);
    const tcp = await upgraded;
    const closed = new Promise((resolve) => tcp.once('close', resolve));
    await flood(t, id);
    // The server kept no more than the ceiling (and the close frame) of the 64 MiB.
    expect(tcp.writableLength).toBeLessThanOrEqual(CEILING + 64 * KIB);
    // The client never reads the close frame: the connection is cut and what it held let go.
    await closed;
    expect(tcp.writableLength).toBe(0);
    await vi.waitFor(() => expect(t.services.live.openFor('', id).user).toBe(0));
    unread.destroy();
  });

  it('tells a client that reads again why it was closed: too slow', async ({ t, url: base }) => {
    const { client, id } = await guestClient(t);
    const unread = await UnreadSocket.open(base, client);
    await flood(t, id);
    expect(await unread.closeCode()).toBe(LIVE_CLOSE.tooSlow);
    unread.destroy();
  });

  it('is dropped when it answers no ping, whatever else it sends (fails when any frame counts)', async ({
    t,
    url: base,
  }) => {
    const { client } = await guestClient(t);
    const silent = await LiveTestClient.connect(base, client, {}, { autoPong: false });
    // After every ping, a frame of another kind and a pong that does not echo the ping.
    silent.socket.on('ping', () => {
      silent.send({ type: 'chat.typing', typing: false });
      silent.socket.pong(Buffer.from('made up'));
    });
    expect(await closedWithin(silent, 10_000)).toBe(1006);
  });

  it('stays open while it answers every ping, sending nothing else', async ({ t, url: base }) => {
    const { client } = await guestClient(t);
    const quiet = await LiveTestClient.connect(base, client);
    let pings = 0;
    // Three pings answered: the heartbeat has since checked each answer (each check comes with its ping).
    await new Promise<void>((resolve) =>
      quiet.socket.on('ping', () => {
        pings += 1;
        if (pings === 3) resolve();
      }),
    );
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN);
    await quiet.close();
  });
});
