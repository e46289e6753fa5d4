import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from './live-client.ts';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close() {
    this.readyState = 3;
    this.onclose?.();
  }

  /** The server says ready. */
  ready() {
    this.readyState = 1;
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'ready', serverTime: 1 }) }));
  }

  emit(event: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
}

describe('LiveClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reconnects with growing delays and tells subscribers on every open, so they can resume', () => {
    // The jitter at its middle: waits of 75 ms, then 150 ms. (A draw near 0 made the second wait
    // 100 ms, the same as the first step below, and the test flaky.)
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = new LiveClient('ws://test/api/live', { minBackoffMs: 100, maxBackoffMs: 1000 });
    const opens: number[] = [];
    client.onOpen(() => opens.push(FakeSocket.instances.length));
    const messages: string[] = [];
    client.subscribe('chat.message', (event) => messages.push(event.message.content));
    client.start();
    expect(client.status).toBe('connecting');
    FakeSocket.instances[0]!.ready();
    expect(client.status).toBe('open');
    expect(opens).toEqual([1]);
    FakeSocket.instances[0]!.emit({
      type: 'chat.message',
      streamId: null,
      message: {
        id: 1,
        userId: 'u',
        sender: 'gomeum',
        kind: 'message',
        content: 'hi',
        text: null,
        planet: null,
        createdAt: 1,
      },
    });
    FakeSocket.instances[0]!.emit({ type: 'chat.message', message: { nonsense: true } });
    expect(messages).toEqual(['hi']);

    // Dropped twice before the server is back: the second wait is longer.
    FakeSocket.instances[0]!.close();
    expect(client.status).toBe('connecting');
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.close();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.instances[2]!.ready();
    expect(opens).toEqual([1, 3]);
    expect(client.send({ type: 'chat.sync', after: 1 })).toBe(true);
    expect(JSON.parse(FakeSocket.instances[2]!.sent[0]!)).toEqual({ type: 'chat.sync', after: 1 });

    client.stop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(3);
    expect(client.status).toBe('stopped');
  });

  it('keeps the last events, so a part subscribing late hears what came since it read its data', () => {
    vi.setSystemTime(1_000);
    const client = new LiveClient('ws://test/api/live');
    client.start();
    FakeSocket.instances[0]!.ready();
    FakeSocket.instances[0]!.emit({ type: 'gomeum_log.published', planet: 'food' });
    vi.setSystemTime(2_000);
    FakeSocket.instances[0]!.emit({ type: 'gomeum_log.published', planet: 'music' });
    FakeSocket.instances[0]!.emit({ type: 'pong' });
    expect(client.receivedSince('gomeum_log.published', 1_500)).toEqual([
      { type: 'gomeum_log.published', planet: 'music' },
    ]);
    expect(client.receivedSince('gomeum_log.published', 0).map((event) => event.planet)).toEqual(['food', 'music']);
    expect(client.receivedSince('gomeum_log.changed', 0)).toEqual([]);
    client.stop();
  });

  it('drops a connection whose pong does not come back, then reconnects', () => {
    const client = new LiveClient('ws://test/api/live', { heartbeatMs: 1000, pongTimeoutMs: 500, minBackoffMs: 100 });
    client.start();
    FakeSocket.instances[0]!.ready();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances[0]!.sent.map((s) => JSON.parse(s) as unknown)).toEqual([{ type: 'ping' }]);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.instances[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
  });
});
