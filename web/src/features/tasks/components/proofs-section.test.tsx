import type { WaitingProof } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { ProofsSection } from './proofs-section.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const proof = (id: string, title: string, image: string | null): WaitingProof => ({
  id,
  planet: 'food',
  date: '2026-11-24',
  title,
  content: `Proof text of ${title}`,
  imageUrl: image,
  createdAt: Date.UTC(2026, 10, 24, 12),
  user: { id: `user-${id}`, email: `${id}@example.com`, guestId: null, isGuest: false },
  task: { description: 'Cook a soup', reward: 'Cake', goal: 3, count: 1 },
});

const WAITING = 'GET /api/operator/proofs/waiting';
const REPLY = 'POST /api/operator/proofs/:logId/reaction';

function renderSection(path = '/gomeum-dashboard?section=proofs') {
  return renderWithClient(<ProofsSection />, path);
}

describe('ProofsSection', () => {
  it('brings the proof a link names into view with its reply box focused (an operator alert opens one so)', async () => {
    fakeServer({ [WAITING]: { items: [proof('b', 'Second soup', null), proof('a', 'First soup', null)] } });
    // (jsdom lays nothing out and has no scrollIntoView: one that records what it was asked.)
    const scrolled: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    try {
      renderSection('/gomeum-dashboard?section=proofs&proof=a');
      const box = await screen.findByRole('textbox', { name: /First soup/ });
      await waitFor(() => expect(box).toHaveFocus());
      expect(scrolled).toEqual([box.closest('li')]);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('shows a skeleton, then the empty state', async () => {
    fakeServer({ [WAITING]: { items: [] } });
    renderSection();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByText(/No proof is waiting/)).toBeInTheDocument();
  });

  it('lists proofs in the order given (newest first) with their images, and replies to one from the keyboard', async () => {
    let items = [proof('b', 'Second soup', '/api/files/proofs/b.webp'), proof('a', 'First soup', null)];
    const server = fakeServer({
      [WAITING]: () => ({ items }),
      [REPLY]: ({ params, body }) => {
        items = items.filter((p) => p.id !== params.logId);
        const { content } = body as { content: string };
        return { reaction: { logId: 'b', planet: 'food', sender: 'gomeum', content, createdAt: 1 } };
      },
    });
    renderSection();
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      expect.stringContaining('Second soup'),
      expect.stringContaining('First soup'),
    ]);
    expect(within(cards[0]!).getByRole('img', { name: /Second soup/ })).toHaveAttribute(
      'src',
      '/api/files/proofs/b.webp',
    );
    expect(cards[0]).toHaveTextContent('Proofs: 1 · goal 3');
    expect(screen.getByText('2 waiting')).toBeInTheDocument();

    const box = within(cards[0]!).getByRole('textbox', { name: 'Reply to “Second soup” as Gomeum' });
    const send = within(cards[0]!).getByRole('button', { name: 'Reply' });
    expect(send).toBeDisabled();
    await userEvent.click(box);
    await userEvent.keyboard('Purr, lovely soup!');
    await userEvent.tab();
    expect(send).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Second soup/ })).toBeNull());
    expect(server.sent('POST', '/api/').map(({ url, body }) => [url, body])).toEqual([
      ['/api/operator/proofs/b/reaction', { content: 'Purr, lovely soup!' }],
    ]);
    expect(screen.getByRole('heading', { name: /First soup/ })).toBeInTheDocument();
  });

  it('says when someone else reacted first', async () => {
    fakeServer({
      [WAITING]: { items: [proof('c', 'Third soup', null)] },
      [REPLY]: apiError(409, 'reaction.error_exists'),
    });
    renderSection();
    const box = await screen.findByRole('textbox', { name: /Third soup/ });
    await userEvent.type(box, 'Late reply');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gomeum has already reacted to this proof.');
  });
});
