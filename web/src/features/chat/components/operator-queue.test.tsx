import { queueItemKey, type OperatorQueueItem } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSearch } from 'wouter';
import { LiveClient, LiveProvider } from '../../../lib/live/index.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { operatorChatTests } from '../../../test/operator-chat.ts';
import { OperatorQueue } from './operator-queue.tsx';

operatorChatTests();

const MINUTE = 60_000;

/** Where the dashboard is (the section a row opens). */
function Search() {
  return <output data-testid="search">{useSearch()}</output>;
}

describe('OperatorQueue', () => {
  it('shows proofs waiting among conversations, oldest first with their wait, until Gomeum reacts', async () => {
    const now = Date.now();
    const proof: OperatorQueueItem = {
      kind: 'proof',
      logId: 'log-soup',
      userId: 'u-leo',
      name: 'G-7310',
      planet: 'food',
      since: now - 2 * MINUTE - 1_000,
      preview: 'Soup of the day',
    };
    const items: OperatorQueueItem[] = [
      { kind: 'chat', userId: 'u-mina', name: 'mina@example.com', since: now - 3 * MINUTE - 1_000, preview: 'Hi?' },
      proof,
      { kind: 'chat', userId: 'u-jun', name: 'jun@example.com', since: now - 20_000, preview: 'Still there?' },
    ];
    const server = fakeServer({ 'GET /api/operator/queue': () => ({ items, next: null }) });
    const opened: string[] = [];
    renderWithClient(
      <LiveProvider userId="u-operator" createClient={() => new LiveClient('ws://test/api/live')}>
        <OperatorQueue
          onOpen={(item) => opened.push(queueItemKey(item))}
          typing={new Set(['u-jun'])}
          current="chat:u-jun"
        />
        <Search />
      </LiveProvider>,
    );
    await waitFor(() => expect(FakeSocket.current).not.toBeNull());
    const socket = FakeSocket.current!;
    socket.ready();

    const queue = screen.getByRole('region', { name: 'Waiting for Gomeum' });
    const rows = async () => (await within(queue).findAllByRole('button')).map((row) => row.textContent);
    expect(await rows()).toEqual([
      'Chatmina@example.comwaiting 3 min · Hi?',
      'ProofG-7310waiting 2 min · Soup of the day',
      'Chatjun@example.comtyping…just now · Still there?',
    ]);

    // Each opens beside the queue; the one open is marked.
    await userEvent.click(within(queue).getByRole('button', { name: /G-7310/ }));
    await userEvent.click(within(queue).getByRole('button', { name: /mina@example\.com/ }));
    expect(opened).toEqual(['proof:log-soup', 'chat:u-mina']);
    expect(within(queue).getByRole('button', { current: true })).toHaveTextContent('jun@example.com');

    // From the keyboard: down and up as arrows or j and k, Enter opens.
    const [first, second, third] = await within(queue).findAllByRole('button');
    first?.focus();
    await userEvent.keyboard('j');
    expect(second).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(third).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(third).toHaveFocus();
    await userEvent.keyboard('k');
    expect(second).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(opened.at(-1)).toBe('proof:log-soup');

    // Gomeum reacts (here or on another dashboard): the proof leaves; Mina is answered, Ann writes.
    const reads = server.sent('GET', '/api/operator/queue').length;
    socket.emit({ type: 'operator.queue', key: 'proof:log-soup', item: null });
    socket.emit({ type: 'operator.queue', key: 'chat:u-mina', item: null, version: 4 });
    const ann = {
      kind: 'chat',
      userId: 'u-ann',
      name: 'ann@example.com',
      since: now - 1_000,
      preview: 'Hello!',
    } as const;
    socket.emit({ type: 'operator.queue', key: 'chat:u-ann', item: ann, version: 1 });
    await waitFor(() => expect(within(queue).queryByText(/G-7310/)).toBeNull());
    expect(await rows()).toEqual([
      'Chatjun@example.comtyping…just now · Still there?',
      'Chatann@example.comjust now · Hello!',
    ]);
    // Each change was applied to the queue shown: it was not read again.
    expect(server.sent('GET', '/api/operator/queue')).toHaveLength(reads);
  });

  it('shows a page at a time, and the next when asked', async () => {
    const now = Date.now();
    const chat = (n: number): OperatorQueueItem => ({
      kind: 'chat',
      userId: `u-${n}`,
      name: `user${n}@example.com`,
      since: now - (10 - n) * MINUTE,
      preview: `Question ${n}`,
    });
    const server = fakeServer({
      'GET /api/operator/queue': ({ url }) =>
        url.searchParams.get('cursor')
          ? { items: [chat(3)], next: null }
          : { items: [chat(1), chat(2)], next: 'c.1.2' },
    });
    renderWithClient(<OperatorQueue onOpen={() => undefined} typing={new Set()} current={null} />);
    const queue = screen.getByRole('region', { name: 'Waiting for Gomeum' });
    expect(await within(queue).findAllByRole('button', { name: /user\d@example\.com/ })).toHaveLength(2);
    await userEvent.click(within(queue).getByRole('button', { name: 'Show more' }));
    await within(queue).findByRole('button', { name: /user3@example\.com/ });
    expect(within(queue).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.sent('GET', '/api/operator/queue').map((call) => call.url)).toEqual([
      '/api/operator/queue',
      '/api/operator/queue?cursor=c.1.2',
    ]);
  });
});
