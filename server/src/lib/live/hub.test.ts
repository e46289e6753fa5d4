import type { Me, ServerEvent } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { FakeBus } from '../../test/fake-bus.ts';
import { LiveHub, type LiveSocket } from './hub.ts';

/** A socket that keeps what it was sent, as text, and whether each frame came as shared bytes. */
class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: string[] = [];
  readonly buffers: Buffer[] = [];

  send(data: string | Buffer): void {
    if (typeof data === 'string') this.frames.push(data);
    else {
      this.buffers.push(data);
      this.frames.push(data.toString('utf8'));
    }
  }

  close(): void {
    this.readyState = 3;
  }

  terminate(): void {
    this.readyState = 3;
  }

  events(): ServerEvent[] {
    return this.frames.map((frame) => JSON.parse(frame) as ServerEvent);
  }

  /** The events received after `ready` and presence (what the test published). */
  published(): string[] {
    return this.events().flatMap((event) => (event.type === 'chat.read' ? [event.userId] : []));
  }
}

function user(id: string, role: Me['role'] = 'user'): Me {
  return { id, email: null, role, isGuest: role === 'user', guestId: null, locale: 'en' };
}

const marker = (userId: string): ServerEvent => ({ type: 'chat.read', userId, readId: 1 });

describe('LiveHub delivery', () => {
  it('reaches exactly the user’s sockets, the operators’, or everyone’s, also after some closed', async () => {
    const hub = new LiveHub(new FakeBus(), (error) => {
      throw error;
    });
    const open = (me: Me, session: string) => {
      const socket = new FakeSocket();
      return { socket, ...hub.attach(me, session, socket) };
    };
    const mia1 = open(user('mia'), 's-mia');
    const mia2 = open(user('mia'), 's-mia');
    const leo = open(user('leo'), 's-leo');
    const op1 = open(user('gomeum', 'operator'), 's-op1');
    const op2 = open(user('gomeum', 'operator'), 's-op2');
    expect(hub.size).toBe(5);

    await hub.publishToUser('mia', marker('to mia'));
    await hub.publishToOperators(marker('to operators'));
    expect(mia1.socket.published()).toEqual(['to mia']);
    expect(mia2.socket.published()).toEqual(['to mia']);
    expect(leo.socket.published()).toEqual([]);
    expect(op1.socket.published()).toEqual(['to operators']);
    expect(op2.socket.published()).toEqual(['to operators']);

    // One of Mia's tabs and one operator socket close; the indexes forget them.
    mia1.detach();
    op1.detach();
    mia1.detach();
    expect(hub.size).toBe(3);
    await hub.publishToUser('mia', marker('mia again'));
    await hub.publishToOperators(marker('operators again'));
    await hub.publishToUser('nobody', marker('to nobody'));
    expect(mia1.socket.published()).toEqual(['to mia']);
    expect(mia2.socket.published()).toEqual(['to mia', 'mia again']);
    expect(op1.socket.published()).toEqual(['to operators']);
    expect(op2.socket.published()).toEqual(['to operators', 'operators again']);
    expect(leo.socket.published()).toEqual([]);

    // The last operator gone: nothing is sent to operators, and a broadcast reaches who is left.
    op2.detach();
    await hub.publishToOperators(marker('operators gone'));
    await hub.publishToAll(marker('everyone'));
    expect(mia2.socket.published()).toEqual(['to mia', 'mia again', 'everyone']);
    expect(leo.socket.published()).toEqual(['everyone']);
    expect(op2.socket.published()).toEqual(['to operators', 'operators again']);
  });

  it('encodes a broadcast once: every socket is sent the same bytes', async () => {
    const hub = new LiveHub(new FakeBus(), (error) => {
      throw error;
    });
    const sockets = Array.from({ length: 5 }, (_, i) => {
      const socket = new FakeSocket();
      hub.attach(user(`u${i}`), `s${i}`, socket);
      return socket;
    });
    await hub.publishToAll(marker('everyone'));
    const shared = sockets[0]?.buffers.at(-1);
    expect(shared).toBeInstanceOf(Buffer);
    for (const socket of sockets) {
      expect(socket.buffers.at(-1)).toBe(shared);
      expect(socket.published()).toEqual(['everyone']);
    }
  });

  it('tells remote-event listeners what other instances published, before delivering it here', () => {
    const bus = new FakeBus();
    const hub = new LiveHub(bus, (error) => {
      throw error;
    });
    const socket = new FakeSocket();
    hub.attach(user('mia'), 's', socket);
    const heard: { event: string; deliveredBefore: number }[] = [];
    hub.onRemoteEvent((event) => heard.push({ event: event.type, deliveredBefore: socket.frames.length }));
    bus.fromAnotherInstance({ target: { kind: 'all' }, event: { type: 'presence.changed', online: true } });
    expect(heard).toEqual([{ event: 'presence.changed', deliveredBefore: 1 }]);
    expect(socket.events().at(-1)).toEqual({ type: 'presence.changed', online: true });
  });
});
