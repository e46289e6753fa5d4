import type { Me, ServerEvent } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { TypingRelay, type Schedule } from './typing.ts';

/** Where the relay published, in order, and when (on the test's clock). */
type Published = { to: string; event: ServerEvent; at: number };

/** A relay on a clock of the test's own: `tick` moves it and runs what was scheduled until then, in order. */
function setup() {
  let clock = 1_000_000;
  const published: Published[] = [];
  const hub = {
    publishToUser: (userId: string, event: ServerEvent) => {
      published.push({ to: `user:${userId}`, event, at: clock });
      return Promise.resolve();
    },
    publishToOperators: (event: ServerEvent) => {
      published.push({ to: 'operators', event, at: clock });
      return Promise.resolve();
    },
  };
  const tasks: { at: number; task: () => void; cancelled: boolean }[] = [];
  const schedule: Schedule = (task, ms) => {
    const entry = { at: clock + ms, task, cancelled: false };
    tasks.push(entry);
    return () => (entry.cancelled = true);
  };
  const relay = new TypingRelay(hub, () => clock, schedule);
  const tick = (ms: number) => {
    const end = clock + ms;
    for (;;) {
      const due = tasks.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      tasks.splice(tasks.indexOf(due), 1);
      clock = Math.max(clock, due.at);
      due.task();
    }
    clock = end;
  };
  const socketOf = (id: string, role: Me['role'] = 'user') => {
    const sent: ServerEvent[] = [];
    const user = { id, role } as Me;
    return { user, sent, send: (event: ServerEvent) => void sent.push(event) };
  };
  const states = () => published.map((p) => (p.event.type === 'chat.typing' ? p.event.typing : null));
  const pending = () => tasks.filter((t) => !t.cancelled).length;
  return { relay, published, states, socketOf, tick, pending };
}

describe('typing, throttled per typist whatever is sent (a clock of the test’s own, no waiting)', () => {
  it('passes on at most one event per 2 s while a typist toggles start and stop, however fast (fails unthrottled)', () => {
    const { relay, published, states, socketOf, tick } = setup();
    const tabs = [socketOf('mia'), socketOf('mia')];
    // 100 frames in 5 s, alternating, from two tabs of the same user.
    for (let i = 0; i < 100; i += 1) {
      relay.receive(tabs[i % 2]!, i % 2 === 0, undefined);
      tick(50);
    }
    tick(2_000);
    expect(published.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < published.length; i += 1) {
      expect(published[i]!.at - published[i - 1]!.at).toBeGreaterThanOrEqual(2_000);
    }
    // The last frame said stop: that is what the operator is left with.
    expect(states().at(-1)).toBe(false);
  });

  it('passes a start at once, and a stop that came too soon at the typist’s next turn', () => {
    const { relay, published, socketOf, tick, pending } = setup();
    const mia = socketOf('mia');
    relay.receive(mia, true, undefined);
    tick(300);
    relay.receive(mia, false, undefined);
    expect(published.map((p) => p.event)).toEqual([{ type: 'chat.typing', userId: 'mia', who: 'user', typing: true }]);
    tick(1_699);
    expect(published).toHaveLength(1);
    tick(1);
    expect(published.map((p) => p.event)).toEqual([
      { type: 'chat.typing', userId: 'mia', who: 'user', typing: true },
      { type: 'chat.typing', userId: 'mia', who: 'user', typing: false },
    ]);
    expect(published[1]!.at - published[0]!.at).toBe(2_000);
    expect(pending()).toBe(0);
    // A start right after (a new message begun): at the next turn too, not at once.
    relay.receive(mia, true, undefined);
    expect(published).toHaveLength(2);
    tick(2_000);
    expect(published).toHaveLength(3);
    expect(relay.counts).toEqual({ passed: 3, dropped: 2 });
  });

  it('tells nothing when a typist stops and starts again before their turn, and repeats a start every 2 s while typing', () => {
    const { relay, states, socketOf, tick } = setup();
    const mia = socketOf('mia');
    relay.receive(mia, true, undefined);
    tick(500);
    relay.receive(mia, false, undefined);
    tick(500);
    relay.receive(mia, true, undefined);
    tick(1_500);
    expect(states()).toEqual([true]);
    // Still typing after the turn: said again, so the other side does not forget it (6 s).
    relay.receive(mia, true, undefined);
    expect(states()).toEqual([true, true]);
    // A stop with nothing shown says nothing.
    relay.receive(socketOf('leo'), false, undefined);
    expect(states()).toEqual([true, true]);
  });

  it('throttles each typist on its own: two users, and the operator per conversation', () => {
    const { relay, published, socketOf } = setup();
    const gomeum = socketOf('op', 'operator');
    relay.receive(socketOf('mia'), true, undefined);
    relay.receive(socketOf('leo'), true, undefined);
    relay.receive(gomeum, true, 'mia');
    relay.receive(gomeum, true, 'leo');
    relay.receive(gomeum, true, 'leo');
    expect(published.map((p) => p.to)).toEqual(['operators', 'operators', 'user:mia', 'user:leo']);
  });

  it('sends a user’s typing to the operators only, about their own conversation whatever they name', () => {
    const { relay, published, socketOf } = setup();
    relay.receive(socketOf('mia'), true, 'leo');
    expect(published.map(({ to, event }) => ({ to, event }))).toEqual([
      { to: 'operators', event: { type: 'chat.typing', userId: 'mia', who: 'user', typing: true } },
    ]);
  });

  it('sends the operator’s typing to that user only, and refuses it without a conversation', () => {
    const { relay, published, socketOf } = setup();
    const gomeum = socketOf('op', 'operator');
    relay.receive(gomeum, true, 'mia');
    expect(published.map(({ to, event }) => ({ to, event }))).toEqual([
      { to: 'user:mia', event: { type: 'chat.typing', userId: 'mia', who: 'gomeum', typing: true } },
    ]);
    relay.receive(gomeum, true, undefined);
    expect(gomeum.sent).toEqual([{ type: 'error', code: 'errors.bad_request' }]);
    expect(published).toHaveLength(1);
  });

  it('forgets typists who went silent, so memory stays bounded, and drops what waits when closed', () => {
    const { relay, socketOf, tick, pending } = setup();
    for (let i = 0; i < 100; i += 1) relay.receive(socketOf(`user-${i}`), true, undefined);
    expect(relay.size).toBe(100);
    tick(10_000);
    relay.receive(socketOf('late'), true, undefined);
    expect(relay.size).toBe(1);
    relay.receive(socketOf('late'), false, undefined);
    expect(pending()).toBe(1);
    relay.close();
    expect(pending()).toBe(0);
    expect(relay.size).toBe(0);
  });

  it('tells the user the AI is composing', () => {
    const { relay, published } = setup();
    relay.aiComposing('mia');
    expect(published.map(({ to, event }) => ({ to, event }))).toEqual([
      { to: 'user:mia', event: { type: 'chat.typing', userId: 'mia', who: 'gomeum_ai', typing: true } },
    ]);
  });
});
