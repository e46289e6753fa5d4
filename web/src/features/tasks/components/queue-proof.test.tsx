import type { WaitingProof } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { QueueProof } from './queue-proof.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const farDown: WaitingProof = {
  id: 'p101',
  planet: 'food',
  date: '2026-11-24',
  title: 'Soup',
  content: 'A good soup',
  imageUrl: null,
  createdAt: Date.UTC(2026, 10, 24, 12),
  user: { id: 'u1', email: 'mina@example.com', guestId: null, isGuest: false },
  task: { description: 'Cook a soup', reward: 'Cake', goal: 3, count: 1 },
};
const ONE = 'GET /api/operator/proofs/waiting/:logId';
const REPLY = 'POST /api/operator/proofs/:logId/reaction';
const TRANSLATE = 'POST /api/operator/chats/:userId/translate';

function open(onSent = vi.fn()) {
  renderWithClient(<QueueProof logId="p101" userId="u1" onSent={onSent} />);
  return onSent;
}

describe('QueueProof', () => {
  it('opens a proof by its id, not from the first hundred waiting', async () => {
    const server = fakeServer({ [ONE]: farDown, 'GET /api/operator/proofs/waiting': { items: [] } });
    open();
    expect(await screen.findByText('A good soup')).toBeInTheDocument();
    expect(server.sent('GET', '/api/operator/proofs/waiting/p101')).toHaveLength(1);
  });

  it("shows the operator's own reaction translated for review, edited and sent in the user's language", async () => {
    const server = fakeServer({
      [ONE]: farDown,
      [TRANSLATE]: { text: '맛있는 수프네요', to: 'ko', status: 'translated' },
      [REPLY]: {
        reaction: { logId: 'p101', planet: 'food', sender: 'gomeum', content: '맛있는 수프네요!', createdAt: 1 },
      },
    });
    const onSent = open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Reply to “Soup” as Gomeum' }), 'What a soup');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const review = await screen.findByRole('textbox', { name: 'The user reads (한국어)' });
    expect(review).toHaveValue('맛있는 수프네요');
    expect(review).toHaveFocus();
    expect(server.sent('POST', '/api/operator/proofs/')).toEqual([]);
    await userEvent.type(review, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    // With the operator's own words, kept as the reaction's translation back into theirs.
    expect(server.sent('POST', '/api/operator/proofs/p101/reaction').map((c) => c.body)).toEqual([
      { content: '맛있는 수프네요!', original: { text: 'What a soup', language: 'en' } },
    ]);
    expect(server.sent('POST', '/api/operator/chats/u1/translate').map((c) => c.body)).toEqual([
      { text: 'What a soup' },
    ]);
  });

  it('sends the words as written when asked, and at once when there is nothing to translate', async () => {
    let status = 'translated';
    const server = fakeServer({
      [ONE]: farDown,
      [TRANSLATE]: () => ({ text: status === 'translated' ? '수프' : 'Soup!', to: 'ko', status }),
      [REPLY]: { reaction: { logId: 'p101', planet: 'food', sender: 'gomeum', content: 'x', createdAt: 1 } },
    });
    open();
    const box = await screen.findByRole('textbox', { name: 'Reply to “Soup” as Gomeum' });
    await userEvent.type(box, 'Soup!');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send my words as written' }));
    await waitFor(() => expect(server.sent('POST', '/api/operator/proofs/p101/reaction')).toHaveLength(1));
    // The same language as the user's (or no AI key): no review, sent as written.
    status = 'same';
    await userEvent.type(box, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(server.sent('POST', '/api/operator/proofs/p101/reaction')).toHaveLength(2));
    expect(server.sent('POST', '/api/operator/proofs/p101/reaction').map((c) => c.body)).toEqual([
      { content: 'Soup!' },
      { content: 'Soup!!' },
    ]);
    expect(screen.queryByTestId('outgoing')).toBeNull();
  });

  it('says so when the proof has had its reaction or is gone', async () => {
    fakeServer({ [ONE]: () => apiError(404, 'errors.not_found') });
    open();
    expect(await screen.findByText('This proof has its reaction already.')).toBeInTheDocument();
  });
});
