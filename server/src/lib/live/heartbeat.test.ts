import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat, type HeartbeatSocket } from './heartbeat.ts';

class FakeSocket implements HeartbeatSocket {
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings += 1;
  }
  terminate(): void {
    this.terminated = true;
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the spread heartbeat', () => {
  it('pings each socket once per interval, a slice of them at a time', () => {
    const sockets = Array.from({ length: 300 }, () => new FakeSocket());
    const heartbeat = startHeartbeat(() => sockets, 30_000, 30);
    const pingedPerTick: number[] = [];
    let total = 0;
    // The first tick only meets the sockets; then two whole intervals, answering every ping.
    vi.advanceTimersByTime(1_000);
    for (let tick = 0; tick < 60; tick += 1) {
      vi.advanceTimersByTime(1_000);
      const now = sockets.reduce((sum, socket) => sum + socket.pings, 0);
      pingedPerTick.push(now - total);
      total = now;
      for (const socket of sockets) heartbeat.alive(socket);
    }
    expect(sockets.every((socket) => socket.pings === 2)).toBe(true);
    // 300 sockets in 30 slices: ten pings a tick, never all of them at once.
    expect(Math.max(...pingedPerTick)).toBe(10);
    expect(sockets.some((socket) => socket.terminated)).toBe(false);
    heartbeat.stop();
  });

  it('drops a socket that did not answer its ping by its next turn, and only that one', () => {
    const quiet = new FakeSocket();
    const talkative = new FakeSocket();
    const sockets = [quiet, talkative];
    const heartbeat = startHeartbeat(() => sockets, 3_000, 3);
    vi.advanceTimersByTime(1_000);
    for (let tick = 0; tick < 6; tick += 1) {
      vi.advanceTimersByTime(1_000);
      heartbeat.alive(talkative);
    }
    expect(quiet.pings).toBe(1);
    expect(quiet.terminated).toBe(true);
    expect(talkative.terminated).toBe(false);
    expect(talkative.pings).toBe(2);
    heartbeat.stop();
  });
});
