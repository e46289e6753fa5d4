import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat, type Heartbeat, type HeartbeatSocket } from './heartbeat.ts';

class FakeSocket implements HeartbeatSocket {
  pings: Buffer[] = [];
  terminated = false;
  ping(data: Buffer): void {
    this.pings.push(data);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Answers its last ping as a reading client does. */
  answer(heartbeat: Heartbeat): void {
    const last = this.pings.at(-1);
    if (last) heartbeat.pong(this, last);
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
      const now = sockets.reduce((sum, socket) => sum + socket.pings.length, 0);
      pingedPerTick.push(now - total);
      total = now;
      for (const socket of sockets) socket.answer(heartbeat);
    }
    expect(sockets.every((socket) => socket.pings.length === 2)).toBe(true);
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
      talkative.answer(heartbeat);
    }
    expect(quiet.pings).toHaveLength(1);
    expect(quiet.terminated).toBe(true);
    expect(talkative.terminated).toBe(false);
    expect(talkative.pings).toHaveLength(2);
    heartbeat.stop();
  });

  it('counts only a pong echoing the last ping: one sent unasked or with other bytes keeps no one open', () => {
    const forger = new FakeSocket();
    const late = new FakeSocket();
    const sockets = [forger, late];
    const heartbeat = startHeartbeat(() => sockets, 1_000, 1);
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(1_000);
    // Each was pinged with its own random bytes.
    expect(forger.pings).toHaveLength(1);
    expect(forger.pings[0]?.equals(late.pings[0] ?? Buffer.alloc(0))).toBe(false);
    heartbeat.pong(forger, Buffer.alloc(8));
    heartbeat.pong(forger, late.pings[0] ?? Buffer.alloc(0));
    late.answer(heartbeat);
    vi.advanceTimersByTime(1_000);
    expect(forger.terminated).toBe(true);
    expect(late.terminated).toBe(false);
    // An answer counts once: the same bytes again do not answer the next ping.
    const answered = late.pings[0] ?? Buffer.alloc(0);
    heartbeat.pong(late, answered);
    vi.advanceTimersByTime(1_000);
    expect(late.terminated).toBe(true);
    heartbeat.stop();
  });
});
