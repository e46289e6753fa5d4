import type { Me, ServerEvent } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { TypingRelay } from './typing.ts';

/** Where the relay published, in order. */
type Published = { to: string; event: ServerEvent };

function setup() {
  const published: Published[] = [];
  const hub = {
    publishToUser: (userId: string, event: ServerEvent) => {
      published.push({ to: `user:${userId}`, event });
      return Promise.resolve();
    },
    publishToOperators: (event: ServerEvent) => {
      published.push({ to: 'operators', event });
      return Promise.resolve();
    },
  };
  let clock = 1_000_000;
  const relay = new TypingRelay(hub, () => clock);
  const socketOf = (id: string, role: Me['role'] = 'user') => {
    const sent: ServerEvent[] = [];
    const user = { id, role } as Me;
    return { user, sent, send: (event: ServerEvent) => void sent.push(event) };
  };
  return { relay, published, socketOf, tick: (ms: number) => (clock += ms) };
}

describe('typing, throttled per typist (an injected clock, no waiting)', () => {
  it('passes on one typing event per 2 s per typist, drops the rest, and a stop once after a start', () => {
    const { relay, published, socketOf, tick } = setup();
    const mia = socketOf('mia');
    relay.receive(mia, true, undefined);
    tick(500);
    relay.receive(mia, true, undefined);
    tick(1_499);
    relay.receive(mia, true, undefined);
    expect(published).toHaveLength(1);
    tick(1);
    relay.receive(mia, true, undefined);
    expect(published).toHaveLength(2);
    relay.receive(mia, false, undefined);
    relay.receive(mia, false, undefined);
    expect(published.map((p) => p.event)).toEqual([
      { type: 'chat.typing', userId: 'mia', who: 'user', typing: true },
      { type: 'chat.typing', userId: 'mia', who: 'user', typing: true },
      { type: 'chat.typing', userId: 'mia', who: 'user', typing: false },
    ]);
    expect(relay.counts).toEqual({ passed: 3, dropped: 3 });
    // After a stop (a send), the next keystroke shows at once.
    relay.receive(mia, true, undefined);
    expect(published).toHaveLength(4);
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
    expect(published).toEqual([
      { to: 'operators', event: { type: 'chat.typing', userId: 'mia', who: 'user', typing: true } },
    ]);
  });

  it('sends the operator’s typing to that user only, and refuses it without a conversation', () => {
    const { relay, published, socketOf } = setup();
    const gomeum = socketOf('op', 'operator');
    relay.receive(gomeum, true, 'mia');
    expect(published).toEqual([
      { to: 'user:mia', event: { type: 'chat.typing', userId: 'mia', who: 'gomeum', typing: true } },
    ]);
    relay.receive(gomeum, true, undefined);
    expect(gomeum.sent).toEqual([{ type: 'error', code: 'errors.bad_request' }]);
    expect(published).toHaveLength(1);
  });

  it('forgets typists who went silent, so memory stays bounded', () => {
    const { relay, socketOf, tick } = setup();
    for (let i = 0; i < 100; i += 1) relay.receive(socketOf(`user-${i}`), true, undefined);
    expect(relay.size).toBe(100);
    tick(10_000);
    relay.receive(socketOf('late'), true, undefined);
    expect(relay.size).toBe(1);
  });

  it('tells the user the AI is composing', () => {
    const { relay, published } = setup();
    relay.aiComposing('mia');
    expect(published).toEqual([
      { to: 'user:mia', event: { type: 'chat.typing', userId: 'mia', who: 'gomeum_ai', typing: true } },
    ]);
  });
});
