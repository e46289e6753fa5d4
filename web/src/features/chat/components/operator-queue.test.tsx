import type { OperatorQueueItem } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearch } from 'wouter';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { LiveClient, LiveProvider } from '../../../lib/live/index.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { OperatorQueue } from './operator-queue.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
beforeEach(() => {
  FakeSocket.current = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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
    let items: OperatorQueueItem[] = [
      { kind: 'chat', userId: 'u-mina', name: 'mina@example.com', since: now - 3 * MINUTE - 1_000, preview: 'Hi?' },
      proof,
      { kind: 'chat', userId: 'u-jun', name: 'jun@example.com', since: now - 20_000, preview: 'Still there?' },
    ];
    const server = fakeServer({ 'GET /api/operator/queue': () => ({ items }) });
    const opened: string[] = [];
    renderWithClient(
      <LiveProvider userId="u-operator" createClient={() => new LiveClient('ws://test/api/live')}>
        <OperatorQueue onOpenConversation={(userId) => opened.push(userId)} typing={new Set(['u-jun'])} />
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

    // A proof opens the proofs; a conversation opens beside the queue.
    await userEvent.click(within(queue).getByRole('button', { name: /G-7310/ }));
    expect(screen.getByTestId('search')).toHaveTextContent('section=proofs');
    await userEvent.click(within(queue).getByRole('button', { name: /mina@example\.com/ }));
    expect(opened).toEqual(['u-mina']);

    // Gomeum reacts (here or on another dashboard): the queue is read again, and the proof has left.
    const reads = server.sent('GET', '/api/operator/queue').length;
    items = items.filter((item) => item !== proof);
    const reaction = { logId: proof.logId, planet: 'food', sender: 'gomeum', content: 'Yum!', createdAt: now };
    socket.emit({ type: 'proof.reaction', reaction });
    await waitFor(() => expect(server.sent('GET', '/api/operator/queue').length).toBeGreaterThan(reads));
    await waitFor(() => expect(within(queue).queryByText(/G-7310/)).toBeNull());
    expect(await rows()).toHaveLength(2);
  });
});
